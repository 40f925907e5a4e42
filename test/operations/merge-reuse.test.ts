/**
 * Merge's and project's reuse of their inputs' validation: the output is built from the inputs'
 * own values and validated with the run's schema service, which finds the inputs' schema checks
 * and example evaluations; what the operation returns is that structural share, or a copy with
 * `copy: true`. Each fast path is checked against the slow one.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cloneJson } from 'mcpdesc-core/internal/model/json.js';
import { inlineReferences } from 'mcpdesc-core/internal/operations/components.js';
import {
  compareDocuments,
  equivalent,
  firstDifference,
  normalizeDocument,
} from 'mcpdesc-core/internal/operations/equivalent.js';
import { merge } from 'mcpdesc-core/internal/operations/merge.js';
import { project, projectView } from 'mcpdesc-core/internal/operations/project.js';
import { validateOutput } from 'mcpdesc-core/internal/operations/operation-result.js';
import { evaluate, type StepBudget } from 'mcpdesc-core/internal/schema/index.js';
import { createSchemaService, withEvaluationReuse } from 'mcpdesc-core/internal/validate/schema-engine-service.js';
import { validationRules } from 'mcpdesc-core/internal/validate/catalogue.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import type { Rule } from 'mcpdesc-core/internal/validate/rule.js';
import { generateDescription } from '../../bench/generate.js';
import { corpusDocuments, validCorpus, weather } from './documents.js';

const generated = (tools: number) => generateDescription(tools) as Record<string, any>;

const budget = (remaining: number): StepBudget => ({ name: 'the test budget', total: remaining, remaining });

/** (schema, instance) pairs of the generated tools: example inputs and structured results, valid and not. */
function pairs(): { schema: object; instance: object }[] {
  const out: { schema: object; instance: object }[] = [];
  for (const tool of generated(40).tools as Record<string, any>[]) {
    for (const example of Object.values(tool.examples as Record<string, any>)) {
      out.push({ schema: tool.inputSchema, instance: example.input });
      out.push({ schema: tool.outputSchema, instance: example.result.structuredContent });
      // A mismatching instance: errors are cached like a pass.
      out.push({ schema: tool.inputSchema, instance: { ...example.input, unexpected: true } });
    }
  }
  return out;
}

describe("an operation run's schema service: a complete evaluation is reused with the same result and spending", () => {
  test('a second evaluation of the same schema and instance objects equals a fresh one and spends as much', () => {
    const service = withEvaluationReuse(createSchemaService());
    let reused = 0;
    for (const { schema, instance } of pairs()) {
      const shared = budget(2_000_000);
      const first = service.evaluate(schema, instance, '2020-12', shared);
      const firstSpent = 2_000_000 - shared.remaining;
      const second = service.evaluate(schema, instance, '2020-12', shared);
      const secondSpent = 2_000_000 - firstSpent - shared.remaining;
      const alone = budget(2_000_000);
      const fresh = evaluate(schema, instance, '2020-12', { budget: alone });
      assert.deepEqual(first, fresh);
      assert.deepEqual(second, fresh);
      assert.ok(firstSpent > 0);
      assert.equal(firstSpent, 2_000_000 - alone.remaining);
      assert.equal(secondSpent, firstSpent);
      if (second === first) reused++;
    }
    assert.equal(reused, pairs().length, 'every complete evaluation is reused');
  });

  test('with fewer steps left than it took, it is evaluated anew and runs out where a fresh one does', () => {
    const [{ schema, instance }] = pairs();
    const service = withEvaluationReuse(createSchemaService());
    const first = budget(2_000_000);
    service.evaluate(schema!, instance!, '2020-12', first);
    const steps = 2_000_000 - first.remaining;
    assert.ok(steps > 1);
    // Exactly enough: reused, and the budget is spent to zero as a fresh evaluation spends it.
    const exact = budget(steps);
    const exactFresh = budget(steps);
    assert.deepEqual(
      service.evaluate(schema!, instance!, '2020-12', exact),
      evaluate(schema!, instance!, '2020-12', { budget: exactFresh }),
    );
    assert.equal(exact.remaining, 0);
    assert.equal(exactFresh.remaining, 0);
    // One step short: the evaluation runs out of budget, as a fresh one does.
    const short = budget(steps - 1);
    const shortFresh = budget(steps - 1);
    const ranOut = service.evaluate(schema!, instance!, '2020-12', short);
    assert.deepEqual(ranOut, evaluate(schema!, instance!, '2020-12', { budget: shortFresh }));
    assert.match(ranOut.incomplete?.[0] ?? '', /ran out/);
    assert.equal(short.remaining, shortFresh.remaining);
    // Nothing left: skipped, as a fresh one is.
    const none = budget(0);
    assert.equal(service.evaluate(schema!, instance!, '2020-12', none).skipped, true);
  });

  test('a plain schema service (validate) keeps no evaluation: each call evaluates anew', () => {
    const service = createSchemaService();
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const instance = { a: 'x' };
    const shared = budget(1_000);
    const first = service.evaluate(schema, instance, '2020-12', shared);
    assert.notEqual(service.evaluate(schema, instance, '2020-12', shared), first);
  });

  test('an incomplete evaluation is not kept', () => {
    const service = withEvaluationReuse(createSchemaService());
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: '^(?=x)' } } };
    const instance = { a: 'xy' };
    const shared = budget(1_000);
    const first = service.evaluate(schema, instance, '2020-12', shared);
    assert.ok(first.incomplete && first.incomplete.length > 0, JSON.stringify(first));
    const second = service.evaluate(schema, instance, '2020-12', shared);
    assert.notEqual(second, first);
    assert.deepEqual(second, first);
  });
});

