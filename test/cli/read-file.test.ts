import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { test } from 'node:test';
import { InputTooLarge } from 'mcpdesc-toolkit/internal/cli/io.js';
import {
  distrustReason,
  NotARegularFile,
  readFailure,
  readFileBounded,
} from 'mcpdesc-toolkit/internal/cli/read-file.js';
import { binPath as bin, repoRoot } from '../helpers/paths.js';

const example = readFileSync(join(repoRoot, 'examples/bookshelf.mcpdesc.yaml'), 'utf8');
/** A configuration that is an error when read: whether lint exits 2 says whether it was read. */
const invalidConfig = '{ "rules": 5 }';

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'mcpdesc-read-'));
}

/** Runs the built CLI in `cwd`, bounded in time; `elapsed` is wall time in ms. */
function runBin(args: string[], cwd: string, env: Record<string, string> = {}) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, ...env },
  });
  return { ...result, elapsed: Date.now() - started };
}

// ---- one reader: no other module reads a file ----

/**
 * Modules allowed to take reading functions from node:fs, each with why:
 * - the reader itself;
 * - the playground's bundle loader, which reads the playground script shipped inside the package
 *   next to it (a path of ours, never one a user gives).
 */
const allowedReaders = new Map([
  ['cli/read-file.ts', 'the reader'],
  ['playground/bundle.ts', "reads the package's own shipped playground script"],
]);
/** Everything in node:fs that opens or reads a file's content. */
const readingNames = new Set([
  'readFile',
  'readFileSync',
  'createReadStream',
  'read',
  'readSync',
  'open',
  'openSync',
  'openAsBlob',
  'readv',
  'readvSync',
]);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The reading functions a module takes from node:fs, and any whole-module import of it (which could reach them). */
export function fsReads(code: string): string[] {
  const found: string[] = [];
  const fs = String.raw`['"](?:node:)?fs(?:/promises)?['"]`;
  for (const match of code.matchAll(new RegExp(String.raw`import\s+(?:type\s+)?([^;]*?)\s+from\s*${fs}`, 'g'))) {
    const clause = match[1]!;
    if (clause.startsWith('type ')) continue;
    const named = /\{([^}]*)\}/.exec(clause);
    if (!named || clause.replace(named[0], '').replace(/[\s,]/g, '') !== '') found.push(`whole module (${clause})`);
    for (const part of named?.[1]!.split(',') ?? []) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      if (readingNames.has(name) && !/^\s*type\s/.test(part)) found.push(name);
    }
  }
  for (const match of code.matchAll(new RegExp(String.raw`(?:import|require)\s*\(\s*${fs}`, 'g')))
    found.push(`dynamic ${match[0]}`);
  return found;
}

test('the import scanner sees named, renamed, namespace, default and dynamic imports of node:fs', () => {
  assert.deepEqual(fsReads("import { stat, readFile } from 'node:fs/promises';"), ['readFile']);
  assert.deepEqual(fsReads("import { open as o, type Stats } from 'fs';"), ['open']);
  assert.deepEqual(fsReads("import * as fs from 'node:fs';"), ['whole module (* as fs)']);
  assert.deepEqual(fsReads("import fs, { stat } from 'node:fs';"), ['whole module (fs, { stat })']);
  assert.deepEqual(fsReads("const fs = await import('node:fs/promises');"), ["dynamic import('node:fs/promises'"]);
  assert.deepEqual(fsReads("import type { Stats } from 'node:fs';\nimport { watch } from 'node:fs';"), []);
});

test('every file the CLI reads goes through read-file.ts: no other module takes a reading function from node:fs', () => {
  const root = join(repoRoot, 'packages/cli/src');
  const offenders: string[] = [];
  for (const file of sourceFiles(root)) {
    const name = relative(root, file).split(sep).join('/');
    const reads = fsReads(readFileSync(file, 'utf8'));
    if (reads.length > 0 && !allowedReaders.has(name)) offenders.push(`${name}: ${reads.join(', ')}`);
  }
  assert.deepEqual(offenders, [], 'read through readFileBounded (packages/cli/src/cli/read-file.ts)');
  for (const name of allowedReaders.keys()) assert.ok(sourceFiles(root).includes(join(root, name)), `${name} exists`);
});

