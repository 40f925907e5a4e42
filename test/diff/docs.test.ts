import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { classificationTable } from 'mcpdesc-core/internal/diff/classification.js';
import { repoRoot } from '../helpers/paths.js';

test('docs/diff.md lists every change kind with its default class', () => {
  const text = readFileSync(join(repoRoot, 'docs', 'diff.md'), 'utf8');
  const rows = new Map([...text.matchAll(/^\| `(diff\.[^`]+)` \| ([a-z-]+) \|/gm)].map((m) => [m[1]!, m[2]!]));
  for (const e of classificationTable) assert.equal(rows.get(e.id), e.class, `${e.id} in docs/diff.md`);
  assert.equal(rows.size, classificationTable.length, 'no undocumented or stale rows');
});
