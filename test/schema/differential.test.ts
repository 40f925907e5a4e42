/**
 * Differential test: the interpreting evaluator must agree with ajv (Ajv2020 /
 * Ajv draft-07, strict: false) on the valid/invalid verdict for every schema
 * embedded in the shared conformance documents and a synthetic corpus, over
 * the examples found next to them and deterministic mutations.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import AjvModule from 'ajv';
import { dialectOf, evaluate, type Dialect } from 'mcpdesc-core/internal/schema/index.js';

type AjvLike = { compile(schema: unknown): (data: unknown) => boolean };
type AjvCtor = new (opts: Record<string, unknown>) => AjvLike;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as AjvCtor;
const Ajv07 = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as AjvCtor;

const CONFORMANCE = path.join(process.cwd(), '..', 'shared', 'conformance', 'mcpdesc-0.8.0');

function listJson(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listJson(p));
    else if (e.name.endsWith('.json')) out.push(p);
  }
  return out.sort();
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pointerGet(doc: unknown, frag: string): unknown {
  let node = doc;
  for (const raw of frag.replace(/^#\//, '').split('/')) {
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node;
}

/** Resolve an mcpdesc Reference Object ($componentRef / $ref to '#/...') once. */
function deref(doc: unknown, v: unknown): unknown {
  if (isObj(v)) {
    const r = v['$componentRef'];
    if (typeof r === 'string' && r.startsWith('#/')) return pointerGet(doc, r);
  }
  return v;
}

interface Item {
  where: string;
  schema: unknown;
  instances: unknown[];
}

function collect(file: string): Item[] {
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const items: Item[] = [];
  const rel = path.relative(CONFORMANCE, file);
  const stack: { node: unknown; ptr: string }[] = [{ node: doc, ptr: '' }];
  while (stack.length > 0) {
    const { node, ptr } = stack.pop()!;
    if (Array.isArray(node)) {
      node.forEach((v, i) => stack.push({ node: v, ptr: `${ptr}/${i}` }));
      continue;
    }
    if (!isObj(node)) continue;
    const examples = isObj(node['examples']) ? Object.values(node['examples']).map((e) => deref(doc, e)) : [];
    for (const key of ['inputSchema', 'outputSchema', 'requestedSchema']) {
      if (!(key in node)) continue;
      const schema = deref(doc, node[key]);
      const instances: unknown[] = [];
      for (const ex of examples) {
        if (!isObj(ex)) continue;
        if (key === 'inputSchema' && 'input' in ex) instances.push(ex['input']);
        if (key === 'outputSchema' && isObj(ex['result']) && 'structuredContent' in ex['result'])
          instances.push(ex['result']['structuredContent']);
      }
      items.push({ where: `${rel}#${ptr}/${key}`, schema, instances });
    }
    if (ptr === '/components' && isObj(node['schemas'])) {
      for (const [name, s] of Object.entries(node['schemas']))
        items.push({ where: `${rel}#/components/schemas/${name}`, schema: s, instances: [] });
    }
    for (const [k, v] of Object.entries(node)) stack.push({ node: v, ptr: `${ptr}/${k}` });
  }
  return items;
}

const ALT: unknown[] = [null, 0, -1, 1.5, '', 'x', 'a'.repeat(300), true, [], [1, 'a'], {}, { a: 1 }];

/** Deterministic mutations of an instance. */
function mutations(v: unknown): unknown[] {
  const out: unknown[] = [...ALT];
  if (isObj(v)) {
    const keys = Object.keys(v);
    for (const k of keys) {
      const without = { ...v };
      delete without[k];
      out.push(without);
      for (const alt of [null, 42, 4.5, 'str', false, [], {}]) out.push({ ...v, [k]: alt });
      const inner = v[k];
      if (isObj(inner) || Array.isArray(inner))
        for (const m of mutations(inner).slice(ALT.length, ALT.length + 8)) out.push({ ...v, [k]: m });
    }
    out.push({ ...v, __extra__: 1 });
  } else if (Array.isArray(v)) {
    out.push([...v, ...v], v.slice(1), [...v, null]);
    if (v.length > 0) out.push([v[0], 'mutated', ...v.slice(2)]);
  } else if (typeof v === 'string') {
    out.push(v + v, v.slice(1), v.toUpperCase());
  } else if (typeof v === 'number') {
    out.push(v + 1, -v, v / 2, v * 1000);
  }
  return out;
}

