/**
 * --watch: reloads the description served by a mock when its file changes, through the mock's
 * own loader (`reloadFile`: read, parse, validate once). An edit that cannot be served (parse
 * errors, an invalid document) keeps the last good document; the diagnostics are handed to `report`.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { MockHandle, ReloadReport } from './types.js';

/** Watches `path`; returns a function that stops watching. */
export function watchDescription(
  path: string,
  handle: Pick<MockHandle, 'reloadFile'>,
  report: (result: ReloadReport) => void,
  debounceMs = 100,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const reload = () => void handle.reloadFile(path).then(report);
  const arm = (reloadOnceArmed = false) => {
    watcher?.close();
    try {
      watcher = watch(path, () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          // Re-arm before reading: editors that replace the file break the old watch, and a write
          // that lands after the read (a save caught half-way) must still raise an event.
          arm();
          reload();
        }, debounceMs);
      });
      watcher.on('error', () => undefined);
      // Back after a gap in which no event could be seen: read what is there now.
      if (reloadOnceArmed) reload();
    } catch {
      // The file is gone for a moment (an editor's delete-and-write save) or cannot be watched:
      // try again rather than stop watching for good.
      watcher = undefined;
      timer = setTimeout(() => arm(true), debounceMs * 5);
    }
  };
  arm();
  return () => {
    if (timer) clearTimeout(timer);
    watcher?.close();
  };
}
