import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.name.charset.js';

testRule(rule, {
  valid: [
    {
      name: "the specification's examples",
      doc: exampleDocument({
        tools: [
          exampleTool({ name: 'getUser' }),
          exampleTool({ name: 'DATA_EXPORT_v2' }),
          exampleTool({ name: 'admin.tools.list' }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'a space',
      doc: exampleDocument({ tools: [exampleTool({ name: 'get issue' })] }),
      errors: [{ code: 'disallowed-characters', pointer: '/tools/0/name' }],
    },
    {
      name: 'a comma and a non-ASCII letter',
      doc: exampleDocument({ tools: [exampleTool({ name: 'issue,état' })] }),
      errors: [{ code: 'disallowed-characters', pointer: '/tools/0/name' }],
    },
    {
      name: 'a trailing line feed (the all-allowed test is anchored at the very end)',
      doc: exampleDocument({ tools: [exampleTool({ name: 'get_issue\n' })] }),
      errors: [{ code: 'disallowed-characters', pointer: '/tools/0/name' }],
    },
    {
      name: 'an empty name',
      doc: exampleDocument({ tools: [exampleTool({ name: '' })] }),
      errors: [{ code: 'empty', pointer: '/tools/0/name' }],
    },
  ],
});
