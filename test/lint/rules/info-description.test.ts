import { testLintRule, lintDoc } from '../../helpers/lint-tester.js';
import { infoDescriptionRule } from '../../../src/lint/rules/info-description.js';

testLintRule(infoDescriptionRule, {
  valid: [{ name: 'description', doc: lintDoc() }],
  invalid: [
    {
      name: 'no description',
      doc: lintDoc({ info: { name: 'x', title: 'X', version: '1.0.0' } }),
      errors: [{ code: 'missing-description', pointer: '/info', severity: 'info' }],
    },
  ],
});
