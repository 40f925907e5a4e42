import { joinPointer } from '../../model/json-pointer.js';
import type { Rule, RuleDocs } from '../../validate/rule.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Bare verbs that every other server also exposes (the guide's example is `search`). */
export const genericToolNames = new Set([
  'search',
  'get',
  'list',
  'run',
  'find',
  'fetch',
  'query',
  'read',
  'write',
  'create',
  'update',
  'delete',
  'execute',
  'exec',
  'call',
  'invoke',
  'lookup',
  'send',
  'open',
  'save',
]);

export function docs(): RuleDocs {
  return {
    summary: 'Tool names name the domain, not only the verb: a tool called search competes with every other search.',
    bad: exampleDocument({ tools: [exampleTool({ name: 'search' })] }),
    good: exampleDocument({ tools: [exampleTool({ name: 'search_issues' })] }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.name.generic',
  kind: 'lint',
  spec: 'guide 1',
  severity: 'info',
  codes: {
    'bare-verb':
      "tool name {value} is a bare verb: it competes for selection with every other server's {value} and a client's disambiguating prefix is not yours to choose; name the domain too (e.g. {suggestion})",
  },
  create(ctx) {
    return {
      primitive(node) {
        const name = node.value.name;
        if (node.kind !== 'tool' || typeof name !== 'string') return;
        if (!genericToolNames.has(name.toLowerCase())) return;
        ctx.report('bare-verb', joinPointer(node.pointer, 'name'), {
          values: { value: name, suggestion: `${name}_issues` },
        });
      },
    };
  },
};
