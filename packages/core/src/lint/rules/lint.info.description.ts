import type { Rule, RuleDocs } from '../../validate/rule.js';
import { exampleDocument } from '../example-document.js';

export function docs(): RuleDocs {
  return {
    summary: 'The server has a description.',
    bad: exampleDocument({ info: { name: 'issue-tracker', title: 'Issue Tracker', version: '1.0.0' } }),
    good: exampleDocument(),
  };
}

export const rule: Rule = {
  id: 'lint.info.description',
  kind: 'lint',
  spec: '5.1',
  severity: 'info',
  codes: {
    'missing-description':
      'info has no description; say what the server does and what distinguishes it from other connectors',
  },
  create(ctx) {
    return {
      document(doc) {
        const info = doc.info;
        if (typeof info !== 'object' || info === null || Array.isArray(info)) return;
        if ((info as Record<string, unknown>).description === undefined) ctx.report('missing-description', '/info');
      },
    };
  },
};
