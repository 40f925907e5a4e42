import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolNameLengthRule } from '../../../src/lint/rules/tool-name-length.js';

testLintRule(toolNameLengthRule, {
  valid: [
    { name: '64 characters', doc: lintDoc({ tools: [lintTool({ name: 'a'.repeat(64) })] }) },
    { name: 'search_issues', doc: lintDoc({ tools: [lintTool({ name: 'search_issues' })] }) },
  ],
  invalid: [
    {
      name: '65 characters',
      doc: lintDoc({ tools: [lintTool({ name: 'a'.repeat(65) })] }),
      errors: [{ code: 'over-directory-limit', pointer: '/tools/0/name', severity: 'warning' }],
    },
    {
      name: '129 characters',
      doc: lintDoc({ tools: [lintTool({ name: 'a'.repeat(129) })] }),
      errors: [{ code: 'over-protocol-limit', pointer: '/tools/0/name', severity: 'error' }],
    },
  ],
});
