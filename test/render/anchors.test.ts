/**
 * docs anchors by kind and name, stable when entries move, unique and attribute-safe (issue 35
 * item 8), and no destructive/idempotent default beside "read-only: yes".
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { renderHtml } from 'mcpdesc-core/internal/render/html.js';
import { repoRoot, binPath as bin } from '../helpers/paths.js';

const ids = (html: string): string[] =>
  [...html.matchAll(/<article class="card" id="([^"]*)"/g)].map((match) => match[1]!);
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
const doc = (names: string[]) => ({
  mcpdesc: '0.8.0',
  info: { name: 'anchors', version: '1.0.0' },
  protocolVersions: ['2025-11-25'],
  tools: names.map(tool),
});

test('anchors follow the name, not the position: reordering tools keeps every anchor', () => {
  const first = ids(renderHtml(doc(['alpha', 'beta'])));
  const moved = ids(renderHtml(doc(['beta', 'alpha'])));
  assert.deepEqual(first, ['tool-alpha', 'tool-beta']);
  assert.deepEqual(new Set(moved), new Set(first));
});

test('colliding slugs get unique anchors of [A-Za-z0-9_-] only', () => {
  const long = 'x'.repeat(70);
  const anchors = ids(renderHtml(doc(['a.b', 'a-b', 'a b', `${long}1`, `${long}2`])));
  assert.equal(new Set(anchors).size, 5, anchors.join());
  for (const anchor of anchors) assert.match(anchor, /^[A-Za-z0-9_-]+$/);
});

test('mcpdesc docs of the bundled example: anchors by kind, name and variant revisions; a read-only tool shows no destructive or idempotent default', () => {
  const run = spawnSync(process.execPath, [bin, 'docs', 'examples/bookshelf.mcpdesc.yaml'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  const anchors = ids(run.stdout);
  assert.ok(anchors.includes('tool-search_books-2025-11-25'), anchors.join());
  assert.ok(anchors.includes('tool-cancel_reservation'), anchors.join());
  assert.ok(anchors.includes('template-book'), anchors.join());
  assert.equal(anchors.filter((anchor) => /^[a-z]+-\d+-/.test(anchor)).length, 0, anchors.join());
  const search = run.stdout.slice(run.stdout.indexOf('id="tool-search_books-2026-07-28"'));
  const card = search.slice(0, search.indexOf('</article>'));
  assert.match(card, /read-only: yes/);
  assert.doesNotMatch(card, /\(default\)/);
});
