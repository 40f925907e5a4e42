/**
 * The generated (ahead-of-time) structural validators report what ajv compiling the same schema
 * at run time, with the options the core used before (`verbose`), reports, in the same order:
 * the same keyword, instance path, params and property name, and the schema node and data that
 * the error mapping of structural.ts recovers from `schemaPath` and `instancePath` are the
 * `parentSchema` and `data` of ajv's verbose error. Documents: the whole official corpus, and
 * seeded mutations of it (wrong types, unknown and x-* keys, emptied collections, dropped members).
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
import { schemaLocationOf, valueAt, type SchemaLocation } from 'mcpdesc-core/internal/validate/structural.js';
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
          // logLevel error: a corpus fixture with a custom tag (`!example`, rejected by the restricted
          // profile) would otherwise print a YAMLWarning into the test log; its value is data here.
          out.push(parse(readFileSync(path, 'utf8'), { schema: 'core', logLevel: 'error' }));
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

/** Every node of the schema's `$defs` entries, by identity, to its entry and path. */
function indexDefinitions(schema: { $defs: Record<string, unknown> }): Map<unknown, SchemaLocation> {
  const index = new Map<unknown, SchemaLocation>();
  const walk = (node: unknown, def: string, path: string[]): void => {
    if (node === null || typeof node !== 'object') return;
    if (!index.has(node)) index.set(node, { def, path });
    for (const [k, child] of Object.entries(node)) walk(child, def, [...path, k]);
  };
  for (const [name, def] of Object.entries(schema.$defs)) walk(def, name, []);
  return index;
}

/** What the error mapping reads of ajv's verbose error objects (schema node as its location). */
function verboseErrors(validate: CompiledValidate, document: unknown, index: Map<unknown, SchemaLocation>): unknown[] {
  validate(document);
  return (validate.errors ?? []).map((e) => {
    const error = e as Record<string, unknown>;
    return {
      keyword: error.keyword,
      instancePath: error.instancePath,
      params: error.params,
      propertyName: error.propertyName,
      location: index.get(error.parentSchema) ?? { def: 'Root', path: [] },
      data: error.data,
    };
  });
}

/** The same, recovered as structural.ts does from the generated validator's errors. */
function generatedErrors(validate: CompiledValidate, document: unknown): unknown[] {
  validate(document);
  return (validate.errors ?? []).map((e) => {
    const error = e as Record<string, unknown> & { schemaPath: string; instancePath: string };
    return {
      keyword: error.keyword,
      instancePath: error.instancePath,
      params: error.params,
      propertyName: error.propertyName,
      location: schemaLocationOf(error.schemaPath),
      data: error.propertyName !== undefined ? error.propertyName : valueAt(document, error.instancePath),
    };
  });
}

test('the structural schema is plain JSON: the generator compiles a JSON copy, the mapping reads the original', () => {
  for (const version of specVersionList as StructuralVersion[]) {
    const schema = structuralSchema(version);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(schema)), schema, version);
  }
});

test('schemaLocationOf decodes the URI fragment and the JSON Pointer escapes of schemaPath', () => {
  assert.deepEqual(schemaLocationOf('#/$defs/Tool/properties/name/type'), {
    def: 'Tool',
    path: ['properties', 'name'],
  });
  assert.deepEqual(schemaLocationOf('#/$defs/Root/patternProperties/%5Ex-/not'), {
    def: 'Root',
    path: ['patternProperties', '^x-'],
  });
  assert.deepEqual(schemaLocationOf('#/$defs/X/properties/a~1b~0c%25/type'), {
    def: 'X',
    path: ['properties', 'a/b~c%'],
  });
  assert.deepEqual(schemaLocationOf('#/required'), { def: 'Root', path: [] });
  assert.equal(valueAt({ a: [{ 'b/c': 1 }] }, '/a/0/b~1c'), 1);
  assert.equal(valueAt({ a: 1 }, '/a/b'), undefined);
  assert.equal(valueAt({ a: {} }, '/a/constructor'), undefined, 'an inherited member is no value of the document');
});

test('generated structural validators equal a run-time ajv compile on the corpus and its mutations', () => {
  const corpusDocuments = documents();
  assert.ok(corpusDocuments.length >= 100, 'the official corpus');
  let failing = 0;
  let propertyNameErrors = 0;
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
    const schema = JSON.parse(JSON.stringify(structuralSchema(version))) as { $defs: Record<string, unknown> };
    const compiled = ajv.compile(schema);
    const index = indexDefinitions(schema);
    const random = seededRandom(16);
    const inputs = corpusDocuments.flatMap((d) => [d, mutate(d, random), mutate(d, random), mutate(d, random)]);
    for (const [i, input] of inputs.entries()) {
      const expected = verboseErrors(compiled, input, index);
      if (expected.length > 0) failing++;
      propertyNameErrors += expected.filter((e) => (e as { propertyName?: string }).propertyName !== undefined).length;
      assert.deepEqual(generatedErrors(generated, input), expected, `${version}, input ${i}`);
    }
  }
  assert.ok(failing > 100, `the inputs exercise the error paths (${failing} with errors)`);
  assert.ok(propertyNameErrors > 0, `errors under propertyNames are among them (${propertyNameErrors})`);
});
