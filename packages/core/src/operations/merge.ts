/**
 * Merge (4.13, 13.4, 14.5, 17.6, 8.5, 6.5): single- or multi-revision descriptions of one server
 * into one multi-revision document, such that P_V(merge(D_1..D_n)) is equivalent to every input
 * view D_V. Conflicts are reported with the pointers in both inputs; nothing is guessed.
 */
import { getAtPointer, joinPointer, unescapePointerToken } from '../model/json-pointer.js';
import { hasOwn, isObject, ownEntry, type JsonObject } from '../model/values.js';
import { rootKeyOrder } from '../source/serialize.js';
import { ComponentResolver, isReferenceObject } from '../model/components.js';
import type { McpDescription } from '../model/description.js';
import {
  componentNamespaces,
  effectiveScope,
  primitiveKindOfCollection,
  rootScopeOf,
  scopedCollections,
  type ScopedCollection,
} from '../model/document.js';
import { declarationUseSites, rewriteReferences } from './components.js';
import {
  declarationKey,
  firstDifference,
  normalizeDeclaration,
  normalizeSecurity,
  rootValueKey,
} from './equivalent.js';
import {
  failure,
  operationDiagnostic,
  quote,
  documentSuccess,
  validateInput,
  withRunBudget,
  validateOutput,
  type OperationDiagnostic,
  type OperationOptions,
  type OperationResult,
} from './operation-result.js';
import { declarationView, hasElicitations, shared } from './project.js';
import { cloneJson, compareCodeUnits, identicalJson, jsonEqual, setOwn } from '../model/json.js';

export interface MergeOptions extends OperationOptions {
  /**
   * On a component name collision with different values, rename the later value
   * deterministically (`<name>-<input number>`, then `-2`, `-3`... when taken) and rewrite
   * every reference to it, instead of failing (17.6).
   */
  rename?: boolean;
  /** Names of the inputs for messages (file names); default "input 1", "input 2"... */
  labels?: readonly string[];
  /**
   * Return an independent copy of the merged document, for a caller that modifies it. Without
   * it the result is built from the inputs' own values (a structural share, as `mcpdesc merge`
   * only serializes it): it shares values with the inputs and may hold one value at several
   * places, so treat it as read-only. The inputs are never modified.
   */
  copy?: boolean;
}

export interface ComponentRename {
  input: number;
  from: string;
  to: string;
}

/** A merge result: the operation's result plus the component renames it made. */
export type MergeResult = OperationResult<McpDescription> & {
  renamed: ComponentRename[];
};

const conflictRule = 'operation.merge.conflict';

/** Root members that are unscoped metadata: every input must agree (4.13, 13.4, 14.5). */
const conflictCodes: Record<string, string> = {
  mcpdesc: 'conflicting-version',
  info: 'conflicting-info',
  instructions: 'conflicting-instructions',
  securitySchemes: 'conflicting-security-schemes',
  security: 'conflicting-security',
  tags: 'conflicting-tags',
};

/** The identity of a declaration within its collection (declarations with one identity have disjoint scopes). */
function identityOf(collection: ScopedCollection, view: JsonObject, key: () => string): string {
  const primitive = primitiveKindOfCollection(collection);
  if (primitive) return `${primitive.identity} ${JSON.stringify(view[primitive.identity])}`;
  // One Capabilities Object per revision; transports have no identity: equal content is the same transport.
  return collection === 'capabilities' ? 'capabilities' : key();
}

/** A declaration of the collection, for messages. */
function singular(collection: ScopedCollection): string {
  return (
    primitiveKindOfCollection(collection)?.label ??
    (collection === 'capabilities' ? 'Capabilities Object' : 'transport')
  );
}

/** One declaration of one input as it applies to one revision. */
interface Occurrence {
  input: number;
  index: number;
  /** Where the entry sits in its input (collection names need no escaping). */
  pointer: string;
  revision: string;
  identity: string;
  /**
   * The declaration's view: the input's entry itself when it has no scope of its own and no
   * nested declarations (the same in every revision), else a new object sharing its values.
   */
  view: JsonObject;
  /** The view without `elicitations` (the view itself when it has none). */
  base: JsonObject;
  /** Whether the source entry declared `protocolVersions` (and where). */
  scopeIndex: number;
  elicitations: { name: string; key: string; value: JsonObject }[];
  /** The view with references resolved (sharing the input's values): what equivalence compares. */
  resolved: JsonObject;
  /** `resolved` without `elicitations` (the same object when the view has none): what grouping compares. */
  resolvedBase: JsonObject;
  /**
   * Canonical texts (`declarationKey`) of `resolved` and `resolvedBase`, written only when a
   * comparison needs them (most compared views are equal JSON, which needs no text); shared by
   * the occurrences of one entry in several revisions.
   */
  keys: { full: string | undefined; base: string | undefined };
}

