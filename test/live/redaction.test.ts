/**
 * The one redaction of the live commands (issue 39 item 1, issue 34's redaction class): what is
 * secret, how an echo is replaced (whole token, never the tool's own fields or the format's
 * member names), and that the command files print nothing except through the redacting writer.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Redactor, redactedMark, secretsOf } from 'mcpdesc-toolkit/internal/live/redaction.js';
import { redactDocument } from 'mcpdesc-toolkit/internal/live/capture.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { repoRoot } from './helpers.js';

const env = (values: Record<string, string>) => Redactor.of({ kind: 'stdio', env: values });
const valuesOf = (redactor: Redactor) => redactor.secrets.map((s) => s.value);

test('secret: credential-named variables and headers, random-looking values, URL user information', () => {
  assert.deepEqual(valuesOf(env({ GITHUB_TOKEN: 'hunter22' })), ['hunter22']);
  assert.deepEqual(valuesOf(env({ DB_PASSWORD: 'pass' })), ['pass']);
  assert.deepEqual(valuesOf(env({ SESSION_COOKIE: 'abcd' })), ['abcd']);
  // Any name: a value that looks generated (20+ characters, letters and digits, 10+ distinct).
  assert.deepEqual(valuesOf(env({ UPSTREAM: 'q8Zr2LmX0vNc5TbW7yKa' })), ['q8Zr2LmX0vNc5TbW7yKa']);
  // A URL-valued variable: its password.
  assert.ok(valuesOf(env({ DATABASE_URL: 'postgres://app:pg-pass-1@db/app' })).includes('pg-pass-1'));
  const headers = Redactor.of({
    kind: 'http',
    url: 'https://bob:url-pass@example.com/mcp',
    headers: { Authorization: 'Bearer tok-123456', 'X-Api-Key': 'k-99', Cookie: 'sid=s3ss; theme=dark' },
  });
  for (const expected of ['Bearer tok-123456', 'tok-123456', 'url-pass', 'sid=s3ss; theme=dark', 's3ss', 'dark'])
    assert.ok(valuesOf(headers).includes(expected), expected);
  assert.ok(!valuesOf(headers).includes('bob'), 'a user name beside a password is no secret');
  // Sources name the option, never the value.
  assert.deepEqual(
    secretsOf({ kind: 'stdio', env: { API_KEY: 'abcdef' } }).map((s) => s.source),
    ['--env API_KEY'],
  );
});

test('not secret: short and ordinary values, settings of credential-named variables, paths and URLs', () => {
  assert.deepEqual(
    valuesOf(
      env({
        MCP_MODE: 'stdio',
        PROJECT: 'world',
        DEBUG: '1',
        AUTH_ENABLED: 'true',
        SESSION_TTL: '3600',
        API_KEY: 'abc',
        WORKSPACE: '/home/user/projects/world-2024-final',
        ENDPOINT: 'https://api.example.com/v1/items2024',
        LONG_WORDS: 'aaaaaaaaaaaaaaaaaaaaaaaa1',
      }),
    ),
    [],
  );
  assert.deepEqual(
    valuesOf(Redactor.of({ kind: 'http', url: 'https://example.com/', headers: { Accept: 'application/json' } })),
    [],
  );
});

test('text: a short secret is replaced as a whole token only, a long one anywhere', () => {
  const short = env({ API_KEY: 'errs' });
  assert.equal(
    short.text('errs, errors, errsx, x_errs: errs.'),
    `${redactedMark}, errors, errsx, x_errs: ${redactedMark}.`,
  );
  const long = env({ TOKEN: 'sk_live_9f8A7b6C5d4E3f2G1h' });
  assert.equal(long.text('echo_sk_live_9f8A7b6C5d4E3f2G1hX'), `echo_${redactedMark}X`);
  assert.equal(long.mask('a sk_live_9f8A7b6C5d4E3f2G1h b'), `a ${'*'.repeat(26)} b`);
  const urls = new Redactor([], { userinfo: true });
  assert.equal(urls.text('read https://u:p4ss@h/x -> ok'), `read https://${redactedMark}@h/x -> ok`);
});

const captured = (): JsonObject => ({
  $schema: 'https://mcpdesc.org/schemas/0.8.0/mcp-description.json',
  mcpdesc: '0.8.0',
  info: { name: 'srv', version: '1.0.0', title: 'Hello world' },
  protocolVersions: ['2025-11-25'],
  transports: [{ type: 'stdio', command: 'node', args: ['world.js'], env: { MCP_MODE: '${MCP_MODE}' } }],
  capabilities: [{ tools: {} }],
  tools: [
    {
      name: 'report',
      description: 'Reports errors in the world.',
      inputSchema: {
        type: 'object',
        properties: { errors: { type: 'string' }, stdio: { type: 'string', description: 'stdio' } },
        required: ['errors'],
      },
    },
  ],
});

test('document: ordinary --env values (MCP_MODE=stdio, PROJECT=world) change nothing and the document stays valid', () => {
  const document = captured();
  const before = JSON.stringify(document);
  const findings = redactDocument(document, env({ MCP_MODE: 'stdio', PROJECT: 'world' }));
  assert.deepEqual(findings, []);
  assert.equal(JSON.stringify(document), before);
  assert.deepEqual(
    validate(document).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test('document: a credential that is also a word never touches the tool-written fields or the format`s member names', () => {
  const transportOnly = captured();
  // A credential-named variable whose value is `stdio`: pathological, and still no corruption.
  redactDocument(transportOnly, env({ SECRET_MODE: 'stdio' }));
  assert.deepEqual((transportOnly.transports as JsonObject[])[0], (captured().transports as JsonObject[])[0]);
  const document = captured();
  const findings = redactDocument(document, env({ API_TOKEN: 'errors' }));
  const tool = (document.tools as JsonObject[])[0]!;
  assert.equal(tool.description, `Reports ${redactedMark} in the world.`);
  const schema = tool.inputSchema as JsonObject;
  // Property names are the server's: renamed, and `required` follows (the same replacement).
  assert.deepEqual(Object.keys(schema.properties as JsonObject), [redactedMark, 'stdio']);
  assert.deepEqual(schema.required, [redactedMark]);
  assert.equal(schema.type, 'object');
  assert.ok(findings.every((f) => f.rule === 'capture.secret' && f.severity === 'warning'));
  assert.ok(
    findings.some((f) => f.code === 'key-renamed' && f.pointer === `/tools/0/inputSchema/properties/${redactedMark}`),
  );
  assert.ok(findings.every((f) => /--env API_TOKEN/.test(f.message) && !/\berrors\b/.test(f.message + f.pointer)));
  assert.deepEqual(
    validate(document).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test('document: a secret in a _meta or x-* name drops the entry (a renamed _meta key breaks its grammar); colliding names drop the second', () => {
  const secret = 'sk_live_9f8A7b6C5d4E3f2G1h';
  const document = captured();
  const tool = (document.tools as JsonObject[])[0]!;
  tool._meta = { [`com.example/${secret}`]: 1, 'com.example/kept': secret };
  tool['x-origin'] = 'ok';
  tool[`x-${secret}`] = true;
  (tool.inputSchema as JsonObject).properties = {
    [`a_${secret}`]: { type: 'string' },
    [`b_${secret}`]: { type: 'number' },
  };
  (tool.inputSchema as JsonObject).required = [`a_${secret}`];
  const findings = redactDocument(document, env({ TOKEN: secret }));
  assert.deepEqual(tool._meta, { 'com.example/kept': redactedMark });
  assert.equal(tool[`x-${redactedMark}`], undefined);
  assert.equal(tool['x-origin'], 'ok');
  assert.deepEqual(Object.keys((tool.inputSchema as JsonObject).properties as JsonObject), [
    `a_${redactedMark}`,
    `b_${redactedMark}`,
  ]);
  assert.ok(!JSON.stringify(document).includes(secret));
  assert.ok(!JSON.stringify(findings).includes(secret));
  assert.deepEqual(findings.map((f) => f.code).sort(), [
    'entry-dropped',
    'entry-dropped',
    'key-renamed',
    'key-renamed',
    'redacted',
    'redacted',
  ]);
  assert.deepEqual(
    validate(document).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test('value: deep values are redacted without recursion (100,000 levels)', () => {
  let deep: unknown = 'sk_live_9f8A7b6C5d4E3f2G1h';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  let out = env({ TOKEN: 'sk_live_9f8A7b6C5d4E3f2G1h' }).value(deep);
  for (let i = 0; i < 100_000; i++) out = (out as unknown[])[0];
  assert.equal(out, redactedMark);
  const document: JsonObject = { info: { name: 'x', version: '1' } };
  let node = document.info as JsonObject;
  for (let i = 0; i < 100_000; i++) node = node.x = { description: 'sk_live_9f8A7b6C5d4E3f2G1h' } as JsonObject;
  assert.equal(redactDocument(document, env({ TOKEN: 'sk_live_9f8A7b6C5d4E3f2G1h' })).length, 100_000);
});

/** The command files of the live commands, and what they may not call. */
const liveCommands = ['capture-run.ts', 'verify-run.ts', 'mock-run.ts', 'capture.ts', 'verify.ts', 'mock.ts'];
const printers = [
  /\bio\.(stdout|stderr|progress)\b/,
  /\bformatReport(Pieces)?\b/,
  /\b(writeText|writeDocument|reportDiagnostics)\b/,
  /\bconsole\.|process\.(stdout|stderr)/,
];

test('house: the live commands print and write only through the redacting LiveOutput', () => {
  const folder = join(repoRoot, 'packages/cli/src/cli/commands');
  const present = readdirSync(folder);
  for (const name of liveCommands) {
    assert.ok(present.includes(name), `${name} exists`);
    const text = readFileSync(join(folder, name), 'utf8');
    for (const [index, line] of text.split('\n').entries()) {
      // A type-only import names no function.
      if (/^import type /.test(line)) continue;
      for (const printer of printers)
        assert.doesNotMatch(line, printer, `${name}:${index + 1} prints around the redaction: ${line.trim()}`);
    }
  }
  const runs = ['capture-run.ts', 'verify-run.ts', 'mock-run.ts'];
  for (const name of runs)
    assert.match(readFileSync(join(folder, name), 'utf8'), /new LiveOutput\(io, /, `${name} builds its LiveOutput`);
});
