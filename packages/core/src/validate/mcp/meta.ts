import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having, type Revision } from '../../model/revisions.js';
import { isObject } from '../../model/values.js';
import { raw, type RuleContext } from '../rule.js';

/**
 * MCP `_meta` key rules (3.5): the key grammar of MCP 2025-06-18 and later, MCP-reserved
 * prefixes, and the context and value shape of the reserved keys this validator recognizes.
 * Whether `_meta` may appear at all on an object is a revision matter its caller decides.
 */

/** What carries the `_meta`: reserved keys are valid only in some contexts. */
export type MetaContext =
  'declaration' | 'result' | 'content' | 'resource-contents' | 'request' | 'response' | 'message';

/** Codes reported by `checkMeta`; a rule that calls it spreads these into its own codes. */
export const metaCodes = {
  'meta-key-malformed':
    '_meta key {value} is malformed; expected an optional prefix of dot-separated labels followed by "/", then a name that is empty or begins and ends with a letter or digit (3.5)',
  'meta-reserved-key-context': '_meta key {value} is {usage} in MCP {revisions}; it is not valid on {context}',
  'meta-reserved-key-value': '_meta key {key} must hold {expected} in MCP {revisions}; found {value}',
  'meta-reserved-key-unknown': {
    severity: 'warning',
    message:
      '_meta key {value} uses an MCP-reserved prefix but is not a key defined for MCP {revisions}; it is preserved (3.5)',
  },
} as const;

const label = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const keyPattern = new RegExp(`^(?:(${label}(?:\\.${label})*)/)?((?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?)$`);

/** Splits a `_meta` key into prefix labels and name; undefined when the key is malformed. */
export function parseMetaKey(key: string): { labels: string[] | undefined; name: string } | undefined {
  const match = keyPattern.exec(key);
  if (!match) return undefined;
  return { labels: match[1] === undefined ? undefined : match[1].split('.'), name: match[2]! };
}

const reservedLabels = new Set(['modelcontextprotocol', 'mcp']);

/** The revisions of `scope` under which the prefix labels are MCP-reserved. */
export function reservedIn(labels: readonly string[], scope: readonly Revision[]): Revision[] {
  const out: Revision[] = [];
  const second = labels.length >= 2 && reservedLabels.has(labels[1]!);
  const anyButLast = labels.slice(0, -1).some((l) => reservedLabels.has(l));
  for (const r of having(scope, 'meta.reserved-prefix.second-label')) if (second) out.push(r);
  for (const r of having(scope, 'meta.reserved-prefix.any-label')) if (anyButLast) out.push(r);
  return out;
}

type ValueCheck = (value: unknown) => boolean;

interface KnownKey {
  feature: Parameters<typeof having>[1];
  /** Contexts where the key is valid. */
  contexts: readonly MetaContext[];
  /** How the key is used, for messages. */
  usage: string;
  expected: string;
  valid: ValueCheck;
}

const isImplementation: ValueCheck = (v) =>
  isObject(v) &&
  typeof v.name === 'string' &&
  typeof v.version === 'string' &&
  (v.title === undefined || typeof v.title === 'string');
const logLevels = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

/** Reserved keys this validator recognizes, with the revisions that define them (model/revisions.ts); a Map because the keys looked up are the document's. */
const knownKeys = new Map<string, KnownKey>(
  Object.entries({
    progressToken: {
      feature: 'meta.progressToken',
      contexts: ['request'],
      usage: 'request-only metadata',
      expected: 'a string or a number',
      valid: (v) => typeof v === 'string' || typeof v === 'number',
    },
    'io.modelcontextprotocol/related-task': {
      feature: 'meta.related-task',
      contexts: [],
      usage: 'task metadata (task forms are not represented in MCP Description)',
      expected: 'an object with a string taskId',
      valid: (v) => isObject(v) && typeof v.taskId === 'string',
    },
    'io.modelcontextprotocol/serverInfo': {
      feature: 'meta.serverInfo',
      contexts: ['result'],
      usage: 'result-only metadata',
      expected: 'an MCP Implementation object with string name and version',
      valid: isImplementation,
    },
    'io.modelcontextprotocol/clientInfo': {
      feature: 'meta.request-identity',
      contexts: ['request'],
      usage: 'request-only metadata',
      expected: 'an MCP Implementation object with string name and version',
      valid: isImplementation,
    },
    'io.modelcontextprotocol/clientCapabilities': {
      feature: 'meta.request-identity',
      contexts: ['request'],
      usage: 'request-only metadata',
      expected: 'a ClientCapabilities object',
      valid: isObject,
    },
    'io.modelcontextprotocol/logLevel': {
      feature: 'meta.request-identity',
      contexts: ['request'],
      usage: 'request-only metadata',
      expected: 'a logging level',
      valid: (v) => typeof v === 'string' && logLevels.has(v),
    },
  } satisfies Record<string, KnownKey>),
);

const contextLabels: Record<MetaContext, string> = {
  declaration: 'a primitive declaration',
  result: 'a completed result',
  content: 'a content block',
  'resource-contents': 'Resource Contents',
  request: 'a request',
  response: 'a client response',
  message: 'a message',
};

/**
 * Checks the keys of a `_meta` value at `pointer` for every revision of `scope` that has the
 * 2025-06-18 key rules (earlier revisions define no `_meta` on these objects: whether `_meta`
 * is allowed there is for the caller). Non-object values are the structural rule's business.
 */
export function checkMeta(
  ctx: RuleContext,
  value: unknown,
  pointer: string,
  scope: readonly Revision[],
  context: MetaContext,
): void {
  if (!isObject(value)) return;
  const graded = scope.filter(
    (r) =>
      having([r], 'meta.reserved-prefix.second-label').length || having([r], 'meta.reserved-prefix.any-label').length,
  );
  if (!graded.length) return;
  for (const key of Object.keys(value)) {
    const at = joinPointer(pointer, key);
    const known = knownKeys.get(key);
    if (known) {
      const defined = having(graded, known.feature);
      if (defined.length) {
        if (!known.contexts.includes(context)) {
          ctx.report('meta-reserved-key-context', at, {
            key: true,
            values: {
              value: key,
              usage: raw(known.usage),
              revisions: raw(formatRevisions(defined)),
              context: raw(contextLabels[context]),
            },
          });
        } else if (!known.valid(value[key])) {
          ctx.report('meta-reserved-key-value', at, {
            values: { key, expected: raw(known.expected), revisions: raw(formatRevisions(defined)), value: value[key] },
          });
        }
        const rest = graded.filter((r) => !defined.includes(r));
        if (rest.length) reportUnknownReserved(ctx, key, at, rest);
        continue;
      }
    }
    const parsed = parseMetaKey(key);
    if (!parsed) {
      ctx.report('meta-key-malformed', at, { key: true, values: { value: key } });
      continue;
    }
    if (parsed.labels) reportUnknownReserved(ctx, key, at, graded, parsed.labels);
  }
}

function reportUnknownReserved(
  ctx: RuleContext,
  key: string,
  at: string,
  scope: readonly Revision[],
  labels?: string[],
): void {
  const parsed = labels ?? parseMetaKey(key)?.labels;
  if (!parsed) return;
  const reserved = reservedIn(parsed, scope);
  if (reserved.length)
    ctx.report('meta-reserved-key-unknown', at, {
      key: true,
      values: { value: key, revisions: raw(formatRevisions(reserved)) },
    });
}