/**
 * Canonical text (`declarationKey`) of the occurrence's whole view (`full`: base plus
 * elicitations) or of its base, references resolved; written once, on first need.
 */
function keyOf(collection: ScopedCollection, o: Occurrence, part: 'full' | 'base'): string {
  if (part === 'full' || o.resolvedBase === o.resolved) return (o.keys.full ??= declarationKey(collection, o.resolved));
  return (o.keys.base ??= declarationKey(collection, o.resolvedBase));
}

/**
 * Whether two occurrences' views (`full`) or bases are equivalent: exactly when their canonical
 * texts are equal. Equal JSON values (compared without writing text) have equal normalized
 * forms, so equal texts; only values that differ as JSON (set-like members in another order,
 * say) are compared by text.
 */
function equivalentViews(collection: ScopedCollection, a: Occurrence, b: Occurrence, part: 'full' | 'base'): boolean {
  const x = part === 'full' ? a.resolved : a.resolvedBase;
  const y = part === 'full' ? b.resolved : b.resolvedBase;
  return x === y || jsonEqual(x, y) || keyOf(collection, a, part) === keyOf(collection, b, part);
}

/** One merge run: what every phase reads, what the earlier phases found, and the diagnostics so far. */
interface MergeRun {
  /** The documents as given (an output identical to one of them needs no validation). */
  documents: readonly unknown[];
  options: MergeOptions;
  /** The name of input `i` in messages. */
  label: (i: number) => string;
  /** The inputs, read and never modified; phase 2 replaces an input whose references a rename rewrites by a copy. */
  inputs: JsonObject[];
  diagnostics: OperationDiagnostic[];
  renamed: ComponentRename[];
  /** Phase 1: every input's root member names, first-seen order (phase 7 orders the output by them). */
  rootKeys: string[];
  /** Phase 2: the merged components by namespace and name. */
  components: Record<string, JsonObject>;
  /** Phase 2: where each merged component (`ns/name`) was first seen. */
  componentOrigins: Map<string, { input: number; pointer: string }>;
  /** Phase 2: per input, its renamed components (`ns/name` to the new name). */
  renames: Map<string, string>[];
  /** Phase 3: the output's root revisions, sorted. */
  revisions: string[];
  /** Phase 3: per revision, the inputs describing it in input order (the first is the reference). */
  coverage: Map<string, number[]>;
  /** Phase 3: every declaration as it applies to each revision of each input. */
  occurrences: Map<ScopedCollection, Occurrence[]>;
}

/**
 * Merges MCP Description documents (4.13): validates every input, requires equal `mcpdesc` and
 * unscoped metadata, merges components (equal values deduplicated; a collision fails or, with
 * `rename`, is renamed with every reference rewritten), requires inputs that cover one revision
 * to have equivalent views, unions root revisions, collapses equivalent declarations by unioning
 * their scopes, keeps differing ones as disjoint scoped variants, and validates the result.
 */
export function merge(documents: readonly unknown[], given: MergeOptions = {}): MergeResult {
  const options = { ...given, ...withRunBudget(given) };
  const run = startRun(documents, options);
  if (!validateInputs(run)) return failed(run);
  compareUnscopedMetadata(run); // 1
  unionComponents(run); // 2
  if (hasErrors(run)) return failed(run);
  orderComponents(run);
  rewriteRenamedReferences(run);
  collectOccurrences(run); // 3
  compareEquivalentViews(run); // 4
  checkTransportCoverage(run); // 5
  if (hasErrors(run)) return failed(run);
  const collections = collapseDeclarations(run); // 6
  const output = assembleRoot(run, collections); // 7
  validateMergedOutput(run, output);
  return {
    ...documentSuccess(options.copy === true ? cloneJson(output) : output, run.diagnostics),
    renamed: run.renamed,
  };
}

function startRun(documents: readonly unknown[], options: MergeOptions): MergeRun {
  return {
    documents,
    options,
    label: (i) => options.labels?.[i] ?? `input ${i + 1}`,
    // The inputs are read, not copied (they are objects once validated; nothing reads them before).
    inputs: documents.slice() as JsonObject[],
    diagnostics: [],
    renamed: [],
    rootKeys: [],
    components: {},
    componentOrigins: new Map(),
    renames: documents.map(() => new Map<string, string>()),
    revisions: [],
    coverage: new Map(),
    occurrences: new Map(),
  };
}

