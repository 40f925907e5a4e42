import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const entry = join(root, 'action/run.mjs');
const fixtures = join(root, 'test/fixtures/action');
const base = join(root, 'examples/bookshelf.mcpdesc.yaml');

interface Comment {
  id: number;
  body: string;
}

/** A loopback stand-in for the GitHub issue-comments API; `forbid` answers 403 to writes. */
async function standIn(forbid = false) {
  const comments: Comment[] = [{ id: 1, body: 'an unrelated comment' }];
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push(`${req.method} ${req.url}`);
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'GET' && /^\/repos\/acme\/bookshelf\/issues\/\d+\/comments/.test(req.url!))
      return reply(200, comments);
    if (forbid) return reply(403, { message: 'Resource not accessible by integration' });
    if (req.method === 'POST' && /^\/repos\/acme\/bookshelf\/issues\/\d+\/comments$/.test(req.url!)) {
      const comment = { id: comments.length + 1, body: JSON.parse(body).body };
      comments.push(comment);
      return reply(201, comment);
    }
    const patch = /^\/repos\/acme\/bookshelf\/issues\/comments\/(\d+)$/.exec(req.url!);
    if (req.method === 'PATCH' && patch) {
      const comment = comments.find((c) => c.id === Number(patch[1]));
      if (!comment) return reply(404, {});
      comment.body = JSON.parse(body).body;
      return reply(200, comment);
    }
    reply(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, comments, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

/** The head description: the base with one tool removed (a breaking change). */
function headDescription(dir: string, breaking: boolean): string {
  const text = readFileSync(base, 'utf8');
  const changed = breaking ? text.replace('name: cancel_reservation', 'name: cancel_reservation_v2') : text;
  const path = join(dir, 'bookshelf.mcpdesc.yaml');
  writeFileSync(path, changed);
  return path;
}

function runAction(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function envFor(api: string, event: string, dir: string, head: string) {
  return {
    GITHUB_API_URL: api,
    GITHUB_EVENT_PATH: join(fixtures, event),
    GITHUB_REPOSITORY: 'acme/bookshelf',
    GITHUB_TOKEN: 'test-token',
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    INPUT_FILES: head,
    INPUT_BASE: base,
    INPUT_LINT: 'false',
  };
}

test('same-repo pull request: the comment is created once, then updated in place, never duplicated', async () => {
  const api = await standIn();
  try {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-action-'));
    const head = headDescription(dir, true);
    const first = await runAction(envFor(api.url, 'pull_request-same-repo.json', dir, head));
    assert.equal(first.code, 1, 'a breaking change fails with the default fail-on breaking');
    assert.match(first.stdout, /comment created/);
    assert.equal(api.comments.length, 2);
    assert.match(api.comments[1]!.body, /<!-- mcpdesc-action: diff -->/);
    assert.match(api.comments[1]!.body, /cancel_reservation/);
    assert.match(api.comments[1]!.body, /Verdict: \*\*fails/);

    headDescription(dir, false);
    const second = await runAction(envFor(api.url, 'pull_request-same-repo.json', dir, head));
    assert.equal(second.code, 0, stderrOf(second));
    assert.match(second.stdout, /comment updated/);
    assert.equal(api.comments.length, 2, 'no second comment');
    assert.match(api.comments[1]!.body, /Verdict: \*\*passes/);
    assert.equal(api.comments[0]!.body, 'an unrelated comment');
    assert.deepEqual(
      api.requests.filter((r) => !r.startsWith('GET')),
      ['POST /repos/acme/bookshelf/issues/7/comments', 'PATCH /repos/acme/bookshelf/issues/comments/2'],
    );
  } finally {
    await api.close();
  }
});

function stderrOf(run: { stderr: string; stdout: string }) {
  return `${run.stdout}\n${run.stderr}`;
}

test('pull request from a fork: no write is attempted; a warning and the job summary instead', async () => {
  const api = await standIn(true);
  try {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-action-'));
    const head = headDescription(dir, true);
    const run = await runAction(envFor(api.url, 'pull_request-fork.json', dir, head));
    assert.equal(run.code, 1);
    assert.match(run.stdout, /::warning title=mcpdesc::could not comment.*fork/);
    assert.match(run.stdout, /comment summary/);
    assert.equal(api.comments.length, 1);
    assert.deepEqual(api.requests, []);
    assert.match(readFileSync(join(dir, 'summary.md'), 'utf8'), /cancel_reservation/);
  } finally {
    await api.close();
  }
});

test('a 403 from the API (read-only token) degrades to the job summary', async () => {
  const api = await standIn(true);
  try {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-action-'));
    const head = headDescription(dir, true);
    const run = await runAction(envFor(api.url, 'pull_request-same-repo.json', dir, head));
    assert.match(run.stdout, /::warning title=mcpdesc::could not comment.*HTTP 403/);
    assert.equal(api.comments.length, 1);
    assert.match(readFileSync(join(dir, 'summary.md'), 'utf8'), /mcpdesc: description changes/);
  } finally {
    await api.close();
  }
});

test('push: no comment, lint annotations and SARIF are written', async () => {
  const api = await standIn();
  try {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-action-'));
    const head = headDescription(dir, false);
    const sarif = join(dir, 'lint.sarif');
    const run = await runAction({
      ...envFor(api.url, 'push.json', dir, head),
      INPUT_LINT: 'true',
      INPUT_SARIF: sarif,
      INPUT_BASE: '',
    });
    assert.equal(run.code, 0, stderrOf(run));
    assert.deepEqual(api.requests, []);
    assert.equal(JSON.parse(readFileSync(sarif, 'utf8')).version, '2.1.0');
  } finally {
    await api.close();
  }
});

test('a lint error fails the job and is annotated', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-action-'));
  const bad = join(dir, 'bad.mcpdesc.json');
  writeFileSync(bad, JSON.stringify({ mcpdesc: '0.8.0', info: { name: 'x' }, protocolVersions: ['2025-11-25'] }));
  const run = await runAction({ INPUT_FILES: bad });
  assert.equal(run.code, 1);
  assert.match(run.stdout, /^::error /m);
});