function ajvVerdict(schema: unknown, dialect: Dialect): ((x: unknown) => boolean) | null {
  const copy = isObj(schema) ? { ...schema } : schema;
  if (isObj(copy)) delete copy['$schema'];
  try {
    const ajv =
      dialect === 'draft-07'
        ? new Ajv07({
            strict: false,
            validateFormats: false,
            ignoreKeywordsWithRef: true,
            allErrors: true,
            logger: false,
          })
        : new Ajv2020({ strict: false, validateFormats: false, allErrors: true, logger: false });
    return ajv.compile(copy);
  } catch {
    return null; // unresolved references etc.: ajv cannot decide
  }
}

function check(items: Item[], forced?: Dialect): { compared: number; skipped: number } {
  let compared = 0;
  let skipped = 0;
  for (const item of items) {
    const sel = forced !== undefined ? { dialect: forced } : dialectOf(item.schema);
    if (!('dialect' in sel)) continue;
    const dialect = sel.dialect;
    // Known ajv divergence: ajv ignores `contains` annotations in `unevaluatedItems`
    // (JSON Schema 2020-12 §11.2 requires them); asserted against the spec in evaluate.test.ts.
    const text = JSON.stringify(item.schema) ?? '';
    if (dialect === '2020-12' && text.includes('"contains"') && text.includes('"unevaluatedItems"')) continue;
    const ajv = ajvVerdict(item.schema, dialect);
    if (ajv === null) {
      skipped++;
      continue;
    }
    const instances = [...item.instances];
    for (const base of item.instances.length > 0 ? item.instances : [{}]) instances.push(...mutations(base));
    for (const inst of instances) {
      const ours = evaluate(item.schema, inst, dialect);
      if (ours.incomplete !== undefined) {
        if (process.env['SCHEMA_DIFF_VERBOSE']) console.log(item.where, ours.incomplete);
        skipped++;
        continue;
      }
      const theirs = ajv(inst);
      assert.equal(
        ours.valid,
        theirs,
        `${item.where} (${dialect}) instance ${JSON.stringify(inst)?.slice(0, 200)}: ours ${JSON.stringify(ours)}`,
      );
      compared++;
    }
  }
  if (process.env['SCHEMA_DIFF_VERBOSE']) console.log(`compared ${compared}, skipped ${skipped}`);
  return { compared, skipped };
}

test('differential vs ajv: schemas embedded in the conformance documents', () => {
  const items = listJson(CONFORMANCE).flatMap(collect);
  assert.ok(items.length >= 50, `found ${items.length} embedded schemas`);
  const { compared } = check(items);
  assert.ok(compared > 1000, `compared ${compared}`);
});

const SYNTHETIC_INSTANCES: unknown[] = [
  { a: 1, b: 'x' },
  { a: 'Ab', b: 2, c: [1, 2] },
  { a: 'abc', b: 9 },
  ['a', 1, true],
  [1, 2, 3],
  [1, 'a'],
  ['a', 'b'],
  [3, 'x', false, true],
  'Hello',
  3,
  { tree: { v: 1, kids: [{ v: 2, kids: [] }] } },
  {
    data: 1,
    children: [
      { data: 2, children: [] },
      { data: 3, extra: 1 },
    ],
  },
  { s: 'abc-12x', t: './\u00e9' },
  { a: 1, x: 1, y: 2 },
  { a: [1], __extra__: 1 },
];

