/**
 * `mcpdesc mock` meets a client we did not write: the v1 SDK `Client` (@modelcontextprotocol/sdk
 * 1.x, what most deployed clients use) over stdio (it spawns `node packages/cli/dist/bin/mcpdesc.js mock`) and
 * over Streamable HTTP. Every answer is compared with what the description says.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { native } from 'mcpdesc-core/internal/operations/native.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { repoRoot } from './helpers.js';
import { binPath as bin } from '../helpers/paths.js';

const fixture = `${repoRoot}test/fixtures/mock/v1-client.mcpdesc.json`;
const document = JSON.parse(readFileSync(fixture, 'utf8')) as JsonObject;
const revision = '2025-11-25';
const payloads = native(document, revision).value!;
const pageSize = 2;

const newClient = () => new Client({ name: 'v1-client-test', version: '1.0.0' });
const firstText = (result: unknown) => ((result as { content: JsonObject[] }).content[0] as JsonObject).text;

/** Every page of a list through the client's own paginated method; asserts each page holds at most `pageSize`. */
async function everyPage<T>(
  list: (cursor: string | undefined) => Promise<{ nextCursor?: string } & Record<string, unknown>>,
  member: string,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await list(cursor);
    const got = page[member] as T[];
    assert.ok(got.length <= pageSize, `${member}: a page of ${got.length}`);
    items.push(...got);
    cursor = page.nextCursor;
    pages++;
  } while (cursor !== undefined && pages < 20);
  return { items, pages };
}

/** The session every transport must serve identically. */
async function exercise(client: Client): Promise<void> {
  assert.equal(client.getServerVersion()?.name, 'mock-v1-client');
  assert.equal(client.getServerVersion()?.version, '3.1.4');
  assert.equal(client.getInstructions(), 'A fixture served to the v1 SDK client.');
  const capabilities = client.getServerCapabilities()!;
  assert.deepEqual(capabilities.resources, { subscribe: true, listChanged: true });
  assert.deepEqual(capabilities.tools, { listChanged: true });
  assert.deepEqual(await client.ping(), {});

  // Every list, page by page, equals the description's native list.
  for (const [method, member, list] of [
    ['tools/list', 'tools', (cursor?: string) => client.listTools(cursor ? { cursor } : {})],
    ['resources/list', 'resources', (cursor?: string) => client.listResources(cursor ? { cursor } : {})],
    [
      'resources/templates/list',
      'resourceTemplates',
      (cursor?: string) => client.listResourceTemplates(cursor ? { cursor } : {}),
    ],
    ['prompts/list', 'prompts', (cursor?: string) => client.listPrompts(cursor ? { cursor } : {})],
  ] as const) {
    const expected = payloads[method]![member] as JsonObject[];
    const { items, pages } = await everyPage<JsonObject>(list as never, member);
    assert.deepEqual(items, expected, method);
    assert.equal(pages, Math.ceil(expected.length / pageSize), `${method}: pages`);
  }

  // tools/call: an example by its input, a result synthesized from the outputSchema, invalid arguments, an unknown tool.
  const hello = await client.callTool({ name: 'echo', arguments: { text: 'hello' } });
  assert.equal(firstText(hello), 'hello');
  assert.equal(hello.isError, undefined);
  const bye = await client.callTool({ name: 'echo', arguments: { text: 'bye' } });
  assert.equal(firstText(bye), 'bye');
  const forecast = await client.callTool({ name: 'forecast', arguments: { city: 'Lyon' } });
  const structured = forecast.structuredContent as JsonObject;
  assert.equal(structured.city, 'Paris'); // the schema's const
  assert.ok(Number.isInteger(structured.celsius) && (structured.celsius as number) >= -30);
  assert.ok((structured.celsius as number) <= 45);
  const invalid = await client.callTool({ name: 'add', arguments: { a: 'one', b: 1 } });
  assert.equal(invalid.isError, true);
  assert.match(String(firstText(invalid)), /property "a" fails "type".*"one"/);
  await assert.rejects(client.callTool({ name: 'nosuch', arguments: {} }), /-32602.*Unknown tool: "nosuch"/);

  // resources/read: a static example, one without example (synthesized), a template example, an unlisted URI.
  const readme = await client.readResource({ uri: 'file:///docs/readme.md' });
  assert.deepEqual(readme.contents, [{ uri: 'file:///docs/readme.md', mimeType: 'text/markdown', text: '# Read me' }]);
  const changes = await client.readResource({ uri: 'file:///docs/changes.md' });
  assert.deepEqual(changes.contents, [
    {
      uri: 'file:///docs/changes.md',
      mimeType: 'text/markdown',
      text: 'mcpdesc mock: resource "file:///docs/changes.md" has no example.',
    },
  ]);
  const logo = await client.readResource({ uri: 'file:///img/logo.png' });
  assert.deepEqual(logo.contents, [{ uri: 'file:///img/logo.png', mimeType: 'image/png', blob: '' }]);
  const note = await client.readResource({ uri: 'notes://items/7' });
  assert.deepEqual(note.contents, [{ uri: 'notes://items/7', mimeType: 'text/plain', text: 'note 7' }]);
  await assert.rejects(client.readResource({ uri: 'file:///unlisted' }), /-32002.*Resource not found/);

  // subscribe / unsubscribe, advertised by resources.subscribe.
  assert.deepEqual(await client.subscribeResource({ uri: 'file:///docs/readme.md' }), {});
  assert.deepEqual(await client.unsubscribeResource({ uri: 'file:///docs/readme.md' }), {});

  // prompts/get by the example's arguments; a missing required argument.
  const greet = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
  assert.deepEqual(greet.messages, [{ role: 'user', content: { type: 'text', text: 'Hello, Ada!' } }]);
  await assert.rejects(client.getPrompt({ name: 'greet', arguments: {} }), /-32602.*Missing required argument/);

  // completion/complete for a prompt argument and a template variable.
  const who = await client.complete({
    ref: { type: 'ref/prompt', name: 'greet' },
    argument: { name: 'who', value: 'Ad' },
  });
  assert.deepEqual(who.completion.values, ['Ada', 'Adele']);
  const id = await client.complete({
    ref: { type: 'ref/resource', uri: 'notes://items/{id}' },
    argument: { name: 'id', value: '7' },
  });
  assert.deepEqual(id.completion, { values: ['7', '70', '71'], total: 3, hasMore: false });

  // logging/setLevel (the description advertises logging).
  assert.deepEqual(await client.setLoggingLevel('warning'), {});
}

