/**
 * The MCP SDK writes its OAuth warnings with `console.warn` (`[mcp-sdk] OAuth "invalid_client" …
 * Cause: "<the authorization server's text>"`, a stored credential without an issuer stamp, a
 * failed refresh): neither `auth()` nor the transports take a logger. The text can quote what the
 * authorization server echoed, so it must pass the flow's redaction, and it belongs to the flow
 * that raised it, not to whichever flow happens to be running beside it.
 *
 * A warning scope sends the `[mcp-sdk]` lines raised inside its own asynchronous work (the
 * functions it runs and everything they start, tracked by AsyncLocalStorage) to its sink. One
 * dispatcher stands in for `console.warn` while at least one scope is open and is taken out when
 * the last closes, in whatever order overlapping scopes close. Everything else, and every
 * `[mcp-sdk]` line raised outside a scope (another library's SDK client, a server), goes to the
 * `console.warn` the dispatcher found, as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Where one scope's SDK warnings go: the line, without a trailing newline. */
export type WarningSink = (text: string) => void;

export interface WarningScope {
  /** Runs `fn` inside the scope: the SDK warnings raised by it and by what it starts go to the sink. */
  run<T>(fn: () => T): T;
  /** Closes the scope (again: nothing); the last open one puts `console.warn` back. */
  close(): void;
}

const sinks = new AsyncLocalStorage<WarningSink>();
let openScopes = 0;
/** The dispatcher in place, and the `console.warn` it stands in for. */
let installed: { dispatcher: typeof console.warn; original: typeof console.warn } | undefined;

const sdkPrefix = '[mcp-sdk]';

function textOf(args: readonly unknown[]): string {
  return args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : shown(a))).join(' ');
}

/** A value as JSON, or as String() when it has no JSON form (a cycle, a BigInt): console.warn must not throw. */
function shown(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function install(): void {
  if (installed) return;
  const original = console.warn;
  const dispatcher = (...args: unknown[]): void => {
    const sink = sinks.getStore();
    if (sink && typeof args[0] === 'string' && args[0].startsWith(sdkPrefix)) sink(textOf(args));
    else original.apply(console, args);
  };
  console.warn = dispatcher;
  installed = { dispatcher, original };
}

function uninstall(): void {
  if (!installed) return;
  // Someone wrapped console.warn after us: putting ours back out would drop their wrapper, and
  // ours, left inside theirs, passes everything outside a scope through unchanged.
  if (console.warn === installed.dispatcher) console.warn = installed.original;
  installed = undefined;
}

/** Opens a scope whose SDK warnings go to `sink`; close it when its work (and what that started) is over. */
export function sdkWarningScope(sink: WarningSink): WarningScope {
  install();
  openScopes++;
  let open = true;
  return {
    run: (fn) => sinks.run(sink, fn),
    close() {
      if (!open) return;
      open = false;
      if (--openScopes === 0) uninstall();
    },
  };
}
