/**
 * Copies of diagnostics share hidden classes (copyDiagnostic in packages/core/src/model/diagnostic.ts):
 * built from `{}` (spread, `Object.assign`), each of lint's 40,000 findings had a map of its own
 * once a decoded document had given empty objects enough first keys, and the report's sort,
 * summary and formatters went megamorphic. V8 tells which objects share a map only behind
 * `--allow-natives-syntax`, so a child process counts the maps of real results, after decoding a
 * document with thousands of property names first (the order in which the effect shows).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { copyDiagnostic } from 'mcpdesc-core/internal/model/diagnostic.js';
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
// Thousands of distinct first keys of decoded objects: V8's transitions from {} are full after this.
lint(JSON.stringify(generateDescription(3000)));
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

test('copyDiagnostic copies every member: the contract in its order, then the others in theirs', () => {
  const range = { start: { line: 1, column: 2 }, end: { line: 1, column: 5 } };
  const d = { rule: 'r', code: 'c', severity: 'info' as const, message: 'm', pointer: '/a', input: 2, spec: '4.1' };
  const copy = copyDiagnostic(d, range);
  assert.notEqual(copy, d);
  assert.deepEqual(Object.keys(copy), ['rule', 'code', 'severity', 'message', 'pointer', 'spec', 'range', 'input']);
  assert.deepEqual(copy, { ...d, range });
  // Its own range by default; undefined members are left out.
  const plain = { rule: 'r', code: 'c', severity: 'error' as const, message: 'm', pointer: '', spec: undefined };
  assert.deepEqual(Object.keys(copyDiagnostic(plain)), ['rule', 'code', 'severity', 'message', 'pointer']);
  assert.equal(copyDiagnostic({ ...plain, range }).range, range);
});
