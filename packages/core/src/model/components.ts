/** `$componentRef` resolution within one document (17.2-17.4): no I/O, cycles and long chains rejected. */
import { componentNamespaces, type ComponentNamespace } from './document.js';
import { joinPointer } from './json-pointer.js';
import { isObject } from './values.js';
import { didYouMeanText } from './did-you-mean.js';

export const componentNamePattern = /^[A-Za-z0-9._-]+$/;
const referencePattern = /^#\/components\/([^/]+)\/([^/]+)$/;

/** The namespace and name a `$componentRef` string designates, when it has the `#/components/<ns>/<name>` form. */
export function componentRefTarget(ref: string): { ns: string; name: string } | undefined {
  const match = referencePattern.exec(ref);
  return match ? { ns: match[1]!, name: match[2]! } : undefined;
}

/** The `ns/name` a Reference Object designates, when well formed. */
export function referenceTarget(value: unknown): { ns: string; name: string } | undefined {
  return isReferenceObject(value) && typeof value.$componentRef === 'string'
    ? componentRefTarget(value.$componentRef)
    : undefined;
}
/**
 * A chain of more components than this is refused (`chain-too-long`): bounded work and bounded
 * reports on untrusted input (17.7). A chain is a chain, not a cycle, however long.
 */
export const maxChainLength = 64;

export type ResolutionProblem =
  'not-a-string' | 'malformed' | 'wrong-namespace' | 'missing' | 'cycle' | 'chain-too-long';

export type Resolution =
  | { ok: true; value: unknown; pointer: string; chain: string[] }
  | {
      ok: false;
      problem: ResolutionProblem;
      ref: unknown;
      /** Where the failing reference sits. */ at: string;
      detail: string;
    };

/** A Reference Object: an object with `$componentRef` (siblings are a structural error, reported elsewhere). */
export function isReferenceObject(value: unknown): value is { $componentRef: unknown } {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, '$componentRef');
}

type Failure = Extract<Resolution, { ok: false }>;

/** How many components a cycle's detail names before it abbreviates: a report stays small. */
const namedCycleMembers = 8;

/**
 * Resolves `$componentRef` values within one parsed document (17.4): no I/O, cycles rejected as
 * cycles, chains bounded. Every component is resolved once (its resolution is cached by pointer),
 * so a document of n chained components costs O(n) work, iteratively (no recursion).
 */
export class ComponentResolver {
  private readonly useSites = new Map<string, Resolution>();
  /** Component pointer -> the resolution of the component itself (its chain starts with it). */
  private readonly components = new Map<string, Resolution>();
  /** How many more missing targets get a "did you mean" (the first ones of a document, a bounded cost). */
  private suggestionsLeft = maxSuggestedTargets;

  constructor(private readonly document: Record<string, unknown>) {}

  /** The components map of a namespace, when present and an object. */
  namespace(ns: ComponentNamespace): Record<string, unknown> | undefined {
    const components = this.document.components;
    if (!isObject(components)) return undefined;
    const map = components[ns];
    return isObject(map) ? map : undefined;
  }

  /**
   * Resolves a use-site value: a non-reference value resolves to itself; a Reference Object is
   * followed (transitively) into namespace `ns`.
   */
  resolve(value: unknown, pointer: string, ns: ComponentNamespace): Resolution {
    if (!isReferenceObject(value)) return { ok: true, value, pointer, chain: [] };
    const key = `${pointer}\u0000${ns}`;
    const cached = this.useSites.get(key);
    if (cached) return cached;
    const target = this.target(value.$componentRef, pointer, ns);
    const result = 'problem' in target ? target : this.component(target.pointer, ns);
    this.useSites.set(key, result);
    return result;
  }

  /** The component a `$componentRef` value at `at` designates, or why it designates none. */
  private target(ref: unknown, at: string, ns: ComponentNamespace): Failure | { pointer: string; name: string } {
    if (typeof ref !== 'string') {
      return { ok: false, problem: 'not-a-string', ref, at, detail: 'a $componentRef value must be a string' };
    }
    const match = referencePattern.exec(ref);
    if (
      !match ||
      !(componentNamespaces as readonly string[]).includes(match[1]!) ||
      !componentNamePattern.test(match[2]!)
    ) {
      return {
        ok: false,
        problem: 'malformed',
        ref,
        at,
        detail:
          'expected a local pointer of the form "#/components/<namespace>/<name>" with one of the namespaces ' +
          componentNamespaces.join(', ') +
          ' and a name matching ^[A-Za-z0-9._-]+$',
      };
    }
    const [, targetNs, name] = match as unknown as [string, ComponentNamespace, string];
    if (targetNs !== ns) {
      return {
        ok: false,
        problem: 'wrong-namespace',
        ref,
        at,
        detail: `this use site accepts only "#/components/${ns}/<name>"`,
      };
    }
    const map = this.namespace(ns);
    if (!map || !Object.prototype.hasOwnProperty.call(map, name)) {
      const near = map && this.suggestionsLeft-- > 0 ? didYouMeanText(name, firstNames(map)) : '';
      return { ok: false, problem: 'missing', ref, at, detail: `no component "${name}" in components.${ns}${near}` };
    }
    return { pointer: joinPointer('/components', ns, name), name };
  }

