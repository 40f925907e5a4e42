/**
 * watchDescription on its own: a file deleted and written again (an editor's delete-and-write
 * save) keeps being watched, and what was written while no watch could be armed is read.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { watchDescription } from 'mcpdesc-toolkit/internal/live/mock/watch.js';
import type { ReloadReport } from 'mcpdesc-toolkit/internal/live/mock/server.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await settle(20);
  }
}

test('a deleted and re-written file is watched again, and its new content is read', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-watch-'));
  const file = join(dir, 'server.mcpdesc.json');
  writeFileSync(file, 'one');
  /** What each reload found on disk (undefined: the file was missing). */
  const seen: (string | undefined)[] = [];
  const handle = {
    reloadFile: async (path: string): Promise<ReloadReport> => {
      seen.push(existsSync(path) ? readFileSync(path, 'utf8') : undefined);
      return { ok: true } as ReloadReport;
    },
  };
  const stop = watchDescription(file, handle, () => undefined, 20);
  try {
    unlinkSync(file);
    await until(() => seen.length > 0, 'the reload after the delete');
    await settle(50); // the watch cannot be armed on a missing file: it retries
    writeFileSync(file, 'two');
    await until(() => seen.includes('two'), 'the reload of the re-written file');
    writeFileSync(file, 'three');
    await until(() => seen.includes('three'), 'a later edit, through the re-armed watch');
    assert.equal(seen[0], undefined, 'the first reload found the file missing');
  } finally {
    stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
