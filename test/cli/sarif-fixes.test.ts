/**
 * SARIF `fixes` (2.1.0 §3.55): each finding with a fix carries the replacement `lint --fix`
 * writes for it, on the fixtures of test/fixtures/fix/ (one finding of each fixable code).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LineIndex } from 'mcpdesc-core/internal/source/line-index.js';
import { assertGolden } from '../helpers/golden.js';
import { runCli } from '../helpers/cli.js';
import { binPath, repoRoot } from '../helpers/paths.js';

const fixtures = join(repoRoot, 'test/fixtures/fix');
const files = {
  'server.mcpdesc.yaml': readFileSync(join(fixtures, 'server.mcpdesc.yaml'), 'utf8'),
  'server.mcpdesc.json': readFileSync(join(fixtures, 'server.mcpdesc.json'), 'utf8'),
};

interface Region {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}
interface SarifResult {
  ruleId: string;
  properties: { code: string };
  locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
  fixes?: {
    description: { text: string };
    artifactChanges: {
      artifactLocation: { uri: string };
      replacements: { deletedRegion: Region; insertedContent: { text: string } }[];
    }[];
  }[];
}

function resultsOf(stdout: string): SarifResult[] {
  return (JSON.parse(stdout) as { runs: { results: SarifResult[] }[] }).runs[0]!.results;
}

/** The offset of a 1-based line and column (UTF-16 units) in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  const index = new LineIndex(text);
  let low = 0;
  let high = text.length;
  // The smallest offset at or past (line, column): positions grow with offsets.
  while (low < high) {
    const mid = (low + high) >> 1;
    const p = index.position(mid);
    if (p.line < line || (p.line === line && p.column < column)) low = mid + 1;
    else high = mid;
  }
  return low;
}

test('SARIF gives every fixable finding its fix as a replacement (golden); applied together they make what lint --fix writes', async () => {
  const names = Object.keys(files);
  const run = await runCli(['lint', '--format', 'sarif', ...names], { files, filesOnly: true });
  assertGolden('lint/fix/fixes.sarif.json', run.stdout);
  const results = resultsOf(run.stdout);
  const fixed = await runCli(['lint', '--fix', ...names], { files, filesOnly: true });
  for (const name of names) {
    const own = results.filter((r) => r.locations[0]!.physicalLocation.artifactLocation.uri === name && r.fixes);
    assert.equal(own.length, 6, name);
    const text = files[name as keyof typeof files];
    const edits = own.map((r) => {
      assert.equal(r.fixes!.length, 1);
      const change = r.fixes![0]!.artifactChanges[0]!;
      assert.equal(change.artifactLocation.uri, name, 'the fix edits the result’s own file');
      const { deletedRegion: d, insertedContent } = change.replacements[0]!;
      return {
        start: offsetOf(text, d.startLine, d.startColumn),
        end: offsetOf(text, d.endLine, d.endColumn),
        text: insertedContent.text,
      };
    });
    let applied = text;
    for (const edit of edits.sort((a, b) => b.start - a.start))
      applied = applied.slice(0, edit.start) + edit.text + applied.slice(edit.end);
    assert.equal(applied, fixed.written[name], name);
  }
  // A finding without a fix has no `fixes`.
  assert.ok(results.some((r) => r.fixes === undefined));
});

test('no fixes under --fix (the report is of the fixed text), nor where nothing is fixable', async () => {
  const dry = await runCli(['lint', '--fix-dry-run', '--format', 'sarif', '-o', 'r.sarif', 'server.mcpdesc.json'], {
    files,
    filesOnly: true,
  });
  assert.ok(!resultsOf(dry.written['r.sarif']!).some((r) => r.fixes));
  const clean = JSON.stringify({
    mcpdesc: '0.8.0',
    info: { name: 'x', version: '1.0.0' },
    protocolVersions: ['2025-06-18'],
    tools: [{ name: 'x', description: 'X.', inputSchema: { type: 'object' } }],
  });
  const run = await runCli(['lint', '--format', 'sarif', 'a.mcpdesc.json'], {
    files: { 'a.mcpdesc.json': clean },
    filesOnly: true,
  });
  assert.ok(resultsOf(run.stdout).length > 0);
  assert.ok(!resultsOf(run.stdout).some((r) => r.fixes));
});

test('lint --jobs 2 prints the same SARIF, fixes included, as one job', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-sarif-fixes-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const lint = (jobs: string) =>
      spawnSync(process.execPath, [binPath, 'lint', '--format', 'sarif', '--jobs', jobs, ...Object.keys(files)], {
        cwd: dir,
        encoding: 'utf8',
      });
    const [one, two] = [lint('1'), lint('2')];
    assert.equal(two.stdout, one.stdout, two.stderr);
    assert.match(one.stdout, /"fixes"/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
