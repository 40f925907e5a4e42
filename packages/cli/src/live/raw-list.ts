/**
 * Paginated raw lists: every list follows nextCursor to the end (bounded by maxPages), detects a
 * cursor that repeats, and reports page errors. Results are read raw, so every field survives.
 */
import {
  primitiveKindByCollection,
  type PrimitiveCollection,
  isObject,
  type JsonObject,
  listBounds,
} from 'mcpdesc-core/model';
import type { LiveSession } from './connect.js';
import { finding, show, type LiveFinding } from './findings.js';
import { listRules } from './rules/index.js';

/** The command whose rules a listing's findings are (capture.list.*, verify.list.*). */
export type ListNamespace = keyof typeof listRules;

export interface RawList {
  items: JsonObject[];
  /** Each page's result without the item array (ttlMs, cacheScope, _meta, nextCursor...). */
  pages: JsonObject[];
  /** False when the list could not be read to the end. */
  complete: boolean;
  findings: LiveFinding[];
}

export interface ListOptions {
  maxPages?: number;
  /** Most items kept across the pages (default listBounds.maxItems). */
  maxItems?: number;
  /** Most bytes of result JSON across the pages (default listBounds.maxBytes). */
  maxBytes?: number;
  /** Rule namespace of the findings ("capture" or "verify"). */
  namespace?: ListNamespace;
  /**
   * A list method answering -32601 although its capability is advertised is the server's defect:
   * a warning (the rest is read), or an error when strict.
   */
  strict?: boolean;
}

export async function listAll(
  session: LiveSession,
  collection: PrimitiveCollection,
  options: ListOptions = {},
): Promise<RawList> {
  const maxPages = options.maxPages ?? listBounds.maxPages;
  const maxItems = options.maxItems ?? listBounds.maxItems;
  const maxBytes = options.maxBytes ?? listBounds.maxBytes;
  let bytes = 0;
  const ns = options.namespace ?? 'capture';
  const method = primitiveKindByCollection[collection].listMethod;
  const items: JsonObject[] = [];
  const pages: JsonObject[] = [];
  const findings: LiveFinding[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= maxPages) {
      findings.push(
        finding({
          rule: listRules[ns].maxPages,
          code: 'max-pages',
          message: `${method} still had a nextCursor after ${maxPages} pages (--max-pages); the list is incomplete`,
          pointer: `/${collection}`,
          revision: session.revision,
        }),
      );
      return { items, pages, complete: false, findings };
    }
    const outcome = await session.request(method, cursor === undefined ? {} : { cursor });
    if (!outcome.ok && outcome.error.code === methodNotFound && page === 0) {
      findings.push(methodNotFoundFinding(session, collection, outcome.error, ns, options.strict === true));
      return { items, pages, complete: false, findings };
    }
    if (!outcome.ok) {
      findings.push(
        finding({
          rule: listRules[ns].error,
          code: 'list-error',
          message: `${method}${cursor === undefined ? '' : ` (cursor ${show(cursor)})`} failed: ${outcome.error.code} ${outcome.error.message}`,
          pointer: `/${collection}`,
          live: outcome.error,
          revision: session.revision,
        }),
      );
      return { items, pages, complete: false, findings };
    }
    // A server that pages forever with large pages is stopped by size, not only by page count.
    bytes += JSON.stringify(outcome.result).length;
    if (bytes > maxBytes) {
      findings.push(
        finding({
          rule: listRules[ns].maxBytes,
          code: 'max-bytes',
          message: `${method} results passed ${maxBytes} bytes after ${page + 1} pages (--max-bytes); the list is incomplete`,
          pointer: `/${collection}`,
          revision: session.revision,
        }),
      );
      return { items, pages, complete: false, findings };
    }
    const { [collection]: list, ...rest } = outcome.result;
    pages.push(rest);
    if (!Array.isArray(list)) {
      findings.push(
        finding({
          rule: listRules[ns].malformed,
          code: 'not-an-array',
          message: `${method} result has no "${collection}" array (found ${show(list)})`,
          pointer: `/${collection}`,
          live: list,
          revision: session.revision,
        }),
      );
      return { items, pages, complete: false, findings };
    }
    for (const item of list) {
      if (!isObject(item)) continue;
      if (items.length >= maxItems) {
        findings.push(
          finding({
            rule: listRules[ns].maxItems,
            code: 'max-items',
            message: `${method} listed more than ${maxItems} items (--max-items); the list is incomplete`,
            pointer: `/${collection}`,
            revision: session.revision,
          }),
        );
        return { items, pages, complete: false, findings };
      }
      items.push(item);
    }
    const next = outcome.result.nextCursor;
    if (next === undefined || next === null) return { items, pages, complete: true, findings };
    if (typeof next !== 'string') {
      findings.push(
        finding({
          rule: listRules[ns].malformed,
          code: 'cursor-type',
          message: `${method} nextCursor must be a string, found ${show(next)}`,
          pointer: `/${collection}`,
          live: next,
          revision: session.revision,
        }),
      );
      return { items, pages, complete: false, findings };
    }
    if (seen.has(next) || next === cursor) {
      findings.push(
        finding({
          rule: listRules[ns].cursorCycle,
          code: 'cursor-repeats',
          message: `${method} returned the cursor ${show(next)} a second time; pagination stopped to avoid a loop`,
          pointer: `/${collection}`,
          live: next,
          revision: session.revision,
        }),
      );
      return { items, pages, complete: false, findings };
    }
    seen.add(next);
    cursor = next;
  }
}