test('v1 SDK client over stdio: initialize, ping, every list by page, calls, reads, subscribe, prompts, completion, logging', async () => {
  const client = newClient();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mock', fixture, '--quiet', '--page-size', String(pageSize)],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await client.connect(transport);
  try {
    assert.equal(transport.pid !== null, true);
    await exercise(client);
  } finally {
    await client.close();
  }
  assert.equal(stderr, '', 'nothing on standard error under --quiet');
});

test('v1 SDK client over Streamable HTTP: the same session; standard error carries only our own line under --quiet', async () => {
  const child = spawn(
    process.execPath,
    [bin, 'mock', fixture, '--http', '127.0.0.1:0', '--quiet', '--page-size', String(pageSize)],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    const url = (await waitFor(() => stderr, /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/, 'the mock to listen'))[1]!;
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
    assert.deepEqual(
      stderr.trim().split('\n'),
      [`mcpdesc mock: serving ${fixture} (MCP ${revision}) on ${url}`],
      'only our own line on standard error',
    );
  } finally {
    await stop(child);
  }
});

test('v1 SDK client over stdio with --watch: an edit sends tools/list_changed (and resources/updated to a subscriber); the lists follow', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-v1-watch-'));
  const file = join(dir, 'server.mcpdesc.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  const client = newClient();
  const seen: string[] = [];
  const updated: string[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.push('tools'));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.push('resources'));
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.push('prompts'));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updated.push(n.params.uri));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mock', file, '--quiet', '--watch'],
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await client.connect(transport);
  try {
    assert.deepEqual(
      (await client.listTools()).tools.map((t) => t.name),
      ['echo', 'forecast', 'add'],
    );
    await client.subscribeResource({ uri: 'file:///docs/readme.md' });
    // The edit: one more tool, and the subscribed resource's content changes; prompts stay as they were.
    const edited = structuredClone(document);
    (edited.tools as JsonObject[]).push({ name: 'shout', description: 'New.', inputSchema: { type: 'object' } });
    const readme = (edited.resources as JsonObject[])[0]!;
    readme.examples = {
      current: {
        result: { contents: [{ uri: 'file:///docs/readme.md', mimeType: 'text/markdown', text: '# Read me, v2' }] },
      },
    };
    writeFileSync(file, JSON.stringify(edited, null, 2));
    await waitFor(
      () =>
        seen.includes('tools') && updated.length > 0 ? 'done' : `seen ${seen}, updated ${updated}, stderr ${stderr}`,
      /^done$/,
      'the notifications',
    );
    await waitFor(() => stderr, /reloaded/, 'the reload line');
    assert.deepEqual(seen, ['tools'], 'only the list that changed');
    assert.deepEqual(updated, ['file:///docs/readme.md']);
    assert.deepEqual(
      (await client.listTools()).tools.map((t) => t.name),
      ['echo', 'forecast', 'add', 'shout'],
    );
    const read = await client.readResource({ uri: 'file:///docs/readme.md' });
    assert.equal((read.contents[0] as JsonObject).text, '# Read me, v2');
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Waits until `read()` matches `pattern`. */
async function waitFor(read: () => string, pattern: RegExp, what: string, ms = 10000): Promise<RegExpExecArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = pattern.exec(read());
    if (m) return m;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${read()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
