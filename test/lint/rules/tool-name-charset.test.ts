import { testLintRule, lintDoc, lintTool } from '../../helpers/lint-tester.js';
import { toolNameCharsetRule } from '../../../src/lint/rules/tool-name-charset.js';

testLintRule(toolNameCharsetRule, {
  valid: [
    {
      name: "the specification's examples",
      doc: lintDoc({
        tools: [
          lintTool({ name: 'getUser' }),
          lintTool({ name: 'DATA_EXPORT_v2' }),
          lintTool({ name: 'admin.tools.list' }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a space',
      doc: lintDoc({ tools: [lintTool({ name: 'get issue' })] }),
      errors: [{ code: 'disallowed-characters', pointer: '/tools/0/name' }],
    },
    {
      name: 'a comma and a non-ASCII letter',
      doc: lintDoc({ tools: [lintTool({ name: 'issue,état' })] }),
      errors: [{ code: 'disallowed-characters', pointer: '/tools/0/name' }],
    },
  ],
});
