import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diff } from 'mcpdesc-core/internal/diff/diff.js';
import { bundle, resolve } from 'mcpdesc-core/internal/operations/components.js';
import { merge } from 'mcpdesc-core/internal/operations/merge.js';
import { project } from 'mcpdesc-core/internal/operations/project.js';
import { countValues, defaultMaxRunValues, RunBudget } from 'mcpdesc-core/internal/source/limits.js';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { runCli } from '../helpers/cli.js';

/** Finding 5: one run's inputs together are bounded (values decoded, schema-evaluation steps). */
const description = (tools: unknown[]) =>
  JSON.stringify({
    mcpdesc: '0.8.0',
    info: { name: 's', version: '1.0.0' },
    protocolVersions: ['2025-11-25'],
    transports: [{ type: 'stdio', command: 's' }],
    tools,
  });
/** A document of about `values` JSON values (one tool with a `_meta` of that many keys). */
const sized = (values: number) => {
  const meta: Record<string, number> = {};
  for (let i = 0; i < values; i++) meta[`k${i}`] = i;
  return description([{ name: 't', inputSchema: { type: 'object' }, _meta: meta }]);
};

test('countValues counts every value, without recursion, and stops past its bound', () => {
  assert.equal(countValues({ a: [1, 'x', null], b: { c: true } }, 100), 7);
  assert.equal(countValues(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)), Infinity), 100_000);
  assert.equal(countValues(Array(1000).fill(0), 10), 10);
});

test('the run budget: inputs together past --max-run-values are refused at the input that ran out', async () => {
  const files = { 'a.json': sized(600), 'b.json': sized(600), 'c.json': sized(600) };
  const quiet = await runCli(['merge', 'a.json', 'b.json', '--max-run-values', '1400'], { files });
  assert.equal(quiet.code, 0, quiet.stderr);
  const run = await runCli(['merge', 'a.json', 'b.json', 'c.json', '--max-run-values', '1400'], { files });
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /^c\.json:1:1 {2}error {2}this input holds more than the \d+ JSON values left of the run's limit maxRunValues = 1400/m,
  );
  assert.match(run.stderr, /source\.limit\/max-run-values/);
  const diff = await runCli(['diff', 'a.json', 'b.json', '--max-run-values', '1000'], { files });
  assert.equal(diff.code, 1);
  assert.match(diff.stderr, /b\.json:1:1 .*maxRunValues = 1000/);
  const docs = await runCli(['docs', 'a.json', '--max-run-values', '100'], { files });
  assert.match(docs.stderr, /a\.json:1:1 .*maxRunValues = 100\b/);
  const bad = await runCli(['merge', 'a.json', '--max-run-values', '0'], { files });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-run-values expects a positive whole number, got "0"/);
});

test('after the budget is spent, later inputs are not decoded', () => {
  const budget = new RunBudget(10);
  assert.equal(budget.spend(Array(5).fill(0)), undefined);
  assert.equal(budget.spent(), undefined);
  assert.equal(budget.spend(Array(20).fill(0))?.code, 'max-run-values');
  assert.match(
    budget.spent()!.message,
    /^not decoded: the inputs before it already exceed the run's limit maxRunValues = 10/,
  );
  assert.ok(defaultMaxRunValues >= 10_000, 'the default must leave room for real descriptions');
});

test('every operation command takes the per-document limits too', async () => {
  const files = {
    'a.json': description([{ name: 't', inputSchema: { type: 'object' }, description: 'x'.repeat(50) }]),
  };
  for (const args of [
    ['merge', 'a.json'],
    ['diff', 'a.json', 'a.json'],
    ['docs', 'a.json'],
    ['project', 'a.json'],
    ['native', 'a.json'],
  ]) {
    const run = await runCli([...args, '--max-string-length', '20'], { files });
    assert.equal(run.code, 1, `${args[0]}: ${run.stderr}`);
    assert.match(run.stderr, /source\.limit\/max-string-length/, args[0]);
  }
});

/** One tool whose 20 examples each take more evaluation steps than a document's whole budget allows. */
function exhaustingDocument(): unknown {
  const defs: Record<string, unknown> = { d0: { type: 'string' } };
  for (let i = 1; i <= 40; i++)
    defs[`d${i}`] = { oneOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
  const examples: Record<string, unknown> = {};
  for (let i = 0; i < 20; i++)
    examples[`e${i}`] = { input: { a: i }, result: { content: [{ type: 'text', text: 'ok' }] } };
  return JSON.parse(
    description([
      { name: 't', inputSchema: { type: 'object', $defs: defs, properties: { a: { $ref: '#/$defs/d40' } } }, examples },
    ]),
  );
}

// Every operation that validates more than one document (its inputs, its output) does so on one
// budget: bounded work per run, not per validated document.
const multiDocumentOperations: [
  string,
  (d: unknown) => { diagnostics: { message: string; pointer: string; input?: number }[] },
  /** The input that spends the budget: the first of several, or none named for a single input. */
  number | undefined,
][] = [
  ['merge', (d) => merge([d, structuredClone(d)]), 0],
  ['diff', (d) => diff(d, structuredClone(d)), 0],
  ['project', (d) => project(d, '2025-11-25'), undefined],
  ['resolve', (d) => resolve(d), undefined],
  ['bundle', (d) => bundle(d), undefined],
];
for (const [name, operation, firstInput] of multiDocumentOperations) {
  test(`${name} validates its inputs and its output on one schema-evaluation budget, and says where it ran out`, () => {
    const document = exhaustingDocument();
    const started = process.cpuUsage();
    const result = operation(document);
    const used = process.cpuUsage(started);
    const ranOut = result.diagnostics.filter((d) => d.message.includes("the run's schema-evaluation budget"));
    assert.equal(ranOut.length, 1, JSON.stringify(result.diagnostics.map((d) => d.message)));
    assert.equal(ranOut[0]!.input, firstInput, 'the first input spent the budget');
    assert.match(ranOut[0]!.pointer, /^\/tools\/0\/examples\/e\d+\/input/);
    // A generous guard against unbounded work; the budget message above is what tells one budget from two.
    assert.ok((used.user + used.system) / 1000 < 4000, `${name} took ${(used.user + used.system) / 1000} ms CPU`);
  });
}

test('the YAML serializer is linear in a long run of line breaks (was quadratic: /\\n*$/)', () => {
  const started = process.cpuUsage();
  const yaml = serializeDescription({ description: '\n'.repeat(200_000) + 'x' }, { format: 'yaml' });
  const used = process.cpuUsage(started);
  assert.ok(yaml.length > 200_000);
  assert.ok((used.user + used.system) / 1000 < 1000, `took ${(used.user + used.system) / 1000} ms CPU`);
});
