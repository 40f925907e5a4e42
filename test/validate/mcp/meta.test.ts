import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkMeta, metaCodes, parseMetaKey, reservedIn } from 'mcpdesc-core/internal/validate/mcp/meta.js';
import { recordingContext } from './recording-context.js';

const run = (value: unknown, scope: Parameters<typeof checkMeta>[3], context: Parameters<typeof checkMeta>[4]) => {
  const { ctx, reports } = recordingContext();
  checkMeta(ctx, value, '/m', scope, context);
  for (const r of reports) assert.ok(r.code in metaCodes, `unknown code ${r.code}`);
  return reports.map((r) => `${r.code} ${r.pointer}`);
};

test('parseMetaKey: grammar of prefix labels and names', () => {
  assert.deepEqual(parseMetaKey('com.example/status'), { labels: ['com', 'example'], name: 'status' });
  assert.deepEqual(parseMetaKey('display_hint'), { labels: undefined, name: 'display_hint' });
  assert.deepEqual(parseMetaKey('a/'), { labels: ['a'], name: '' });
  assert.deepEqual(parseMetaKey(''), { labels: undefined, name: '' });
  for (const bad of ['bad key', '1abc/x', 'a-/x', 'a..b/x', '/x', 'a/-x', 'a/x_', 'a/b/c'])
    assert.equal(parseMetaKey(bad), undefined, bad);
});

test('reservedIn: second label from 2025-11-25, any label but the last in 2025-06-18', () => {
  // In 2025-06-18 the reserved label must be followed by another label: io.modelcontextprotocol/ is not reserved there.
  assert.deepEqual(reservedIn(['io', 'modelcontextprotocol'], ['2025-06-18', '2025-11-25']), ['2025-11-25']);
  assert.deepEqual(reservedIn(['api', 'modelcontextprotocol', 'org'], ['2025-06-18', '2025-11-25']), [
    '2025-11-25',
    '2025-06-18',
  ]);
  assert.deepEqual(reservedIn(['modelcontextprotocol', 'io'], ['2025-06-18', '2026-07-28']), ['2025-06-18']);
  assert.deepEqual(reservedIn(['com', 'example', 'mcp'], ['2025-06-18', '2026-07-28']), []);
});

test('checkMeta: known reserved keys by context and value', () => {
  assert.deepEqual(run({ progressToken: 'a' }, ['2026-07-28'], 'request'), []);
  assert.deepEqual(run({ progressToken: true }, ['2026-07-28'], 'request'), [
    'meta-reserved-key-value /m/progressToken',
  ]);
  assert.deepEqual(run({ progressToken: 'a' }, ['2025-06-18'], 'result'), [
    'meta-reserved-key-context /m/progressToken',
  ]);
  assert.deepEqual(
    run({ 'io.modelcontextprotocol/serverInfo': { name: 'a', version: '1' } }, ['2026-07-28'], 'result'),
    [],
  );
  assert.deepEqual(run({ 'io.modelcontextprotocol/serverInfo': { name: 'a' } }, ['2026-07-28'], 'result'), [
    'meta-reserved-key-value /m/io.modelcontextprotocol~1serverInfo',
  ]);
  assert.deepEqual(
    run({ 'io.modelcontextprotocol/serverInfo': { name: 'a', version: '1' } }, ['2026-07-28'], 'content'),
    ['meta-reserved-key-context /m/io.modelcontextprotocol~1serverInfo'],
  );
  // Not defined by 2025-11-25: an unrecognized reserved key there.
  assert.deepEqual(
    run({ 'io.modelcontextprotocol/serverInfo': { name: 'a', version: '1' } }, ['2025-11-25'], 'result'),
    ['meta-reserved-key-unknown /m/io.modelcontextprotocol~1serverInfo'],
  );
  assert.deepEqual(run({ 'io.modelcontextprotocol/related-task': { taskId: 't' } }, ['2025-11-25'], 'result'), [
    'meta-reserved-key-context /m/io.modelcontextprotocol~1related-task',
  ]);
  assert.deepEqual(
    run({ 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' } }, ['2026-07-28'], 'declaration'),
    ['meta-reserved-key-context /m/io.modelcontextprotocol~1clientInfo'],
  );
});

test('checkMeta: malformed and unknown reserved keys; legacy scopes and non-objects are skipped', () => {
  assert.deepEqual(run({ 'bad key': 1, 'com.example/ok': 1, 'dev.mcp/new': 1 }, ['2025-11-25'], 'declaration'), [
    'meta-key-malformed /m/bad key',
    'meta-reserved-key-unknown /m/dev.mcp~1new',
  ]);
  assert.deepEqual(run({ 'bad key': 1 }, ['2024-11-05', '2025-03-26'], 'result'), []);
  assert.deepEqual(run('not an object', ['2026-07-28'], 'result'), []);
});
