import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { repoRoot, sharedRoot, binPath as bin } from '../helpers/paths.js';

const example = readFileSync(join(repoRoot, 'examples/bookshelf.mcpdesc.yaml'), 'utf8');
/** The bundled example declares 2025-11-25 and 2026-07-28. */
const twoRevisions = example;
const oneRevision = [
  'mcpdesc: 0.8.0',
  'info:',
  '  name: one-revision',
  '  version: 1.0.0',
  'protocolVersions:',
  "  - '2026-07-28'",
  'tools:',
  '  - name: ping',
  '    inputSchema:',
  '      type: object',
  '',
].join('\n');
const files = { 'in.yaml': example };
const oneRevisionFiles = { 'in.yaml': oneRevision };

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'mcpdesc-io-'));
}

/** Runs the built CLI as a child process (real I/O), bounded in time. */
function runBin(args: string[], options: { stdout?: number; input?: string } = {}) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 20_000,
    stdio: ['pipe', options.stdout ?? 'pipe', 'pipe'],
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
  return { ...result, elapsed: Date.now() - started };
}

// ---- the output format follows -o's extension ----

for (const [command, args] of [
  ['convert', ['in.yaml']],
  ['project', ['in.yaml', '-p', '2026-07-28']],
  ['resolve', ['in.yaml']],
  ['bundle', ['in.yaml']],
  ['merge', ['in.yaml', 'in.yaml']],
] as const) {
  test(`${command} -o x.json writes JSON from a YAML input; --to yaml wins over the extension`, async () => {
    const json = await runCli([command, ...args, '-o', 'out.json'], { files });
    assert.equal(json.code, 0, json.stderr);
    assert.equal(JSON.parse(json.written['out.json']!).mcpdesc, '0.8.0');
    const yaml = await runCli([command, ...args, '-o', 'out.json', '--to', 'yaml'], { files });
    assert.equal(yaml.code, 0, yaml.stderr);
    assert.match(yaml.written['out.json']!, /^mcpdesc: "?0\.8\.0"?$/m);
  });
}

test('convert -o x.yml writes YAML from JSON; without --to or a known extension it is a usage error', async () => {
  const json = (await runCli(['convert', 'in.yaml', '--to', 'json'], { files })).stdout;
  const fromJson = await runCli(['convert', 'in.json', '-o', 'out.yml'], { files: { 'in.json': json } });
  assert.equal(fromJson.code, 0, fromJson.stderr);
  assert.match(fromJson.written['out.yml']!, /^protocolVersions:$/m);
  const unknown = await runCli(['convert', 'in.yaml', '-o', 'out.txt'], { files });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /convert needs --to json\|yaml, or -o with a \.json, \.yaml or \.yml extension/);
  const help = await runCli(['convert', '--help']);
  assert.match(help.stdout, /default: the -o file's\s+extension/);
});

