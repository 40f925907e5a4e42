/**
 * Reusable components (section 17): the use sites of Reference Objects, pruning (17.5),
 * reference rewriting (17.6), and the `resolve` (17.4) and `bundle` operations.
 */
import { joinPointer } from '../model/json-pointer.js';
import { isObject, type JsonObject } from '../model/values.js';
import { ComponentResolver, componentNamePattern, isReferenceObject, referenceTarget } from '../model/components.js';
import { componentNamespaces, primitiveKinds, type ComponentNamespace } from '../model/document.js';
import type { McpDescription } from '../model/description.js';
import {
  failure,
  operationDiagnostic,
  documentSuccess,
  validateInput,
  validateOutput,
  withRunBudget,
  type OperationDiagnostic,
  type OperationOptions,
  type OperationResult,
} from './operation-result.js';
import { canonicalJson, cloneJson } from '../model/json.js';
import { assertWalkable } from '../model/caller-values.js';

/** One place that may hold a Reference Object: `container[key]`, accepting namespace `ns`. */
export interface UseSite {
  pointer: string;
  ns: ComponentNamespace;
  container: JsonObject;
  key: string;
  /** A human hint for generated component names (`search.inputSchema`, `search.basic`). */
  label: string;
}

/** Every use site outside `components` (17.3), in document order. */
export function declarationUseSites(document: unknown): UseSite[] {
  const sites: UseSite[] = [];
  if (!isObject(document)) return sites;
  for (const { collection, schemaRoles, exampleMaps } of primitiveKinds) {
    const list = document[collection];
    if (!Array.isArray(list)) continue;
    list.forEach((primitive, index) => {
      if (!isObject(primitive)) return;
      const base = joinPointer('', collection, index);
      const owner = typeof primitive.name === 'string' ? primitive.name : `${collection}-${index}`;
      for (const role of schemaRoles) {
        if (Object.prototype.hasOwnProperty.call(primitive, role)) {
          sites.push({
            pointer: joinPointer(base, role),
            ns: 'schemas',
            container: primitive,
            key: role,
            label: `${owner}.${role}`,
          });
        }
      }
      for (const { property, namespace } of exampleMaps) {
        const examples = primitive[property];
        if (namespace === undefined || !isObject(examples)) continue; // interaction and completion examples take no references
        for (const name of Object.keys(examples)) {
          sites.push({
            pointer: joinPointer(base, property, name),
            ns: namespace,
            container: examples,
            key: name,
            label: `${owner}.${name}`,
          });
        }
      }
      const elicitations = primitive.elicitations;
      if (Array.isArray(elicitations)) {
        elicitations.forEach((declaration, e) => {
          if (isObject(declaration) && Object.prototype.hasOwnProperty.call(declaration, 'requestedSchema')) {
            const name = typeof declaration.name === 'string' ? declaration.name : String(e);
            sites.push({
              pointer: joinPointer(base, 'elicitations', e, 'requestedSchema'),
              ns: 'schemas',
              container: declaration,
              key: 'requestedSchema',
              label: `${owner}.${name}.requestedSchema`,
            });
          }
        });
      }
    });
  }
  return sites;
}

/** Every component entry, as a use site of its own namespace (a component may itself be a Reference Object). */
export function componentEntrySites(document: unknown): UseSite[] {
  const sites: UseSite[] = [];
  if (!isObject(document) || !isObject(document.components)) return sites;
  for (const ns of componentNamespaces) {
    const map = document.components[ns];
    if (!isObject(map)) continue;
    for (const name of Object.keys(map)) {
      sites.push({ pointer: joinPointer('/components', ns, name), ns, container: map, key: name, label: name });
    }
  }
  return sites;
}

/**
 * Removes components no retained declaration reaches (17.5): keeps every component reached
 * from a declaration use site, transitively through component-to-component references; drops
 * emptied namespaces and the Components Object when nothing (not even an `x-*`) remains.
 * Mutates `document` (callers pass their own copy).
 */
export function pruneComponents(document: JsonObject | McpDescription): void {
  assertWalkable(document, 'pruneComponents');
  const components = document.components;
  if (!isObject(components)) return;
  const reached = new Set<string>();
  const pending: unknown[] = declarationUseSites(document).map((s) => s.container[s.key]);
  while (pending.length > 0) {
    const target = referenceTarget(pending.pop());
    if (!target) continue;
    const key = `${target.ns}/${target.name}`;
    if (reached.has(key)) continue;
    reached.add(key);
    const map = components[target.ns];
    if (isObject(map) && Object.prototype.hasOwnProperty.call(map, target.name)) pending.push(map[target.name]);
  }
  for (const ns of componentNamespaces) {
    const map = components[ns];
    if (!isObject(map)) continue;
    for (const name of Object.keys(map)) if (!reached.has(`${ns}/${name}`)) delete map[name];
    if (Object.keys(map).length === 0) delete components[ns];
  }
  if (Object.keys(components).length === 0) delete document.components;
}

