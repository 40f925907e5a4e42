import type { Rule, RuleDocs } from '../../validate/rule.js';
import { exampleDocument } from '../example-document.js';

export function docs(): RuleDocs {
  return {
    summary: 'The server has a human-readable title (display falls back to info.name).',
    bad: exampleDocument({
      info: { name: 'issue-tracker', version: '1.0.0', description: 'Issues of the current workspace.' },
    }),
    good: exampleDocument(),
  };
}

export const rule: Rule = {
  id: 'lint.info.title',
  kind: 'lint',
  spec: '5.1',
  severity: 'info',
  codes: {
    'missing-title':
      "info has no title, so clients display the server's programmatic name {value}; set a human-readable title",
  },
  create(ctx) {
    return {
      document(doc) {
        const info = doc.info;
        if (typeof info !== 'object' || info === null || Array.isArray(info)) return;
        if ((info as Record<string, unknown>).title === undefined)
          ctx.report('missing-title', '/info', { values: { value: (info as Record<string, unknown>).name } });
      },
    };
  },
};
