/**
 * `mcpdesc capture --batch`, run as a user runs it: the built binary over a list of servers
 * (our mock over stdio, one that never answers, one that exits at start printing a secret it
 * was given), each in its own child process; and a batch interrupted and run again.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, test } from 'node:test';
import { childArguments, parseList } from 'mcpdesc-toolkit/internal/cli/capture-batch.js';
import { ConnectError, parseEnvAssignments } from 'mcpdesc-toolkit/internal/live/connect.js';
import { binPath, repoRoot } from '../helpers/paths.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-batch-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const memory = join(repoRoot, 'test', 'fixtures', 'real-servers', 'memory.mcpdesc.yaml');
const secret = 'sk-batch-0123456789abcdefghijklmnop';
const env = { ...process.env, MCPDESC_BATCH_TOKEN: secret };

const mock = (id: string) => ({ id, stdio: { command: process.execPath, args: [binPath, 'mock', memory, '--quiet'] } });

function writeList(name: string, lines: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return path;
}

function mcpdesc(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [binPath, ...args], { cwd: dir, env }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

function results(path: string): { id: string; status: string; exit: unknown; output?: string; stderr?: string }[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{') && line.endsWith('}'))
    .map((line) => JSON.parse(line) as { id: string; status: string; exit: unknown });
}

test('a batch captures each server in its own process; a hanging one is killed at its budget, one that exits is reported; the secret is redacted', async () => {
  const list = writeList('servers.jsonl', [
    '# our mock twice, then a server that never answers and one that exits at start',
    mock('memory-a'),
    { id: 'hangs', stdio: { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] } },
    {
      id: 'exits',
      stdio: {
        command: process.execPath,
        args: ['-e', 'console.error("token " + process.env.MCPDESC_BATCH_TOKEN); process.exit(3)'],
        env: ['MCPDESC_BATCH_TOKEN'],
      },
    },
    mock('memory-b'),
    'not json',
  ]);
  const out = join(dir, 'out');
  mkdirSync(out);
  const run = await mcpdesc([
    'capture',
    '--batch',
    list,
    '-o',
    out,
    '--jobs',
    '2',
    '--timeout',
    '60000',
    '--entry-timeout',
    '15000',
  ]);
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /servers\.jsonl:6: not JSON/);
  assert.match(run.stderr, /batch of 4 entries: .*2 captured/);
  const byId = new Map(results(join(out, 'results.jsonl')).map((r) => [r.id, r]));
  assert.deepEqual([...byId.keys()].sort(), ['exits', 'hangs', 'memory-a', 'memory-b']);
  assert.equal(byId.get('hangs')!.status, 'timeout');
  assert.equal(byId.get('exits')!.status, 'failed');
  assert.match(byId.get('exits')!.stderr!, /server exited with code 3/);
  for (const id of ['memory-a', 'memory-b']) {
    assert.equal(byId.get(id)!.status, 'captured', JSON.stringify(byId.get(id)));
    const document = JSON.parse(readFileSync(join(out, `${id}.mcpdesc.json`), 'utf8')) as Record<string, unknown>;
    assert.equal(document.mcpdesc, '0.8.0');
    assert.equal((document.info as { name: string }).name, 'memory-server');
  }
  assert.ok(!existsSync(join(out, 'hangs.mcpdesc.json')));
  const everything = readFileSync(join(out, 'results.jsonl'), 'utf8') + run.stdout + run.stderr;
  assert.ok(!everything.includes(secret), 'the secret is never written');
  assert.match(byId.get('exits')!.stderr!, /token \*\*\*/);
});

test('a description over --max-output is not written: output-too-large, the capture stopped', async () => {
  const list = writeList('flood.jsonl', [mock('flood')]);
  const out = join(dir, 'flood');
  mkdirSync(out);
  const run = await mcpdesc(['capture', '--batch', list, '-o', out, '--max-output', '1000', '--timeout', '60000']);
  assert.equal(run.code, 1, run.stderr);
  const [result] = results(join(out, 'results.jsonl'));
  assert.equal(result!.status, 'output-too-large');
  assert.equal(result!.exit, 'SIGKILL');
  assert.ok(!existsSync(join(out, 'flood.mcpdesc.json')));
});