/** Every object and array of a value, with how often each occurs in it. */
function objectsOf(value: unknown, into = new Map<object, number>()): Map<object, number> {
  if (typeof value !== 'object' || value === null) return into;
  into.set(value, (into.get(value) ?? 0) + 1);
  for (const member of Object.values(value)) objectsOf(member, into);
  return into;
}

function mergeCases(): { name: string; inputs: Record<string, any>[] }[] {
  const cases: { name: string; inputs: Record<string, any>[] }[] = [];
  for (const { name, document } of [{ name: 'weather', document: weather() }, ...validCorpus()]) {
    const views = (document.protocolVersions as string[]).map((v) => {
      const result = project(document, v);
      assert.ok(result.ok);
      return result.value as Record<string, any>;
    });
    cases.push({ name: `${name} views`, inputs: views }, { name: `${name} with views`, inputs: [document, ...views] });
  }
  cases.push({ name: 'generated', inputs: [generated(30), generated(30)] });
  return cases;
}

describe('merge: output validated from shared values, returned as they are or as a copy', () => {
  test('with copy: true, the result shares no object with its inputs and holds no object twice', () => {
    for (const { name, inputs } of mergeCases()) {
      const result = merge(inputs, { copy: true });
      assert.ok(result.ok, name);
      const input = new Map<object, number>();
      for (const document of inputs) objectsOf(document, input);
      for (const [object, count] of objectsOf(result.value)) {
        assert.ok(!input.has(object), `${name}: the output shares an object with an input`);
        assert.equal(count, 1, `${name}: an object occurs twice in the output`);
      }
    }
  });

  test('the same as merging copies of the inputs, and its output checks are those of a fresh validation', () => {
    for (const { name, inputs } of mergeCases()) {
      const result = merge(inputs);
      // Inputs that share nothing (with each other or with a schema service's caches).
      const copies = merge(inputs.map((d) => cloneJson(d)));
      assert.deepEqual(result, copies, name);
      // The slow path: the returned document validated anew, with a schema service that has seen nothing.
      const fresh = validateOutput('merge', result.value, '4.13', { validation: { schemas: createSchemaService() } });
      assert.deepEqual(
        result.diagnostics.filter((d) => d.rule === 'operation.merge.output'),
        fresh,
        name,
      );
    }
  });

  test('an output identical to an input is not validated again; any other output is', () => {
    // A rule that only counts the documents it is run on (validation creates it once per document).
    let validations = 0;
    const counter: Rule = {
      id: 'test.count',
      kind: 'conformance',
      spec: '4.13',
      severity: 'error',
      codes: {},
      create() {
        validations++;
        return {};
      },
    };
    const validation = { rules: [...validationRules, counter] };
    let identical = 0;
    for (const { name, inputs } of mergeCases()) {
      validations = 0;
      const result = merge(inputs, { validation });
      assert.ok(result.ok, name);
      const same = inputs.some((d) => JSON.stringify(d) === JSON.stringify(result.value));
      if (same) identical++;
      assert.equal(validations, inputs.length + (same ? 0 : 1), name);
    }
    assert.ok(identical > 0, 'some case merges into one of its inputs');
    // Different revisions: the output (two root revisions) is no input, and is validated.
    validations = 0;
    const other = { ...generated(3), protocolVersions: ['2025-06-18'] };
    assert.ok(merge([generated(3), other], { validation }).ok);
    assert.equal(validations, 3);
  });

  test("the result is built from the inputs' own values; copy gives the same result, independent of them", () => {
    for (const { name, inputs } of mergeCases()) {
      const before = JSON.stringify(inputs);
      const shared = merge(inputs);
      const copied = merge(inputs, { copy: true });
      assert.deepEqual(shared, copied, name);
      assert.equal(JSON.stringify(inputs), before, `${name}: inputs not modified`);
    }
    const [a, b] = [generated(3), generated(3)];
    const shared = merge([a, b]);
    assert.ok(shared.ok);
    assert.equal(shared.value.tools![0], a.tools[0], "the first input's tool itself, not a copy");
    const copied = merge([a, b], { copy: true });
    assert.ok(copied.ok);
    assert.notEqual(copied.value.tools![0], a.tools[0], 'a copy of the tool');
    copied.value.tools![0]!.name = 'changed';
    assert.equal(a.tools[0]!.name, generated(3).tools[0]!.name, 'modifying the copy leaves the input alone');
  });

  test('one input object passed twice merges as two equal copies do', () => {
    for (const { name, inputs } of mergeCases()) {
      const first = inputs[0]!;
      assert.deepEqual(merge([first, first]), merge([first, cloneJson(first)]), name);
    }
  });

  test('equivalent views that differ as JSON (set order) are still compared by canonical text', () => {
    const single = (tags: string[]) => ({
      mcpdesc: '0.8.0',
      info: { name: 'svc', version: '1.0.0' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 'a', tags, inputSchema: { type: 'object' } }],
      tags: [{ name: 'x' }, { name: 'y' }],
    });
    // Two inputs covering one revision: equivalent, not equal JSON.
    const same = merge([single(['x', 'y']), single(['y', 'x'])]);
    assert.ok(same.ok, JSON.stringify(same.diagnostics));
    assert.deepEqual((same.value as Record<string, any>).tools, [
      { name: 'a', tags: ['x', 'y'], inputSchema: { type: 'object' } },
    ]);
    // Two revisions whose declarations differ only in tag order collapse into one declaration.
    const other = { ...single(['y', 'x']), protocolVersions: ['2025-06-18'] };
    const collapsed = merge([single(['x', 'y']), other]);
    assert.ok(collapsed.ok, JSON.stringify(collapsed.diagnostics));
    assert.equal((collapsed.value as Record<string, any>).tools.length, 1);
    // A real difference is still one.
    const differ = merge([single(['x']), single(['y'])]);
    assert.equal(differ.ok, false);
  });
});

