/**
 * Capture maps MCP's wire form to the format's (docs/live.md, "From the wire to the format") and
 * verify compares through the same mapping; the server's own lapses are warnings unless --strict;
 * errors keep their cause. Against test/fixtures/wire/lapse-server.mjs (raw JSON-RPC, no SDK).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import type { ConnectTarget } from 'mcpdesc-toolkit/internal/live/connect.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { repoRoot, runCli } from './helpers.js';

const script = `${repoRoot}test/fixtures/wire/lapse-server.mjs`;
const server = (mode?: string): ConnectTarget => ({
  kind: 'stdio',
  command: process.execPath,
  args: mode ? [script, mode] : [script],
});

const errors = <T extends { severity: string }>(diagnostics: readonly T[]) =>
  diagnostics.filter((d) => d.severity === 'error');
const codes = (diagnostics: readonly { rule: string; code: string; severity: string }[]) =>
  diagnostics.map((d) => `${d.severity} ${d.rule}/${d.code}`);

test('an empty version, "arguments": [] and a `default` are mapped; the capture validates', async () => {
  const captured = await capture(server(), { timeout: 20000 });
  assert.ok(captured.value, JSON.stringify(captured.diagnostics));
  assert.deepEqual(errors(captured.diagnostics), []);
  assert.equal(captured.ok, true);
  const value = captured.value;
  assert.deepEqual(value.info, { name: 'lapse-server', version: '0.0.0-unversioned' });
  const prompts = value.prompts as JsonObject[];
  assert.deepEqual(prompts[0], { name: 'plain', description: 'No parameters.' });
  assert.deepEqual(prompts[1]!.arguments, [{ name: 'who', description: 'Whom to greet.', required: false }]);
  assert.equal((value.tools as JsonObject[])[0]!.icons, undefined);
  assert.deepEqual(errors(validate(value).diagnostics), []);
  const version = captured.diagnostics.find((d) => d.code === 'empty-version')!;
  assert.equal(version.severity, 'warning');
  assert.match(version.message, /version ""/);
  assert.match(version.message, /--info-version/);
  const member = captured.diagnostics.find((d) => d.code === 'member-omitted')!;
  assert.match(member.message, /"default" \("world"\) at \/prompts\/1\/arguments\/0\/default/);
  assert.equal(member.severity, 'warning');
  const empties = captured.diagnostics.filter((d) => d.code === 'empty-omitted').map((d) => d.pointer);
  assert.deepEqual(empties.sort(), ['/info/icons', '/prompts/0/arguments', '/tools/0/icons']);
});

test('--info-version names the version; verify of the capture reports no drift for the mapped fields', async () => {
  for (const infoVersion of [undefined, '1.4.0']) {
    const captured = await capture(server(), { timeout: 20000, ...(infoVersion ? { infoVersion } : {}) });
    assert.ok(captured.value);
    assert.equal((captured.value.info as JsonObject).version, infoVersion ?? '0.0.0-unversioned');
    const checked = await verify(captured.value, server(), { timeout: 20000, call: 'none' });
    const loud = checked.findings.filter((f) => f.severity !== 'info' && f.rule !== 'verify.server-lapse');
    assert.deepEqual(
      loud.map((f) => `${f.rule}/${f.code} ${f.message}`),
      [],
    );
  }
});

test('a capability whose list method answers -32601 is the server lapse: a warning, the rest written; --strict an error', async () => {
  const lenient = await capture(server(), { timeout: 20000 });
  const lapse = lenient.diagnostics.find((d) => d.code === 'list-method-not-found')!;
  assert.equal(lapse.severity, 'warning');
  assert.equal(lapse.rule, 'capture.server-lapse');
  assert.match(lapse.message, /advertises the resources capability but answers resources\/list with -32601/);
  assert.ok(Array.isArray(lenient.value!.tools) && Array.isArray(lenient.value!.prompts));
  const strict = await capture(server(), { timeout: 20000, strict: true });
  assert.equal(strict.ok, false);
  // resources/list and resources/templates/list both need the resources capability.
  assert.deepEqual(
    errors(strict.diagnostics).map((d) => `${d.rule}/${d.code} ${d.pointer}`),
    [
      'capture.server-lapse/list-method-not-found /resources',
      'capture.server-lapse/list-method-not-found /resourceTemplates',
    ],
  );
});

test('--protocol all writes one validated document from every revision', async () => {
  const captured = await capture(server(), { timeout: 30000, protocol: 'all' });
  assert.ok(captured.value, JSON.stringify(captured.diagnostics));
  assert.deepEqual(captured.revisions, ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);
  assert.deepEqual(errors(captured.diagnostics), []);
  assert.deepEqual(errors(validate(captured.value).diagnostics), []);
});

test('--protocol all on a server that exits at start names its exit code and standard error', async () => {
  const captured = await capture(server('exit'), { timeout: 20000, protocol: 'all' });
  assert.equal(captured.ok, false);
  const message = captured.diagnostics.map((d) => d.message).join('\n');
  assert.match(message, /exited with code 3/);
  assert.match(message, /configuration file not found/);
});

test('verify: a rejection with -32603 is no accepted input, but the wrong code', async () => {
  const captured = await capture(server(), { timeout: 20000, infoVersion: '1' });
  const checked = await verify(captured.value!, server(), { timeout: 20000 });
  const negative = checked.findings.filter((f) => f.rule === 'verify.contract.negative-input');
  assert.deepEqual(codes(negative), [
    'warning verify.contract.negative-input/missing-required-wrong-error-code',
    'warning verify.contract.negative-input/wrong-type-wrong-error-code',
  ]);
  assert.match(negative[0]!.message, /rejected it with -32603/);
});

test('CLI: --info-version and --strict', async () => {
  const args = ['capture', '--stdio', `${process.execPath} ${script}`, '--to', 'json'];
  const chosen = await runCli([...args, '--info-version', '2.0.0']);
  assert.equal(chosen.code, 0, chosen.stderr);
  assert.equal(JSON.parse(chosen.stdout).info.version, '2.0.0');
  const strict = await runCli([...args, '--strict']);
  assert.equal(strict.code, 1, strict.stderr);
  const empty = await runCli([...args, '--info-version', ' ']);
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /--info-version expects a non-empty version/);
});
