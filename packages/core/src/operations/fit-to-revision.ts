/**
 * fitToRevision: a value as one MCP revision defines it. What a server sends that the revision
 * gives no meaning to — a field the revision does not define (a Prompt Argument `title` on
 * 2025-03-26, `$schema` on a 2025-06-18 Tool schema, result `_meta` where the revision lacks it),
 * or a declaration whose discriminator names a kind the revision lacks (a Streamable HTTP
 * transport on 2024-11-05) — is left out, and every removal is listed. Capture writes every view
 * through it, verify compares live items through it, and native builds payloads through it: all
 * three read the shape tree, so they agree on one server.
 *
 * The value is not modified: changed objects are copied, untouched ones are shared (the walk is
 * tree-map.ts's, shared with wireToFormat).
 */
import { isReferenceObject } from '../model/components.js';
import { defines, type Revision, type RevisionFeature } from '../model/revisions.js';
import { nodeTypes, variantOf, type NodeName } from '../model/shape-tree.js';
import { mapTree, omitted } from './tree-map.js';

/** One thing left out. */
export interface Removal {
  /** Where it stood in the value given (joined to the `pointer` option). */
  pointer: string;
  /** The object kind that held it. */
  node: NodeName;
  /** The field left out; for a dropped entry, the discriminator whose value the revision lacks. */
  field: string;
  /** The revision feature the value needed. */
  feature: RevisionFeature;
  /** What was left out. */
  value: unknown;
  /** `field`: a member was left out; `entry`: a whole list entry was. */
  what: 'field' | 'entry';
}

export interface FitResult<T> {
  value: T;
  removed: Removal[];
}

/**
 * The value of kind `node` (default: a whole description) as `revision` defines it. The value is
 * read as a view of that one revision (4.12): every declaration in it applies to `revision`.
 */
export function fitToRevision<T>(value: T, revision: Revision, node: NodeName = 'Root', pointer = ''): FitResult<T> {
  const removed: Removal[] = [];
  const fitted = mapTree(value, node, pointer, {
    kindOf(object, kind, at) {
      if (isReferenceObject(object)) return undefined;
      const variants = nodeTypes[kind].variants;
      if (!variants) return kind;
      const discriminator = variants.discriminator;
      const gate = nodeTypes[kind].fields[discriminator]?.values?.[object[discriminator] as string];
      if (gate && !defines(revision, gate) && nodeTypes[kind].dropUndefinedVariant) {
        removed.push({ pointer: at, node: kind, field: discriminator, feature: gate, value: object, what: 'entry' });
        return omitted;
      }
      return variantOf(kind, object); // an unknown variant is its rule's business
    },
    member(object, kind, key, field, at) {
      if (!field) return 'keep';
      if (field.since === undefined || field.legacy || defines(revision, field.since)) return 'descend';
      removed.push({ pointer: at, node: kind, field: key, feature: field.since, value: object[key], what: 'field' });
      return omitted;
    },
  });
  return { value: (fitted === omitted ? value : fitted) as T, removed };
}
