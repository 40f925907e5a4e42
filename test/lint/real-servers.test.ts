/**
 * Lint precision on real servers (issue 13, item 5): every finding of every preset on the
 * descriptions captured from real MCP servers (test/fixtures/real-servers/) is in the golden
 * file test/golden/lint/real-servers.txt, and each distinct finding (file, rule/code, pointer)
 * has a reviewed verdict in docs/lint-precision.md. A new or changed finding fails until it is
 * reviewed; a finding judged a false positive fails until the rule is fixed.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { presetNames } from 'mcpdesc-core/internal/lint/presets.js';
import { assertGolden } from '../helpers/golden.js';
import { repoRoot } from '../helpers/paths.js';

const corpus = join(repoRoot, 'test', 'fixtures', 'real-servers');
const files = readdirSync(corpus)
  .filter((name) => name.endsWith('.mcpdesc.yaml') || name.endsWith('.mcpdesc.json'))
  .sort();

interface Finding {
  preset: string;
  file: string;
  severity: string;
  id: string;
  pointer: string;
  message: string;
  line: number;
}

const findings: Finding[] = presetNames.flatMap((preset) =>
  files.flatMap((file) =>
    lint(readFileSync(join(corpus, file)), { filename: file, preset }).diagnostics.map((d) => ({
      preset,
      file,
      severity: d.severity,
      id: `${d.rule}/${d.code}`,
      pointer: d.pointer,
      message: d.message,
      line: d.range?.start.line ?? 0,
    })),
  ),
);

const distinct = (f: Finding): string => `${f.file} ${f.id} ${f.pointer}`;

/** Rows of the review table: | file | rule/code | pointer | verdict | why |. */
function verdicts(): Map<string, { verdict: string; why: string }> {
  const text = readFileSync(join(repoRoot, 'docs', 'lint-precision.md'), 'utf8');
  const rows = new Map<string, { verdict: string; why: string }>();
  for (const line of text.split('\n')) {
    const row = /^\| `([^`]+)` \| `([^`]+)` \| `([^`]*)` \| (true positive|false positive) \| (.+) \|$/.exec(line);
    if (!row) continue;
    const key = `${row[1]} ${row[2]} ${row[3]}`;
    assert.ok(!rows.has(key), `one verdict per finding: ${key}`);
    rows.set(key, { verdict: row[4]!, why: row[5]!.trim() });
  }
  return rows;
}

test('the corpus: at least six npm servers and the three migrated Microsoft Learn captures', () => {
  assert.ok(files.filter((f) => !f.startsWith('ms-learn')).length >= 6, files.join(', '));
  assert.equal(files.filter((f) => f.startsWith('ms-learn')).length, 3);
});

test('every finding of every preset matches test/golden/lint/real-servers.txt', () => {
  const lines = findings.map(
    (f) => `${f.preset}  ${f.file}:${f.line}  ${f.severity}  ${f.id}  ${f.pointer}  ${f.message}`,
  );
  assertGolden('lint/real-servers.txt', lines.join('\n') + '\n');
});

test('every distinct finding is reviewed in docs/lint-precision.md, and none is a false positive', () => {
  const reviewed = verdicts();
  const found = new Set(findings.map(distinct));
  const unreviewed = [...found].filter((key) => !reviewed.has(key));
  assert.deepEqual(unreviewed, [], 'findings without a verdict');
  const stale = [...reviewed.keys()].filter((key) => !found.has(key));
  assert.deepEqual(stale, [], 'verdicts of findings that no longer occur');
  const falsePositives = [...reviewed].filter(([, v]) => v.verdict === 'false positive').map(([key]) => key);
  assert.deepEqual(falsePositives, [], 'false positives: fix the rule');
  for (const [key, v] of reviewed) assert.ok(v.why.length > 10, `a reason for ${key}`);
});

test('docs/lint.md states the measured figure', () => {
  const reviewed = verdicts();
  const lintDoc = readFileSync(join(repoRoot, 'docs', 'lint.md'), 'utf8');
  const truePositives = [...reviewed.values()].filter((v) => v.verdict === 'true positive').length;
  const figure = `${reviewed.size} distinct findings, ${truePositives} true positives`;
  assert.ok(lintDoc.includes(figure), `docs/lint.md says "${figure}"`);
});