function failed(run: MergeRun): MergeResult {
  return { ...failure(run.diagnostics), renamed: run.renamed };
}

function hasErrors(run: MergeRun): boolean {
  return run.diagnostics.some((d) => d.severity === 'error');
}

/** At least one input, and every input valid (each input's diagnostics are kept). */
function validateInputs(run: MergeRun): boolean {
  if (run.documents.length === 0) {
    run.diagnostics.push(
      operationDiagnostic({
        rule: 'operation.merge.input',
        code: 'no-inputs',
        message: 'merge needs at least one document',
        spec: '4.13',
      }),
    );
    return false;
  }
  let allValid = true;
  run.documents.forEach((document, i) => {
    const checked = validateInput('merge', document, i, '4.13', run.options);
    for (const item of checked.diagnostics) run.diagnostics.push(item);
    allValid &&= checked.valid;
  });
  return allValid;
}

/** Phase 1: unscoped metadata (root members, `$schema`, `components` extensions) must agree. */
function compareUnscopedMetadata(run: MergeRun): void {
  const { inputs, label } = run;
  run.rootKeys = orderedUnion(inputs.map((d) => Object.keys(d)));
  const metadataKeys = run.rootKeys.filter(
    (k) =>
      k !== 'protocolVersions' &&
      k !== 'components' &&
      k !== '$schema' &&
      !(scopedCollections as readonly string[]).includes(k),
  );
  for (const key of metadataKeys)
    compareMetadata(
      run,
      key,
      [key],
      ownEntry(conflictCodes, key) ?? (key.startsWith('x-') ? 'conflicting-extension' : 'conflicting-metadata'),
    );
  const schemaUris = inputs.map((d, i) => ({ i, value: d.$schema })).filter((e) => e.value !== undefined);
  for (const e of schemaUris.slice(1)) {
    if (!jsonEqual(e.value, schemaUris[0]!.value)) {
      run.diagnostics.push(
        conflict(
          'conflicting-schema-uri',
          `$schema differs: ${label(schemaUris[0]!.i)} has ${quote(schemaUris[0]!.value)}, ${label(e.i)} has ${quote(e.value)}`,
          '/$schema',
          e.i,
          schemaUris[0]!.i,
          '/$schema',
        ),
      );
    }
  }
  const outerComponentKeys = orderedUnion(
    inputs.map((d) =>
      isObject(d.components)
        ? Object.keys(d.components).filter((k) => !(componentNamespaces as readonly string[]).includes(k))
        : [],
    ),
  );
  for (const key of outerComponentKeys)
    compareMetadata(run, key, ['components', key], 'conflicting-components-extension');
}

/**
 * Phase 2: components, a union by namespace and name with equal values deduplicated (17.6).
 * Values first, then Reference Objects, so that a reference to a value renamed in its input is
 * rewritten to the new name before it is compared.
 */
function unionComponents(run: MergeRun): void {
  for (const pass of ['values', 'references'] as const) {
    run.inputs.forEach((document, i) => {
      if (!isObject(document.components)) return;
      for (const ns of componentNamespaces) {
        const map = document.components[ns];
        if (!isObject(map)) continue;
        for (const name of Object.keys(map)) {
          const value = map[name];
          if (isReferenceObject(value) !== (pass === 'references')) continue;
          addComponent(run, i, ns, name, pass === 'references' ? rewrittenReference(value, run.renames[i]!) : value);
        }
      }
    });
  }
}

/** Adds one input's component: new, equal to the one merged (kept once), or a collision (renamed or reported). */
function addComponent(run: MergeRun, i: number, ns: string, name: string, value: unknown): void {
  const { label } = run;
  const target = (run.components[ns] ??= {});
  const pointer = joinPointer('/components', ns, name);
  if (!Object.prototype.hasOwnProperty.call(target, name)) {
    target[name] = value;
    run.componentOrigins.set(`${ns}/${name}`, { input: i, pointer });
    return;
  }
  if (jsonEqual(target[name], value)) return;
  const first = run.componentOrigins.get(`${ns}/${name}`)!;
  if (!run.options.rename) {
    run.diagnostics.push(
      conflict(
        'conflicting-component',
        `component ${ns}/${name} has different values: ${label(first.input)} has ${quote(target[name])} at ${first.pointer}, ${label(i)} has ${quote(value)} at ${pointer} (use --rename to keep both)`,
        pointer,
        i,
        first.input,
        first.pointer,
        '17.6',
      ),
    );
    return;
  }
  const newName = renameTarget(target, name, i, value);
  if (!Object.prototype.hasOwnProperty.call(target, newName)) {
    target[newName] = value;
    run.componentOrigins.set(`${ns}/${newName}`, { input: i, pointer });
  }
  run.renames[i]!.set(`${ns}/${name}`, newName);
  run.renamed.push({ input: i, from: `#/components/${ns}/${name}`, to: `#/components/${ns}/${newName}` });
  run.diagnostics.push(
    operationDiagnostic({
      rule: 'operation.merge.component',
      code: 'renamed-component',
      severity: 'info',
      spec: '17.6',
      input: i,
      pointer,
      message: `component ${ns}/${name} of ${label(i)} differs from the one of ${label(first.input)}; renamed to ${newName} and every reference to it rewritten`,
      related: [{ input: first.input, pointer: first.pointer }],
    }),
  );
}

