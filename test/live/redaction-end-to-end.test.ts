/**
 * A hostile stdio server that echoes the supplied secret in every field it controls (server
 * info, instructions, tool names, descriptions, schemas, property names, `_meta` keys, errors,
 * results, log notifications, standard error), against capture, capture --record, verify with and
 * without --results in every format, connect failures and the mock's logs: the secret never
 * appears in standard output, standard error or a written file (issue 39 item 1).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { runCli } from './helpers.js';
import { binPath as bin } from '../helpers/paths.js';

const secret = 'sk_live_9f8A7b6C5d4E3f2G1hQ';
const folder = mkdtempSync(join(tmpdir(), 'mcpdesc-hostile-'));
after(() => rmSync(folder, { recursive: true, force: true }));

const hostileServer = `
const S = process.env.HOSTILE_TOKEN || process.env.PROJECT || '';
if (process.env.HOSTILE_MODE === 'crash') { process.stderr.write('fatal: bad token ' + S + '\\n'); process.exit(3); }
process.stderr.write('starting with ' + S + '\\n');
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
const tools = [
  {
    name: 'echo-' + S,
    title: 'Echo ' + S,
    description: 'Echoes ' + S,
    inputSchema: {
      type: 'object',
      properties: { ['p_' + S]: { type: 'string', description: S, default: S, enum: [S] }, errors: { type: 'string' } },
      required: ['p_' + S],
    },
    _meta: { ['com.example/' + S]: S, 'com.example/plain': S },
    annotations: { title: S, readOnlyHint: true },
  },
  { name: 'show', description: 'Shows the token', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
];
let buffer = '';
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  let end;
  while ((end = buffer.indexOf('\\n')) >= 0) {
    const line = buffer.slice(0, end);
    buffer = buffer.slice(end + 1);
    if (!line.trim()) continue;
    const m = JSON.parse(line);
    if (m.id === undefined) continue;
    const reply = (result) => send({ jsonrpc: '2.0', id: m.id, result });
    const fail = (code) => send({ jsonrpc: '2.0', id: m.id, error: { code, message: 'refused ' + S, data: { token: S } } });
    if (m.method === 'initialize')
      reply({
        protocolVersion: m.params.protocolVersion,
        capabilities: { tools: {}, logging: {} },
        serverInfo: { name: 'srv-' + S, title: 'Title ' + S, version: '1.0.0-' + S },
        instructions: 'Use ' + S,
      });
    else if (m.method === 'ping') reply({});
    else if (m.method === 'tools/list') reply({ tools });
    else if (m.method === 'tools/call') {
      send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'calling with ' + S } });
      if (m.params.name !== 'show' || Object.keys(m.params.arguments ?? {}).length > 0) fail(-32602);
      // A new value each call: verify --results sees drift and quotes it.
      else reply({ content: [{ type: 'text', text: 'token ' + S + ' at ' + Date.now() + Math.random() }] });
    } else fail(-32601);
  }
});
`;
const serverFile = join(folder, 'hostile-server.cjs');
writeFileSync(serverFile, hostileServer);

const stdio = ['--stdio', `"${process.execPath}" "${serverFile}"`, '--protocol', '2025-11-25', '--timeout', '20000'];
const withSecret = [...stdio, '--env', `HOSTILE_TOKEN=${secret}`];

function assertClean(what: string, out: { stdout: string; stderr: string; files: Map<string, string> }): void {
  assert.ok(!out.stdout.includes(secret), `${what}: the secret is on standard output:\n${out.stdout}`);
  assert.ok(!out.stderr.includes(secret), `${what}: the secret is on standard error:\n${out.stderr}`);
  for (const [file, text] of out.files) assert.ok(!text.includes(secret), `${what}: the secret is in ${file}`);
}

// Every format verify offers (github is lint's).
const formats = ['stylish', 'json', 'sarif', 'junit'] as const;

test('capture, capture --record, verify with and without --results in every format: the secret never printed or written', async () => {
  const shape = await runCli(['capture', ...withSecret, '--to', 'json']);
  assertClean('capture', shape);
  assert.equal(shape.code, 0, shape.stderr);
  assert.match(shape.stderr, /capture\.secret/);
  assert.match(shape.stderr, /--env HOSTILE_TOKEN/);
  const document = JSON.parse(shape.stdout) as Record<string, unknown>;
  assert.deepEqual(
    validate(document).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const captureFile = join(folder, 'captured.json');
  writeFileSync(captureFile, shape.stdout);

  const recorded = await runCli([
    'capture',
    ...withSecret,
    '--record',
    '--synthesize-inputs',
    '--to',
    'json',
    '-o',
    join(folder, 'rec.json'),
  ]);
  assertClean('capture --record', recorded);
  const recordedText = recorded.files.get(join(folder, 'rec.json'));
  assert.ok(recordedText && recordedText.includes('"x-mcpdesc-recorded"'), recorded.stderr);
  const recordedFile = join(folder, 'recorded.json');
  writeFileSync(recordedFile, recordedText);

  for (const format of formats) {
    // The description says *** where the server says the secret: drift, quoting the live values.
    const drift = await runCli(['verify', captureFile, ...withSecret, '--format', format]);
    assertClean(`verify --format ${format}`, drift);
    assert.equal(drift.code, 1, drift.stderr);
    assert.ok(drift.stdout.includes('***'), `verify --format ${format} quotes the redacted value`);
    const results = await runCli(['verify', recordedFile, ...withSecret, '--results', '--format', format]);
    assertClean(`verify --results --format ${format}`, results);
    assert.match(results.stdout, /verify\.results/);
    const written = await runCli([
      'verify',
      recordedFile,
      ...withSecret,
      '--results',
      '--format',
      format,
      '-o',
      join(folder, `report.${format}`),
    ]);
    assertClean(`verify --results --format ${format} -o`, written);
    assert.equal(written.files.size, 1);
  }
});

test('a server that fails at start with the secret on its standard error: capture and verify print its tail redacted', async () => {
  const crash = [...withSecret, '--env', 'HOSTILE_MODE=crash'];
  const captured = await runCli(['capture', ...crash]);
  assertClean('capture of a crashing server', captured);
  assert.equal(captured.code, 2, captured.stderr);
  assert.match(captured.stderr, /fatal: bad token \*\*\*/);
  const description = join(folder, 'minimal.json');
  writeFileSync(
    description,
    JSON.stringify({ mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] }),
  );
  for (const format of formats) {
    const verified = await runCli(['verify', description, ...crash, '--format', format]);
    assertClean(`verify --format ${format} of a crashing server`, verified);
    assert.equal(verified.code, 2, verified.stderr);
  }
});

