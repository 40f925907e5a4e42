/**
 * Effective Protocol View projection (4.12; 13.4, 14.5, 17.5, 3.5, 7.5, 8.5): the declarations
 * of a document that apply to one MCP protocol revision, as an ordinary MCP Description.
 */
import { joinPointer } from '../model/json-pointer.js';
import { hasOwn, isObject, type JsonObject } from '../model/values.js';
import { pruneComponents } from './components.js';
import { appliesTo, primitiveKindOfCollection, rootScopeOf, scopedCollections } from '../model/document.js';
import { isRevision } from '../model/revisions.js';
import {
  documentSuccess,
  failure,
  operationDiagnostic,
  validateInput,
  withRunBudget,
  validateOutput,
  type OperationOptions,
  type OperationResult,
} from './operation-result.js';
import { cloneJson, setOwn } from '../model/json.js';
import type { McpDescription } from '../model/description.js';
import { assertWalkable } from '../model/caller-values.js';

/** Whether a collection's entries may contain scoped Elicitation Declarations (12.5): the primitives' may. */
export function hasElicitations(collection: string): boolean {
  return primitiveKindOfCollection(collection) !== undefined;
}

/** The value itself: for views that share their values with the declaration. */
export function shared<T>(value: T): T {
  return value;
}

/** Whether an entry is in the view of `revision`, a revision its parent's scope includes (4.10). */
function inView(entry: unknown, revision: string): boolean {
  return isRevision(revision) && appliesTo(entry, [revision], revision);
}

/**
 * The view of one declaration for revision `revision` (which its scope includes): a copy
 * without `protocolVersions`, its nested Elicitation Declarations filtered to those applying
 * to the revision (also without `protocolVersions`), an emptied `elicitations` omitted.
 * Everything else (extensions, `_meta`, security, examples, empty values) is kept as it is.
 * `copy` copies each kept value; a reader that does not mutate the view passes `shared` instead.
 */
export function declarationView(
  declaration: JsonObject,
  collection: string,
  revision: string,
  copy: <T>(value: T) => T = cloneJson,
): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(declaration)) {
    if (key === 'protocolVersions') continue;
    const value = declaration[key];
    if (key === 'elicitations' && hasElicitations(collection) && Array.isArray(value)) {
      const kept = value
        .filter((e) => inView(e, revision))
        .map((e) => {
          if (!isObject(e)) return copy(e);
          const withoutScope: JsonObject = {};
          for (const name of Object.keys(e)) if (name !== 'protocolVersions') setOwn(withoutScope, name, copy(e[name]));
          return withoutScope;
        });
      if (kept.length > 0) out[key] = kept;
      continue;
    }
    setOwn(out, key, copy(value));
  }
  return out;
}

export interface ProjectViewOptions {
  /** Remove components no retained declaration reaches (17.5). */
  pruneComponents?: boolean;
}

/**
 * The projection core (steps 3-7 of 4.12), without validation: a new document; `document` is
 * not modified. The caller guarantees `revision` is a root revision.
 */
export function projectView(
  document: JsonObject | McpDescription,
  revision: string,
  options: ProjectViewOptions = {},
): JsonObject {
  assertWalkable(document, 'projectView');
  return buildView(document as JsonObject, revision, options, cloneJson);
}

/** `projectView` (unpruned) built from the document's own values: a view to be read, never modified. */
export function readOnlyView(document: JsonObject, revision: string): JsonObject {
  return buildView(document, revision, {}, shared);
}

/**
 * `projectView` with `copy` applied to every kept value: `shared` gives a view built from the
 * document's own values (to be read, not modified; pruning copies the component maps it edits).
 */
function buildView(
  source: JsonObject,
  revision: string,
  options: ProjectViewOptions,
  copy: <T>(value: T) => T,
): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (key === 'protocolVersions') {
      out[key] = [revision];
    } else if ((scopedCollections as readonly string[]).includes(key) && Array.isArray(value)) {
      const kept = value
        .filter((d) => inView(d, revision))
        .map((d) => (isObject(d) ? viewOf(d, key, revision, copy) : copy(d)));
      if (kept.length > 0) out[key] = kept; // step 7: an emptied collection is omitted
    } else {
      // info, instructions, security schemes, root security, tags, components, x-*: unchanged (4.12, 13.4, 14.5)
      setOwn(out, key, copy(value));
    }
  }
  if (options.pruneComponents) {
    if (copy === shared && isObject(out.components)) out.components = shallowComponents(out.components);
    pruneComponents(out);
  }
  return out;
}

/**
 * `declarationView`, or, for a shared view, the declaration itself when the view would be a copy of
 * it (no scope of its own, no nested declarations): most declarations are, and a view of a large
 * document then makes no object per declaration.
 */
function viewOf(declaration: JsonObject, collection: string, revision: string, copy: <T>(value: T) => T): JsonObject {
  const asItIs =
    copy === shared &&
    !hasOwn(declaration, 'protocolVersions') &&
    !(hasElicitations(collection) && hasOwn(declaration, 'elicitations'));
  return asItIs ? declaration : declarationView(declaration, collection, revision, copy);
}

/** A copy of a Components Object and of its maps (pruning deletes entries), the values shared. */
function shallowComponents(components: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(components)) {
    const value = components[key];
    if (!isObject(value)) {
      setOwn(out, key, value);
      continue;
    }
    const map: JsonObject = {};
    for (const name of Object.keys(value)) setOwn(map, name, value[name]);
    setOwn(out, key, map);
  }
  return out;
}

export interface ProjectOptions extends OperationOptions, ProjectViewOptions {
  /**
   * Return an independent copy of the view, for a caller that modifies it. Without it the view is
   * built from the document's own values (a structural share, as `mcpdesc project` only serializes
   * it): it shares values with the input, so treat it as read-only. The input is never modified.
   */
  copy?: boolean;
}

const rule = 'operation.project.revision';

/**
 * `mcpdesc project FILE --protocol V` (4.12): validates the document, requires `revision` in
 * root `protocolVersions`, builds the Effective Protocol View (sharing the input's values unless
 * `copy` is set), and validates it. Never copies
 * transport or root security onto a primitive; never synthesizes values. Idempotent.
 */
export function project(
  document: unknown,
  revision: string,
  given: ProjectOptions = {},
): OperationResult<McpDescription> {
  const options = { ...given, ...withRunBudget(given) };
  const checked = validateInput('project', document, undefined, '4.12', options);
  if (!checked.valid) return failure(checked.diagnostics);
  const root = document as JsonObject;
  const revisions: readonly string[] = rootScopeOf(root);
  if (!revisions.includes(revision)) {
    return failure([
      ...checked.diagnostics,
      operationDiagnostic({
        rule,
        code: 'revision-not-covered',
        message: `cannot project to ${JSON.stringify(revision)}: root protocolVersions is ${JSON.stringify(revisions)} (4.12 step 2)`,
        pointer: joinPointer('', 'protocolVersions'),
        spec: '4.12',
      }),
    ]);
  }
  // The view is built from the document's own values and validated (the input's schema checks and
  // example evaluations are found in the run's schema service); it is returned as it is, or as a
  // copy when the caller asks for one.
  const view = buildView(root, revision, options, shared);
  const diagnostics = [...checked.diagnostics, ...validateOutput('project', view, '4.12', options)];
  return documentSuccess(options.copy === true ? cloneJson(view) : view, diagnostics);
}