/** Phase 2, after the union: namespace maps in first-seen order (input order, then each input's own order). */
function orderComponents(run: MergeRun): void {
  for (const ns of componentNamespaces) {
    const map = run.components[ns];
    if (!map) continue;
    const ordered: JsonObject = {};
    run.inputs.forEach((document, i) => {
      const own =
        isObject(document.components) && isObject(document.components[ns])
          ? Object.keys(document.components[ns] as JsonObject)
          : [];
      for (const name of own) {
        const final = run.renames[i]!.get(`${ns}/${name}`) ?? name;
        if (!Object.prototype.hasOwnProperty.call(ordered, final) && Object.prototype.hasOwnProperty.call(map, final))
          ordered[final] = map[final];
      }
    });
    run.components[ns] = ordered;
  }
}

/** Phase 2, last: an input with renamed components is replaced by a copy whose references name the new names. */
function rewriteRenamedReferences(run: MergeRun): void {
  run.inputs.forEach((document, i) => {
    const renames = run.renames[i]!;
    if (renames.size === 0) return;
    const copy = cloneJson(document);
    rewriteReferences(copy, (ns, name) => renames.get(`${ns}/${name}`));
    run.inputs[i] = copy;
  });
}

/**
 * Phase 3: the output's revisions, the inputs describing each, and every declaration as it
 * applies to each revision of each input.
 */
function collectOccurrences(run: MergeRun): void {
  const { inputs } = run;
  run.revisions = [...new Set(inputs.flatMap((d) => rootScopeOf(d)))].sort(compareCodeUnits);
  inputs.forEach((d, i) => {
    for (const v of rootScopeOf(d)) run.coverage.set(v, [...(run.coverage.get(v) ?? []), i]);
  });
  const resolverRoot: JsonObject = { components: run.components };
  for (const collection of scopedCollections) {
    const list: Occurrence[] = [];
    inputs.forEach((document, i) => {
      const entries = document[collection];
      if (!Array.isArray(entries)) return;
      const root = rootScopeOf(document);
      entries.forEach((entry, index) => {
        if (!isObject(entry)) return;
        const scopeIndex = Object.keys(entry).indexOf('protocolVersions');
        // Without scoped elicitations, the entry's view is the same in every revision it applies to.
        const sameView = !hasScopedElicitations(collection, entry);
        let first: Occurrence | undefined;
        for (const revision of effectiveScope(entry, root)) {
          first =
            sameView && first
              ? inRevision(first, revision)
              : occurrence(collection, entry, i, index, revision, scopeIndex, resolverRoot);
          list.push(first);
        }
      });
    });
    run.occurrences.set(collection, list);
  }
}

/**
 * Phase 4: inputs covering one revision must have equivalent views. Each input is compared with
 * the revision's reference input, identity by identity; one difference found in several
 * revisions is one diagnostic listing them.
 */
