/**
 * diff over protocol-scoped variants: a change made in every variant of a declaration is one entry
 * with the revisions it applies to (and each variant's pointers), not one entry per variant.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';
import { assertGolden } from '../helpers/golden.js';
import { repoRoot } from '../helpers/paths.js';

const before = readFileSync(join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml'), 'utf8');

/** Replaces `from` with `to`, `count` times exactly (so that an edit of the example fails here first). */
function edit(text: string, from: string, to: string, count: number): string {
  assert.equal(text.split(from).length - 1, count, `${JSON.stringify(from)} occurs ${count} times in the example`);
  return text.split(from).join(to);
}

// search_books' page size shrinks in both of its variants; reserve_book's 2026-07-28 variant alone changes its title.
let after = edit(before, 'maximum: 50', 'maximum: 20', 2);
after = edit(after, 'Page size, 1 to 50.', 'Page size, 1 to 20.', 2);
after = edit(
  after,
  "reserve_book\n    protocolVersions: ['2026-07-28']\n    title: Reserve a copy",
  "reserve_book\n    protocolVersions: ['2026-07-28']\n    title: Hold a copy",
  1,
);
after = edit(after, 'version: 1.4.0', 'version: 1.4.1', 1);

const files = { 'bookshelf.mcpdesc.yaml': before, 'bookshelf-next.mcpdesc.yaml': after };
const diff = (...options: string[]) =>
  runCli(['diff', 'bookshelf.mcpdesc.yaml', 'bookshelf-next.mcpdesc.yaml', '--suggest-version', ...options], {
    files,
    filesOnly: true,
  });

test('diff: one entry per change with the revisions it applies to, each variant located (text, golden)', async () => {
  const { code, stdout, stderr } = await diff();
  assert.equal(code, 0, stderr);
  assert.equal(stdout.match(/maximum changed from 50 to 20/g)?.length, 1);
  assert.match(stdout, /diff\.input\.constraint\.tightened \(2025-11-25 and 2026-07-28\)\n/);
  assert.match(stdout, /old: \/tools\/1\/\S+ \(2025-11-25\), \/tools\/0\/\S+ \(2026-07-28\)/);
  assert.match(stdout, /title changed[^\n]*\n\s+diff\.[a-z.-]+ \(2026-07-28 only\)/);
  assertGolden('diff/bookshelf-variants.txt', stdout);
});

test('diff: json lists each change once with a revisions array and its locations (golden)', async () => {
  const { code, stdout } = await diff('--format', 'json');
  assert.equal(code, 0);
  const report = JSON.parse(stdout) as { changes: { message: string; revisions: string[]; locations?: unknown[] }[] };
  const tightened = report.changes.filter((c) => /maximum changed/.test(c.message));
  assert.equal(tightened.length, 1);
  assert.deepEqual(tightened[0]!.revisions, ['2025-11-25', '2026-07-28']);
  assert.equal(tightened[0]!.locations?.length, 2);
  const title = report.changes.find((c) => /title changed/.test(c.message))!;
  assert.deepEqual(title.revisions, ['2026-07-28']);
  assert.equal(title.locations, undefined, 'one site: no locations list');
  assertGolden('diff/bookshelf-variants.json', stdout);
});

test("diff: the Markdown header warns when the suggested version is not the document's (golden)", async () => {
  const { code, stdout } = await diff('--format', 'markdown');
  assert.equal(code, 0);
  assert.match(
    stdout,
    /^## bookshelf 2\.0\.0\n\n> \*\*Warning:\*\* 2\.0\.0 is the suggested version; the new document's info\.version is 1\.4\.1, lower than suggested\./,
  );
  assert.equal(stdout.match(/maximum changed from 50 to 20/g)?.length, 1);
  assertGolden('diff/bookshelf-variants.md', stdout);
  // No warning when the document carries the suggested version.
  const bumped = await runCli(
    ['diff', 'bookshelf.mcpdesc.yaml', 'next.mcpdesc.yaml', '--suggest-version', '--format', 'markdown'],
    { files: { ...files, 'next.mcpdesc.yaml': edit(after, 'version: 1.4.1', 'version: 2.0.0', 1) }, filesOnly: true },
  );
  assert.match(bumped.stdout, /^## bookshelf 2\.0\.0\n\nChanges since 1\.4\.0/);
});
