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
  // Following a reference into the middle of another resource enters that resource's dynamic scope too.
  const resource = index.dynamicAnchors.size > 0 && isSchemaObject(target) ? enclosingResource(state, target) : null;
  if (resource !== null) state.dynamicScope.push(resource);
  try {
    return evaluateSchema(
      state,
      target,
      instance,
      instancePointer,
      state.keywordAt(schemaPointer, keyword),
      annotations,
    );
  } finally {
    if (resource !== null) state.dynamicScope.pop();
  }
}

/** The resource holding `target` when it is not `target` itself nor already the innermost scope. */
function enclosingResource(state: EvaluationState, target: SchemaObject): SchemaObject | null {
  const index = state.schemaIndex();
  const base = index.baseOf.get(target);
  if (base === undefined) return null;
  const resource = index.resources.get(base);
  if (!isSchemaObject(resource) || resource === target) return null;
  if (resource === state.dynamicScope[state.dynamicScope.length - 1]) return null;
  return resource;
}
