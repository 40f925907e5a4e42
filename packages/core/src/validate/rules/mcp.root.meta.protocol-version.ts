import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having, lacking } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { checkMeta, metaCodes } from '../mcp/meta.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { interactionDocument, rootsStep } from '../mcp/rule-docs.js';

const rootWithMeta = {
  ...rootsStep('file:///workspace'),
  response: { roots: [{ uri: 'file:///workspace', _meta: { 'example.com/origin': 'ide' } }] },
};

export function docs(): RuleDocs {
  return {
    summary:
      'A Root in a roots step response carries _meta only when every applicable revision defines it (from 2025-06-18), as an object with valid keys.',
    bad: interactionDocument([rootWithMeta], {}, ['2025-03-26']),
    good: interactionDocument([rootWithMeta], {}, ['2025-06-18']),
  };
}

/** `_meta` on a Root of a roots step response exists only in revisions whose Root defines it, with valid keys (9.4, 3.5). */
export const rule: Rule = {
  id: 'mcp.root.meta.protocol-version',
  kind: 'conformance',
  spec: '9.4',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'meta-revision': '_meta on a Root is not defined by MCP {revisions}',
    'meta-type': '_meta of a Root must be an object; found {value}',
    ...metaCodes,
  },
  create(ctx) {
    return {
      example(node) {
        for (const step of stepsOf(node)) {
          if (step.type !== 'roots' || !isObject(step.response) || !Array.isArray(step.response.roots)) continue;
          step.response.roots.forEach((root, index) => {
            if (!isObject(root) || !hasOwn(root, '_meta')) return;
            const at = joinPointer(step.pointer, 'response', 'roots', index, '_meta');
            const without = lacking(node.scope, 'root._meta');
            if (without.length)
              ctx.report('meta-revision', at, {
                ...exampleNote(node),
                key: true,
                values: { revisions: raw(formatRevisions(without)) },
              });
            if (!isObject(root._meta)) ctx.report('meta-type', at, { values: { value: root._meta } });
            else checkMeta(ctx, root._meta, at, having(node.scope, 'root._meta'), 'message');
          });
        }
      },
    };
  },
};