function compareEquivalentViews(run: MergeRun): void {
  const viewConflicts = new Map<string, { diagnostic: OperationDiagnostic; revisions: string[] }>();
  for (const collection of scopedCollections) {
    // The first occurrence of each identity, per revision and input.
    const byRevisionInput = new Map<string, Map<string, Occurrence>>();
    for (const o of run.occurrences.get(collection)!) {
      const k = `${o.revision}\u0000${o.input}`;
      if (!byRevisionInput.has(k)) byRevisionInput.set(k, new Map());
      const m = byRevisionInput.get(k)!;
      if (!m.has(o.identity)) m.set(o.identity, o);
    }
    for (const revision of run.revisions) {
      const covering = run.coverage.get(revision) ?? [];
      const reference = covering[0]!;
      const refMap = byRevisionInput.get(`${revision}\u0000${reference}`) ?? new Map<string, Occurrence>();
      for (const other of covering.slice(1)) {
        const otherMap = byRevisionInput.get(`${revision}\u0000${other}`) ?? new Map<string, Occurrence>();
        for (const identity of orderedUnion([[...refMap.keys()], [...otherMap.keys()]])) {
          const a = refMap.get(identity);
          const b = otherMap.get(identity);
          if (a && b && equivalentViews(collection, a, b, 'full')) continue;
          const { key, diagnostic } =
            a && b
              ? conflictingDeclaration(run, collection, identity, a, b)
              : missingDeclaration(run, collection, identity, (a ?? b)!, a ? other : reference);
          const entry = viewConflicts.get(key);
          if (entry) entry.revisions.push(revision);
          else viewConflicts.set(key, { diagnostic, revisions: [revision] });
        }
      }
    }
  }
  for (const { diagnostic, revisions } of viewConflicts.values()) {
    diagnostic.message = diagnostic.message.replace(/\{revisions\}/g, revisions.join(', '));
    run.diagnostics.push(diagnostic);
  }
}

/** The declaration of `identity` in messages ("tool forecast", "Capabilities Object", "transport"). */
function declarationName(collection: ScopedCollection, identity: string): string {
  return collection === 'transports'
    ? singular(collection)
    : `${singular(collection)}${collection === 'capabilities' ? '' : ' ' + identity.replace(/^\S+ /, '')}`;
}

/**
 * Two inputs describing one revision declare `identity` differently: the diagnostic (its
 * `{revisions}` filled in later) and the key that gathers the revisions where it occurs.
 */
function conflictingDeclaration(
  run: MergeRun,
  collection: ScopedCollection,
  identity: string,
  a: Occurrence,
  b: Occurrence,
): { key: string; diagnostic: OperationDiagnostic } {
  const { label } = run;
  const difference = firstDifference(
    normalizeDeclaration(collection, a.resolved),
    normalizeDeclaration(collection, b.resolved),
    '',
  );
  const at = difference?.path ?? '';
  const pa = deepestPointer(run.inputs[a.input]!, a.pointer, at);
  const pb = deepestPointer(run.inputs[b.input]!, b.pointer, at);
  return {
    key: `${collection}\u0000${identity}\u0000${a.input}/${a.index}\u0000${b.input}/${b.index}`,
    diagnostic: conflict(
      'conflicting-declaration',
      `${declarationName(collection, identity)} differs between ${label(a.input)} (${a.pointer}) and ${label(b.input)} (${b.pointer}), which describe the same revision {revisions}: at ${at || '(the whole declaration)'} ${label(a.input)} has ${quote(difference?.a)}, ${label(b.input)} has ${quote(difference?.b)}`,
      pb,
      b.input,
      a.input,
      pa,
    ),
  };
}

/** Input `absent`, describing the revision too, has no declaration of `identity`: as conflictingDeclaration. */
function missingDeclaration(
  run: MergeRun,
  collection: ScopedCollection,
  identity: string,
  present: Occurrence,
  absent: number,
): { key: string; diagnostic: OperationDiagnostic } {
  const { label } = run;
  return {
    key: `${collection}\u0000${identity}\u0000${present.input}/${present.index}\u0000${absent}`,
    diagnostic: conflict(
      'missing-declaration',
      `${declarationName(collection, identity)} at ${present.pointer} of ${label(present.input)} applies to {revisions}, but ${label(absent)}, which also describes {revisions}, declares no equivalent ${singular(collection)} for it`,
      present.pointer,
      present.input,
      absent,
      joinPointer('', collection),
    ),
  };
}

/** Phase 5: transport coverage (6.5): with transports in the output, every revision needs one. */
function checkTransportCoverage(run: MergeRun): void {
  const transportOccurrences = run.occurrences.get('transports')!;
  if (transportOccurrences.length === 0) return;
  const covered = new Set(transportOccurrences.map((o) => o.revision));
  const withTransports = transportOccurrences[0]!.input;
  for (const revision of run.revisions) {
    if (covered.has(revision)) continue;
    const i = run.coverage.get(revision)![0]!;
    run.diagnostics.push(
      conflict(
        'uncovered-transport',
        `${run.label(i)} describes ${revision} without transports, but ${run.label(withTransports)} declares transports; a merged document with transports must cover every revision (6.5) and none can be inferred`,
        '/protocolVersions',
        i,
        withTransports,
        '/transports',
        '6.5',
      ),
    );
  }
}

/**
 * Phase 6: collapse. The reference input's occurrences of each revision, one group per identity
 * and equivalent base, scopes unioned; a group splits where nested elicitations disagree.
 */
