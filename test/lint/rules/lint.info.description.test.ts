import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument } from '../../../src/lint/example-document.js';
import { rule } from '../../../src/lint/rules/lint.info.description.js';

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
