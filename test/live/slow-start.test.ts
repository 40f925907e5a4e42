/**
 * A server slow to start (context7 4.1.1 took over 10 s under load in npm-servers.test.ts): pinned
 * to 2026-07-28, the server/discover probe waits for it within the --timeout instead of calling
 * it a server that does not offer the revision.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { connect } from 'mcpdesc-toolkit/internal/live/connect.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import type { ConnectTarget } from 'mcpdesc-toolkit/internal/live/connect.js';
import { repoRoot } from './helpers.js';

const slowServer = (delay: number): ConnectTarget => ({
  kind: 'stdio',
  command: process.execPath,
  args: [`${repoRoot}test/fixtures/live/slow-start.mjs`],
  env: { MCPDESC_TEST_START_DELAY: String(delay) },
});

describe('a server slow to start', { concurrency: 3 }, () => {
  test('pinned to 2026-07-28, a server that starts after 11 s is connected, not "did not offer"', async () => {
    const session = await connect(slowServer(11_000), '2026-07-28', { timeout: 40_000 });
    try {
      assert.equal(session.revision, '2026-07-28');
    } finally {
      await session.close();
    }
  });

  test('verify of a slow server pinned to its revision checks it (no verify.protocol/unsupported)', async () => {
    const captured = await capture(slowServer(0), { protocol: '2026-07-28', timeout: 30_000 });
    assert.ok(captured.value, JSON.stringify(captured.diagnostics));
    const checked = await verify(captured.value, slowServer(11_000), { timeout: 40_000, call: 'none' });
    assert.deepEqual(
      checked.findings.filter((f) => f.rule === 'verify.protocol').map((f) => f.message),
      [],
    );
    assert.deepEqual(checked.revisions, ['2026-07-28']);
  });

  test('auto: a probe left unanswered for its 10 s bound is a capture.connect warning naming the way to ask again; a prompt server gets none', async () => {
    const [slow, prompt] = await Promise.all([
      capture(slowServer(11_000), { timeout: 40_000 }),
      capture(slowServer(0), { timeout: 30_000 }),
    ]);
    const unanswered = (result: typeof slow) =>
      result.diagnostics.filter((d) => d.rule === 'capture.connect' && d.code === 'probe-unanswered');
    assert.ok(slow.value, JSON.stringify(slow.diagnostics));
    assert.equal(unanswered(slow).length, 1, JSON.stringify(slow.diagnostics));
    assert.equal(unanswered(slow)[0]!.severity, 'warning');
    assert.match(unanswered(slow)[0]!.message, /within 10000 ms.*--protocol 2026-07-28/);
    assert.deepEqual(unanswered(prompt), []);
  });

  test('a server that never starts within the --timeout is named as such when pinned', async () => {
    await assert.rejects(
      connect(slowServer(60_000), '2026-07-28', { timeout: 3_000 }),
      /no answer within the --timeout/,
    );
  });
});