function collapseDeclarations(run: MergeRun): Map<string, JsonObject[]> {
  const collections = new Map<string, JsonObject[]>();
  for (const collection of scopedCollections) {
    const reference = (o: Occurrence) => run.coverage.get(o.revision)![0] === o.input;
    // Groups in first-seen order; within one identity, a group per equivalent base (equal canonical text).
    const groups: Occurrence[][] = [];
    const byIdentity = new Map<string, Occurrence[][]>();
    for (const o of run.occurrences.get(collection)!) {
      if (!reference(o)) continue;
      let candidates = byIdentity.get(o.identity);
      if (!candidates) byIdentity.set(o.identity, (candidates = []));
      const group = candidates.find((g) => equivalentViews(collection, g[0]!, o, 'base'));
      if (group) group.push(o);
      else {
        const created = [o];
        candidates.push(created);
        groups.push(created);
      }
    }
    const declarations: JsonObject[] = [];
    for (const group of groups) {
      for (const cls of partition(group)) declarations.push(buildDeclaration(collection, cls, run.revisions));
    }
    if (declarations.length > 0) collections.set(collection, declarations);
  }
  return collections;
}

/** Phase 7: assemble the root: spec order, then the other (extension) members in first-seen order. */
function assembleRoot(run: MergeRun, collections: Map<string, JsonObject[]>): JsonObject {
  const output: JsonObject = {};
  const firstWith = (key: string) => run.inputs.find((d) => Object.prototype.hasOwnProperty.call(d, key));
  const componentsObject = buildComponents(run.components, run.inputs);
  for (const key of [...rootKeyOrder, ...run.rootKeys.filter((k) => !rootKeyOrder.includes(k))]) {
    if (key === 'protocolVersions') output[key] = run.revisions;
    else if (key === 'components') {
      if (componentsObject) output[key] = componentsObject;
    } else if ((scopedCollections as readonly string[]).includes(key)) {
      const list = collections.get(key);
      if (list) output[key] = list;
    } else {
      const source = firstWith(key);
      if (source) setOwn(output, key, source[key]);
    }
  }
  return output;
}

/**
 * The output is built from the inputs' own values (never modified), so validating it finds the
 * schema checks and example evaluations of the inputs' validation in the run's schema service;
 * it is returned as it is (a structural share), or as a copy when the caller asks for one. An
 * output identical to a (valid) input would validate as that input did, with no error:
 * validation is a function of the value, and the run's budget only shrinks, which skips checks
 * and reports no error. Merging a document with views it already describes gives such an output.
 */
function validateMergedOutput(run: MergeRun, output: JsonObject): void {
  if (!run.documents.some((document) => identicalJson(output, document)))
    for (const item of validateOutput('merge', output, '4.13', run.options)) run.diagnostics.push(item);
}

function conflict(
  code: string,
  message: string,
  pointer: string,
  input: number,
  otherInput: number,
  otherPointer: string,
  spec = '4.13',
): OperationDiagnostic {
  return operationDiagnostic({
    rule: conflictRule,
    code,
    message,
    pointer,
    spec,
    input,
    related: [{ input: otherInput, pointer: otherPointer }],
  });
}

/** Compares one unscoped value (at `path` from the root) across inputs; the first input is the reference. */
function compareMetadata(run: MergeRun, name: string, path: string[], code: string): void {
  const { inputs, label } = run;
  const valueAt = (d: JsonObject): unknown => {
    let node: unknown = d;
    for (const token of path)
      node = isObject(node) && Object.prototype.hasOwnProperty.call(node, token) ? node[token] : undefined;
    return node;
  };
  const pointer = joinPointer('', ...path);
  const first = valueAt(inputs[0]!);
  const firstKey = rootValueKey(name, first);
  for (let i = 1; i < inputs.length; i++) {
    const value = valueAt(inputs[i]!);
    if (rootValueKey(name, value) === firstKey) continue;
    let at = pointer;
    let a: unknown = first;
    let b: unknown = value;
    if (name !== 'security' && first !== undefined && value !== undefined) {
      const difference = firstDifference(first, value, pointer);
      if (difference) ({ path: at, a, b } = difference);
    } else if (name === 'security') {
      a = first === undefined ? undefined : normalizeSecurity(first);
      b = value === undefined ? undefined : normalizeSecurity(value);
    }
    run.diagnostics.push(
      conflict(
        code,
        `${pointer} must agree across inputs (unscoped metadata, 4.13): ${label(0)} has ${quote(a)} at ${at}, ${label(i)} has ${quote(b)} at ${at}`,
        at,
        i,
        0,
        at,
      ),
    );
  }
}