/** Rewrites Reference Objects (declaration use sites and component entries): `rename(ns, name)` gives the new name. */
export function rewriteReferences(document: unknown, rename: (ns: string, name: string) => string | undefined): void {
  for (const site of [...declarationUseSites(document), ...componentEntrySites(document)]) {
    const value = site.container[site.key];
    const target = referenceTarget(value);
    if (!target) continue;
    const renamed = rename(target.ns, target.name);
    if (renamed !== undefined && renamed !== target.name) {
      site.container[site.key] = { $componentRef: `#/components/${target.ns}/${renamed}` };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// resolve (17.4)

/** One replacement made by `resolve`: the Reference Object at `pointer` became the value of `target`. */
export interface Replacement {
  /** Use site (in the input and output document). */
  pointer: string;
  /** The `$componentRef` found there. */
  ref: string;
  /** The component whose value was inlined (the end of the chain). */
  target: string;
  /** Every component pointer followed, in order (more than one for component-to-component references). */
  chain: string[];
}

export interface ResolveOptions extends OperationOptions {
  /** Keep the component namespaces (their own references inlined too) instead of dropping them. */
  keepComponents?: boolean;
}

/** A resolve result: the operation's result plus where each reference was inlined (also on failure). */
export type ResolveResult = OperationResult<McpDescription> & {
  provenance: Replacement[];
};

const resolveRule = 'operation.resolve.reference';

/**
 * Inlines every `$componentRef` of a document with a copy of its target, transitively (17.4).
 * Without `keepComponents`, the component namespaces (now unused) are removed; outer
 * Components Object extensions stay. Unresolvable references (missing, malformed, wrong
 * namespace, cycle) are errors.
 */
export function resolve(document: unknown, given: ResolveOptions = {}): ResolveResult {
  const options = { ...given, ...withRunBudget(given) };
  const checked = validateInput('resolve', document, undefined, '17.4', options);
  // Unresolvable references are reported for an invalid input too, but only one that can be walked.
  if (!checked.valid && checked.diagnostics.some((d) => d.code === 'unwalkable-input'))
    return { ...failure(checked.diagnostics), provenance: [] };
  const inlined = inlineReferences(document, options.keepComponents === true);
  const diagnostics = [...checked.diagnostics, ...inlined.diagnostics];
  if (!checked.valid || inlined.diagnostics.length > 0)
    return { ...failure(dedupe(diagnostics)), provenance: inlined.provenance };
  for (const item of validateOutput('resolve', inlined.document, '17.4', options)) diagnostics.push(item);
  return { ...documentSuccess(inlined.document, diagnostics), provenance: inlined.provenance };
}

function dedupe(diagnostics: OperationDiagnostic[]): OperationDiagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.rule}\u0000${d.code}\u0000${d.pointer}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The resolution core (no validation): a copy of `document` with every Reference Object replaced.
 * Also used by semantic equivalence, which compares use-site values rather than reference spellings.
 */
export function inlineReferences(
  document: unknown,
  keepComponents: boolean,
): { document: unknown; provenance: Replacement[]; diagnostics: OperationDiagnostic[] } {
  const provenance: Replacement[] = [];
  const diagnostics: OperationDiagnostic[] = [];
  if (!isObject(document)) return { document: cloneJson(document), provenance, diagnostics };
  const resolver = new ComponentResolver(document);
  const copy = cloneJson(document);
  const sites = declarationUseSites(copy);
  if (keepComponents) for (const item of componentEntrySites(copy)) sites.push(item);
  for (const site of sites) {
    const value = site.container[site.key];
    if (!isReferenceObject(value)) continue;
    const resolution = resolver.resolve(value, site.pointer, site.ns);
    if (resolution.ok) {
      site.container[site.key] = cloneJson(resolution.value);
      provenance.push({
        pointer: site.pointer,
        ref: String(value.$componentRef),
        target: resolution.pointer,
        chain: resolution.chain,
      });
    } else {
      diagnostics.push(
        operationDiagnostic({
          rule: resolveRule,
          code: resolution.problem,
          message: `cannot resolve $componentRef ${JSON.stringify(resolution.ref)} at ${resolution.at}: ${resolution.detail}`,
          pointer: joinPointer(site.pointer, '$componentRef'),
          spec: '17.4',
        }),
      );
    }
  }
  if (!keepComponents && isObject(copy.components)) {
    for (const ns of componentNamespaces) delete copy.components[ns];
    if (Object.keys(copy.components).length === 0) delete copy.components;
  }
  return { document: copy, provenance, diagnostics };
}

// ---------------------------------------------------------------------------------------------
// bundle

export type BundleOptions = OperationOptions;

/** One move made by `bundle`: the value at each of `uses` now references `component`. */
export interface BundledComponent {
  component: string;
  uses: string[];
}

/** A bundle result: the operation's result plus the values moved into components. */
export type BundleResult = OperationResult<McpDescription> & {
  moved: BundledComponent[];
};

/**
 * Moves every schema and named example value that occurs more than once (at declaration use
 * sites, or once there and once as an existing component) into `components` and replaces each
 * inline use with a Reference Object. Names are stable: an existing component with an equal
 * value keeps its name; a new component is named after its first use (`<primitive>.inputSchema`,
 * `<primitive>.<exampleName>`, `<primitive>.<elicitation>.requestedSchema`), with `.2`, `.3`...
 * appended when the name is taken. `resolve(bundle(D))` is equivalent to `D`.
 */
export function bundle(document: unknown, given: BundleOptions = {}): BundleResult {
  const options = { ...given, ...withRunBudget(given) };
  const checked = validateInput('bundle', document, undefined, '17', options);
  if (!checked.valid) return { ...failure(checked.diagnostics), moved: [] };
  const copy = cloneJson(document) as JsonObject;
  const moved = bundleInPlace(copy);
  const diagnostics = [...checked.diagnostics, ...validateOutput('bundle', copy, '17', options)];
  return { ...documentSuccess(copy, diagnostics), moved };
}

function bundleInPlace(document: JsonObject): BundledComponent[] {
  const sites = declarationUseSites(document).filter(
    (s) => !isReferenceObject(s.container[s.key]) && isObject(s.container[s.key]),
  );
  // Group inline values by namespace and canonical JSON text.
  const groups = new Map<string, UseSite[]>();
  for (const site of sites) {
    const key = `${site.ns}\u0000${canonicalJson(site.container[site.key])}`;
    const group = groups.get(key);
    if (group) group.push(site);
    else groups.set(key, [site]);
  }
  // Existing components by canonical value (first name wins) and taken names.
  const existing = new Map<string, string>();
  const taken = new Set<string>();
  const components = isObject(document.components) ? document.components : undefined;
  for (const ns of componentNamespaces) {
    const map = components?.[ns];
    if (!isObject(map)) continue;
    for (const name of Object.keys(map)) {
      taken.add(`${ns}/${name}`);
      const key = `${ns}\u0000${canonicalJson(map[name])}`;
      if (!existing.has(key)) existing.set(key, name);
    }
  }
  const moved: BundledComponent[] = [];
  for (const [key, group] of groups) {
    const ns = group[0]!.ns;
    let name = existing.get(key);
    if (name === undefined) {
      if (group.length < 2) continue;
      name = freshName(ns, group[0]!.label, taken);
      taken.add(`${ns}/${name}`);
      if (!isObject(document.components)) document.components = {};
      const outer = document.components as JsonObject;
      if (!isObject(outer[ns])) outer[ns] = {};
      (outer[ns] as JsonObject)[name] = cloneJson(group[0]!.container[group[0]!.key]);
    }
    const ref = `#/components/${ns}/${name}`;
    for (const site of group) site.container[site.key] = { $componentRef: ref };
    moved.push({ component: ref, uses: group.map((s) => s.pointer) });
  }
  if (isObject(document.components)) document.components = orderComponents(document.components);
  return moved;
}

function freshName(ns: string, label: string, taken: Set<string>): string {
  const base = label.replace(/[^A-Za-z0-9._-]/g, '_') || 'component';
  if (!taken.has(`${ns}/${base}`)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}.${i}`;
    if (componentNamePattern.test(candidate) && !taken.has(`${ns}/${candidate}`)) return candidate;
  }
}

/** The Components Object with its namespaces in spec order, then its other keys (extensions) in their order. */
function orderComponents(components: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const ns of componentNamespaces)
    if (Object.prototype.hasOwnProperty.call(components, ns)) out[ns] = components[ns];
  for (const key of Object.keys(components))
    if (!(componentNamespaces as readonly string[]).includes(key)) out[key] = components[key];
  return out;
}
