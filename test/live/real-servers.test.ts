/**
 * Real servers from npm (exact devDependencies, started from node_modules: no npx, no network):
 * server-everything over stdio and Streamable HTTP, server-filesystem on a temporary directory,
 * server-memory, server-sequential-thinking. For `--protocol auto` and `all`:
 * `verify (capture S) S` has no error (warnings only for the servers' own hygiene lapses, named
 * below), and `capture (mock (capture S))` equals `capture S` (every primitive, in order, info,
 * instructions, capabilities, revisions).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import type { ConnectTarget } from 'mcpdesc-toolkit/internal/live/connect.js';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import { differences, everythingHttp, everythingStdio, startHttp, type HttpServer } from './helpers.js';

const require = createRequire(import.meta.url);
const entry = (name: string) =>
  require.resolve(`@modelcontextprotocol/${name}/package.json`).replace(/package\.json$/, 'dist/index.js');

const scratch = mkdtempSync(join(tmpdir(), 'mcpdesc-real-'));
let everything: HttpServer;
before(async () => {
  everything = await startHttp(everythingHttp);
});
after(async () => {
  await everything?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const servers: { name: string; target: () => ConnectTarget }[] = [
  { name: 'server-everything stdio', target: everythingStdio },
  { name: 'server-everything Streamable HTTP', target: () => ({ kind: 'http', url: everything.url }) },
  {
    name: 'server-filesystem',
    target: () => ({ kind: 'stdio', command: process.execPath, args: [entry('server-filesystem'), scratch] }),
  },
  {
    name: 'server-memory',
    target: () => ({
      kind: 'stdio',
      command: process.execPath,
      args: [entry('server-memory')],
      env: { MEMORY_FILE_PATH: join(scratch, 'memory.jsonl') },
    }),
  },
  {
    name: 'server-sequential-thinking',
    target: () => ({ kind: 'stdio', command: process.execPath, args: [entry('server-sequential-thinking')] }),
  },
];

/**
 * Warnings that are the servers' own (not drift): the v1 SDK accepts an invalid cursor although
 * MCP pagination says it SHOULD answer -32602.
 */
const serverLapses = new Set(['verify.hygiene.invalid-cursor']);

/** One capture per server and protocol, shared by its two tests. */
const captures = new Map<string, ReturnType<typeof capture>>();
const captureOf = (server: (typeof servers)[number], protocol: string) => {
  const key = `${server.name} ${protocol}`;
  if (!captures.has(key)) captures.set(key, capture(server.target(), { protocol, timeout: 60000 }));
  return captures.get(key)!;
};

for (const server of servers) {
  for (const protocol of ['auto', 'all']) {
    test(`real server: ${server.name} --protocol ${protocol}: verify (capture S) S is clean`, async () => {
      const captured = await captureOf(server, protocol);
      assert.ok(captured.value, JSON.stringify(captured.diagnostics));
      assert.deepEqual(
        captured.diagnostics.filter((d) => d.severity === 'error'),
        [],
      );
      // One revision-fit warning per kind of field and revision, not one per tool.
      const omitted = captured.diagnostics
        .filter((d) => d.code === 'field-omitted')
        .map((d) => `${d.revision} ${d.pointer.replace(/\/\d+(?=\/|$)/g, '/*')}`);
      assert.deepEqual(omitted, [...new Set(omitted)]);
      const checked = await verify(captured.value, server.target(), { timeout: 60000, call: 'none' });
      const loud = checked.findings.filter(
        (f) => f.severity === 'error' || (f.severity === 'warning' && !serverLapses.has(f.rule)),
      );
      assert.deepEqual(
        loud.map((f) => `${f.rule}/${f.code} ${f.message}`),
        [],
      );
      assert.deepEqual(checked.revisions, captured.revisions);
    });

    test(`real server: ${server.name} --protocol ${protocol}: capture (mock (capture S)) = capture S`, async () => {
      const first = await captureOf(server, protocol);
      assert.ok(first.value, JSON.stringify(first.diagnostics));
      const mock = await startMock(first.value, { transport: 'http', port: 0 });
      let problem: string | undefined;
      try {
        const mockTarget = { kind: 'http' as const, url: mock.url! };
        const second = await capture(mockTarget, { protocol, timeout: 60000 });
        if (!second.value) problem = `capture of the mock failed: ${JSON.stringify(second.diagnostics)}`;
        else problem = differences(first.value, second.value).join('; ') || undefined;
        if (protocol === 'auto') {
          // Pinned to the revision the server chose, the mock's capture is the server's (whatever auto negotiates).
          const pinned = await capture(mockTarget, { protocol: first.revisions[0]!, timeout: 60000 });
          assert.ok(pinned.value, JSON.stringify(pinned.diagnostics));
          assert.deepEqual(differences(first.value, pinned.value), []);
        }
      } finally {
        await mock.close();
      }
      assert.equal(problem, undefined);
    });
  }
}
