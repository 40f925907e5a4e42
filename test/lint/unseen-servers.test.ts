/**
 * Lint precision on servers the rules were not tuned on (issue 34, item 3): descriptions
 * captured from MIT-licensed npm servers (YAML, and JSON as `mcpdesc capture` writes it) after the five heuristic classes were fixed
 * (test/fixtures/lint-unseen-servers/, the README says which versions). Every finding of the
 * recommended preset was reviewed by hand in docs/lint-precision.md ("Servers the rules were not
 * tuned on") and judged a true positive; findings.txt is that reviewed list. A finding that
 * appears or disappears fails here until it is reviewed.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { repoRoot } from '../helpers/paths.js';

const corpus = join(repoRoot, 'test', 'fixtures', 'lint-unseen-servers');
const files = readdirSync(corpus)
  .filter((name) => /\.mcpdesc\.(yaml|json)$/.test(name))
  .sort();

test('the unseen servers: every recommended finding is in the reviewed list, and only those', () => {
  assert.ok(files.length >= 4, files.join(', '));
  const found = files.flatMap((file) =>
    lint(readFileSync(join(corpus, file)), { filename: file, preset: 'recommended' }).diagnostics.map(
      (d) => `${file} ${d.severity} ${d.rule}/${d.code} ${d.pointer}`,
    ),
  );
  const reviewed = readFileSync(join(corpus, 'findings.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  assert.deepEqual(found, reviewed);
});