describe("an operation's output check: only errors written", () => {
  test("validateOutput reports validate's errors, in validate's order, for documents with errors, warnings or neither", () => {
    const documents = [
      ...corpusDocuments(['fixtures/expected-invalid', 'fixtures/expected-warning', 'fixtures/expected-valid']),
      { name: 'generated', document: generated(20) },
      { name: 'generated, earlier revision', document: { ...generated(20), protocolVersions: ['2025-06-18'] } },
    ];
    let withErrors = 0;
    let withWarnings = 0;
    for (const { name, document } of documents) {
      const full = validate(document).diagnostics;
      const errors = full.filter((d) => d.severity === 'error');
      if (errors.length > 0) withErrors++;
      if (full.length > errors.length) withWarnings++;
      assert.deepEqual(
        validateOutput('merge', document, '4.13', {}).map((d) => [d.pointer, d.message]),
        errors.slice(0, 1_000).map((d) => [d.pointer, `the merge output fails ${d.rule} (${d.code}): ${d.message}`]),
        name,
      );
    }
    assert.ok(withErrors > 10 && withWarnings > 10, `${withErrors} with errors, ${withWarnings} with warnings`);
  });
});

describe('project: output validated from shared values, returned as they are or as a copy', () => {
  test('equal to projectView, the input unmodified, pruned or not; with copy: true sharing nothing with the input', () => {
    let pruned = 0;
    let sharing = 0;
    for (const { name, document } of [{ name: 'weather', document: weather() }, ...validCorpus()]) {
      const before = JSON.stringify(document);
      const input = objectsOf(document);
      for (const revision of document.protocolVersions as string[]) {
        for (const pruneComponents of [false, true]) {
          const result = project(document, revision, { pruneComponents });
          const copied = project(document, revision, { pruneComponents, copy: true });
          assert.ok(result.ok && copied.ok, name);
          const expected = projectView(document, revision, { pruneComponents });
          assert.deepEqual(result.value, expected, name);
          assert.deepEqual(copied, result, name);
          for (const [object, count] of objectsOf(copied.value)) {
            assert.ok(!input.has(object), `${name}: the copied view shares an object with the input`);
            assert.equal(count, 1, `${name}: an object occurs twice in the copied view`);
          }
          if ([...objectsOf(result.value).keys()].some((object) => input.has(object))) sharing++;
          const fresh = validateOutput('project', result.value, '4.12', {
            validation: { schemas: createSchemaService() },
          });
          assert.deepEqual(
            result.diagnostics.filter((d) => d.rule === 'operation.project.output'),
            fresh,
            name,
          );
          if (pruneComponents && JSON.stringify(result.value.components) !== JSON.stringify(document.components))
            pruned++;
        }
      }
      assert.equal(JSON.stringify(document), before, `${name}: input not modified`);
    }
    assert.ok(pruned > 0, 'some view lost components to pruning');
    assert.ok(sharing > 0, "some view holds the input's own values");
  });

  test("the view holds the input's own declarations; modifying a copy leaves the input alone", () => {
    const document = generated(3);
    const shared = project(document, '2025-11-25');
    assert.ok(shared.ok);
    assert.equal(shared.value.tools![0], document.tools[0], "an unscoped tool is the input's tool itself");
    const copied = project(document, '2025-11-25', { copy: true });
    assert.ok(copied.ok);
    assert.notEqual(copied.value.tools![0], document.tools[0], 'a copy of the tool');
    copied.value.tools![0]!.name = 'changed';
    assert.equal(document.tools[0]!.name, generated(3).tools[0]!.name, 'modifying the copy leaves the input alone');
  });
});

