/**
 * verify speaks the flag vocabulary of the checking commands: every report format (GitHub
 * annotations included) and -q/--quiet. Runs against `mcpdesc mock` of the bundled example, with
 * a description that lacks one of the mock's tools (an error per revision).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { binPath, repoRoot } from '../helpers/paths.js';

const examplePath = join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml');
const example = readFileSync(examplePath, 'utf8');
// The description without cancel_reservation (the last tool, before resources:).
const lacking = example.replace(/\n {2}- name: cancel_reservation\n(?: {4}.*\n|\n)*?(?=resources:)/, '\n');
const mock = ['--stdio', `"${process.execPath}" "${binPath}" mock "${examplePath}" --quiet`, '--call', 'none'];
const files = { 'lacking.mcpdesc.yaml': lacking };

test(
  'verify --format github: one error annotation per finding, on the description file',
  { timeout: 120_000 },
  async () => {
    assert.notEqual(lacking, example, 'the edit applied');
    const result = await runCli(['verify', 'lacking.mcpdesc.yaml', ...mock, '--format', 'github'], { files });
    assert.equal(result.code, 1, result.stderr);
    const lines = result.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, result.stdout);
    for (const line of lines) {
      assert.match(
        line,
        /^::error file=lacking\.mcpdesc\.yaml,line=\d+,.*title=verify\.drift\.undeclared\/primitive-undeclared::/,
      );
      assert.match(line, /tools "cancel_reservation"/);
    }
    assert.match(result.stderr, /verified MCP /);
  },
);

test('verify -q: the report and no closing line on standard error', { timeout: 120_000 }, async () => {
  const quiet = await runCli(['verify', 'lacking.mcpdesc.yaml', ...mock, '-q', '--format', 'json'], { files });
  assert.equal(quiet.code, 1, quiet.stderr);
  assert.doesNotMatch(quiet.stderr, /verified MCP/);
  const report = JSON.parse(quiet.stdout) as { files: { diagnostics: { severity: string }[] }[] };
  const diagnostics = report.files[0]!.diagnostics;
  assert.equal(diagnostics.length, 2);
  assert.ok(diagnostics.every((d) => d.severity === 'error'));
});