/** JSON-RPC's "Method not found". */
const methodNotFound = -32601;

/**
 * MCP: a server that advertises a primitive capability answers its list method. One answering
 * "Method not found" breaks that; the finding says so, and what the command did about it.
 */
function methodNotFoundFinding(
  session: LiveSession,
  collection: PrimitiveCollection,
  error: { code: number | string; message: string },
  namespace: ListNamespace,
  strict: boolean,
): LiveFinding {
  const { listMethod, listCapability } = primitiveKindByCollection[collection];
  const outcome =
    namespace === 'capture'
      ? `the description declares no ${collection}`
      : `the server's ${collection} were not compared`;
  return finding({
    rule: listRules[namespace].serverLapse,
    code: 'list-method-not-found',
    severity: strict ? 'error' : 'warning',
    message: `the server advertises the ${listCapability} capability but answers ${listMethod} with ${error.code} ${show(error.message)}: a defect of the server (MCP: a server declaring the capability answers its list method); ${outcome}${strict || namespace !== 'capture' ? '' : ' (--strict makes this an error)'}`,
    pointer: `/${collection}`,
    live: error,
    revision: session.revision,
  });
}

/** The identity of a listed item. */
export function identityOf(collection: PrimitiveCollection, item: JsonObject): string | undefined {
  const identity = item[primitiveKindByCollection[collection].identity];
  return typeof identity === 'string' ? identity : undefined;
}

/** An invalid cursor SHOULD give -32602 (MCP pagination). Returns a finding when it does not. */
export async function checkInvalidCursor(
  session: LiveSession,
  collection: PrimitiveCollection,
  namespace: ListNamespace = 'verify',
): Promise<LiveFinding | undefined> {
  const method = primitiveKindByCollection[collection].listMethod;
  const cursor = 'mcpdesc-invalid-cursor-\u2603';
  const outcome = await session.request(method, { cursor });
  if (!outcome.ok && outcome.error.code === -32602) return undefined;
  return finding({
    rule: listRules[namespace].invalidCursor,
    code: 'invalid-cursor-accepted',
    severity: 'warning',
    message: outcome.ok
      ? `${method} with an invalid cursor succeeded; expected a JSON-RPC error -32602`
      : `${method} with an invalid cursor failed with ${outcome.error.code}; expected -32602`,
    pointer: `/${collection}`,
    live: outcome.ok ? 'success' : outcome.error.code,
    expected: -32602,
    revision: session.revision,
  });
}

/** Lists twice and compares the order of identities. */
export function compareOrder(
  collection: PrimitiveCollection,
  first: readonly JsonObject[],
  second: readonly JsonObject[],
  revision: string,
  namespace: ListNamespace = 'verify',
): LiveFinding | undefined {
  const a = first.map((i) => identityOf(collection, i));
  const b = second.map((i) => identityOf(collection, i));
  if (a.length === b.length && a.every((v, i) => v === b[i])) return undefined;
  return finding({
    rule: listRules[namespace].order,
    code: 'non-deterministic-order',
    severity: 'warning',
    message: `${primitiveKindByCollection[collection].listMethod} returned a different order on a second listing: ${show(a)} then ${show(b)}`,
    pointer: `/${collection}`,
    live: b,
    expected: a,
    revision,
  });
}