describe('equivalence: equal views skip normalization', () => {
  /** The slow path: every revision's views normalized and compared. */
  function slowDifferences(a: Record<string, any>, b: Record<string, any>) {
    const left = inlineReferences(a, false).document as Record<string, any>;
    const right = inlineReferences(b, false).document as Record<string, any>;
    const differences = [];
    for (const revision of [...(left.protocolVersions as string[])].sort()) {
      const difference = firstDifference(
        normalizeDocument(projectView(left, revision)),
        normalizeDocument(projectView(right, revision)),
        '',
      );
      if (difference) differences.push({ revision, ...difference });
    }
    return differences;
  }

  test('compareDocuments gives the normalized comparison of every revision, over corpus documents and their views', () => {
    const documents = [weather(), ...validCorpus().map((c) => c.document)].filter(
      (d) => (d.protocolVersions as string[]).length > 0,
    );
    let equivalentPairs = 0;
    let differentPairs = 0;
    for (const a of documents) {
      for (const b of documents) {
        if (JSON.stringify([...a.protocolVersions].sort()) !== JSON.stringify([...b.protocolVersions].sort())) continue;
        const report = compareDocuments(a, b);
        assert.deepEqual(report.differences, slowDifferences(a, b));
        if (report.equivalent) equivalentPairs++;
        else differentPairs++;
      }
      // Reordered sets (not equal JSON) still compare by their normalized forms.
      const reordered = cloneJson(a);
      if (Array.isArray(reordered.tools)) reordered.tools.reverse();
      assert.deepEqual(compareDocuments(a, reordered).differences, slowDifferences(a, reordered));
      assert.ok(equivalent(a, reordered));
    }
    assert.ok(equivalentPairs > 0 && differentPairs > 0, `${equivalentPairs} equivalent, ${differentPairs} different`);
  });
});