const SYNTHETIC: unknown[] = [
  {
    type: 'object',
    properties: {
      a: { type: 'string', minLength: 1, maxLength: 3 },
      b: { type: 'integer', minimum: 0, exclusiveMaximum: 10 },
    },
    required: ['a'],
    additionalProperties: false,
  },
  { type: 'object', properties: { a: { enum: [1, 'x', null, { k: [1] }] }, b: { const: 'x' } } },
  {
    type: ['object', 'null'],
    patternProperties: { '^a': { type: 'number' }, '\\d$': { type: 'string' } },
    additionalProperties: { type: 'boolean' },
  },
  { type: 'object', propertyNames: { pattern: '^[a-z_]+$', maxLength: 5 }, minProperties: 1, maxProperties: 3 },
  {
    type: 'object',
    dependentRequired: { a: ['b'] },
    dependentSchemas: { b: { properties: { a: { type: 'string' } } } },
  },
  { type: 'object', dependencies: { a: ['__extra__'], b: { required: ['a'] } } },
  {
    anyOf: [
      { type: 'string', pattern: '^\\p{Lu}' },
      { type: 'number', multipleOf: 0.5 },
      { type: 'array', items: { type: 'integer' }, uniqueItems: true },
    ],
  },
  { oneOf: [{ type: 'number' }, { type: 'integer' }, { type: 'object', required: ['a'] }] },
  { not: { anyOf: [{ type: 'object' }, { type: 'null' }] } },
  {
    if: { type: 'object', required: ['a'] },
    then: { properties: { a: { type: 'number' } } },
    else: { type: ['string', 'boolean'] },
  },
  { allOf: [{ properties: { a: true } }, { properties: { b: true } }], unevaluatedProperties: false },
  {
    properties: { a: true },
    anyOf: [{ properties: { b: { type: 'number' } } }, { properties: { c: true } }],
    unevaluatedProperties: { type: 'string' },
  },
  {
    type: 'object',
    if: { properties: { a: { type: 'number' } } },
    then: { properties: { x: true } },
    else: { properties: { y: true } },
    unevaluatedProperties: false,
  },
  {
    type: 'object',
    dependentSchemas: { a: { properties: { b: true } } },
    properties: { a: true },
    unevaluatedProperties: false,
  },
  {
    type: 'object',
    oneOf: [{ properties: { a: { type: 'array' } }, required: ['a'] }, { properties: { __extra__: true } }],
    unevaluatedProperties: false,
  },
  { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }], items: { type: 'boolean' } },
  { type: 'array', prefixItems: [true], unevaluatedItems: false },
  { type: 'array', contains: { type: 'string' }, minContains: 1, maxContains: 1, unevaluatedItems: { type: 'number' } },
  { type: 'array', allOf: [{ prefixItems: [true, true] }], unevaluatedItems: false },
  { type: 'array', anyOf: [{ items: { type: 'number' } }, { contains: { const: 'a' } }], unevaluatedItems: false },
  {
    $defs: {
      pos: { type: 'number', minimum: 0 },
      obj: { type: 'object', properties: { a: { $ref: '#/$defs/pos' }, self: { $ref: '#/$defs/obj' } } },
    },
    $ref: '#/$defs/obj',
  },
  {
    $id: 'https://example.com/root.json',
    $defs: { x: { $id: 'x.json', $anchor: 'xa', type: 'object', required: ['a'] } },
    anyOf: [{ $ref: 'x.json' }, { $ref: 'x.json#xa' }, { type: 'null' }],
  },
  {
    $defs: { base: { properties: { a: { type: 'number' } } } },
    $ref: '#/$defs/base',
    properties: { b: true },
    unevaluatedProperties: false,
  },
  {
    type: 'object',
    properties: { tree: { $ref: '#/$defs/node' } },
    $defs: {
      node: {
        type: 'object',
        properties: { v: { type: 'number' }, kids: { type: 'array', items: { $ref: '#/$defs/node' } } },
        additionalProperties: false,
      },
    },
  },
  {
    $id: 'https://example.com/strict-tree',
    $dynamicAnchor: 'node',
    $ref: 'tree',
    $defs: {
      tree: {
        $id: 'tree',
        $dynamicAnchor: 'node',
        type: 'object',
        properties: { data: true, children: { type: 'array', items: { $dynamicRef: '#node' } } },
      },
    },
    unevaluatedProperties: false,
  },
  {
    type: 'object',
    properties: {
      s: { type: 'string', pattern: '^(?:[a-z]+|\\d{2,4})-?[^\\s]*$' },
      t: { pattern: '[.]\\.\\/\\u00e9$' },
    },
  },
  { type: 'string', format: 'email', maxLength: 2 },
  { type: 'number', maximum: 1.5, minimum: -1 },
  { type: 'integer', multipleOf: 2 },
  { items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
  true,
  false,
  {},
];