/**
 * The most specific existing pointer for a difference found at `path` inside the declaration at
 * `base` (paths through set-like members, compared in sorted order, stop at that member).
 */
function deepestPointer(document: JsonObject, base: string, path: string): string {
  const tokens = path.split('/').slice(1);
  let pointer = base;
  let node: unknown = getAtPointer(document, base);
  for (const raw of tokens) {
    if (['elicitations', 'security', 'tags', 'protocolVersions'].includes(raw) && pointer === base) {
      return isObject(node) && Object.prototype.hasOwnProperty.call(node, raw) ? `${pointer}/${raw}` : pointer;
    }
    const token = unescapePointerToken(raw);
    if (Array.isArray(node) && /^\d+$/.test(token) && Number(token) < node.length) node = node[Number(token)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) node = node[token];
    else return pointer;
    pointer = `${pointer}/${raw}`;
  }
  return pointer;
}

function orderedUnion(lists: string[][]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const list of lists)
    for (const k of list)
      if (!seen.has(k)) {
        seen.add(k);
        out.push(k);
      }
  return out;
}

function rewrittenReference(value: unknown, renames: Map<string, string>): unknown {
  const ref = (value as { $componentRef: unknown }).$componentRef;
  if (typeof ref !== 'string') return value;
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  const to = match ? renames.get(`${match[1]}/${match[2]}`) : undefined;
  return to ? { $componentRef: `#/components/${match![1]}/${to}` } : value;
}

/** A deterministic free name for a renamed component (or the name already holding an equal value). */
function renameTarget(map: JsonObject, name: string, input: number, value: unknown): string {
  const base = `${name}-${input + 1}`;
  for (let k = 1; ; k++) {
    const candidate = k === 1 ? base : `${base}-${k}`;
    if (!Object.prototype.hasOwnProperty.call(map, candidate)) return candidate;
    if (jsonEqual(map[candidate], value)) return candidate;
  }
}

