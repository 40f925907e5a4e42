import type { Rule } from '../rule.js';
import { isObject } from '../../model/values.js';

/** Semantic Versioning 2.0.0 (semver.org, the recommended regular expression). */
const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

const base = { mcpdesc: '0.8.0', protocolVersions: ['2025-11-25'] };

/** 5.1: `info.version` — "Server version. Semver RECOMMENDED. MUST be non-empty." (emptiness is structural). */
export const infoVersionRule: Rule = {
  id: 'mcpdesc.info.version',
  spec: '5.1',
  severity: 'warning',
  codes: {
    'not-semver': 'info.version {value} is not a Semantic Version (MAJOR.MINOR.PATCH, e.g. "1.0.0"); Semver is RECOMMENDED for the server version (5.1)',
  },
  docs: {
    summary: 'The server version in info.version should be a Semantic Version (RECOMMENDED).',
    bad: { ...base, info: { name: 'x', version: 'latest' } },
    good: { ...base, info: { name: 'x', version: '1.4.0' } },
  },
  create(ctx) {
    return {
      document(doc) {
        const info = doc.info;
        if (!isObject(info)) return; // structural
        const version = info.version;
        // Non-strings and the empty string are structural errors.
        if (typeof version !== 'string' || version.length === 0) return;
        if (!semver.test(version)) ctx.report('not-semver', '/info/version', { values: { value: version } });
      },
    };
  },
};

export const rules: readonly Rule[] = [infoVersionRule];