test('differential vs ajv: synthetic corpus (2020-12)', () => {
  const items: Item[] = SYNTHETIC.map((s, i) => ({
    where: `synthetic[${i}]`,
    schema: s,
    instances: SYNTHETIC_INSTANCES,
  }));
  const { compared } = check(items, '2020-12');
  assert.ok(compared > 500, `compared ${compared}`);
});

test('differential vs ajv: synthetic corpus (draft-07)', () => {
  const items: Item[] = SYNTHETIC.filter(
    (s) => !(isObj(s) && ('$dynamicAnchor' in s || 'unevaluatedProperties' in s)),
  ).map((s, i) => ({
    where: `synthetic-07[${i}]`,
    schema: s,
    instances: SYNTHETIC_INSTANCES,
  }));
  const { compared } = check(items, 'draft-07');
  assert.ok(compared > 500, `compared ${compared}`);
});

test('differential vs native RegExp (u flag) on fixed, safe patterns', () => {
  const patterns = [
    '^[😀-😂]$',
    '^.$',
    'a',
    '^\\uD83D\\uDE00$',
    '^\\u{1F600}$',
    '[^a]',
    '^\\cJ$',
    '^[\\b]$',
    '\\bfoo\\b',
    '\\Bo',
    '^\\p{Script=Greek}+$',
    '^\\p{gc=Lu}$',
    '^\\P{L}$',
    '^[\\P{L}]$',
    '^[^]$',
    '^[]$',
    '^\\x41$',
    '^[\\s\\d]+$',
    '^[\\S]$',
    '^[^\\S]$',
    '^\\D\\W$',
    '^a{2,}$',
    '^a{1,3}?b',
    '^(?<y>\\d{4})-(?:\\d\\d)$',
    '^\\p{Lowercase_Letter}$',
    '^\\p{ASCII}+$',
    '^\\p{Any}$',
    '^\\$\\^\\.$',
    '^[$^.|\\-\\]]+$',
    '^\\s*$',
    '^\\S+$',
    '\\d+$',
    '^(a|ab)(c|bcd)(d*)$',
    '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$',
    '^\\w[\\w.-]*$',
    '^[\\w\\s]+$',
    '\\.',
    '/',
    '\\/',
    '^[\\u0041-\\u005A]+$',
    '^\\0$',
    '^\\t\\n\\v\\f\\r$',
    '^\\p{N}+$',
    '^\\p{Sc}$',
  ];
  const inputs = [
    '',
    'a',
    'A',
    'ab',
    'abc',
    'aaa',
    'aab',
    'abcd',
    '😀',
    '😁',
    '\uD800',
    'x\uD800a',
    '\n',
    '\b',
    'a foo b',
    'foo',
    'αβ',
    '1',
    '2024-01',
    ' ',
    '\u00a0',
    '\u2028',
    '\t\n\u000b\f\r',
    '\0',
    ' 1\u00a0',
    'a!',
    '$^.',
    '|.]-',
    'x@y.io',
    'foo.bar',
    'HELLO',
    '٣',
    '€',
    '.',
    '/',
    'é',
    'line\n',
  ];
  let compared = 0;
  for (const p of patterns) {
    const native = new RegExp(p, 'u');
    for (const s of inputs) {
      const r = evaluate({ pattern: p }, s, '2020-12');
      assert.equal(r.incomplete, undefined, `${p}: ${JSON.stringify(r.incomplete)}`);
      assert.equal(r.valid, native.test(s), `pattern ${JSON.stringify(p)} on ${JSON.stringify(s)}`);
      compared++;
    }
  }
  assert.ok(compared > 1000);
});
