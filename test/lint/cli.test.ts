import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { cli } from 'mcpdesc-toolkit/internal/cli/program.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';

/** A CLI with an in-memory file system. */
function memoryIO(files: Record<string, string>, cwd = '/work'): { io: CliIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readFile: async (path) => {
      const p = resolve(cwd, path);
      if (!(p in files)) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return new TextEncoder().encode(files[p]);
    },
    writeFile: async (p, pieces) => {
      files[p] = [...pieces].join('');
    },
    cwd,
    env: {},
    isTTY: false,
  };
  return { io, out, err };
}

const untitled = JSON.stringify({
  mcpdesc: '0.8.0',
  info: { name: 'x', title: 'X', description: 'Issues of a workspace.', version: '1.0.0' },
  protocolVersions: ['2026-07-28'],
  tools: [
    {
      name: 'get_issue',
      description: 'Returns one issue of the current workspace by its key.',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      inputSchema: { type: 'object', additionalProperties: false },
    },
  ],
});

const report = (
  out: string[],
): {
  files: {
    file: string;
    valid: boolean;
    diagnostics: { rule: string; code: string; severity: string; pointer: string }[];
  }[];
} => JSON.parse(out.join(''));

test('mcpdesc lint: json report, warnings exit 0', async () => {
  const { io, out } = memoryIO({ '/work/a.mcpdesc.json': untitled });
  assert.equal(await cli(['lint', '--format', 'json', 'a.mcpdesc.json'], io), 0);
  const r = report(out);
  assert.deepEqual(
    r.files[0]!.diagnostics.map((d) => `${d.severity} ${d.rule} ${d.code} ${d.pointer}`),
    ['warning lint.tool.title missing-title /tools/0'],
  );
});

test('mcpdesc lint: --strict and --preset directory fail with exit 1', async () => {
  const { io } = memoryIO({ '/work/a.mcpdesc.json': untitled });
  assert.equal(await cli(['lint', '--strict', 'a.mcpdesc.json'], io), 1);
  const second = memoryIO({ '/work/a.mcpdesc.json': untitled });
  assert.equal(await cli(['lint', '--preset', 'directory', '--format', 'json', 'a.mcpdesc.json'], second.io), 1);
  assert.equal(report(second.out).files[0]!.diagnostics[0]!.severity, 'error');
});

test('mcpdesc lint: the nearest mcpdesc.config.json, walking up, with overrides', async () => {
  const files = {
    '/work/mcpdesc.config.json': JSON.stringify({
      extends: 'directory',
      overrides: [{ files: ['drafts/**'], rules: { 'lint.tool.title': 'off' } }],
    }),
    '/work/servers/a.mcpdesc.json': untitled,
    '/work/drafts/b.mcpdesc.json': untitled,
  };
  const { io, out } = memoryIO(files, '/work/servers');
  assert.equal(await cli(['lint', '--format', 'json', 'a.mcpdesc.json', '../drafts/b.mcpdesc.json'], io), 1);
  const r = report(out);
  assert.deepEqual(
    r.files.map((f) => [f.valid, f.diagnostics.length]),
    [
      [false, 1],
      [true, 0],
    ],
  );
});

test('mcpdesc lint: --config FILE, and configuration errors exit 2', async () => {
  const files = {
    '/work/a.mcpdesc.json': untitled,
    '/work/quiet.json': JSON.stringify({ rules: { 'lint.tool.title': 'off' } }),
    '/work/bad.json': JSON.stringify({ rules: { 'lint.tool.titel': 'off' } }),
  };
  const ok = memoryIO(files);
  assert.equal(await cli(['lint', '--config', 'quiet.json', '--format', 'json', 'a.mcpdesc.json'], ok.io), 0);
  assert.deepEqual(report(ok.out).files[0]!.diagnostics, []);
  const bad = memoryIO(files);
  assert.equal(await cli(['lint', '--config', 'bad.json', 'a.mcpdesc.json'], bad.io), 2);
  assert.match(bad.err.join(''), /"lint\.tool\.titel" is not a rule id \(did you mean lint\.tool\.title\?\)/);
  const missing = memoryIO(files);
  assert.equal(await cli(['lint', '--config', 'nope.json', 'a.mcpdesc.json'], missing.io), 2);
});

test('mcpdesc lint: validation errors fail with exit 1; sarif names lint rules', async () => {
  const { io, out } = memoryIO({ '/work/a.mcpdesc.json': '{"mcpdesc":"0.8.0"}' });
  assert.equal(await cli(['lint', 'a.mcpdesc.json'], io), 1);
  assert.ok(out.join('').length > 0);
  const sarif = memoryIO({ '/work/a.mcpdesc.json': untitled });
  assert.equal(await cli(['lint', '--format', 'sarif', 'a.mcpdesc.json'], sarif.io), 0);
  assert.match(sarif.out.join(''), /lint\.tool\.title/);
});

test('mcpdesc rules lists lint rules', async () => {
  const { io, out } = memoryIO({});
  assert.equal(await cli(['rules', 'lint.tool.annotations.explicit'], io), 0);
  assert.match(out.join(''), /kind: lint/);
});
