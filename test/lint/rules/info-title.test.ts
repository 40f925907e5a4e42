import { testLintRule, lintDoc } from '../../helpers/lint-tester.js';
import { infoTitleRule } from '../../../src/lint/rules/info-title.js';

testLintRule(infoTitleRule, {
  valid: [{ name: 'title', doc: lintDoc() }],
  invalid: [
    {
      name: 'no title',
      doc: lintDoc({ info: { name: 'x', version: '1.0.0', description: 'Issues.' } }),
      errors: [{ code: 'missing-title', pointer: '/info', severity: 'info' }],
    },
  ],
});
