import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.info.version.js';

const info = (version: string) => exampleDocument({ info: { name: 'x', title: 'X', description: 'Issues.', version } });

testRule(rule, {
  valid: [
    { name: '1.0.0', doc: info('1.0.0') },
    { name: '2.1.0-rc.1+build.5', doc: info('2.1.0-rc.1+build.5') },
  ],
  invalid: [
    { name: 'v2', doc: info('v2'), errors: [{ code: 'not-semver', pointer: '/info/version', severity: 'info' }] },
    { name: '2026.08', doc: info('2026.08'), errors: [{ code: 'not-semver', pointer: '/info/version' }] },
  ],
});
