import type { ConfigLookup } from './server-types.js';

/**
 * The configuration for a check, waited for at most until the read's deadline: a read that
 * hangs (a file that never answers) delays each document's checks by the timeout once, and
 * holds one read per document, not one per edit (checks of the same document share it). Checks
 * run off the request path (timers), so requests are answered meanwhile.
 */
export function configReader(
  findConfig: (uri: string) => Promise<ConfigLookup>,
  timeoutMs: number,
): (uri: string) => Promise<ConfigLookup> {
  /** Configuration reads under way, per document. */
  const reads = new Map<string, { answer: Promise<ConfigLookup>; deadline: number }>();
  return async (uri) => {
    let read = reads.get(uri);
    if (!read) {
      const answer = findConfig(uri).catch((error: unknown): ConfigLookup => ({
        error: `cannot read the configuration for ${uri}: ${String(error)}`,
      }));
      const started = { answer, deadline: Date.now() + timeoutMs };
      void answer.then(() => {
        if (reads.get(uri) === started) reads.delete(uri);
      });
      reads.set(uri, started);
      read = started;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<ConfigLookup>((resolve) => {
      timer = setTimeout(
        () => resolve({ error: `the configuration for ${uri} was not read within ${timeoutMs} ms` }),
        Math.max(0, read.deadline - Date.now()),
      );
    });
    try {
      return await Promise.race([read.answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
