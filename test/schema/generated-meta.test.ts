/**
 * The generated (ahead-of-time) meta-schema validators report exactly what ajv's meta-schema
 * validators compiled at run time, with the options the core used before, report. Inputs: every
 * object and array in the official corpus (embedded schemas, and many values that are not
 * schemas at all, so the error paths run), for both dialects.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvModule from 'ajv';
import meta2020 from 'mcpdesc-core/internal/generated/meta-2020-12.js';
import metaDraft07 from 'mcpdesc-core/internal/generated/meta-draft-07.js';
import { sharedRoot } from '../helpers/paths.js';

interface CompiledValidate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
type AjvCtor = new (options: Record<string, unknown>) => { getSchema(id: string): CompiledValidate | undefined };
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as AjvCtor;
const Ajv07 = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as AjvCtor;

const corpus = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0', 'fixtures');

function values(): unknown[] {
  const out: unknown[] = [];
  const collect = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    out.push(value);
    for (const child of Object.values(value)) collect(child);
  };
  for (const dir of readdirSync(corpus)) {
    for (const file of readdirSync(join(corpus, dir))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      collect(JSON.parse(readFileSync(join(corpus, dir, file), 'utf8')));
    }
  }
  return out;
}

function errorsOf(validate: CompiledValidate, value: unknown): unknown[] {
  validate(value);
  return (validate.errors ?? []).map((e) => {
    const { keyword, instancePath, schemaPath, params, message } = e as Record<string, unknown>;
    return { keyword, instancePath, schemaPath, params, message };
  });
}

const options = { strict: false, validateFormats: false, allErrors: true, validateSchema: false, addUsedSchema: false };
const dialects = [
  {
    name: '2020-12',
    generated: meta2020 as CompiledValidate,
    Ajv: Ajv2020,
    id: 'https://json-schema.org/draft/2020-12/schema',
  },
  {
    name: 'draft-07',
    generated: metaDraft07 as CompiledValidate,
    Ajv: Ajv07,
    id: 'http://json-schema.org/draft-07/schema',
  },
];

for (const { name, generated, Ajv, id } of dialects) {
  test(`generated ${name} meta-validator equals ajv's run-time one on every value of the corpus`, () => {
    const compiled = new Ajv(options).getSchema(id)!;
    const inputs = values();
    let invalid = 0;
    for (const [i, value] of inputs.entries()) {
      const expected = errorsOf(compiled, value);
      if (expected.length > 0) invalid++;
      assert.deepEqual(errorsOf(generated, value), expected, `value ${i}`);
    }
    assert.ok(invalid > 100, `the inputs exercise the error paths (${invalid} of ${inputs.length} invalid)`);
  });
}
