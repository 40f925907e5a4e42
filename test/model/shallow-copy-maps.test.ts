/**
 * The copies of diagnostics share hidden classes (packages/core/src/model/shallow-copy.ts): on
 * Node.js 20 an object spread gave each of lint's 40,000 findings a map of its own and made the
 * report's sort, summary and formatters megamorphic. V8 tells which objects share a map only
 * behind `--allow-natives-syntax`, so a child process counts the maps of real results.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../helpers/paths.js';

const url = (...path: string[]) => JSON.stringify(pathToFileURL(join(repoRoot, ...path)).href);

// Per key order, the distinct maps among a list's objects (V8's %HaveSameMap).
const script = `
import { lint } from ${url('packages/core/dist/index.js')};
import { validateInput } from ${url('packages/core/dist/operations/operation-result.js')};
import { generateDescription } from ${url('dist/bench/generate.js')};
function maps(list) {
  const seen = new Map();
  let count = 0;
  for (const item of list) {
    const order = Object.keys(item).join();
    const representatives = seen.get(order) ?? [];
    if (!representatives.some((r) => %HaveSameMap(r, item))) representatives.push(item), count++;
    seen.set(order, representatives);
  }
  return { items: list.length, keyOrders: seen.size, maps: count };
}
const dirty = generateDescription(300);
const invalid = generateDescription(300);
for (const tool of invalid.tools) tool.description = 5;
console.log(JSON.stringify({
  lint: maps(lint(JSON.stringify(dirty)).diagnostics),
  operation: maps(validateInput('merge', invalid, 1, '4', {}).diagnostics),
}));
`;

test('copied diagnostics share a hidden class per key order (lint, an operation input)', () => {
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(child.status, 0, child.stderr);
  const counts = JSON.parse(child.stdout) as Record<string, { items: number; keyOrders: number; maps: number }>;
  for (const [what, { items, keyOrders, maps }] of Object.entries(counts)) {
    // Enough findings that a map per copy could not pass.
    assert.ok(items > 250, `${what}: ${items} findings`);
    // A literal-built finding and a copied one may differ; a map per copy may not.
    assert.ok(maps <= 2 * keyOrders, `${what}: ${maps} maps for ${items} findings in ${keyOrders} key orders`);
  }
});
