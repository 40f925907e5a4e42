/**
 * Argument checks at the live library's entry points (`capture`, `verify`, `startMock`, `record`),
 * the live side's counterpart of mcpdesc-core's entry-points.ts: a JavaScript caller's wrong
 * argument is a TypeError that names the function, the argument, what was expected and what was
 * given, not an internal "Cannot read properties of undefined" from deep inside, and never a
 * server started with options silently ignored.
 */
import { describeValue } from 'mcpdesc-core/model';

function fail(fn: string, argument: string, expected: string, value: unknown): never {
  throw new TypeError(`${fn}: expected ${argument} to be ${expected}, got ${describeValue(value)}`);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkObject(fn: string, value: unknown, argument: string, expected = 'an object'): void {
  if (!isPlainObject(value)) fail(fn, argument, expected, value);
}

/** Options: undefined or an object whose time and size members, when present, are positive numbers. */
export function checkOptions(fn: string, value: unknown, argument = 'options'): void {
  if (value === undefined) return;
  checkObject(fn, value, argument, 'an object or undefined');
  const options = value as Record<string, unknown>;
  for (const name of ['timeout', 'requestTimeout', 'deadline', 'maxPages', 'maxItems', 'maxBytes', 'maxCalls']) {
    const member = options[name];
    if (member !== undefined && !(typeof member === 'number' && member > 0 && Number.isFinite(member)))
      fail(fn, `${argument}.${name}`, 'a positive number or undefined', member);
  }
}

function checkStrings(fn: string, value: unknown, argument: string, form: 'list' | 'record'): void {
  if (value === undefined) return;
  const ok =
    form === 'list'
      ? Array.isArray(value) && value.every((item) => typeof item === 'string')
      : isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string');
  if (!ok) fail(fn, argument, form === 'list' ? 'an array of strings' : 'an object of strings', value);
}

/** A ConnectTarget: `{ kind: 'stdio', command, args }` or `{ kind: 'http', url }`. */
export function checkTarget(fn: string, value: unknown, argument = 'target'): void {
  checkObject(fn, value, argument, "a target such as { kind: 'stdio', command, args } or { kind: 'http', url }");
  const target = value as Record<string, unknown>;
  if (target.kind === 'stdio') {
    if (typeof target.command !== 'string' || target.command === '')
      fail(fn, `${argument}.command`, 'a non-empty string', target.command);
    if (!Array.isArray(target.args)) fail(fn, `${argument}.args`, 'an array of strings', target.args);
    checkStrings(fn, target.args, `${argument}.args`, 'list');
    checkStrings(fn, target.env, `${argument}.env`, 'record');
    if (target.cwd !== undefined && typeof target.cwd !== 'string')
      fail(fn, `${argument}.cwd`, 'a string or undefined', target.cwd);
  } else if (target.kind === 'http') {
    // Only its kind: a URL may carry credentials, and connect() reports a malformed one redacted.
    if (typeof target.url !== 'string') fail(fn, `${argument}.url`, 'a URL string', target.url);
    if (target.url === '')
      throw new TypeError(`${fn}: expected ${argument}.url to be a URL string, got an empty string`);
    checkStrings(fn, target.headers, `${argument}.headers`, 'record');
    if (target.sse !== undefined && typeof target.sse !== 'boolean')
      fail(fn, `${argument}.sse`, 'a boolean or undefined', target.sse);
  } else {
    fail(fn, `${argument}.kind`, '"stdio" or "http"', target.kind);
  }
}

/** verify(document, target, options?): the one call line verify.ts makes. */
export function checkVerifyArguments(document: unknown, target: unknown, options: unknown): void {
  checkObject('verify', document, 'the document', 'an object (a decoded MCP Description)');
  checkTarget('verify', target);
  checkOptions('verify', options);
}

/** startMock(document, options?): the document is checked by the mock's own validation. */
export function checkMockOptions(options: unknown): void {
  checkOptions('startMock', options);
  const { transport, port, host, path } = options as Record<string, unknown>;
  if (transport !== undefined && transport !== 'stdio' && transport !== 'http')
    fail('startMock', 'options.transport', '"stdio", "http" or undefined', transport);
  if (port !== undefined && !(Number.isInteger(port) && (port as number) >= 0 && (port as number) <= 65535))
    fail('startMock', 'options.port', 'an integer from 0 to 65535 or undefined', port);
  for (const [name, value] of [
    ['host', host],
    ['path', path],
  ] as const)
    if (value !== undefined && typeof value !== 'string')
      fail('startMock', `options.${name}`, 'a string or undefined', value);
}

/** record(session, view, options?): a session from connect() and a captured view. */
export function checkRecordArguments(session: unknown, view: unknown, options: unknown): void {
  checkObject('record', session, 'the session', 'a live session (from connect)');
  const { revision, request } = session as Record<string, unknown>;
  if (typeof revision !== 'string' || typeof request !== 'function')
    fail('record', 'the session', 'a live session (from connect) with a revision and a request function', session);
  checkObject('record', view, 'the view', 'an object (a captured description view)');
  checkOptions('record', options);
}
