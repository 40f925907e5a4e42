/**
 * Effective values shown in the documentation: Tool Annotation hints with their defaults (9.6),
 * effective security per primitive (7.5, 6.4) and effective protocol scopes (4.10).
 */
import { isObject, type JsonObject } from '../model/values.js';
import type { Revision } from '../model/revisions.js';
import { effectiveScope, rootScopeOf, toolAnnotationHintDefaults, type ToolAnnotationHint } from '../model/document.js';

export interface EffectiveHint {
  key: ToolAnnotationHint;
  label: string;
  value: boolean;
  /** True when the document does not state the hint and the default (9.6) applies. */
  inherited: boolean;
}

const hintLabels: Record<ToolAnnotationHint, string> = {
  readOnlyHint: 'read-only',
  destructiveHint: 'destructive',
  idempotentHint: 'idempotent',
  openWorldHint: 'open world',
} as const;

/** The hints that have meaning only when the tool is not read-only (the design guide, after MCP's ToolAnnotations). */
const writeOnlyHints: ReadonlySet<ToolAnnotationHint> = new Set(['destructiveHint', 'idempotentHint']);

/**
 * The four hints with their 9.6 defaults, except the defaults of destructiveHint and
 * idempotentHint on a read-only tool: those hints mean something only when readOnlyHint is false,
 * so a default there ("destructive: yes") would contradict "read-only: yes". Stated values are
 * always kept: they are what the document says.
 */
export function effectiveHints(tool: JsonObject): EffectiveHint[] {
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  const readOnly = annotations.readOnlyHint === true;
  return (Object.keys(toolAnnotationHintDefaults) as ToolAnnotationHint[]).flatMap((key): EffectiveHint[] => {
    const stated = annotations[key];
    if (typeof stated === 'boolean') return [{ key, label: hintLabels[key], value: stated, inherited: false }];
    if (readOnly && writeOnlyHints.has(key)) return [];
    return [{ key, label: hintLabels[key], value: toolAnnotationHintDefaults[key], inherited: true }];
  });
}

/** A Security Requirement Array as stated (alternatives of AND-ed scheme → scopes). */
export type Requirement = Array<Array<{ scheme: string; scopes: string[] }>>;

export function readRequirement(value: unknown): Requirement | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((alternative) =>
    isObject(alternative)
      ? Object.entries(alternative).map(([scheme, scopes]) => ({
          scheme,
          scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [],
        }))
      : [],
  );
}

export type EffectiveSecurity =
  | { source: 'primitive'; requirement: Requirement }
  | {
      source: 'transport';
      transports: Array<{
        label: string;
        index: number;
        from: 'transport' | 'root' | 'none';
        requirement?: Requirement;
      }>;
    }
  | { source: 'root'; requirement: Requirement }
  | { source: 'none' };

/** One-line label of a transport: `streamable-http https://…`, `stdio chess-coach`. */
export function transportLabel(transport: JsonObject): string {
  const type = typeof transport.type === 'string' ? transport.type : 'transport';
  const target =
    typeof transport.url === 'string' ? transport.url : typeof transport.command === 'string' ? transport.command : '';
  return target ? `${type} ${target}` : type;
}

/**
 * Effective security of a primitive (7.5): its own `security`; else, when some transport
 * declares `security`, the requirement per transport applicable to the primitive's scope
 * (transport security, else root); else root `security`; else no declared requirement.
 * Nothing is combined across transports (7.6).
 */
export function effectiveSecurity(
  document: JsonObject,
  primitive: JsonObject,
  scope: readonly Revision[],
): EffectiveSecurity {
  const own = readRequirement(primitive.security);
  if (own) return { source: 'primitive', requirement: own };
  const root = readRequirement(document.security);
  const transports = Array.isArray(document.transports) ? document.transports : [];
  const rootScope = rootScopeOf(document);
  if (transports.some((t) => isObject(t) && Array.isArray(t.security))) {
    const list: Extract<EffectiveSecurity, { source: 'transport' }>['transports'] = [];
    transports.forEach((t, index) => {
      if (!isObject(t)) return;
      const tScope = effectiveScope(t, rootScope);
      if (scope.length > 0 && !tScope.some((r) => scope.includes(r))) return;
      const stated = readRequirement(t.security);
      if (stated) list.push({ label: transportLabel(t), index, from: 'transport', requirement: stated });
      else if (root) list.push({ label: transportLabel(t), index, from: 'root', requirement: root });
      else list.push({ label: transportLabel(t), index, from: 'none' });
    });
    return { source: 'transport', transports: list };
  }
  if (root) return { source: 'root', requirement: root };
  return { source: 'none' };
}

/** Prose for a requirement: `[]` clears, `[{}]` is anonymous access, alternatives are OR, schemes AND (7.3, 7.4). */
export function describeRequirement(requirement: Requirement): string {
  if (requirement.length === 0) return 'No authentication (explicitly cleared: security: [])';
  return requirement
    .map((alternative) =>
      alternative.length === 0
        ? 'anonymous access'
        : alternative
            .map((r) => (r.scopes.length > 0 ? `${r.scheme} (scopes: ${r.scopes.join(', ')})` : r.scheme))
            .join(' AND '),
    )
    .join(' OR ');
}