test('--env MCP_MODE=stdio and PROJECT=world: ordinary values leave the captured document intact and valid', async () => {
  const plain = await runCli(['capture', ...stdio, '--to', 'json']);
  const ordinary = await runCli([
    'capture',
    ...stdio,
    '--env',
    'MCP_MODE=stdio',
    '--env',
    'PROJECT=world',
    '--to',
    'json',
  ]);
  assert.equal(ordinary.code, 0, ordinary.stderr);
  assert.doesNotMatch(ordinary.stderr, /capture\.secret/);
  const document = JSON.parse(ordinary.stdout) as { transports: { type: string; env: Record<string, string> }[] };
  assert.equal(document.transports[0]!.type, 'stdio');
  assert.deepEqual(Object.keys(document.transports[0]!.env), ['MCP_MODE', 'PROJECT']);
  // The server echoed `world` into its names: an ordinary word, kept; so is its property `errors`.
  assert.ok(ordinary.stdout.includes('"echo-world"') && ordinary.stdout.includes('"p_world"'));
  assert.ok(ordinary.stdout.includes('"errors"'));
  assert.deepEqual(
    validate(document).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  assert.equal(plain.code, 0, plain.stderr);
});

test('the mock`s logs: a URI with user information a client sends is logged redacted', async () => {
  const description = join(folder, 'mock.json');
  writeFileSync(
    description,
    JSON.stringify({
      mcpdesc: '0.8.0',
      info: { name: 'm', version: '1' },
      protocolVersions: ['2025-11-25'],
      capabilities: [{ resources: {} }],
      resources: [{ uri: 'test://a', name: 'a' }],
    }),
  );
  const child = spawn(process.execPath, [bin, 'mock', description], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
  const answered = async (id: number) => {
    for (let i = 0; i < 200 && !stdout.includes(`"id":${id}`); i++) await new Promise((r) => setTimeout(r, 25));
  };
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  await answered(1);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({ jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: `https://user:${secret}@example.com/x` } });
  await answered(2);
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  assert.match(stderr, /resources\/read .*https:\/\/\*\*\*@example\.com\/x/);
  assert.ok(!stderr.includes(secret), stderr);
});
