import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.completion.protocol-version.js';
import { done, promptDoc, PE } from '../../helpers/completion-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'context from 2025-06-18',
      doc: promptDoc(
        { argument: { name: 'name', value: 'a' }, context: { arguments: { department: 'e' } }, result: done },
        ['2025-06-18'],
      ),
    },
    {
      name: 'no context in 2025-03-26',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: done }, ['2025-03-26']),
    },
  ],
  invalid: [
    {
      name: 'completion in 2024-11-05 (argument completion dates from 2025-03-26)',
      doc: promptDoc({ argument: { name: 'name', value: 'a' }, result: done }, ['2024-11-05']),
      errors: [{ code: 'completion-revision', pointer: PE }],
    },
    {
      name: 'context spanning 2025-03-26 and 2025-11-25',
      doc: promptDoc(
        { argument: { name: 'name', value: 'a' }, context: { arguments: { department: 'e' } }, result: done },
        ['2025-03-26', '2025-11-25'],
      ),
      errors: [{ code: 'context-revision', pointer: PE + '/context' }],
    },
  ],
});
