import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolNameGenericRule } from '../../../src/lint/rules/tool-name-generic.js';

testLintRule(toolNameGenericRule, {
  valid: [{ name: 'verb and domain', doc: lintDoc({ tools: [lintTool({ name: 'search_issues' })] }) }],
  invalid: [
    {
      name: 'search',
      doc: lintDoc({ tools: [lintTool({ name: 'search' })] }),
      errors: [{ code: 'bare-verb', pointer: '/tools/0/name', severity: 'info' }],
    },
    {
      name: 'Get',
      doc: lintDoc({ tools: [lintTool({ name: 'Get' })] }),
      errors: [{ code: 'bare-verb', pointer: '/tools/0/name' }],
    },
  ],
});