test('migrate -o x.json writes JSON from a YAML 0.7.0 input', async () => {
  const minimal = join(sharedRoot, 'conformance', 'mcpdesc-0.7.0', 'examples/minimal.yaml');
  const run = await runCli(['migrate', minimal, '--protocol', '2025-06-18', '-q', '-o', 'out.json']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(JSON.parse(run.written['out.json']!).mcpdesc, '0.8.0');
});

// ---- unusable output paths are refused before any work ----

test("-o '' , -o in a missing directory and -o onto a directory are usage errors before the input is read", async () => {
  for (const [args, message] of [
    [['convert', 'missing.yaml', '--to', 'json', '-o', ''], /-o expects a file name, got ""/],
    [
      ['project', 'missing.yaml', '-o', '/nonexistent/x.json'],
      /cannot write \/nonexistent\/x\.json: \/nonexistent does not exist/,
    ],
    [['docs', 'missing.yaml', '-o', tmpdir()], /is a directory/],
    [['migrate', 'missing.yaml', '--report', '/nonexistent/r.json'], /cannot write \/nonexistent\/r\.json/],
  ] as const) {
    const run = await runCli([...args]);
    assert.equal(run.code, 2, args.join(' '));
    assert.match(run.stderr, message);
    assert.doesNotMatch(run.stderr, /internal error|missing\.yaml/);
  }
});

// ---- --max-bytes is enforced while reading ----

test('a sparse 200 MB file is refused by its size, before it is read', () => {
  const directory = scratch();
  const big = join(directory, 'big.yaml');
  writeFileSync(big, '');
  truncateSync(big, 200 * 1024 * 1024);
  const run = runBin(['validate', big, '-f', 'json']);
  assert.equal(run.status, 1, run.stderr);
  const diagnostic = JSON.parse(run.stdout).files[0].diagnostics[0];
  assert.equal(`${diagnostic.rule}/${diagnostic.code}`, 'source.limit/max-bytes');
  assert.match(diagnostic.message, /input size 209715200 bytes exceeds the limit maxBytes = 67108864/);
  assert.ok(run.elapsed < 10_000, `took ${run.elapsed} ms`);
});

test('an endless stream on standard input stops at --max-bytes', () => {
  const run = spawnSync('sh', ['-c', `cat /dev/zero | "${process.execPath}" "${bin}" validate - --max-bytes 100000`], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.equal(run.status, 1, run.stderr);
  assert.match(
    run.stdout,
    /input size more than 100000 bytes exceeds the limit maxBytes = 100000.*source\.limit\/max-bytes/,
  );
});

test('a symbolic link to /dev/zero is refused as a device before a byte is read; convert refuses it too', () => {
  const directory = scratch();
  const zero = join(directory, 'zero.yaml');
  spawnSync('ln', ['-s', '/dev/zero', zero]);
  for (const args of [
    ['validate', zero],
    ['convert', zero, '--to', 'json'],
  ]) {
    const run = runBin(args);
    assert.equal(run.status, 2, run.stderr);
    assert.equal(run.stderr, `mcpdesc: cannot read ${zero}: is a character device, not a regular file\n`);
  }
});

test('the in-memory runner enforces --max-bytes too (project reports it)', async () => {
  const run = await runCli(['project', 'in.yaml'], { files: { 'in.yaml': 'x'.repeat(64 * 1024 * 1024 + 1) } });
  assert.equal(run.code, 1);
  assert.match(run.stderr, /source\.limit\/max-bytes/);
});

// ---- failed writes ----

test('a full standard output is one line and exit code 2, never a stack trace', () => {
  const full = openSync('/dev/full', 'w');
  try {
    const run = runBin(['convert', 'examples/bookshelf.mcpdesc.yaml', '--to', 'json'], { stdout: full });
    assert.equal(run.status, 2);
    assert.equal(run.stderr, 'mcpdesc: cannot write standard output: no space left on device\n');
  } finally {
    closeSync(full);
  }
});

test('-o /dev/full is one line and exit code 2', () => {
  const run = runBin(['convert', 'examples/bookshelf.mcpdesc.yaml', '--to', 'json', '-o', '/dev/full']);
  assert.equal(run.status, 2);
  assert.equal(run.stderr, 'mcpdesc: cannot write /dev/full: no space left on device\n');
});

// ---- atomic writes ----

test('-o writes atomically: concurrent writers leave one whole output and no temporary file', async () => {
  const directory = scratch();
  const output = join(directory, 'out.json');
  const writers = ['json', 'yaml', 'json', 'yaml'].map((to, index) =>
    spawn(
      process.execPath,
      [
        bin,
        'convert',
        'examples/bookshelf.mcpdesc.yaml',
        '--to',
        to,
        '-o',
        output,
        ...(index > 1 ? ['--sort-keys'] : []),
      ],
      {
        cwd: repoRoot,
        stdio: 'ignore',
      },
    ),
  );
  const codes = await Promise.all(writers.map((child) => new Promise((done) => child.on('exit', done))));
  assert.deepEqual(codes, [0, 0, 0, 0]);
  const expected = [
    ['--to', 'json'],
    ['--to', 'yaml'],
    ['--to', 'json', '--sort-keys'],
    ['--to', 'yaml', '--sort-keys'],
  ].map((args) => runBin(['convert', 'examples/bookshelf.mcpdesc.yaml', ...args]).stdout);
  assert.ok(expected.includes(readFileSync(output, 'utf8')), 'the file is one whole output');
  assert.deepEqual(readdirSync(directory), ['out.json']);
});

test('-o onto the input replaces it safely', () => {
  const directory = scratch();
  const file = join(directory, 'server.json');
  writeFileSync(file, runBin(['convert', 'examples/bookshelf.mcpdesc.yaml', '--to', 'json']).stdout);
  const run = runBin(['convert', file, '--sort-keys', '-o', file]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(
    readFileSync(file, 'utf8'),
    runBin(['convert', 'examples/bookshelf.mcpdesc.yaml', '--to', 'json', '--sort-keys']).stdout,
  );
  assert.deepEqual(readdirSync(directory), ['server.json']);
});

// ---- inputs stated once ----

test('project, native and compat take the revision from a document that declares one', async () => {
  const project = await runCli(['project', 'in.yaml', '--to', 'json'], { files: oneRevisionFiles });
  assert.equal(project.code, 0, project.stderr);
  assert.deepEqual(JSON.parse(project.stdout).protocolVersions, ['2026-07-28']);
  const native = await runCli(['native', 'in.yaml'], { files: oneRevisionFiles });
  assert.equal(native.code, 0, native.stderr);
  assert.equal(JSON.parse(native.stdout).protocolVersion, '2026-07-28');
  const compat = await runCli(['compat', 'in.yaml', '--client', '{"sampling":{}}'], { files: oneRevisionFiles });
  assert.equal(compat.code, 0, compat.stderr);
  assert.match(compat.stdout, /^MCP 2026-07-28: satisfied$/m);
});

test('with several revisions and no --protocol, the usage error lists them', async () => {
  for (const command of ['project', 'native']) {
    const run = await runCli([command, 'in.yaml'], { files: { 'in.yaml': twoRevisions } });
    assert.equal(run.code, 2, command);
    assert.match(run.stderr, /--protocol is required: the document declares 2 revisions \(2025-11-25, 2026-07-28\)/);
  }
});

test('compat --client reads a file or inline JSON; bad inline JSON is a usage error', async () => {
  const fromFile = await runCli(['compat', 'in.yaml', '--client', 'client.json'], {
    files: { ...oneRevisionFiles, 'client.json': '{"sampling":{}}' },
  });
  assert.equal(fromFile.code, 0, fromFile.stderr);
  const bad = await runCli(['compat', 'in.yaml', '--client', '{sampling'], { files: oneRevisionFiles });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /the inline client profile is not JSON/);
});

// ---- unreadable files are counted ----

test('validate counts the files it could not read', async () => {
  const run = await runCli(['validate', 'missing.yaml', 'in.yaml'], { files, filesOnly: true });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /cannot read missing\.yaml: no such file/);
  // The stylish summary never says "no problems" when a named file was not read.
  assert.match(run.stdout, /^✖ 1 file checked, 1 could not be read\n$/m);
  assert.doesNotMatch(run.stdout, /no problems/);
  const json = await runCli(['validate', '--format', 'json', 'missing.yaml', 'in.yaml'], { files, filesOnly: true });
  assert.equal(json.code, 2);
  assert.match(json.stderr, /mcpdesc: 1 file checked, 1 could not be read\n/);
});