test('an interrupted batch resumes: the re-run skips what the result file records, a line cut short runs again', async () => {
  const list = writeList('resume.jsonl', [mock('r1'), mock('r2'), mock('r3')]);
  const out = join(dir, 'resume');
  mkdirSync(out);
  const resultFile = join(out, 'results.jsonl');
  const args = ['capture', '--batch', list, '-o', out, '--timeout', '60000'];
  const first = spawn(process.execPath, [binPath, ...args], { cwd: dir, env, stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => first.once('exit', resolve));
  while (!existsSync(resultFile) || results(resultFile).length === 0) await sleep(100);
  first.kill('SIGTERM');
  assert.equal(await exited, 143);
  const before = results(resultFile);
  assert.ok(before.length >= 1 && before.length < 3, `interrupted after ${before.length}`);
  // A run killed while writing leaves part of a line: it is no result, and the next line starts on a line of its own.
  const cut = ['r1', 'r2', 'r3'].find((id) => !before.some((r) => r.id === id))!;
  appendFileSync(resultFile, `{"id":"${cut}","status":"capt`);
  const again = await mcpdesc(args);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, new RegExp(`${before.length} already done`));
  const after = results(resultFile);
  assert.deepEqual(after.map((r) => r.id).sort(), ['r1', 'r2', 'r3'], 'each entry has one result');
  assert.ok(after.every((r) => r.status === 'captured'));
  assert.equal(
    readFileSync(resultFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"capt\n')).length,
    0,
  );
});

test('the list: entries checked line by line (never echoing a header value), ids unique; the child command line', () => {
  const { entries, problems } = parseList(
    [
      '{"id":"a","url":"https://example.com/mcp","headers":{"Authorization":"Bearer ${TOKEN}"}}',
      '{"id":"b","stdio":{"command":"node","args":["server.js","it\'s"],"env":["API_KEY"]}}',
      '{"id":"c","url":"https://example.com","headers":{"X":1234567}}',
      '{"id":"../etc","url":"https://example.com"}',
      '{"id":"d","stdio":{"command":"x"},"url":"https://example.com"}',
    ].join('\n'),
    'list.jsonl',
  );
  assert.deepEqual(
    entries.map((e) => e.id),
    ['a', 'b'],
  );
  assert.equal(problems.length, 3);
  assert.match(problems[0]!, /^list\.jsonl:3: entry "c": "headers" must be an object of strings/);
  assert.ok(!problems.join('\n').includes('1234567'));
  assert.match(problems[1]!, /^list\.jsonl:4: "id" must be/);
  assert.match(problems[2]!, /give either "stdio" or "url"/);
  assert.throws(() => parseList('{"id":"a","url":"u"}\n{"id":"a","url":"v"}', 'l'), /id "a" is the id of line 1 too/);
  assert.deepEqual(childArguments(entries[1]!, { batch: 'l', timeout: '5000' }, 'json'), [
    'capture',
    '--to',
    'json',
    '--stdio',
    `node server.js 'it'\\''s'`,
    '--env',
    'API_KEY',
    '--timeout',
    '5000',
  ]);
  assert.deepEqual(childArguments(entries[0]!, { batch: 'l' }, 'yaml').slice(3), [
    '--url',
    'https://example.com/mcp',
    '--header',
    'Authorization: Bearer ${TOKEN}',
  ]);
  // -c reaches every entry's capture: its capture.* severities decide each entry's outcome.
  assert.deepEqual(childArguments(entries[0]!, { batch: 'l', config: 'ci/mcpdesc.config.json' }, 'yaml').slice(-2), [
    '--config',
    'ci/mcpdesc.config.json',
  ]);
  assert.ok(!childArguments(entries[0]!, { batch: 'l' }, 'yaml').includes('--config'));
});

test("--env NAME passes the variable of that name from the environment (a batch entry's env); an unset one is an error naming it", () => {
  assert.deepEqual(parseEnvAssignments(['API_KEY', 'MODE=x'], { API_KEY: 'k-123', OTHER: 'no' }), {
    API_KEY: 'k-123',
    MODE: 'x',
  });
  assert.throws(
    () => parseEnvAssignments(['MISSING'], {}),
    (e: unknown) => {
      assert.ok(e instanceof ConnectError);
      assert.match(e.message, /--env MISSING: no such variable in the environment/);
      return true;
    },
  );
  assert.throws(() => parseEnvAssignments(['=x'], {}), /--env expects NAME=VALUE/);
});
