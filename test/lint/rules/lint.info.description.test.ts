import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.info.description.js';

testRule(rule, {
  valid: [{ name: 'description', doc: exampleDocument() }],
  invalid: [
    {
      name: 'no description',
      doc: exampleDocument({ info: { name: 'x', title: 'X', version: '1.0.0' } }),
      errors: [{ code: 'missing-description', pointer: '/info', severity: 'info' }],
    },
  ],
});
