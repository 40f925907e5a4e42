/** The legacy HTTP+SSE transport (`--sse`): server-everything's SSE mode on loopback, through the CLI. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { everythingSse, runCli, startHttp, type HttpServer } from './helpers.js';

let server: HttpServer;
let sseUrl: string;
before(async () => {
  server = await startHttp(everythingSse);
  sseUrl = server.url.replace(/\/mcp$/, '/sse'); // GET /sse opens the stream, POST /message?sessionId=... carries requests
});
after(async () => {
  await server?.stop();
});

test('capture --url --sse: server-everything over legacy SSE; the capture validates and declares an sse transport', async () => {
  const { code, stdout, stderr } = await runCli([
    'capture',
    '--url',
    sseUrl,
    '--sse',
    '--timeout',
    '15000',
    '--to',
    'json',
  ]);
  assert.equal(code, 0, stderr);
  const doc = JSON.parse(stdout);
  assert.deepEqual(doc.protocolVersions, ['2025-11-25']);
  assert.deepEqual(doc.transports, [{ type: 'sse', url: sseUrl }]);
  assert.ok((doc.tools as { name: string }[]).some((t) => t.name === 'echo'));
  const checked = validate(doc);
  assert.equal(checked.valid, true, JSON.stringify(checked.diagnostics));
  // The only diagnostic: SSE is the legacy remote transport on 2025-11-25 (a warning).
  assert.deepEqual(
    checked.diagnostics.map((d) => `${d.severity} ${d.rule} ${d.code}`),
    ['warning mcp.transport.protocol-version legacy-sse'],
  );

  // verify --sse of that capture against the same server: no errors (exit 0).
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-sse-'));
  try {
    const file = join(dir, 'everything.json');
    writeFileSync(file, stdout);
    const verified = await runCli(['verify', file, '--url', sseUrl, '--sse', '--timeout', '15000', '--format', 'json']);
    assert.equal(verified.code, 0, verified.stdout + verified.stderr);
    const findings = JSON.parse(verified.stdout).files[0].diagnostics as { severity: string; rule: string }[];
    assert.deepEqual(
      findings.filter((f) => f.severity === 'error'),
      [],
    );
    // server-everything accepts an invalid cursor (a SHOULD): warnings only, no drift.
    assert.ok(
      findings.every((f) => f.rule === 'verify.hygiene.invalid-cursor' || f.rule === 'mcp.transport.protocol-version'),
      JSON.stringify(findings),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('verify --sse: drift is found over SSE too (an edited annotation)', async () => {
  const captured = await runCli(['capture', '--url', sseUrl, '--sse', '--timeout', '15000', '--to', 'json']);
  const doc = JSON.parse(captured.stdout);
  const i = (doc.tools as { name: string }[]).findIndex((t) => t.name === 'echo');
  doc.tools[i].annotations = { ...(doc.tools[i].annotations ?? {}), readOnlyHint: false };
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-sse-'));
  try {
    const file = join(dir, 'edited.json');
    writeFileSync(file, JSON.stringify(doc));
    const verified = await runCli(['verify', file, '--url', sseUrl, '--sse', '--call', 'none', '--format', 'json']);
    assert.equal(verified.code, 1, verified.stderr);
    const findings = JSON.parse(verified.stdout).files[0].diagnostics as {
      rule: string;
      code: string;
      pointer: string;
    }[];
    assert.ok(
      findings.some(
        (f) =>
          f.rule === 'verify.drift.annotations' &&
          f.code === 'annotation-differs' &&
          f.pointer === `/tools/${i}/annotations/readOnlyHint`,
      ),
      JSON.stringify(findings),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
