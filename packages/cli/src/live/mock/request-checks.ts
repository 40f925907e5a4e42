/**
 * Checks of a request before it reaches the SDK: JSON nesting depth (stdio lines and HTTP bodies,
 * before `JSON.parse`), the `Mcp-Param-*` headers of 2026-07-28 `tools/call` requests (SEP-2243:
 * a property with `x-mcp-header` is mirrored into `Mcp-Param-{Name}`).
 */
import { isObject } from 'mcpdesc-core/model';

/**
 * The deepest JSON nesting the mock parses. Deeper messages are answered -32700 before parsing:
 * the SDK's schema validation recurses per level (a body nested 100,000 deep overflowed the stack).
 */
export const maxNestingDepth = 256;

/** Whether the JSON text nests arrays or objects deeper than `limit` (one linear scan; strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The `Mcp-Param-*` header prefix (SEP-2243). */
const paramHeaderPrefix = 'Mcp-Param-';
/** The SDK's HeaderMismatch code for a missing, malformed or disagreeing `Mcp-Param-*` header. */
export const headerMismatchCode = -32020;
const base64Prefix = '=?base64?';
const base64Suffix = '?=';
const canonicalBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const canonicalDecimal = /^-?\d+(?:\.\d+)?$/;
/** Property chains deeper than this are not followed (the schema is the description's, bounded anyway). */
const maxChainDepth = 32;

interface HeaderDeclaration {
  header: string;
  path: string[];
  type: string | undefined;
}

/** The `x-mcp-header` properties of an input schema, reachable through `properties` chains only (9.2). */
function headerDeclarations(schema: unknown, path: string[] = [], out: HeaderDeclaration[] = []): HeaderDeclaration[] {
  if (!isObject(schema) || path.length >= maxChainDepth || !isObject(schema.properties)) return out;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!isObject(property)) continue;
    const at = [...path, name];
    if (typeof property['x-mcp-header'] === 'string')
      out.push({
        header: property['x-mcp-header'],
        path: at,
        type: typeof property.type === 'string' ? property.type : undefined,
      });
    headerDeclarations(property, at, out);
  }
  return out;
}

/** A primitive argument as its header text (strings as-is, numbers decimal, booleans lowercase). */
function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value)))
    return String(value);
  return undefined;
}

/** A header value with its Base64 sentinel decoded; undefined when the sentinel's payload is not canonical Base64 UTF-8. */
function decodeHeader(value: string): string | undefined {
  if (!(value.startsWith(base64Prefix) && value.endsWith(base64Suffix) && value.length >= 11)) return value;
  const payload = value.slice(base64Prefix.length, value.length - base64Suffix.length);
  if (!canonicalBase64.test(payload)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(payload, 'base64'));
  } catch {
    return undefined;
  }
}

/**
 * The problem with the `Mcp-Param-*` headers of a tools/call, or undefined: for each `x-mcp-header`
 * property the arguments carry (not null), the header must be present and decode to the same value.
 */
export function paramHeaderProblem(
  inputSchema: unknown,
  args: unknown,
  headers: { get(name: string): string | null },
): string | undefined {
  for (const declaration of headerDeclarations(inputSchema)) {
    let value: unknown = args;
    for (const key of declaration.path) value = isObject(value) ? value[key] : undefined;
    const expected = headerText(value);
    if (expected === undefined) continue;
    const name = `${paramHeaderPrefix}${declaration.header}`;
    const argument = declaration.path.join('.');
    const given = headers.get(name);
    if (given === null)
      return `the arguments carry ${argument}=${JSON.stringify(value)} but the ${name} header is absent`;
    const decoded = decodeHeader(given);
    if (decoded === undefined) return `the ${name} header carries an invalid Base64 sentinel value`;
    const numeric = (declaration.type === 'integer' || declaration.type === 'number') && typeof value === 'number';
    const equal = numeric && canonicalDecimal.test(decoded) ? Number(decoded) === value : decoded === expected;
    if (!equal)
      return `the ${name} header decodes to ${JSON.stringify(decoded).slice(0, 120)} but the arguments carry ${argument}=${JSON.stringify(value).slice(0, 120)}`;
  }
  return undefined;
}

/** The JSON-RPC error code for params a method cannot take. */
export const invalidParamsCode = -32602;

/** A value named for an error message: its JSON type and at most 40 characters of it. */
function described(value: unknown): string {
  const type = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  return value === null ? type : `${type} (${JSON.stringify(value).slice(0, 40)})`;
}

/**
 * Why a request's `params` cannot be taken, or undefined. MCP params are an object and their
 * `_meta` an object; the SDK's message schema rejects anything else before any handler runs, and
 * then sends no reply at all on stdio (the message is only reported out of band) and -32700 with
 * no id over HTTP. Notifications and responses are not requests: they get no reply either way.
 */
export function paramsProblem(message: unknown): string | undefined {
  if (!isObject(message) || typeof message.method !== 'string') return undefined;
  if (typeof message.id !== 'string' && typeof message.id !== 'number') return undefined;
  if (!('params' in message)) return undefined;
  const method = message.method.slice(0, 100);
  const params = message.params;
  if (!isObject(params)) return `Invalid params for ${method}: params must be an object, got ${described(params)}`;
  if ('_meta' in params && !isObject(params._meta))
    return `Invalid params for ${method}: params._meta must be an object, got ${described(params._meta)}`;
  return undefined;
}

/** A JSON-RPC error response. */
export interface ErrorResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/**
 * The replies for a message (or batch) holding a request with malformed params, or undefined when
 * it holds none. In a batch every request is answered and none runs: -32602 for the malformed
 * ones, -32600 naming the first malformed element for the others (half a batch run is no answer).
 */
export function malformedParamsReplies(message: unknown): ErrorResponse | ErrorResponse[] | undefined {
  const reply = (id: unknown, code: number, text: string): ErrorResponse => ({
    jsonrpc: '2.0',
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    error: { code, message: text },
  });
  if (!Array.isArray(message)) {
    const problem = paramsProblem(message);
    return problem === undefined ? undefined : reply(isObject(message) ? message.id : null, invalidParamsCode, problem);
  }
  const problems = message.map(paramsProblem);
  const first = problems.findIndex((problem) => problem !== undefined);
  if (first === -1) return undefined;
  const replies: ErrorResponse[] = [];
  message.forEach((element, index) => {
    if (!isObject(element) || typeof element.method !== 'string') return;
    if (typeof element.id !== 'string' && typeof element.id !== 'number') return; // a notification
    const problem = problems[index];
    replies.push(
      problem !== undefined
        ? reply(element.id, invalidParamsCode, problem)
        : reply(element.id, -32600, `Invalid Request: not run, element ${first} of the batch has malformed params`),
    );
  });
  return replies;
}
