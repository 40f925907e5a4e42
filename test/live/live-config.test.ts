/**
 * verify's and capture's findings are rules like every other: mcpdesc.config.json sets their
 * severities (off included), found as lint finds it or named by -c, and the exit code follows.
 * verify runs against `mcpdesc mock` of the bundled example with a description lacking one of
 * the mock's tools (verify.drift.undeclared, an error per revision); capture against
 * test/fixtures/wire/lapse-server.mjs (capture.server-lapse warnings, capture.wire-mapping ones).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { binPath, repoRoot } from '../helpers/paths.js';

const examplePath = join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml');
const example = readFileSync(examplePath, 'utf8');
// The description without cancel_reservation (the last tool, before resources:).
const lacking = example.replace(/\n {2}- name: cancel_reservation\n(?: {4}.*\n|\n)*?(?=resources:)/, '\n');
const mock = ['--stdio', `"${process.execPath}" "${binPath}" mock "${examplePath}" --quiet`, '--call', 'none'];
const lapseServer = ['--stdio', `"${process.execPath}" "${join(repoRoot, 'test/fixtures/wire/lapse-server.mjs')}"`];

/** A project folder (its .git ends the configuration walk) holding the lacking description. */
const root = mkdtempSync(join(tmpdir(), 'mcpdesc-live-config-'));
after(() => rmSync(root, { recursive: true, force: true }));
function project(name: string, config?: unknown): string {
  const dir = join(root, name);
  mkdirSync(join(dir, '.git'), { recursive: true });
  writeFileSync(join(dir, 'lacking.mcpdesc.yaml'), lacking);
  if (config !== undefined) writeFileSync(join(dir, 'mcpdesc.config.json'), JSON.stringify(config));
  return dir;
}

interface JsonReport {
  files: { valid: boolean; diagnostics: { rule: string; severity: string }[]; checks: { status: string }[] }[];
}

test(
  'verify: the nearest configuration turns a rule off or down, and the exit code follows',
  { timeout: 180_000 },
  async () => {
    assert.notEqual(lacking, example, 'the edit applied');
    const run = async (dir: string, ...extra: string[]) => {
      const result = await runCli(['verify', join(dir, 'lacking.mcpdesc.yaml'), ...mock, '-f', 'json', ...extra]);
      return { ...result, report: JSON.parse(result.stdout || '{"files":[]}') as JsonReport };
    };
    // No configuration: two errors (one per revision), exit 1.
    const plain = await run(project('plain'));
    assert.equal(plain.code, 1, plain.stderr);
    assert.deepEqual(
      plain.report.files[0]!.diagnostics.map((d) => `${d.severity} ${d.rule}`),
      ['error verify.drift.undeclared', 'error verify.drift.undeclared'],
    );
    // Off: no finding, the drift checks pass, exit 0.
    const off = await run(project('off', { rules: { 'verify.drift.undeclared': 'off' } }));
    assert.equal(off.code, 0, off.stderr);
    assert.deepEqual(off.report.files[0]!.diagnostics, []);
    assert.equal(off.report.files[0]!.valid, true);
    assert.ok(off.report.files[0]!.checks.every((c) => c.status !== 'failed'));
    // A code, as diagnostics print it, down to a warning: reported, exit 0.
    const warn = await run(project('warn', { rules: { 'verify.drift.undeclared/primitive-undeclared': 'warn' } }));
    assert.equal(warn.code, 0, warn.stderr);
    assert.deepEqual(
      warn.report.files[0]!.diagnostics.map((d) => d.severity),
      ['warning', 'warning'],
    );
    // -c names a configuration elsewhere; it wins over the nearest one.
    const named = join(root, 'named.json');
    writeFileSync(named, JSON.stringify({ rules: { 'verify.drift.undeclared': 'off' } }));
    const explicit = await run(project('explicit', { rules: { 'verify.drift.undeclared': 'error' } }), '-c', named);
    assert.equal(explicit.code, 0, explicit.stderr);
    // An unusable configuration is a usage error before any connection.
    const bad = await run(project('bad', { rules: { 'verify.drift.undeclard': 'off' } }));
    assert.equal(bad.code, 2);
    assert.match(
      bad.stderr,
      /"verify\.drift\.undeclard" is not a rule id \(did you mean verify\.drift\.undeclared\?\)/,
    );
  },
);

test(
  "capture: the configuration of -o's folder raises a warning rule to error or turns errors off",
  { timeout: 180_000 },
  async () => {
    const capture = async (dir: string, ...extra: string[]) =>
      await runCli(['capture', ...lapseServer, '-o', join(dir, 'captured.mcpdesc.yaml'), ...extra]);
    const plain = await capture(project('capture-plain'));
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stderr, /warning .*capture\.server-lapse\/list-method-not-found/);
    const raised = await capture(project('capture-raised', { rules: { 'capture.server-lapse': 'error' } }));
    assert.equal(raised.code, 1, raised.stderr);
    assert.match(raised.stderr, /error .*capture\.server-lapse\/list-method-not-found/);
    // --strict makes the lapses errors; a configuration turning the rule off lets the capture pass.
    const strict = await capture(project('capture-off', { rules: { 'capture.server-lapse': 'off' } }), '--strict');
    assert.equal(strict.code, 0, strict.stderr);
    assert.doesNotMatch(strict.stderr, /capture\.server-lapse/);
    assert.match(strict.stderr, /captured MCP /);
  },
);

test('lint and validate accept a configuration that names verify and capture rules', async () => {
  const dir = project('shared', { rules: { 'verify.hygiene.order': 'off', 'capture.secret/redacted': 'error' } });
  for (const command of ['validate', 'lint']) {
    const result = await runCli([command, join(dir, 'lacking.mcpdesc.yaml')]);
    assert.equal(result.code, 0, `${command}: ${result.stderr}${result.stdout}`);
  }
});
