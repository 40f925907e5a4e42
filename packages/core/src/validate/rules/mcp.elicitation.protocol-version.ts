import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { formatRevisions, lacking } from '../../model/revisions.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import {
  formFeatureMessage,
  formFindings,
  formNote,
  validatedRevisions,
  type Finding,
} from '../mcp/elicitation-form.js';
import { splitAdvice } from '../mcp/split-advice.js';

export function docs(): RuleDocs {
  return {
    summary:
      'Elicitation Declaration modes and form-schema features, and interaction-step elicitation modes, are supported by every revision of the effective scope (form from 2025-06-18, URL and the richer form vocabulary from 2025-11-25).',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-06-18'],
      tools: [
        {
          name: 't',
          inputSchema: { type: 'object' },
          elicitations: [{ name: 'authorize', mode: 'url', message: 'Authorize access.' }],
        },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [
        {
          name: 't',
          inputSchema: { type: 'object' },
          elicitations: [{ name: 'authorize', mode: 'url', message: 'Authorize access.' }],
        },
      ],
    },
  };
}

export const rule: Rule = {
  id: 'mcp.elicitation.protocol-version',
  kind: 'conformance',
  spec: '12.5',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'mode-not-in-revision':
      'elicitation mode {value} is not supported by MCP {revisions} (effective scope {scope}); split the declaration into disjoint protocol scopes',
    'form-feature-not-in-revision': formFeatureMessage,
    'step-mode-revision': `elicitation mode {value} of an interaction step is not defined by MCP {revisions}; split the Tool into disjoint protocol-scoped variants (${splitAdvice})`,
  },
  create(ctx) {
    const cache = new Map<string, { plain: Finding[]; rich: Finding[] }>();
    const reported = new Set<string>();
    return {
      // Interaction steps (9.4): every represented field valid in every revision of the Tool's scope.
      example(node) {
        for (const step of stepsOf(node)) {
          if (step.type !== 'elicitation' || !isObject(step.request)) continue;
          const mode = step.request.mode;
          if (mode !== 'form' && mode !== 'url') continue;
          const without = lacking(node.scope, mode === 'form' ? 'elicitation.form' : 'elicitation.url');
          if (without.length)
            ctx.report('step-mode-revision', joinPointer(step.pointer, 'request', 'mode'), {
              ...exampleNote(node),
              values: { value: mode, revisions: raw(formatRevisions(without)) },
            });
        }
      },
      elicitation(node) {
        const scope = validatedRevisions(node.scope);
        if (scope.length === 0) return;
        const mode = node.value.mode;
        const feature = mode === 'form' ? 'elicitation.form' : mode === 'url' ? 'elicitation.url' : undefined;
        if (feature) {
          const missing = lacking(scope, feature);
          if (missing.length) {
            ctx.report('mode-not-in-revision', joinPointer(node.pointer, 'mode'), {
              values: {
                value: mode,
                revisions: raw(formatRevisions(missing)),
                scope: raw(formatRevisions(node.scope)),
              },
            });
          }
        }
        const findings = formFindings(cache, node);
        if (!findings) return;
        const missing = lacking(scope, 'elicitation.rich-form');
        if (missing.length === 0) return;
        for (const f of findings.rich) {
          const key = f.pointer + '\u0000' + missing.join(',');
          if (reported.has(key)) continue;
          reported.add(key);
          ctx.report(f.code, f.pointer, {
            values: { ...f.values, revisions: raw(formatRevisions(missing)) },
            ...formNote(node),
          });
        }
      },
    };
  },
};
