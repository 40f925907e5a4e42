/**
 * `mcpdesc init --from-server-json` and `mcpdesc export server-json`, run as a user runs them:
 * the built binary, spawned, reading and writing real files in a temporary directory.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { binPath, repoRoot } from '../helpers/paths.js';

const fixtures = join(repoRoot, 'test', 'fixtures', 'registry');
const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-registry-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function mcpdesc(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [binPath, ...args], { cwd: dir }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end(stdin ?? '');
  });
}

test('init --from-server-json writes a description that validates; unmapped fields are warnings with rule, code, pointer and line', async () => {
  const input = join(fixtures, '2025-12-11', 'examples', 'with-package.server.json');
  const out = join(dir, 'seeded.mcpdesc.yaml');
  const run = await mcpdesc(['init', '--from-server-json', input, '-o', out]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, '');
  assert.match(
    run.stderr,
    /:14:9\s+warning\s+an argument the user must supply\s+operation\.registry\.unmapped\/kept-in-x-registry/,
  );
  assert.match(run.stderr, /environment variable the user must supply/);
  assert.doesNotMatch(run.stderr, /at .*\.js:\d+/, 'no stack trace');
  const text = readFileSync(out, 'utf8');
  assert.match(text, /^mcpdesc: "0\.8\.0"\n/);
  assert.match(text, /x-registry:/);
  assert.deepEqual(
    readdirSync(dir).filter((f) => f !== 'seeded.mcpdesc.yaml' && f.startsWith('seeded')),
    [],
    'no temporary file left',
  );
  const validate = await mcpdesc(['validate', out]);
  assert.equal(validate.code, 0, validate.stdout);
});

test('init: --protocol sets protocolVersions, --to json; the default output is YAML on standard output', async () => {
  const input = join(fixtures, '2025-12-11', 'examples', 'minimal.server.json');
  const json = await mcpdesc([
    'init',
    '--from-server-json',
    input,
    '--protocol',
    '2025-06-18',
    '2025-11-25',
    '--to',
    'json',
  ]);
  assert.equal(json.code, 0, json.stderr);
  assert.deepEqual(JSON.parse(json.stdout).protocolVersions, ['2025-06-18', '2025-11-25']);
  const yaml = await mcpdesc(['init', '--from-server-json', input]);
  assert.equal(yaml.code, 0, yaml.stderr);
  assert.match(yaml.stdout, /^mcpdesc: "0\.8\.0"\n[\s\S]*protocolVersions:\n {2}- "2025-11-25"\n/);
});

test('init: exit 2 for a missing file or option, exit 1 for a server.json that is no object', async () => {
  const missing = await mcpdesc(['init', '--from-server-json', 'nope.json']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read nope\.json: no such file/);
  assert.equal((await mcpdesc(['init'])).code, 2);
  const unknown = await mcpdesc(['init', '--from-server-json', 'nope.json', '--protocol', '2099-01-01']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--protocol 2099-01-01 is no MCP revision mcpdesc 0\.8\.0 knows/);
  writeFileSync(join(dir, 'array.json'), '[1, 2]');
  const array = await mcpdesc(['init', '--from-server-json', join(dir, 'array.json')]);
  assert.equal(array.code, 1);
  assert.match(array.stderr, /is not a server\.json object/);
  writeFileSync(join(dir, 'broken.json'), '{"name": ');
  assert.equal((await mcpdesc(['init', '--from-server-json', join(dir, 'broken.json')])).code, 1);
});

test('export server-json: round trip through the CLI is exact for every pinned example', async () => {
  for (const folder of ['examples', join('2025-12-11', 'examples'), join('2025-10-17', 'examples')]) {
    for (const file of readdirSync(join(fixtures, folder)).filter((f) => f.endsWith('.server.json'))) {
      const input = join(fixtures, folder, file);
      const description = join(dir, `${file}.mcpdesc.json`);
      assert.equal((await mcpdesc(['init', '--from-server-json', input, '-o', description])).code, 0);
      const out = join(dir, `${file}.back.json`);
      const run = await mcpdesc(['export', 'server-json', description, '-o', out]);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), JSON.parse(readFileSync(input, 'utf8')), file);
    }
  }
});

test('export server-json: what server.json requires and lacks is an error, exit 1, nothing written', async () => {
  const description = join(dir, 'plain.mcpdesc.json');
  writeFileSync(
    description,
    JSON.stringify(
      {
        mcpdesc: '0.8.0',
        info: { name: 'weather', version: '1.0.0' },
        protocolVersions: ['2025-11-25'],
        transports: [{ type: 'stdio', command: 'weather' }],
      },
      null,
      2,
    ),
  );
  const out = join(dir, 'plain.server.json');
  const run = await mcpdesc(['export', 'server-json', description, '-o', out]);
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /:4:\d+\s+warning\s+"weather" is not a registry name[^\n]*operation\.registry\.unmapped\/name-not-reverse-dns/,
  );
  assert.match(
    run.stderr,
    /:3:3\s+error\s+server\.json requires description\s+operation\.registry\.unmapped\/required-by-server-json/,
  );
  assert.match(run.stderr, /a command line does not say which registry package it runs/);
  assert.equal(existsSync(out), false);
});

test('export server-json: a description with what server.json needs is written in the 2025-12-11 format, exit 0', async () => {
  const run = await mcpdesc(
    ['export', 'server-json', '-'],
    JSON.stringify({
      mcpdesc: '0.8.0',
      info: { name: 'io.example/weather', version: '1.0.0', description: 'Weather' },
      protocolVersions: ['2025-11-25'],
      transports: [{ type: 'streamable-http', url: 'https://weather.example.com/mcp' }],
    }),
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, '');
  assert.deepEqual(JSON.parse(run.stdout), {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: 'io.example/weather',
    description: 'Weather',
    version: '1.0.0',
    remotes: [{ type: 'streamable-http', url: 'https://weather.example.com/mcp' }],
  });
});

test('init and export have help with examples', async () => {
  const init = await mcpdesc(['init', '--help']);
  assert.equal(init.code, 0);
  assert.match(init.stdout, /\$ mcpdesc init --from-server-json/);
  const exp = await mcpdesc(['export', 'server-json', '--help']);
  assert.equal(exp.code, 0);
  assert.match(exp.stdout, /\$ mcpdesc export server-json/);
});
