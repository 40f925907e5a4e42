/**
 * Throughput guard for the 10,000-tool case: 20,000 distinct small object
 * schemas meta-validated and evaluated once each. Measured in CPU time of this
 * process so that a loaded machine does not make the test flaky.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSchemaValidity, evaluate } from 'mcpdesc-core/internal/schema/index.js';

const N = 20000;

function schema(i: number): object {
  return JSON.parse(
    JSON.stringify({
      type: 'object',
      properties: {
        [`id${i}`]: { type: 'string', minLength: 1, maxLength: 64 },
        count: { type: 'integer', minimum: 0, maximum: 1000 + i },
        ratio: { type: 'number', exclusiveMinimum: 0 },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        mode: { type: 'string', enum: ['fast', 'slow', `m${i}`] },
      },
      required: [`id${i}`, 'count'],
      additionalProperties: false,
    }),
  ) as object;
}

function cpuMs(f: () => void): number {
  const c0 = process.cpuUsage();
  f();
  return process.cpuUsage(c0).user / 1000;
}

test('20,000 distinct schemas: meta-validation and one-shot evaluation each well under 1 s of CPU', () => {
  const schemas = Array.from({ length: N }, (_, i) => schema(i));
  const instances = Array.from({ length: N }, (_, i) => ({
    [`id${i}`]: 'x',
    count: i % 1000,
    ratio: 0.5,
    tags: ['a', 'b'],
    mode: 'fast',
  }));
  checkSchemaValidity(schema(-1), '2020-12');
  let invalid = 0;
  const meta = cpuMs(() => {
    for (const s of schemas) if (checkSchemaValidity(s, '2020-12').length > 0) invalid++;
  });
  let failed = 0;
  const evalMs = cpuMs(() => {
    for (let i = 0; i < N; i++) if (!evaluate(schemas[i], instances[i], '2020-12').valid) failed++;
  });
  assert.equal(invalid, 0);
  assert.equal(failed, 0);
  assert.ok(meta < 1000, `meta-validation took ${meta} ms cpu`);
  assert.ok(evalMs < 1000, `evaluation took ${evalMs} ms cpu`);
});
