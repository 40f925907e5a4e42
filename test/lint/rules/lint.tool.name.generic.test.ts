import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.name.generic.js';

testRule(rule, {
  valid: [{ name: 'verb and domain', doc: exampleDocument({ tools: [exampleTool({ name: 'search_issues' })] }) }],
  invalid: [
    {
      name: 'search',
      doc: exampleDocument({ tools: [exampleTool({ name: 'search' })] }),
      errors: [{ code: 'bare-verb', pointer: '/tools/0/name', severity: 'info' }],
    },
    {
      name: 'Get',
      doc: exampleDocument({ tools: [exampleTool({ name: 'Get' })] }),
      errors: [{ code: 'bare-verb', pointer: '/tools/0/name' }],
    },
  ],
});
