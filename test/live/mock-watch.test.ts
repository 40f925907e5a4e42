/**
 * `mcpdesc mock FILE --http 127.0.0.1:0 --watch` in a child process: an edit that adds a tool is
 * served after the reload; an invalid edit keeps the last good document and prints its errors on
 * standard error.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { connect } from 'mcpdesc-toolkit/internal/live/connect.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { repoRoot } from './helpers.js';
import { binPath as bin } from '../helpers/paths.js';

const catalogue = `${repoRoot}test/fixtures/mock/catalogue.mcpdesc.json`;

/** Waits until standard error (collected so far) matches `pattern`. */
async function waitFor(stderr: () => string, pattern: RegExp, what: string, ms = 10000): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = pattern.exec(stderr());
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; stderr:\n${stderr()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function toolNames(url: string, revision: string): Promise<string[]> {
  const session = await connect({ kind: 'http', url }, revision, { timeout: 10000 });
  try {
    const outcome = await session.request('tools/list', {});
    assert.ok(outcome.ok, JSON.stringify(outcome));
    return (outcome.result.tools as JsonObject[]).map((t) => t.name as string);
  } finally {
    await session.close();
  }
}

test('mock --watch: an added tool is served after the reload; an invalid edit keeps the last good document and prints diagnostics', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-watch-'));
  const file = join(dir, 'server.mcpdesc.json');
  const original = JSON.parse(readFileSync(catalogue, 'utf8')) as JsonObject;
  writeFileSync(file, JSON.stringify(original, null, 2));
  let child: ChildProcess | undefined;
  let stderr = '';
  try {
    child = spawn(process.execPath, [bin, 'mock', file, '--http', '127.0.0.1:0', '--watch', '--quiet'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const url = (await waitFor(() => stderr, /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 'the mock to listen'))[1]!;
    assert.deepEqual(await toolNames(url, '2026-07-28'), ['lookup', 'alpha', 'beta']);

    // Add a tool.
    const added = structuredClone(original);
    (added.tools as JsonObject[]).push({ name: 'gamma', description: 'New.', inputSchema: { type: 'object' } });
    writeFileSync(file, JSON.stringify(added, null, 2));
    await waitFor(() => stderr, /reloaded/, 'the reload');
    assert.deepEqual(await toolNames(url, '2026-07-28'), ['lookup', 'alpha', 'beta', 'gamma']);
    assert.deepEqual(await toolNames(url, '2025-11-25'), ['lookup', 'alpha', 'beta', 'gamma']);

    // An invalid edit: a tool without inputSchema (and a second, unparsable, edit below).
    const before = stderr.length;
    const invalid = structuredClone(added);
    (invalid.tools as JsonObject[]).push({ name: 'delta' });
    writeFileSync(file, JSON.stringify(invalid, null, 2));
    const report = await waitFor(
      () => stderr.slice(before),
      /cannot be served; keeping the last good version:\n((?: {2}.*\n)+)/,
      'the invalid-edit report',
    );
    assert.match(report[1]!, /inputSchema/);
    assert.deepEqual(await toolNames(url, '2026-07-28'), ['lookup', 'alpha', 'beta', 'gamma']);

    const before2 = stderr.length;
    writeFileSync(file, '{ "mcpdesc": "0.8.0", ');
    await waitFor(
      () => stderr.slice(before2),
      /cannot be served; keeping the last good version:\n {2}\S*.+/,
      'the parse-error report',
    );
    assert.deepEqual(await toolNames(url, '2026-07-28'), ['lookup', 'alpha', 'beta', 'gamma']);
    assert.equal(child.exitCode, null, 'the mock keeps running');
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