// ---- the reader ----

test('readFileBounded reads a regular file whole, up to and including its bound', async () => {
  const directory = scratch();
  const file = join(directory, 'a.json');
  writeFileSync(file, '{"a":1}');
  assert.equal(new TextDecoder().decode(await readFileBounded(file, 7)), '{"a":1}');
  writeFileSync(join(directory, 'empty'), '');
  assert.equal((await readFileBounded(join(directory, 'empty'), 0)).byteLength, 0);
  const link = join(directory, 'link.json');
  symlinkSync(file, link);
  assert.equal(
    new TextDecoder().decode(await readFileBounded(link, 100)),
    '{"a":1}',
    'a link to a regular file is read',
  );
});

test('readFileBounded refuses a file over its bound by its size, before reading (a sparse 1 GB file)', async () => {
  const file = join(scratch(), 'big');
  writeFileSync(file, '');
  truncateSync(file, 1024 * 1024 * 1024);
  const started = Date.now();
  await assert.rejects(readFileBounded(file, 4 * 1024 * 1024), (error: unknown) => {
    assert.ok(error instanceof InputTooLarge);
    assert.equal(error.size, 1024 * 1024 * 1024);
    assert.equal(readFailure(error, 4 * 1024 * 1024), '1,073,741,824 bytes, over the limit of 4 MiB');
    return true;
  });
  assert.ok(Date.now() - started < 2_000);
});

