import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.tool.name.length.js';

testRule(rule, {
  valid: [
    { name: '64 characters', doc: exampleDocument({ tools: [exampleTool({ name: 'a'.repeat(64) })] }) },
    { name: 'search_issues', doc: exampleDocument({ tools: [exampleTool({ name: 'search_issues' })] }) },
  ],
  invalid: [
    {
      name: '65 characters',
      doc: exampleDocument({ tools: [exampleTool({ name: 'a'.repeat(65) })] }),
      errors: [{ code: 'over-directory-limit', pointer: '/tools/0/name', severity: 'warning' }],
    },
    {
      name: '129 characters',
      doc: exampleDocument({ tools: [exampleTool({ name: 'a'.repeat(129) })] }),
      errors: [{ code: 'over-protocol-limit', pointer: '/tools/0/name', severity: 'error' }],
    },
  ],
});
