/**
 * The README's bundled example mocks for today's clients (issue 35 item 1): it declares
 * 2025-11-25 beside 2026-07-28, with protocol-scoped variants where the example results differ
 * (2026-07-28 completed results carry resultType, ttlMs and cacheScope; 2025-11-25 ones must not),
 * so the v1 SDK client, which speaks 2025-11-25 at most, lists, calls, reads and completes against
 * `mcpdesc mock` of it over stdio, and every answer equals the 2025-11-25 view of the description.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { native } from 'mcpdesc-core/internal/operations/native.js';
import { project } from 'mcpdesc-core/internal/operations/project.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { repoRoot } from './helpers.js';
import { binPath as bin } from '../helpers/paths.js';

const example = `${repoRoot}examples/bookshelf.mcpdesc.yaml`;
const document = parseDescription(readFileSync(example), { filename: example }).document as JsonObject;
const revision = '2025-11-25';

/** The named example of a primitive in the 2025-11-25 view (the variant the mock answers from). */
function exampleOf(collection: string, key: string, value: string, kind: string, name: string): JsonObject {
  const view = project(document, revision).value as JsonObject;
  const primitive = (view[collection] as JsonObject[]).find((item) => item[key] === value)!;
  return (primitive[kind] as JsonObject)[name] as JsonObject;
}

/** A mock answer without the mock's own `_meta` marker, after checking it names the example served. */
function served(result: Record<string, unknown>, name: string): Record<string, unknown> {
  const { _meta, ...rest } = result;
  assert.equal(((_meta as JsonObject)['io.mcpdesc/mock'] as JsonObject).example, name);
  return rest;
}

test('the bundled example declares 2025-11-25 beside 2026-07-28, the revision the v1 SDK client speaks', () => {
  assert.deepEqual(document.protocolVersions, ['2025-11-25', '2026-07-28']);
  assert.equal(LATEST_PROTOCOL_VERSION, revision);
});

test('v1 SDK client over stdio against `mcpdesc mock` of the bundled example: negotiates 2025-11-25, lists, calls, reads, completes', async () => {
  const client = new Client({ name: 'bundled-example-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mock', example],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await client.connect(transport);
  try {
    assert.equal(client.getServerVersion()?.name, 'bookshelf');
    const payloads = native(document, revision).value!;
    assert.deepEqual((await client.listTools()).tools, payloads['tools/list']!.tools);
    assert.deepEqual((await client.listResources()).resources, payloads['resources/list']!.resources);
    assert.deepEqual(
      (await client.listResourceTemplates()).resourceTemplates,
      payloads['resources/templates/list']!.resourceTemplates,
    );
    assert.deepEqual((await client.listPrompts()).prompts, payloads['prompts/list']!.prompts);

    // tools/call by an example's input answers that example's 2025-11-25 result (no resultType).
    const earthsea = exampleOf('tools', 'name', 'search_books', 'examples', 'earthsea');
    const searched = await client.callTool({ name: 'search_books', arguments: earthsea.input as JsonObject });
    assert.deepEqual(served(searched, 'earthsea'), earthsea.result);
    assert.equal('resultType' in searched, false);
    const noCopies = exampleOf('tools', 'name', 'reserve_book', 'examples', 'no-copies-left');
    const reserved = await client.callTool({ name: 'reserve_book', arguments: noCopies.input as JsonObject });
    assert.equal(reserved.isError, true);
    assert.deepEqual(served(reserved, 'no-copies-left'), noCopies.result);

    // resources/read answers the 2025-11-25 variant's example (no ttlMs or cacheScope).
    const today = exampleOf('resources', 'uri', 'bookshelf://catalogue/stats', 'examples', 'today');
    const read = await client.readResource({ uri: 'bookshelf://catalogue/stats' });
    assert.deepEqual(served(read, 'today'), today.result);
    assert.equal('ttlMs' in read || 'cacheScope' in read, false);

    // completion/complete for the prompt argument.
    const prefix = exampleOf('prompts', 'name', 'reading_list', 'completionExamples', 'subject-prefix');
    const completed = await client.complete({
      ref: { type: 'ref/prompt', name: 'reading_list' },
      argument: prefix.argument as { name: string; value: string },
    });
    assert.deepEqual(served(completed, 'subject-prefix'), prefix.result);
  } finally {
    await client.close();
  }
  assert.match(stderr, /stdio initialize -> ok/, stderr);
  assert.doesNotMatch(stderr, /-> error/, stderr);
});
