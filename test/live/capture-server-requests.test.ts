/**
 * A stdio server that floods the client with requests (issue 39, item 6): 5,000 pings before it
 * answers initialize and 5,000 before it answers tools/list. The SDK's stdio send put one 'drain'
 * listener per answer on the server's standard input while it was backed up
 * (MaxListenersExceededWarning on capture's standard error); answers now go one at a time.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { binPath as bin } from '../helpers/paths.js';

const flooding = `
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const [count, answeredFile] = [Number(process.argv[2]), process.argv[3]];
const send = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
let next = 0;
let answered = 0;
const flood = () => {
  for (let i = 0; i < count; i++) send({ jsonrpc: '2.0', id: 'ping-' + next++, method: 'ping' });
};
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === undefined) {
    if (String(message.id).startsWith('ping-') && message.result) appendFileSync(answeredFile, '.');
    return;
  }
  if (message.method === 'initialize') {
    flood();
    send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params.protocolVersion,
      capabilities: { tools: {} }, serverInfo: { name: 'flooding', version: '1' } } });
  } else if (message.method === 'tools/list') {
    flood();
    send({ jsonrpc: '2.0', id: message.id, result: { tools: [{ name: 'after-the-flood', inputSchema: { type: 'object' } }] } });
  } else if (message.id !== undefined) {
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  }
});
`;

test('5,000 server requests during initialize and tools/list: every ping answered, no listener warning, bounded memory', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'mcpdesc-flood-'));
  try {
    const server = join(folder, 'flooding-server.mjs');
    const answered = join(folder, 'answered');
    writeFileSync(server, flooding);
    writeFileSync(answered, '');
    // The peak resident memory of the capture process, printed by it at exit.
    const peak = "process.on('exit',()=>process.stderr.write('peak-rss '+process.resourceUsage().maxRSS+'\\n'))";
    const child = spawn(
      process.execPath,
      [
        '--import',
        `data:text/javascript,${encodeURIComponent(peak)}`,
        bin,
        'capture',
        '--protocol',
        '2025-11-25',
        '--stdio',
        `"${process.execPath}" "${server}" 5000 "${answered}"`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(code, 0, stderr);
    assert.match(stdout, /after-the-flood/);
    assert.doesNotMatch(stderr, /MaxListenersExceededWarning|Warning/, stderr);
    const rss = Number(/peak-rss (\d+)/.exec(stderr)?.[1]);
    assert.ok(rss > 0 && rss < 400 * 1024, `peak resident memory ${rss} KiB`);
    // The pings of tools/list may still be in flight when capture closes; those of initialize are answered.
    assert.ok(readFileSync(answered, 'utf8').length >= 5000, 'the pings before initialize answered');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
