/**
 * The generated (ahead-of-time) structural validators report exactly what ajv compiling the same
 * schema at run time, with the options the core used before, reports: the same error objects
 * (keyword, pointers, params, message, data, parent schema), so the error mapping of
 * structural.ts sees the same input. Documents: the whole official corpus, and seeded mutations
 * of it (wrong types, unknown and x-* keys, emptied collections, dropped members).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import Ajv2020Module from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { structuralValidators } from 'mcpdesc-core/internal/generated/structural-validators.js';
import { isUri } from 'mcpdesc-core/internal/model/uri.js';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';
import { specVersionList } from 'mcpdesc-core/internal/model/spec-versions.js';
import { structuralSchema, type StructuralVersion } from 'mcpdesc-core/internal/validate/structural-schema.js';
import { sharedRoot } from '../helpers/paths.js';

interface CompiledValidate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}
type AjvCtor = new (options: Record<string, unknown>) => {
  compile(schema: object): CompiledValidate;
  addFormat(name: string, format: { type: 'string'; validate: (text: string) => boolean }): unknown;
};
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as AjvCtor;
const corpus = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0');

function documents(): unknown[] {
  const out: unknown[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.json$/.test(entry.name)) out.push(JSON.parse(readFileSync(path, 'utf8')));
      else if (/\.ya?ml$/.test(entry.name)) {
        try {
          out.push(parse(readFileSync(path, 'utf8'), { schema: 'core' }));
        } catch {
          // Serialization fixtures that are not YAML at all.
        }
      }
    }
  };
  walk(corpus);
  return out;
}

type Node = Record<string, unknown> | unknown[];

/** Every object or array inside a value, with its parent link (for mutation). */
function containers(value: unknown, out: Node[] = []): Node[] {
  if (value !== null && typeof value === 'object') {
    out.push(value as Node);
    for (const child of Object.values(value)) containers(child, out);
  }
  return out;
}

/** A copy of `document` with one seeded change at a random container. */
function mutate(document: unknown, random: () => number): unknown {
  const copy = structuredClone(document);
  const nodes = containers(copy);
  const node = nodes[Math.floor(random() * nodes.length)]!;
  const keys = Object.keys(node);
  const key = keys[Math.floor(random() * keys.length)];
  const set = (k: string, v: unknown): void => {
    (node as Record<string, unknown>)[k] = v;
  };
  switch (Math.floor(random() * 6)) {
    case 0:
      if (key !== undefined) set(key, [42, 'text', true, null, {}, []][Math.floor(random() * 6)]);
      break;
    case 1:
      set('unexpected', 1);
      break;
    case 2:
      set('x-extension', { any: 'value' });
      break;
    case 3:
      if (key !== undefined) set(key, Array.isArray((node as Record<string, unknown>)[key]) ? [] : {});
      break;
    case 4:
      if (key !== undefined && !Array.isArray(node)) delete (node as Record<string, unknown>)[key];
      break;
    default:
      if (key !== undefined) set(key, 'not a uri ::');
  }
  return copy;
}

/** The parts of ajv's error objects the error mapping reads. */
function errorsOf(validate: CompiledValidate, document: unknown): unknown[] {
  validate(document);
  return (validate.errors ?? []).map((e) => {
    const error = e as Record<string, unknown>;
    return {
      keyword: error.keyword,
      instancePath: error.instancePath,
      schemaPath: error.schemaPath,
      params: error.params,
      message: error.message,
      data: error.data,
      propertyName: error.propertyName,
      parentSchema: JSON.stringify(error.parentSchema),
    };
  });
}

test('generated structural validators equal a run-time ajv compile on the corpus and its mutations', () => {
  const corpusDocuments = documents();
  assert.ok(corpusDocuments.length >= 100, 'the official corpus');
  let failing = 0;
  for (const version of specVersionList as StructuralVersion[]) {
    const generated = structuralValidators[specVersionList.indexOf(version)]!.validate;
    // The options of the former run-time compile in structural.ts.
    const ajv = new Ajv2020({
      allErrors: true,
      strict: false,
      verbose: true,
      validateFormats: true,
      code: { optimize: false },
    });
    ajv.addFormat('uri', { type: 'string', validate: isUri });
    const compiled = ajv.compile(JSON.parse(JSON.stringify(structuralSchema(version))));
    const random = seededRandom(16);
    const inputs = corpusDocuments.flatMap((d) => [d, mutate(d, random), mutate(d, random), mutate(d, random)]);
    for (const [i, input] of inputs.entries()) {
      const expected = errorsOf(compiled, input);
      if (expected.length > 0) failing++;
      assert.deepEqual(errorsOf(generated, input), expected, `${version}, input ${i}`);
    }
  }
  assert.ok(failing > 100, `the inputs exercise the error paths (${failing} with errors)`);
});
