/**
 * More real servers from npm (issue 34), exact devDependencies started from node_modules (no npx, no
 * network: each lists its surface offline; the dummy keys only matter when a tool is called; the
 * recording calls only `readOnlyHint` tools, and where a server has some (context7, firecrawl) its API
 * URL is moved to port 9 of loopback, where nothing listens: strace saw no other connect).
 * For each, side by side: capture `--protocol auto` and `all` validates, `docs` renders it, the twin
 * holds (capture of `mock (capture S)` equals `capture S`), verify is clean but for the server's own
 * lapses (table below), and `capture --record --synthesize-inputs` validates.
 *
 * | server (version)                            | SDK              | lapses |
 * | ------------------------------------------- | ---------------- | ------ |
 * | @modelcontextprotocol/server-github 2025.4.8 | TypeScript SDK v1 | none  |
 * | @modelcontextprotocol/server-brave-search 0.6.2 | TypeScript SDK v1 | none |
 * | @modelcontextprotocol/server-slack 2025.4.25 | TypeScript SDK v1 | none  |
 * | @modelcontextprotocol/server-gitlab 2025.4.25 | TypeScript SDK v1 | none |
 * | @modelcontextprotocol/server-google-maps 0.6.2 | TypeScript SDK v1 | none |
 * | mcp-time-linux-x64 0.4.0                    | Go (mcp-go)       | drift: a description lists Go map keys in a new order each start |
 * | mcp-prometheus-linux-amd64 2.1.1            | Go (mcp-go)       | none  |
 * | mcp-alertmanager-linux-amd64 2.1.1          | Go (mcp-go)       | none  |
 * | @temporal-cortex/cortex-mcp-linux-x64 0.9.1 | Rust (rmcp)       | none  |
 * | @vaulttools/mcp-linux-x64 0.1.7             | Rust (rmcp 0.16)  | none  |
 * | @git-library/mcp-linux-x64 1.2.3            | Rust              | none  |
 * | @onshape-mcp/linux-x64 0.5.2                | Rust (rmcp 2.2)   | none  |
 * | mcp-hello-world 1.1.2                       | TypeScript SDK v1 (resource, template, prompt) | none |
 * | @upstash/context7-mcp 4.1.1                 | TypeScript SDK v2 (2026-07-28) | none |
 * | @modelcontextprotocol/server-budget-allocator 2.0.3 | TypeScript SDK v2, MCP Apps | none |
 * | @modelcontextprotocol/server-sheet-music 2.0.3 | TypeScript SDK v2, MCP Apps | none |
 * | firecrawl-mcp 3.26.0                        | FastMCP-TS 4.3.2  | none  |
 *
 * 16 of 17 exact. Every binary runs with HOME in a temp dir (they keep caches and config there). The binaries ship inside their registry packages (no postinstall download).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import type { ConnectTarget } from 'mcpdesc-toolkit/internal/live/connect.js';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { differences, errorsOf, repoRoot, runCli } from './helpers.js';

const require = createRequire(import.meta.url);
// From the workspace's node_modules: some packages export no `./package.json` to resolve.
const entry = (name: string, file = 'dist/index.js') => join(repoRoot, 'node_modules', name, file);

const scratch = mkdtempSync(join(tmpdir(), 'mcpdesc-npm-servers-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const node = (
  name: string,
  env: Record<string, string> = {},
  file = 'dist/index.js',
  args: string[] = [],
  protocols = ['auto', 'all'],
) => ({
  name,
  lapses: [] as string[],
  protocols,
  target: (): ConnectTarget => ({ kind: 'stdio', command: process.execPath, args: [entry(name, file), ...args], env }),
});

/** A server shipped as a native binary inside a registry package (no postinstall download). */
const binary = (
  name: string,
  file: string,
  args: string[] = [],
  lapses: string[] = [],
  env: Record<string, string> = {},
) => ({
  name,
  lapses,
  protocols: ['auto', 'all'],
  target: (): ConnectTarget => ({
    kind: 'stdio',
    command: require.resolve(`${name}/package.json`).replace(/package\.json$/, file),
    args,
    cwd: scratch,
    // A server that keeps files under HOME (cortex-mcp makes ~/.config/temporal-cortex) keeps them here.
    env: { ...env, HOME: scratch, XDG_CONFIG_HOME: scratch },
  }),
});

/**
 * `--protocol all` starts a server up to nine times, and these Node servers take 4-5 s a start at
 * load 16 (80-105 s a test beside three others): every `npm test` runs it on a sample (hello-world,
 * context7: the legacy and the modern negotiation), `npm run test:npm-servers` on all of them.
 */
const slowAll = process.env.MCPDESC_ALL_SERVERS === '1' ? ['auto', 'all'] : ['auto'];