function buildComponents(components: Record<string, JsonObject>, inputs: JsonObject[]): JsonObject | undefined {
  const out: JsonObject = {};
  for (const ns of componentNamespaces)
    if (components[ns] && Object.keys(components[ns]!).length > 0) out[ns] = components[ns];
  for (const d of inputs) {
    if (!isObject(d.components)) continue;
    for (const key of Object.keys(d.components)) {
      if ((componentNamespaces as readonly string[]).includes(key) || Object.prototype.hasOwnProperty.call(out, key))
        continue;
      out[key] = d.components[key];
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Whether some nested declaration of the entry (an elicitation) has a scope of its own, so its view differs per revision. */
function hasScopedElicitations(collection: ScopedCollection, entry: JsonObject): boolean {
  if (!hasElicitations(collection) || !Array.isArray(entry.elicitations)) return false;
  return entry.elicitations.some((e) => isObject(e) && Object.prototype.hasOwnProperty.call(e, 'protocolVersions'));
}

/**
 * `o` in another revision with the same view. Built on a literal, not on `{}`: such copies are
 * made by the thousand, and copies built from `{}` can each get a hidden class of their own (see
 * copyDiagnostic).
 */
function inRevision(o: Occurrence, revision: string): Occurrence {
  const copy = Object.assign({ input: o.input }, o);
  copy.revision = revision;
  return copy;
}

/**
 * The declaration view with its use-site references replaced by their (merged) targets: the view
 * itself when it has no reference, else a copy (the view shares its values with the input).
 */
function resolvedView(collection: string, view: JsonObject, components: JsonObject): JsonObject {
  // Without components no reference resolves, and the view is its own resolution.
  if (Object.keys(components.components as JsonObject).length === 0) return view;
  const referencing = (holder: JsonObject) =>
    declarationUseSites(holder).filter((site) => isReferenceObject(site.container[site.key]));
  if (referencing({ [collection]: [view] }).length === 0) return view;
  // A fresh resolver: it caches by use-site pointer, and every view here sits at /<collection>/0.
  const resolver = new ComponentResolver(components);
  const copy = cloneJson(view);
  const holder: JsonObject = { [collection]: [copy] };
  for (const site of referencing(holder)) {
    const resolution = resolver.resolve(site.container[site.key], site.pointer, site.ns);
    if (resolution.ok) site.container[site.key] = resolution.value;
  }
  return copy;
}

function occurrence(
  collection: ScopedCollection,
  entry: JsonObject,
  input: number,
  index: number,
  revision: string,
  scopeIndex: number,
  resolverRoot: JsonObject,
): Occurrence {
  const nested = hasElicitations(collection);
  const view =
    hasOwn(entry, 'protocolVersions') || (nested && Array.isArray(entry.elicitations))
      ? declarationView(entry, collection, revision, shared)
      : entry;
  const resolved = resolvedView(collection, view, resolverRoot);
  const keys: Occurrence['keys'] = { full: undefined, base: undefined };
  let base = view;
  if (nested && hasOwn(view, 'elicitations')) {
    base = {};
    for (const key of Object.keys(view)) if (key !== 'elicitations') setOwn(base, key, view[key]);
  }
  const elicitations: Occurrence['elicitations'] = [];
  // Without elicitations the base is the whole view.
  let resolvedBase = resolved;
  if (nested && Array.isArray(view.elicitations)) {
    resolvedBase = { ...resolved };
    delete resolvedBase.elicitations;
    view.elicitations.forEach((e, k) => {
      if (!isObject(e)) return;
      const resolvedElicitation = (resolved.elicitations as unknown[])[k];
      elicitations.push({ name: String(e.name), key: declarationKey('elicitation', resolvedElicitation), value: e });
    });
  }
  // A transport has no identity field: its identity is its whole canonical text.
  const identity = identityOf(collection, view, () => (keys.full ??= declarationKey(collection, resolved)));
  return {
    input,
    index,
    revision,
    scopeIndex,
    base,
    resolved,
    resolvedBase,
    keys,
    elicitations,
    pointer: `/${collection}/${index}`,
    identity,
    view,
  };
}

/**
 * Splits one group (same identity, equivalent base) into classes of revisions whose
 * elicitation declarations agree name by name (names are unique within a declaration, 12.2),
 * greedily in first-seen order.
 */
function partition(group: Occurrence[]): Occurrence[][] {
  const classes: { members: Occurrence[]; byName: Map<string, string> }[] = [];
  for (const o of group) {
    const fits = classes.find((c) =>
      o.elicitations.every((e) => !c.byName.has(e.name) || c.byName.get(e.name) === e.key),
    );
    const target = fits ?? (classes.push({ members: [], byName: new Map() }), classes[classes.length - 1]!);
    target.members.push(o);
    for (const e of o.elicitations) target.byName.set(e.name, e.key);
  }
  return classes.map((c) => c.members);
}

/** One output declaration for a class of occurrences: the first base, the union scope, nested elicitation scopes. */
function buildDeclaration(collection: ScopedCollection, members: Occurrence[], rootRevisionList: string[]): JsonObject {
  const first = members[0]!;
  const scope = [...new Set(members.map((m) => m.revision))].sort(compareCodeUnits);
  const explicitScope = scope.length === rootRevisionList.length ? undefined : scope;
  // Elicitations by name, first-seen order, with the revisions where each applies.
  const elicitations = new Map<string, { value: JsonObject; revisions: Set<string> }>();
  for (const m of members) {
    for (const e of m.elicitations) {
      const entry = elicitations.get(e.name);
      if (entry) entry.revisions.add(m.revision);
      else elicitations.set(e.name, { value: e.value, revisions: new Set([m.revision]) });
    }
  }
  const elicitationList = [...elicitations.values()].map(({ value, revisions }) => {
    const copy: JsonObject = {};
    for (const key of Object.keys(value)) setOwn(copy, key, value[key]);
    if (revisions.size < scope.length) copy.protocolVersions = [...revisions].sort(compareCodeUnits);
    return copy;
  });
  // A view without elicitations that applies to every root revision is the declaration as it is.
  if (first.view === first.base && !explicitScope && elicitationList.length === 0) return first.base;
  const keys = Object.keys(first.view);
  if (elicitationList.length > 0 && !keys.includes('elicitations')) keys.push('elicitations');
  if (explicitScope) {
    // The scope goes right after the identity (a transport's `type`).
    const identityKey = primitiveKindOfCollection(collection)?.identity ?? 'type';
    const at =
      first.scopeIndex >= 0
        ? Math.min(first.scopeIndex, keys.length)
        : collection === 'capabilities'
          ? 0
          : keys.indexOf(identityKey) + 1;
    keys.splice(at, 0, 'protocolVersions');
  }
  const out: JsonObject = {};
  for (const key of keys) {
    if (key === 'protocolVersions') out[key] = explicitScope;
    else if (key === 'elicitations' && hasElicitations(collection)) {
      if (elicitationList.length > 0) out[key] = elicitationList;
    } else if (Object.prototype.hasOwnProperty.call(first.base, key)) {
      setOwn(out, key, first.base[key]);
    }
  }
  return out;
}
