import { infoVersionRule } from '../../../src/validate/rules/info.js';
import { testRule } from '../../helpers/rule-tester.js';

const base = { mcpdesc: '0.8.0', protocolVersions: ['2025-11-25'] };

testRule(infoVersionRule, {
  valid: [
    { name: 'semver', doc: { ...base, info: { name: 'x', version: '2.1.0' } } },
    { name: 'semver with prerelease and build', doc: { ...base, info: { name: 'x', version: '1.0.0-rc.1+build.5' } } },
    { name: 'empty version is structural', doc: { ...base, info: { name: 'x', version: '' } } },
    { name: 'non-string version is structural', doc: { ...base, info: { name: 'x', version: 1 } } },
  ],
  invalid: [
    { name: 'two-part version', doc: { ...base, info: { name: 'x', version: '1.0' } }, errors: [{ code: 'not-semver', pointer: '/info/version', severity: 'warning' }] },
    { name: 'v prefix', doc: { ...base, info: { name: 'x', version: 'v1.2.3' } }, errors: [{ code: 'not-semver', pointer: '/info/version', severity: 'warning' }] },
  ],
});
