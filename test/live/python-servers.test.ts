/**
 * Python servers through the whole loop (issue 40): our own servers on the mcp 2.x low-level
 * `Server`, on `MCPServer` and on FastMCP 4 (test/fixtures/python/), run from a virtual
 * environment this file creates (cached in the temporary directory per requirement set, shared by
 * the three). For `--protocol auto` and `all`: the capture validates, `docs` renders it, the twin
 * holds (capture of `mock (capture S)` equals `capture S`), verify is clean; for auto, `capture
 * --record --synthesize-inputs` validates. Without Python or the wheels the tests fail when CI is
 * set and are skipped with the reason otherwise.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import { promisify } from 'node:util';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import type { ConnectTarget } from 'mcpdesc-toolkit/internal/live/connect.js';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { differences, errorsOf, repoRoot, runCli } from './helpers.js';

const run = promisify(execFile);
const requirements = ['mcp==2.3.0', 'fastmcp==4.0.10'];
/** Bounds the environment's creation (pip installs from the machine's wheels; a network index is not waited for). */
const installTimeoutMs = 240_000;

const environment = join(
  tmpdir(),
  `mcpdesc-python-${createHash('sha256').update(requirements.join(' ')).digest('hex').slice(0, 12)}`,
);
const python = join(environment, 'bin', 'python');
/** Why the servers cannot run here, when they cannot. */
let unavailable: string | undefined;

/** Creates the environment once (a marker file says it is complete); the reason when it cannot. */
async function prepare(): Promise<string | undefined> {
  const ready = join(environment, 'mcpdesc-ready');
  if (existsSync(ready)) return undefined;
  try {
    await run('python3', ['--version']);
  } catch {
    return 'python3 is not on the PATH';
  }
  rmSync(environment, { recursive: true, force: true });
  try {
    await run('python3', ['-m', 'venv', environment], { timeout: 60_000 });
    await run(
      python,
      [
        '-m',
        'pip',
        'install',
        '--quiet',
        '--disable-pip-version-check',
        '--retries',
        '0',
        '--timeout',
        '10',
        ...requirements,
      ],
      { timeout: installTimeoutMs, maxBuffer: 16 * 1024 * 1024 },
    );
    await run(python, ['-c', 'import mcp.server.mcpserver, fastmcp']);
  } catch (e) {
    const detail = (e as { stderr?: string }).stderr?.trim().split('\n').slice(-3).join(' ') ?? String(e);
    return `cannot create a virtual environment with ${requirements.join(', ')}: ${detail}`;
  }
  writeFileSync(ready, requirements.join('\n'));
  return undefined;
}

const scratch = mkdtempSync(join(tmpdir(), 'mcpdesc-python-loop-'));
before(async () => {
  unavailable = await prepare();
});
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Fails in CI, skips with the reason elsewhere, when the servers cannot run. */
function needPython(t: TestContext): boolean {
  if (unavailable === undefined) return true;
  if (process.env.CI) assert.fail(`Python servers unavailable in CI: ${unavailable}`);
  t.skip(unavailable);
  return false;
}

const servers = [
  { name: 'mcp low-level Server', file: 'low-level-server.py' },
  { name: 'mcp MCPServer', file: 'mcp-server-server.py' },
  { name: 'FastMCP', file: 'fastmcp-server.py' },
];
const target = (file: string): ConnectTarget => ({
  kind: 'stdio',
  command: python,
  args: [join(repoRoot, 'test/fixtures/python', file)],
});

/** Warnings that are the servers' own: the SDKs accept an invalid cursor (MCP: SHOULD answer -32602). */
const serverLapses = new Set(['verify.hygiene.invalid-cursor']);

// The servers run side by side: most of the time is Python starting, once per connection.
describe('python servers', { concurrency: servers.length }, () => {
  for (const server of servers) {
    for (const protocol of ['auto', 'all']) {
      test(`python: ${server.name} --protocol ${protocol}: capture validates, docs, twin, verify clean`, async (t) => {
        if (!needPython(t)) return;
        const captured = await capture(target(server.file), { protocol, timeout: 60_000 });
        assert.ok(captured.value, JSON.stringify(captured.diagnostics));
        assert.deepEqual(errorsOf(captured.diagnostics), []);
        assert.deepEqual(errorsOf(validate(captured.value).diagnostics), []);
        assert.ok(Array.isArray(captured.value.tools) && Array.isArray(captured.value.prompts));
        assert.ok(Array.isArray(captured.value.resources) && Array.isArray(captured.value.resourceTemplates));

        const file = join(scratch, `${server.file}-${protocol}.json`);
        writeFileSync(file, JSON.stringify(captured.value));
        const docs = await runCli(['docs', file, '--markdown']);
        assert.equal(docs.code, 0, docs.stderr);

        const mock = await startMock(captured.value, { transport: 'http', port: 0 });
        try {
          const twin = await capture({ kind: 'http', url: mock.url! }, { protocol, timeout: 60_000 });
          assert.ok(twin.value, JSON.stringify(twin.diagnostics));
          assert.deepEqual(differences(captured.value, twin.value), []);
        } finally {
          await mock.close();
        }

        const checked = await verify(captured.value, target(server.file), { timeout: 60_000, call: 'none' });
        const loud = checked.findings.filter(
          (f) => f.severity === 'error' || (f.severity === 'warning' && !serverLapses.has(f.rule)),
        );
        assert.deepEqual(
          loud.map((f) => `${f.rule}/${f.code} ${f.message}`),
          [],
        );
        assert.deepEqual(checked.revisions, captured.revisions);
      });
    }

    test(`python: ${server.name}: capture --record --synthesize-inputs validates`, async (t) => {
      if (!needPython(t)) return;
      const recorded = await capture(target(server.file), {
        timeout: 60_000,
        record: { call: 'read-only', maxCalls: 20, maxAnswerBytes: 1 << 20, synthesize: {} },
      });
      assert.ok(recorded.value, JSON.stringify(recorded.diagnostics));
      assert.deepEqual(errorsOf(recorded.diagnostics), []);
      assert.deepEqual(errorsOf(validate(recorded.value).diagnostics), []);
      const tools = recorded.value.tools as JsonObject[];
      assert.ok(
        tools.some((tool) => tool.examples !== undefined),
        `no tool example was recorded: ${JSON.stringify(recorded.diagnostics.map((d) => d.message))}`,
      );
    });
  }
});