  /**
   * The resolution of the component at `start`: walks the chain forward until a component whose
   * resolution is known, a value, a failing reference or a return onto the walked path (a cycle),
   * then settles every walked component backward.
   */
  private component(start: string, ns: ComponentNamespace): Resolution {
    const map = this.namespace(ns)!;
    const path: Array<{ pointer: string; ref: unknown }> = [];
    const onPath = new Map<string, number>();
    let pointer = start;
    let name = pointer.slice(pointer.lastIndexOf('/') + 1);
    let settled: Resolution | undefined;
    for (;;) {
      const known = this.components.get(pointer);
      if (known) {
        settled = known;
        break;
      }
      const index = onPath.get(pointer);
      if (index !== undefined) {
        this.settleCycle(path.splice(index));
        settled = this.components.get(pointer)!;
        break;
      }
      const value = map[name];
      if (!isReferenceObject(value)) {
        settled = { ok: true, value, pointer, chain: [pointer] };
        this.components.set(pointer, settled);
        break;
      }
      onPath.set(pointer, path.length);
      path.push({ pointer, ref: value.$componentRef });
      const target = this.target(value.$componentRef, pointer, ns);
      if ('problem' in target) {
        path.pop();
        settled = target;
        this.components.set(pointer, settled);
        break;
      }
      pointer = target.pointer;
      name = target.name;
    }
    for (let index = path.length - 1; index >= 0; index--) {
      settled = this.extend(path[index]!, settled);
      this.components.set(path[index]!.pointer, settled);
    }
    return settled;
  }

  /** The resolution of a component whose reference leads to `next`: one more link in its chain. */
  private extend(link: { pointer: string; ref: unknown }, next: Resolution): Resolution {
    if (!next.ok) return next;
    if (next.chain.length < maxChainLength)
      return { ok: true, value: next.value, pointer: next.pointer, chain: [link.pointer, ...next.chain] };
    // Reported at the component that makes the chain one too long: one place for the whole chain.
    return {
      ok: false,
      problem: 'chain-too-long',
      ref: link.ref,
      at: link.pointer,
      detail: `more than ${maxChainLength} components follow one another from here; at most ${maxChainLength} are followed (17.7)`,
    };
  }

  /**
   * Settles the members of a cycle: each fails where the reference that returns to it stands
   * (its predecessor in the cycle), naming the cycle as seen from it.
   */
  private settleCycle(members: ReadonlyArray<{ pointer: string; ref: unknown }>): void {
    members.forEach((member, index) => {
      const predecessor = members[(index + members.length - 1) % members.length]!;
      const named = Array.from(
        { length: Math.min(members.length, namedCycleMembers) },
        (_, offset) => members[(index + offset) % members.length]!.pointer,
      ).join(' -> ');
      const rest = members.length > namedCycleMembers ? ` -> … (${members.length} components)` : '';
      this.components.set(member.pointer, {
        ok: false,
        problem: 'cycle',
        ref: predecessor.ref,
        at: predecessor.pointer,
        detail: `the chain ${named}${rest} -> ${member.pointer} returns to itself`,
      });
    });
  }
}

/**
 * The names a "did you mean" compares a missing target with: the namespace's first
 * `maxSuggestionCandidates`, and only for a document's first `maxSuggestedTargets` missing
 * targets, so that a hostile document's many missing references against a huge namespace cost a
 * bounded amount in all.
 */
const maxSuggestionCandidates = 1_000;
const maxSuggestedTargets = 100;

function* firstNames(map: object): Generator<string> {
  let count = 0;
  for (const name in map) {
    if (!Object.prototype.hasOwnProperty.call(map, name)) continue;
    if (++count > maxSuggestionCandidates) return;
    yield name;
  }
}
