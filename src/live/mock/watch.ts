/**
 * --watch: reloads the description served by a mock when its file changes. An edit that cannot
 * be served (parse errors, an invalid document) keeps the last good document; the diagnostics
 * are handed to `report`.
 */
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseDescription } from '../../source/index.js';
import type { MockHandle } from './server.js';

export interface WatchReport {
  ok: boolean;
  diagnostics: { severity: string; message: string; pointer?: string; rule?: string; code?: string }[];
}

/** Watches `path`; returns a function that stops watching. */
export function watchDescription(
  path: string,
  handle: Pick<MockHandle, 'reload'>,
  report: (result: WatchReport) => void,
  debounceMs = 100,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const reload = async () => {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path);
    } catch (e) {
      report({
        ok: false,
        diagnostics: [{ severity: 'error', message: `cannot read ${path}: ${(e as Error).message}` }],
      });
      return;
    }
    const parsed = parseDescription(bytes, { filename: path });
    if (parsed.document === undefined || parsed.diagnostics.some((d) => d.severity === 'error')) {
      report({ ok: false, diagnostics: parsed.diagnostics });
      return;
    }
    report(handle.reload(parsed.document));
  };
  const arm = () => {
    watcher?.close();
    try {
      watcher = watch(path, () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          void reload();
          arm(); // editors that replace the file break the old watch
        }, debounceMs);
      });
      watcher.on('error', () => undefined);
    } catch {
      watcher = undefined;
    }
  };
  arm();
  return () => {
    if (timer) clearTimeout(timer);
    watcher?.close();
  };
}
