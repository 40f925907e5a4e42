/**
 * Core vocabulary: `$ref` and `$dynamicRef` (with `$id`, `$anchor` and
 * `$dynamicAnchor` indexed by ../resolve.ts). A reference outside the schema
 * document is never fetched: it is noted as incomplete and treated as valid.
 */
import { resolveRef } from '../resolve.js';
import { isSchemaObject, type Annotations, type EvaluationState, type SchemaObject } from './state.js';
import { evaluateSchema } from './schema.js';

export function applyReference(
  state: EvaluationState,
  schema: SchemaObject,
  keyword: '$ref' | '$dynamicRef',
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  const reference = schema[keyword] as string;
  const index = state.schemaIndex();
  const resolution = resolveRef(index, schema, reference, keyword);
  if (resolution.kind === 'external') {
    state.noteIncomplete(`external ${keyword} "${reference}" (${resolution.uri}) not resolved; treated as valid`);
    return true;
  }
  if (resolution.kind === 'unresolvable') {
    state.noteIncomplete(`${resolution.reason}; treated as valid`);
    return true;
  }
  let target = resolution.target;
  if (
    keyword === '$dynamicRef' &&
    resolution.fragment !== '' &&
    !resolution.fragment.startsWith('/') &&
    isSchemaObject(target) &&
    target['$dynamicAnchor'] === resolution.fragment
  ) {
    // Dynamic scope: the outermost resource declaring the same $dynamicAnchor wins.
    const scope: SchemaObject[] = isSchemaObject(state.root) ? [state.root, ...state.dynamicScope] : state.dynamicScope;
    for (const resource of scope) {
      const base = index.baseOf.get(resource);
      if (base === undefined) continue;
      const dynamicTarget = index.dynamicAnchors.get(`${base}#${resolution.fragment}`);
      if (dynamicTarget !== undefined) {
        target = dynamicTarget;
        break;
      }
    }
  }
  return evaluateSchema(state, target, instance, instancePointer, `${schemaPointer}/${keyword}`, annotations);
}
