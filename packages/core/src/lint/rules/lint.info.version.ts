import type { Rule, RuleDocs } from '../../validate/rule.js';
import { exampleDocument } from '../example-document.js';

/** Semantic Versioning 2.0.0 (the grammar's regular expression from semver.org). */
const semver =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export function docs(): RuleDocs {
  return {
    summary: 'info.version is a semantic version (5.1: "Semver RECOMMENDED").',
    bad: exampleDocument({
      info: {
        name: 'issue-tracker',
        title: 'Issue Tracker',
        version: 'v2',
        description: 'Issues of the current workspace.',
      },
    }),
    good: exampleDocument(),
  };
}

export const rule: Rule = {
  id: 'lint.info.version',
  kind: 'lint',
  spec: '5.1',
  severity: 'info',
  codes: {
    'not-semver': 'info.version {value} is not a semantic version (MAJOR.MINOR.PATCH); semver is RECOMMENDED',
  },
  create(ctx) {
    return {
      document(doc) {
        const info = doc.info;
        if (typeof info !== 'object' || info === null || Array.isArray(info)) return;
        const version = (info as Record<string, unknown>).version;
        if (typeof version === 'string' && version.length > 0 && !semver.test(version))
          ctx.report('not-semver', '/info/version', { values: { value: version } });
      },
    };
  },
};
