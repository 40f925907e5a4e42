import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.info.title.js';

testRule(rule, {
  valid: [{ name: 'title', doc: exampleDocument() }],
  invalid: [
    {
      name: 'no title',
      doc: exampleDocument({ info: { name: 'x', version: '1.0.0', description: 'Issues.' } }),
      errors: [{ code: 'missing-title', pointer: '/info', severity: 'info' }],
    },
  ],
});
