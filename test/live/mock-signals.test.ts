/**
 * `mcpdesc mock` over stdio stops on SIGTERM and SIGINT while its client still holds standard
 * input open (as clients do until the server exits): it closes the session and exits 0 at once.
 * Before, the paused-but-open input kept the stopped mock alive until the client hung up.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { binPath, repoRoot } from '../helpers/paths.js';

const example = join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml');

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  test(`the stdio mock exits on ${signal} after serving, with the client's input still open`, async () => {
    const child = spawn(process.execPath, [binPath, 'mock', example], { stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} })}\n`);
      for (let i = 0; i < 400 && !out.includes('"id":1'); i++) await new Promise((r) => setTimeout(r, 50));
      assert.match(out, /"id":1/, 'the mock answered before the signal');
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        child.on('exit', (code, by) => resolve([code, by])),
      );
      const sent = Date.now();
      child.kill(signal);
      const outcome = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 5000))]);
      assert.notEqual(outcome, 'running', `still running 5 s after ${signal}`);
      assert.deepEqual(outcome, [0, null]);
      assert.ok(Date.now() - sent < 5000);
    } finally {
      child.kill('SIGKILL');
    }
  });
