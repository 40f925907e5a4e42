/** `$componentRef` resolution within one document (17.2-17.4): no I/O, cycles and long chains rejected. */
import { componentNamespaces, type ComponentNamespace } from './document.js';
import { joinPointer } from './json-pointer.js';
import { isObject } from './values.js';

export const componentNamePattern = /^[A-Za-z0-9._-]+$/;
const referencePattern = /^#\/components\/([^/]+)\/([^/]+)$/;
/** Component chains longer than this are treated like cycles: bounded work on untrusted input (17.7). */
const maxChainLength = 64;

export type ResolutionProblem = 'not-a-string' | 'malformed' | 'wrong-namespace' | 'missing' | 'cycle';

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

/** Resolves `$componentRef` values within one parsed document (17.4): no I/O, cycles rejected. */
export class ComponentResolver {
  private readonly cache = new Map<string, Resolution>();

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
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = this.follow(value, pointer, ns);
    this.cache.set(key, result);
    return result;
  }

  private follow(start: { $componentRef: unknown }, startPointer: string, ns: ComponentNamespace): Resolution {
    const chain: string[] = [];
    const seen = new Set<string>();
    let ref: unknown = start.$componentRef;
    let at = startPointer;
    for (;;) {
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
        return { ok: false, problem: 'missing', ref, at, detail: `no component "${name}" in components.${ns}` };
      }
      const targetPointer = joinPointer('/components', ns, name);
      if (seen.has(targetPointer) || chain.length >= maxChainLength) {
        return {
          ok: false,
          problem: 'cycle',
          ref,
          at,
          detail: `the chain ${[...chain, targetPointer].join(' -> ')} returns to itself`,
        };
      }
      seen.add(targetPointer);
      chain.push(targetPointer);
      const target = map[name];
      if (!isReferenceObject(target)) return { ok: true, value: target, pointer: targetPointer, chain };
      ref = target.$componentRef;
      at = targetPointer;
    }
  }
}
