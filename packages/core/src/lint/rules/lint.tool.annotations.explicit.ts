import { havingField, nodeTypes } from '../../model/shape-tree.js';
import { didYouMean } from '../../model/did-you-mean.js';
import { toolAnnotationHintDefaults } from '../../model/document.js';
import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn, type JsonObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { annotationsOf, toolLabel } from '../tool-name.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** `writesOnly`: the hint is meaningful only when readOnlyHint is false (the guide's hint table). */
const hints = [
  { key: 'readOnlyHint', code: 'missing-read-only-hint', fallback: false, writesOnly: false },
  { key: 'destructiveHint', code: 'missing-destructive-hint', fallback: true, writesOnly: true },
  { key: 'idempotentHint', code: 'missing-idempotent-hint', fallback: false, writesOnly: true },
  { key: 'openWorldHint', code: 'missing-open-world-hint', fallback: true, writesOnly: false },
] as const;

type Hint = (typeof hints)[number]['key'];

/** The members Tool Annotations define (the shape tree's): a key near a hint's name but among these is no misspelling. */
const knownMembers: ReadonlySet<string> = new Set(Object.keys(nodeTypes.ToolAnnotations.fields));

/** How a client is told the tool behaves, from the explicit hints and the defaults (9.6). */
function announced(values: Partial<Record<Hint, unknown>>): string {
  const value = (h: (typeof hints)[number]): boolean =>
    typeof values[h.key] === 'boolean' ? (values[h.key] as boolean) : h.fallback;
  const [readOnly, destructive, idempotent, openWorld] = hints.map(value);
  const world = openWorld ? 'open-world' : 'closed-world';
  if (readOnly) return `read-only and ${world}`;
  return `${destructive ? 'destructive' : 'non-destructive'}, ${idempotent ? 'idempotent' : 'non-idempotent'} and ${world}`;
}

/** "readOnlyHint defaults to false, destructiveHint to true, ...": the 9.6 defaults as the message states them. */
const defaultsText = Object.entries(toolAnnotationHintDefaults)
  .map(([hint, value], index) => `${hint} ${index === 0 ? 'defaults to' : 'to'} ${value}`)
  .join(', ');

export function docs(): RuleDocs {
  return {
    summary:
      'Every tool sets readOnlyHint and openWorldHint explicitly, and a tool that is not read-only also destructiveHint and idempotentHint: an unannotated tool is announced as destructive and open-world.',
    bad: exampleDocument({ tools: [exampleTool({ annotations: undefined })] }),
    good: exampleDocument({ tools: [exampleTool()] }),
  };
}

/**
 * The guide: destructiveHint and idempotentHint are meaningful only when readOnlyHint is false,
 * so a read-only tool that leaves them out is announced correctly and misses nothing.
 */
function misses(annotations: JsonObject, hint: (typeof hints)[number]): boolean {
  return !hasOwn(annotations, hint.key) && !(hint.writesOnly && annotations.readOnlyHint === true);
}

function missesAHint(annotations: JsonObject): boolean {
  for (const hint of hints) if (misses(annotations, hint)) return true;
  return false;
}

export const rule: Rule = {
  id: 'lint.tool.annotations.explicit',
  kind: 'lint',
  spec: 'guide 2',
  severity: 'warning',
  codes: {
    'missing-annotations': `tool {name} has no annotations, so it is announced to clients as {announced} (${defaultsText}); set every hint explicitly`,
    'missing-read-only-hint':
      'annotations.readOnlyHint is not set on tool {name}: it inherits the default false and is announced to clients as {announced}',
    'missing-destructive-hint':
      'annotations.destructiveHint is not set on tool {name}, which is not read-only: it inherits the default true and is announced to clients as {announced}',
    'missing-idempotent-hint':
      'annotations.idempotentHint is not set on tool {name}, which is not read-only: it inherits the default false and is announced to clients as {announced}',
    'missing-open-world-hint':
      'annotations.openWorldHint is not set on tool {name}: it inherits the default true and is announced to clients as {announced}',
  },
  create(ctx) {
    return {
      primitive(node) {
        if (node.kind !== 'tool') return;
        const tool = node.value;
        const annotations = annotationsOf(tool);
        // Every hint stated (the common case): nothing to report, whatever the scope.
        if (annotations && !missesAHint(annotations)) return;
        if (havingField(node.scope, 'Tool', 'annotations').length === 0) return;
        if (tool.annotations === undefined) {
          ctx.report('missing-annotations', node.pointer, {
            values: { name: raw(toolLabel(tool)), announced: raw(announced({})) },
          });
          return;
        }
        if (!annotations) return; // wrong type: structural
        for (const hint of hints) {
          if (!misses(annotations, hint)) continue;
          // Tool Annotations are open in 0.8.0: a misspelt hint (readonlyHint) is kept silently, so name it here.
          const misspelt = Object.keys(annotations).find(
            (key) => !knownMembers.has(key) && didYouMean(key, [hint.key]).length > 0,
          );
          ctx.report(hint.code, joinPointer(node.pointer, 'annotations'), {
            values: { name: raw(toolLabel(tool)), announced: raw(announced(annotations)) },
            ...(misspelt !== undefined
              ? { note: `${JSON.stringify(misspelt)} is set instead: did you mean ${hint.key}?` }
              : {}),
          });
        }
      },
    };
  },
};
