import { testLintRule, lintDoc } from '../../helpers/lint-tester.js';
import { infoVersionRule } from '../../../src/lint/rules/info-version.js';

const info = (version: string) => lintDoc({ info: { name: 'x', title: 'X', description: 'Issues.', version } });

testLintRule(infoVersionRule, {
  valid: [
    { name: '1.0.0', doc: info('1.0.0') },
    { name: '2.1.0-rc.1+build.5', doc: info('2.1.0-rc.1+build.5') },
  ],
  invalid: [
    { name: 'v2', doc: info('v2'), errors: [{ code: 'not-semver', pointer: '/info/version', severity: 'info' }] },
    { name: '2026.08', doc: info('2026.08'), errors: [{ code: 'not-semver', pointer: '/info/version' }] },
  ],
});