const servers = [
  node('@modelcontextprotocol/server-github', { GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy' }),
  node('@modelcontextprotocol/server-brave-search', { BRAVE_API_KEY: 'dummy' }),
  node('@modelcontextprotocol/server-slack', { SLACK_BOT_TOKEN: 'dummy', SLACK_TEAM_ID: 'dummy' }),
  node('@modelcontextprotocol/server-gitlab', { GITLAB_PERSONAL_ACCESS_TOKEN: 'dummy' }),
  node('@modelcontextprotocol/server-google-maps', { GOOGLE_MAPS_API_KEY: 'dummy' }),
  // TypeScript SDK v1 with a resource, a resource template and a prompt.
  node('mcp-hello-world', {}, 'build/stdio.js'),
  // TypeScript SDK v2: context7 answers server/discover (2026-07-28); its read-only tools, called by
  // the recording, reach an API that CONTEXT7_API_URL moves to port 9 of loopback (nothing listens).
  node('@upstash/context7-mcp', { CONTEXT7_API_URL: 'http://127.0.0.1:9' }),
  // TypeScript SDK v2 with MCP Apps (ext-apps): a ui:// resource beside the tool that shows it.
  node('@modelcontextprotocol/server-budget-allocator', {}, 'dist/index.js', ['--stdio'], slowAll),
  node('@modelcontextprotocol/server-sheet-music', {}, 'dist/index.js', ['--stdio'], slowAll),
  // FastMCP-TS (fastmcp 4.3.2); the read-only tools the recording calls go to FIRECRAWL_API_URL.
  node(
    'firecrawl-mcp',
    { FIRECRAWL_API_KEY: 'fc-dummy', FIRECRAWL_API_URL: 'http://127.0.0.1:9' },
    'dist/index.js',
    [],
    slowAll,
  ),
  // Go (mark3labs/mcp-go); the URLs only matter when a tool is called (port 9: discard, nothing listens).
  // Its current_time format description lists Go map keys in a new order on every start: real drift.
  binary('mcp-time-linux-x64', 'bin/mcp-time', [], ['verify.drift.schema']),
  binary('mcp-prometheus-linux-amd64', 'bin/mcp-prometheus-linux-amd64', ['--url', 'http://127.0.0.1:9']),
  binary('mcp-alertmanager-linux-amd64', 'bin/mcp-alertmanager-linux-amd64', ['--url', 'http://127.0.0.1:9']),
  // Rust (rmcp)
  binary('@temporal-cortex/cortex-mcp-linux-x64', 'bin/cortex-mcp'),
  binary('@vaulttools/mcp-linux-x64', 'bin/vaulttools-mcp', ['--allowed-dir', scratch]),
  binary('@git-library/mcp-linux-x64', 'bin/git-library-mcp'),
  binary('@onshape-mcp/linux-x64', 'bin/onshape-mcp', [], [], {
    ONSHAPE_ACCESS_KEY: 'dummy',
    ONSHAPE_SECRET_KEY: 'dummy',
  }),
];

/**
 * The bound of each capture and verify: the Node servers start in 4-5 s at load 16 (firecrawl's
 * fastmcp, context7's OpenTelemetry), and `--protocol all` starts one per revision.
 */
const bound = 240_000;

/** Warnings that are the servers' own (not drift): the v1 SDK accepts an invalid cursor (MCP: SHOULD answer -32602). */
const serverLapses = new Set(['verify.hygiene.invalid-cursor']);

describe('npm servers', { concurrency: 4 }, () => {
  for (const server of servers) {
    for (const protocol of server.protocols) {
      test(`npm: ${server.name} --protocol ${protocol}: capture validates, docs, twin, verify clean`, async () => {
        const captured = await capture(server.target(), { protocol, timeout: bound });
        assert.ok(captured.value, JSON.stringify(captured.diagnostics));
        assert.deepEqual(errorsOf(captured.diagnostics), []);
        assert.deepEqual(errorsOf(validate(captured.value).diagnostics), []);
        assert.ok(Array.isArray(captured.value.tools) && captured.value.tools.length > 0);

        const file = join(scratch, `${server.name.replace(/\W/g, '_')}-${protocol}.json`);
        writeFileSync(file, JSON.stringify(captured.value));
        const docs = await runCli(['docs', file, '--markdown']);
        assert.equal(docs.code, 0, docs.stderr);

        const mock = await startMock(captured.value, { transport: 'http', port: 0 });
        try {
          const twin = await capture({ kind: 'http', url: mock.url! }, { protocol, timeout: bound });
          assert.ok(twin.value, JSON.stringify(twin.diagnostics));
          assert.deepEqual(differences(captured.value, twin.value), []);
        } finally {
          await mock.close();
        }

        const checked = await verify(captured.value, server.target(), { timeout: bound, call: 'none' });
        const loud = checked.findings.filter(
          (f) =>
            !server.lapses.includes(f.rule) &&
            (f.severity === 'error' || (f.severity === 'warning' && !serverLapses.has(f.rule))),
        );
        assert.deepEqual(
          loud.map((f) => `${f.rule}/${f.code} ${f.message}`),
          [],
        );
        assert.deepEqual(checked.revisions, captured.revisions);
      });
    }

    test(`npm: ${server.name}: capture --record --synthesize-inputs validates`, async () => {
      const recorded = await capture(server.target(), {
        timeout: bound,
        record: { call: 'read-only', maxCalls: 20, maxAnswerBytes: 1 << 20, synthesize: {} },
      });
      assert.ok(recorded.value, JSON.stringify(recorded.diagnostics));
      assert.deepEqual(errorsOf(recorded.diagnostics), []);
      assert.deepEqual(errorsOf(validate(recorded.value).diagnostics), []);
    });
  }
});
