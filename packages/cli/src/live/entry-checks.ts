/**
 * Argument checks for the exported live entries (capture, verify): a JavaScript caller's wrong
 * argument is a TypeError naming the argument and what was expected, not an internal TypeError
 * from deep inside a connection.
 */

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the arguments of a live entry: `document` (when the entry takes one), `target`, `options`. */
export function checkLiveArguments(
  entry: string,
  args: { document?: unknown; target: unknown; options: unknown; hasDocument?: boolean },
): void {
  if (args.hasDocument && !isPlainObject(args.document))
    throw new TypeError(`${entry}: document must be an object (a parsed description), got ${describe(args.document)}`);
  const target = args.target;
  if (!isPlainObject(target))
    throw new TypeError(`${entry}: target must be an object { kind: 'stdio' | 'http', ... }, got ${describe(target)}`);
  if (target.kind === 'stdio') {
    if (typeof target.command !== 'string' || target.command === '')
      throw new TypeError(`${entry}: target.command must be a non-empty string, got ${describe(target.command)}`);
    if (!Array.isArray(target.args) || !target.args.every((a) => typeof a === 'string'))
      throw new TypeError(`${entry}: target.args must be an array of strings`);
  } else if (target.kind === 'http') {
    if (typeof target.url !== 'string')
      throw new TypeError(`${entry}: target.url must be a string, got ${describe(target.url)}`);
  } else {
    throw new TypeError(
      `${entry}: target.kind must be 'stdio' or 'http', got ${JSON.stringify(target.kind) ?? 'undefined'}`,
    );
  }
  if (args.options !== undefined && !isPlainObject(args.options))
    throw new TypeError(`${entry}: options must be an object or undefined, got ${describe(args.options)}`);
  const timeout = isPlainObject(args.options) ? args.options.timeout : undefined;
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0))
    throw new TypeError(`${entry}: options.timeout must be a positive number of milliseconds, got ${String(timeout)}`);
}
