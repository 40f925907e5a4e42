import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bundle,
  compareDocuments,
  compat,
  equivalent,
  merge,
  migrate,
  native,
  project,
  projectView,
  pruneComponents,
  resolve,
  type OperationResult,
} from 'mcpdesc-core';
import { cyclicDocument, nested, smallDocument } from '../helpers/caller-values.js';

const deepDocument = () => ({ ...smallDocument(), 'x-deep': nested(10_000) });
const cycle = /cannot be walked: the value is cyclic: \/info\/x-loop refers back to \/info /;
const depth = /cannot be walked: the value nests deeper than 1000 levels, at \/x-deep\/a/;

/** The one error an operation returns for an input it cannot walk. */
function assertUnwalkable(result: OperationResult<unknown>, operation: string, message: RegExp, input?: number): void {
  assert.equal(result.ok, false);
  const found = result.diagnostics.filter((d) => d.code === 'unwalkable-input');
  assert.equal(found.length, 1, JSON.stringify(result.diagnostics));
  assert.equal(found[0]!.rule, `operation.${operation}.input`);
  assert.equal(found[0]!.severity, 'error');
  assert.equal(found[0]!.input, input);
  assert.match(found[0]!.message, message);
}

// Operations that return diagnostics say so in one diagnostic, as for any invalid input.
const operations: [string, (document: unknown) => OperationResult<unknown>][] = [
  ['resolve', (d) => resolve(d)],
  ['bundle', (d) => bundle(d)],
  ['project', (d) => project(d, '2025-11-25')],
  ['native', (d) => native(d, '2025-11-25')],
  ['compat', (d) => compat(d, {}, '2025-11-25')],
];
for (const [name, run] of operations) {
  test(`${name} of a cyclic or too deep document: one unwalkable-input error, not a stack overflow`, () => {
    assertUnwalkable(run(cyclicDocument()), name, cycle);
    assertUnwalkable(run(deepDocument()), name, depth);
    assert.equal(run(smallDocument()).ok, true, 'a small document still passes');
  });
}

test('merge of a cyclic or too deep document: the error names the input', () => {
  assertUnwalkable(merge([smallDocument(), cyclicDocument()]), 'merge', cycle, 1);
  assertUnwalkable(merge([deepDocument(), smallDocument()]), 'merge', depth, 0);
  assert.throws(() => (merge as (d: unknown) => unknown)(smallDocument()), {
    name: 'TypeError',
    message: 'merge: expected the documents to be an array of decoded documents, got an object',
  });
});

test('migrate of a cyclic or too deep 0.7.0 document: one unwalkable-input error', () => {
  const legacy = (): Record<string, unknown> => ({
    mcpdesc: '0.7.0',
    info: { name: 'x', version: '1', protocolVersion: '2025-06-18' },
    transports: [{ type: 'stdio', command: 'x' }],
  });
  const cyclic = legacy();
  (cyclic.info as Record<string, unknown>)['x-loop'] = cyclic.info;
  for (const [document, message] of [
    [cyclic, cycle],
    [{ ...legacy(), 'x-deep': nested(10_000) }, depth],
  ] as const) {
    const result = migrate(document);
    assert.equal(result.ok, false);
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.rule}/${d.code}`),
      ['operation.migrate.input/unwalkable-input'],
    );
    assert.match(result.diagnostics[0]!.message, message);
  }
});

// Functions without diagnostics throw a TypeError that names them and the pointer.
const throwing: [string, (document: unknown) => unknown][] = [
  ['equivalent (first document)', (d) => equivalent(d, smallDocument())],
  ['compareDocuments (second document)', (d) => compareDocuments(smallDocument(), d)],
  ['projectView', (d) => projectView(d as never, '2025-11-25')],
  ['pruneComponents', (d) => pruneComponents(d as never)],
];
for (const [name, run] of throwing) {
  test(`${name.split(' ')[0]} of a cyclic or too deep document: a TypeError naming the pointer`, () => {
    assert.throws(() => run(cyclicDocument()), {
      name: 'TypeError',
      message: new RegExp(`^${name.replace(/[()]/g, '\\$&')}: the value is cyclic: /info/x-loop refers back to /info `),
    });
    assert.throws(() => run(deepDocument()), { name: 'TypeError', message: /nests deeper than 1000 levels/ });
    run(smallDocument());
  });
}