test('readFileBounded refuses a FIFO, a device (through a link), a socket-free directory, without opening them', async () => {
  const directory = scratch();
  const fifo = join(directory, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const zero = join(directory, 'zero');
  symlinkSync('/dev/zero', zero);
  for (const [path, what, code] of [
    [fifo, 'a FIFO (named pipe)', 'ENOTREGULAR'],
    [zero, 'a character device', 'ENOTREGULAR'],
    [directory, 'a directory', 'EISDIR'],
  ] as const) {
    // A FIFO opened for reading without O_NONBLOCK would wait here for a writer, for ever.
    await assert.rejects(readFileBounded(path, 1024), (error: unknown) => {
      assert.ok(error instanceof NotARegularFile, String(error));
      assert.equal(error.code, code);
      assert.equal(readFailure(error, 1024), `is ${what}, not a regular file`);
      return true;
    });
  }
  await assert.rejects(readFileBounded(join(directory, 'none'), 1024), { code: 'ENOENT' });
});

test('distrustReason: another user, or everyone, could have written it; root under sudo also accepts SUDO_UID', () => {
  assert.equal(distrustReason({ uid: 1000, mode: 0o100644 }, { uid: 1000 }), undefined);
  assert.equal(distrustReason({ uid: 1000, mode: 0o100664 }, { uid: 1000 }), undefined, 'group-writable is normal');
  assert.equal(distrustReason({ uid: 1000, mode: 0o100666 }, { uid: 1000 }), 'writable by every user');
  assert.equal(
    distrustReason({ uid: 1001, mode: 0o100644 }, { uid: 1000 }),
    'owned by user 1001, not by the current user (1000)',
  );
  assert.equal(distrustReason({ uid: 1000, mode: 0o100644 }, { uid: 0, sudoUid: 1000 }), undefined);
  assert.equal(distrustReason({ uid: 0, mode: 0o100644 }, { uid: 0, sudoUid: 1000 }), undefined);
  assert.match(distrustReason({ uid: 1000, mode: 0o100644 }, { uid: 0 })!, /owned by user 1000/);
  assert.match(distrustReason({ uid: 1002, mode: 0o100644 }, { uid: 1001, sudoUid: 1002 })!, /owned by user 1002/);
});

// ---- the round-3 attacks, through the command ----

test('a FIFO named mcpdesc.config.json in a parent folder: lint exits 2 at once, naming it (no hang)', () => {
  const directory = scratch();
  mkdirSync(join(directory, 'project'));
  writeFileSync(join(directory, 'project/a.mcpdesc.yaml'), example);
  const fifo = join(directory, 'mcpdesc.config.json');
  execFileSync('mkfifo', [fifo]);
  const run = runBin(['lint', 'a.mcpdesc.yaml'], join(directory, 'project'));
  assert.equal(run.status, 2, run.stderr);
  assert.equal(run.stderr, `mcpdesc: cannot read configuration ${fifo}: is a FIFO (named pipe), not a regular file\n`);
  assert.ok(run.elapsed < 10_000, `took ${run.elapsed} ms`);
});

test('a link to /dev/zero as the configuration (found or named) and --baseline /dev/zero: exit 2 at once', () => {
  const directory = scratch();
  writeFileSync(join(directory, 'a.mcpdesc.yaml'), example);
  symlinkSync('/dev/zero', join(directory, 'mcpdesc.config.json'));
  writeFileSync(join(directory, 'empty.json'), '{}');
  const device = 'is a character device, not a regular file';
  for (const [args, message] of [
    [['lint', 'a.mcpdesc.yaml'], `cannot read configuration ${join(directory, 'mcpdesc.config.json')}: ${device}`],
    [['lint', '--config', '/dev/zero', 'a.mcpdesc.yaml'], `cannot read configuration /dev/zero: ${device}`],
    [
      ['lint', '--config', 'empty.json', '--baseline', '/dev/zero', 'a.mcpdesc.yaml'],
      `cannot read baseline /dev/zero: ${device}`,
    ],
    // diff reads the configuration as lint does, found or named.
    [
      ['diff', 'a.mcpdesc.yaml', 'a.mcpdesc.yaml'],
      `cannot read configuration ${join(directory, 'mcpdesc.config.json')}: ${device}`,
    ],
    [
      ['diff', 'a.mcpdesc.yaml', 'a.mcpdesc.yaml', '--config', '/dev/zero'],
      `cannot read configuration /dev/zero: ${device}`,
    ],
  ] as const) {
    const run = runBin([...args], directory);
    assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.equal(run.stderr, `mcpdesc: ${message}\n`, args.join(' '));
    assert.ok(run.elapsed < 10_000, `${args.join(' ')} took ${run.elapsed} ms`);
  }
});

test('a configuration or baseline over 4 / 16 MiB is refused by its size, naming the limit', () => {
  const directory = scratch();
  writeFileSync(join(directory, 'a.mcpdesc.yaml'), example);
  for (const [name, size] of [
    ['mcpdesc.config.json', 5 * 1024 * 1024],
    ['baseline.json', 17 * 1024 * 1024],
  ] as const) {
    writeFileSync(join(directory, name), '');
    truncateSync(join(directory, name), size);
  }
  const config = runBin(['lint', 'a.mcpdesc.yaml'], directory);
  assert.equal(config.status, 2);
  assert.match(config.stderr, /mcpdesc\.config\.json: 5,242,880 bytes, over the limit of 4 MiB\n$/);
  writeFileSync(join(directory, 'empty.json'), '{}');
  const baseline = runBin(
    ['lint', '--config', 'empty.json', '--baseline', 'baseline.json', 'a.mcpdesc.yaml'],
    directory,
  );
  assert.equal(baseline.status, 2);
  assert.equal(
    baseline.stderr,
    'mcpdesc: cannot read baseline baseline.json: 17,825,792 bytes, over the limit of 16 MiB\n',
  );
});

test('a FIFO as a document, --inputs or --client-capabilities @FILE: exit 2 naming it, never a hang', () => {
  const directory = scratch();
  execFileSync('mkfifo', [join(directory, 'pipe.yaml')]);
  const fifo = 'is a FIFO (named pipe), not a regular file';
  const stdinHint = '; for piped input pass - and pipe the document to standard input';
  for (const [args, message] of [
    [['validate', 'pipe.yaml'], `cannot read pipe.yaml: ${fifo}${stdinHint}`],
    [['convert', 'pipe.yaml', '--to', 'json'], `cannot read pipe.yaml: ${fifo}${stdinHint}`],
    [['capture', '--stdio', 'true', '--record', '--inputs', 'pipe.yaml'], `cannot read pipe.yaml: ${fifo}${stdinHint}`],
    [
      ['capture', '--stdio', 'true', '--client-capabilities', '@pipe.yaml'],
      `--client-capabilities: cannot read pipe.yaml: ${fifo}; for piped input pass the JSON inline`,
    ],
  ] as const) {
    const run = runBin([...args], directory);
    assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.equal(run.stderr, `mcpdesc: ${message}\n`, args.join(' '));
  }
});

test('process substitution (validate <(cat f)) is refused at once with the hint to use - (stdin); - reads it', () => {
  const directory = scratch();
  writeFileSync(join(directory, 'a.mcpdesc.yaml'), example);
  const started = Date.now();
  // bash gives the command /dev/fd/63, a FIFO: refused without a read that could wait for ever.
  const run = spawnSync('bash', ['-c', `"$0" "$1" validate <(cat a.mcpdesc.yaml)`, process.execPath, bin], {
    cwd: directory,
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.equal(run.status, 2, run.stderr);
  assert.match(
    run.stderr,
    /^mcpdesc: cannot read \/dev\/fd\/\d+: is a FIFO \(named pipe\), not a regular file; for piped input pass - and pipe the document to standard input\n$/,
  );
  assert.ok(Date.now() - started < 10_000);
  const piped = spawnSync('bash', ['-c', `cat a.mcpdesc.yaml | "$0" "$1" validate -`, process.execPath, bin], {
    cwd: directory,
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.notEqual(piped.status, 2, piped.stderr);
});

// ---- configuration discovery: the project root, and files another user could have written ----

test('discovery stops at the project root: a configuration above the folder holding .git is not read', () => {
  const directory = scratch();
  writeFileSync(join(directory, 'mcpdesc.config.json'), invalidConfig);
  mkdirSync(join(directory, 'project/servers'), { recursive: true });
  writeFileSync(join(directory, 'project/servers/a.mcpdesc.yaml'), example);
  const cwd = join(directory, 'project/servers');
  const outside = runBin(['lint', 'a.mcpdesc.yaml'], cwd);
  assert.equal(outside.status, 2, 'without a project root, the walk reaches it');
  assert.match(outside.stderr, /configuration .* is invalid/);
  for (const git of ['directory', 'file']) {
    const marker = join(directory, 'project/.git');
    if (git === 'directory') mkdirSync(marker);
    else {
      execFileSync('rm', ['-r', marker]);
      writeFileSync(marker, 'gitdir: ../elsewhere\n'); // a worktree's or submodule's .git
    }
    const inside = runBin(['lint', 'a.mcpdesc.yaml'], cwd);
    assert.notEqual(inside.status, 2, `.git ${git}: ${inside.stderr}`);
    assert.equal(inside.stderr, '');
  }
  // The project root's own configuration still applies.
  writeFileSync(join(directory, 'project/mcpdesc.config.json'), invalidConfig);
  assert.equal(runBin(['lint', 'a.mcpdesc.yaml'], cwd).status, 2);
});

test('a configuration everyone may write is ignored with a warning naming it; --config still reads it', () => {
  const directory = scratch();
  writeFileSync(join(directory, 'a.mcpdesc.yaml'), example);
  const config = join(directory, 'mcpdesc.config.json');
  writeFileSync(config, invalidConfig);
  chmodSync(config, 0o666);
  const run = runBin(['lint', 'a.mcpdesc.yaml'], directory);
  assert.notEqual(run.status, 2, run.stderr);
  assert.equal(
    run.stderr,
    `mcpdesc: warning: ignoring configuration ${config}: it is writable by every user; name it with --config to use it\n`,
  );
  assert.equal(runBin(['lint', '--config', config, 'a.mcpdesc.yaml'], directory).status, 2, 'named: read');
});

test("a configuration owned by another user is ignored (root: git's rule, SUDO_UID accepted)", (t) => {
  if (process.getuid?.() !== 0) return t.skip('chown needs root; distrustReason is tested above');
  const directory = scratch();
  writeFileSync(join(directory, 'a.mcpdesc.yaml'), example);
  const config = join(directory, 'mcpdesc.config.json');
  writeFileSync(config, invalidConfig);
  chownSync(config, 65534, 65534);
  const run = runBin(['lint', 'a.mcpdesc.yaml'], directory, { SUDO_UID: '' });
  assert.notEqual(run.status, 2, run.stderr);
  assert.match(run.stderr, /ignoring configuration .*: it is owned by user 65534, not by the current user \(0\)/);
  assert.equal(runBin(['lint', 'a.mcpdesc.yaml'], directory, { SUDO_UID: '65534' }).status, 2, 'sudo: read');
});
