import {
  componentNamespaces,
  componentRefTarget,
  identicalJson,
  isObject,
  joinPointer,
  primitiveKinds,
  referenceTarget,
} from 'mcpdesc-core/model';

/**
 * What an edit inside one root member (other than a declaration collection) can change, from
 * the rules that read it (spec 3.2 lists the members). `$schema`, `mcpdesc` and `protocolVersions`
 * set the version and the root scope every check starts from, and a root `x-mcpdesc-lint`
 * disables rules in the whole document: an edit there is checked whole.
 */
export const membersEveryCheckReads: ReadonlySet<string> = new Set([
  '$schema',
  'mcpdesc',
  'protocolVersions',
  'x-mcpdesc-lint',
]);

/**
 * The rules that read a root member through the whole document (`ctx.document`) while they check
 * something outside it; after an edit in the member they run again over the whole document.
 * `mcpdesc.security.references` reads `securitySchemes` at every requirement (root, transport,
 * declaration); `lint.result.cache-scope` reads the transports' and the root's `security` at
 * every resource example; `mcpdesc.tags.references` reads the root `tags` catalogue at every
 * declaration's tags. Every other rule reads a root member only where the walk visits it
 * (transports, capabilities, root security), which the member's own check covers, or reads
 * `components` through `$componentRef` (`componentDependants`). `test/lsp/incremental.test.ts`
 * holds this table: it edits every string and key of each member of the corpus documents and
 * compares with `lint`.
 */
export const memberReaders: Readonly<Record<string, readonly string[]>> = {
  transports: ['lint.result.cache-scope'],
  security: ['lint.result.cache-scope'],
  securitySchemes: ['mcpdesc.security.references'],
  tags: ['mcpdesc.tags.references'],
};

/** What a `components` edit changes: the components to check again and the declarations that reach them. */
export interface ComponentDependants {
  /** Pointers of the components whose value, or whose resolution, differs (`/components/schemas/Name`). */
  components: ReadonlySet<string>;
  /** The index of every declaration that reaches one of them, per collection, in document order. */
  declarations: ReadonlyMap<string, readonly number[]>;
}

/** Every `$componentRef` string in a declaration, at any depth (a superset of its use sites), once per declaration object. */
const referencesOf = new WeakMap<object, readonly string[]>();

function componentRefs(declaration: object): readonly string[] {
  const known = referencesOf.get(declaration);
  if (known) return known;
  const found: string[] = [];
  const stack: unknown[] = [declaration];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (isObject(value)) {
      if (typeof value.$componentRef === 'string') found.push(value.$componentRef);
      for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) stack.push(value[key]);
    }
  }
  referencesOf.set(declaration, found);
  return found;
}

const namespaceOf = (document: Record<string, unknown>, ns: string): Record<string, unknown> => {
  const components = document.components;
  const map = isObject(components) ? components[ns] : undefined;
  return isObject(map) ? map : {};
};

/**
 * The components a `components` edit changes and the declarations whose checks read them: a
 * component changes when its value does (added, removed or edited, members in order); one that
 * is a Reference Object to a changed component changes with it (a chain, 17.4); when a
 * namespace's names change, a reference to a name missing from it changes too (its message
 * suggests the nearest names). A declaration depends on the components its `$componentRef`s
 * name. `undefined` when a namespace or `components` itself is not an object in one of them.
 */
export function componentDependants(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): ComponentDependants | undefined {
  for (const document of [before, after])
    if (document.components !== undefined && !isObject(document.components)) return undefined;
  const changed = new Set<string>();
  /** Per namespace: whether its names differ, and the names both have. */
  const renamed = new Set<string>();
  const stable = new Map<string, Set<string>>();
  /** Target pointer -> the components that are Reference Objects to it, in either document. */
  const referrers = new Map<string, Set<string>>();
  for (const ns of componentNamespaces) {
    const old = namespaceOf(before, ns);
    const now = namespaceOf(after, ns);
    const both = new Set<string>();
    for (const name of Object.keys(old)) {
      if (Object.prototype.hasOwnProperty.call(now, name)) both.add(name);
      if (!Object.prototype.hasOwnProperty.call(now, name) || !identicalJson(old[name], now[name]))
        changed.add(joinPointer('/components', ns, name));
    }
    for (const name of Object.keys(now)) if (!both.has(name)) changed.add(joinPointer('/components', ns, name));
    if (both.size !== Object.keys(old).length || both.size !== Object.keys(now).length) renamed.add(ns);
    stable.set(ns, both);
    for (const map of [old, now])
      for (const name of Object.keys(map)) {
        const designated = referenceTarget(map[name]);
        if (!designated) continue;
        const from = joinPointer('/components', ns, name);
        const target = joinPointer('/components', designated.ns, designated.name);
        let set = referrers.get(target);
        if (!set) referrers.set(target, (set = new Set()));
        set.add(from);
      }
  }
  // A reference into a namespace whose names changed, to a name one of the two lacks.
  const missingIn = (target: { ns: string; name: string } | undefined): boolean =>
    target !== undefined && renamed.has(target.ns) && !stable.get(target.ns)?.has(target.name);
  for (const ns of componentNamespaces)
    for (const map of [namespaceOf(before, ns), namespaceOf(after, ns)])
      for (const name of Object.keys(map)) {
        if (missingIn(referenceTarget(map[name]))) changed.add(joinPointer('/components', ns, name));
      }
  // Chains: whatever refers to a changed component changes with it.
  const queue = [...changed];
  while (queue.length > 0)
    for (const from of referrers.get(queue.pop()!) ?? [])
      if (!changed.has(from)) {
        changed.add(from);
        queue.push(from);
      }
  const declarations = new Map<string, number[]>();
  for (const { collection } of primitiveKinds) {
    const list = after[collection];
    if (!Array.isArray(list)) continue;
    const indices: number[] = [];
    list.forEach((declaration, index) => {
      if (!isObject(declaration)) return;
      const reaches = componentRefs(declaration).some((ref) => {
        const target = componentRefTarget(ref);
        return (
          target !== undefined && (changed.has(joinPointer('/components', target.ns, target.name)) || missingIn(target))
        );
      });
      if (reaches) indices.push(index);
    });
    if (indices.length > 0) declarations.set(collection, indices);
  }
  return { components: changed, declarations };
}
