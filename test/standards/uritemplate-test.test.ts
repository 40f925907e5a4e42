import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from 'mcpdesc-core/internal/model/seeded-random.js';
import { matchExpansion, parseUriTemplate } from 'mcpdesc-core/internal/validate/uri-template.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { sharedRoot } from '../helpers/paths.js';

/**
 * The uritemplate-test suite (uri-templates/uritemplate-test; ../shared/standard-suites/PROVENANCE.md):
 * every expansion it lists is a URI that a template example may give, so the matcher accepts it
 * for its template; every syntactically invalid template of negative-tests.json is rejected by
 * the parser. Then seeded property tests against a reference expander written from RFC 6570.
 */

const suite = join(sharedRoot, 'standard-suites', 'uritemplate-test');
type Value = string | string[] | Record<string, string> | undefined;
interface Group {
  variables: Record<string, Value>;
  testcases: [template: string, expansion: string | string[] | false][];
}
const groups = (file: string): [string, Group][] =>
  Object.entries(JSON.parse(readFileSync(join(suite, file), 'utf8')) as Record<string, Group>);

/** Negative templates that are valid syntax: they fail only when expanded with the given variables. */
const expansionOnlyErrors: Record<string, string> = {
  '{keys:1}': 'a prefix modifier on an associative array is an expansion error (RFC 6570 2.4.1), not a syntax error',
  '{+keys:1}': 'the same, with reserved expansion',
};

test('every expansion in the spec examples and extended tests matches its template', () => {
  let count = 0;
  for (const file of ['spec-examples.json', 'spec-examples-by-section.json', 'extended-tests.json']) {
    for (const [name, group] of groups(file)) {
      for (const [template, expansion] of group.testcases) {
        assert.notEqual(expansion, false, `${file} ${name}: ${template} has no failing cases here`);
        for (const uri of Array.isArray(expansion) ? expansion : [expansion as string]) {
          assert.equal(matchExpansion(template, uri), 'match', `${file} ${name}: ${template} -> ${uri}`);
          count++;
        }
      }
    }
  }
  console.log(`uritemplate-test: ${count} expansions matched`);
  assert.ok(count > 380);
});

test('every expansion is accepted as the uri of a Resource Template example of its template (the rules, not only the matcher)', () => {
  let count = 0;
  for (const file of ['spec-examples.json', 'spec-examples-by-section.json', 'extended-tests.json']) {
    for (const [name, group] of groups(file)) {
      const expansions = new Map<string, string[]>();
      for (const [template, expansion] of group.testcases) {
        const list = expansions.get(template) ?? [];
        list.push(...(Array.isArray(expansion) ? expansion : [expansion as string]));
        expansions.set(template, list);
      }
      const resourceTemplates = [...expansions].map(([uriTemplate, uris], t) => ({
        uriTemplate,
        name: `t${t}`,
        examples: Object.fromEntries(
          uris.map((uri, e) => [`e${e}`, { uri, result: { contents: [{ uri: 'file:///x', text: 'x' }] } }]),
        ),
      }));
      count += [...expansions.values()].reduce((sum, uris) => sum + uris.length, 0);
      const document = {
        mcpdesc: '0.8.0',
        info: { name: 'uritemplate-test', version: '1' },
        protocolVersions: ['2025-11-25'],
        resourceTemplates,
      };
      const refused = validate(document).diagnostics.filter(
        (d) =>
          d.rule === 'mcpdesc.resource-template.example.uri' ||
          (d.rule === 'mcpdesc.resource.identifiers' && d.code === 'invalid-uri-template'),
      );
      assert.deepEqual(
        refused.map((d) => `${d.pointer}: ${d.message}`),
        [],
        `${file} ${name}`,
      );
    }
  }
  assert.ok(count > 380);
});

test('every syntactically invalid template of negative-tests.json is rejected by the parser', () => {
  let rejected = 0;
  for (const [, group] of groups('negative-tests.json')) {
    for (const [template, expansion] of group.testcases) {
      assert.equal(expansion, false);
      const parsed = parseUriTemplate(template);
      if (template in expansionOnlyErrors) assert.ok(parsed.ok, `${template}: ${expansionOnlyErrors[template]}`);
      else {
        assert.ok(!parsed.ok, `${template} must be rejected`);
        rejected++;
        // ...and so is a Resource Template declaring it, through the validator.
        const codes = validate({
          mcpdesc: '0.8.0',
          info: { name: 'n', version: '1' },
          protocolVersions: ['2025-11-25'],
          resourceTemplates: [{ uriTemplate: template, name: 't' }],
        }).diagnostics.map((d) => `${d.rule}/${d.code} ${d.pointer}`);
        assert.ok(
          codes.includes('mcpdesc.resource.identifiers/invalid-uri-template /resourceTemplates/0/uriTemplate'),
          `${template}: ${codes.join(', ')}`,
        );
      }
    }
  }
  console.log(
    `uritemplate-test: ${rejected} invalid templates rejected, ${Object.keys(expansionOnlyErrors).length} listed as expansion-only errors`,
  );
});

/* Reference expander, written from RFC 6570 section 3.2 and appendix A. */

const operatorTable: Record<string, { first: string; sep: string; named: boolean; ifemp: string; reserved: boolean }> =
  {
    '': { first: '', sep: ',', named: false, ifemp: '', reserved: false },
    '+': { first: '', sep: ',', named: false, ifemp: '', reserved: true },
    '#': { first: '#', sep: ',', named: false, ifemp: '', reserved: true },
    '.': { first: '.', sep: '.', named: false, ifemp: '', reserved: false },
    '/': { first: '/', sep: '/', named: false, ifemp: '', reserved: false },
    ';': { first: ';', sep: ';', named: true, ifemp: '', reserved: false },
    '?': { first: '?', sep: '&', named: true, ifemp: '=', reserved: false },
    '&': { first: '&', sep: '&', named: true, ifemp: '=', reserved: false },
  };
const unreserved = /[A-Za-z0-9\-._~]/;
const reservedCharacters = /[:/?#[\]@!$&'()*+,;=]/;

function encode(text: string, reserved: boolean): string {
  let out = '';
  for (const character of text) {
    if (unreserved.test(character) || (reserved && reservedCharacters.test(character))) out += character;
    else
      for (const byte of new TextEncoder().encode(character))
        out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

function expandExpression(
  operator: string,
  specs: { name: string; prefix?: number; explode: boolean }[],
  variables: Record<string, Value>,
): string {
  const rule = operatorTable[operator]!;
  const parts: string[] = [];
  for (const spec of specs) {
    const value = variables[spec.name];
    if (
      value === undefined ||
      (Array.isArray(value) && value.length === 0) ||
      (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
    )
      continue;
    const e = (text: string) => encode(text, rule.reserved);
    if (typeof value === 'string') {
      const text = spec.prefix === undefined ? value : [...value].slice(0, spec.prefix).join('');
      if (!rule.named) parts.push(e(text));
      else parts.push(spec.name + (text === '' ? rule.ifemp : '=' + e(text)));
      continue;
    }
    const pairs: [string, string][] = Array.isArray(value) ? value.map((v) => ['', v]) : Object.entries(value);
    if (!spec.explode) {
      const joined = Array.isArray(value) ? value.map(e).join(',') : pairs.map(([k, v]) => `${e(k)},${e(v)}`).join(',');
      parts.push(rule.named ? spec.name + (joined === '' ? rule.ifemp : '=' + joined) : joined);
    } else if (Array.isArray(value)) {
      parts.push(
        value.map((v) => (rule.named ? spec.name + (v === '' ? rule.ifemp : '=' + e(v)) : e(v))).join(rule.sep),
      );
    } else {
      parts.push(
        pairs
          .map(([k, v]) => (rule.named ? e(k) + (v === '' ? rule.ifemp : '=' + e(v)) : `${e(k)}=${e(v)}`))
          .join(rule.sep),
      );
    }
  }
  return parts.length === 0 ? '' : rule.first + parts.join(rule.sep);
}

function expand(template: string, variables: Record<string, Value>): string {
  const parsed = parseUriTemplate(template);
  assert.ok(parsed.ok, template);
  return parsed.parts
    .map((part) =>
      part.type === 'literal' ? encode(part.text, true) : expandExpression(part.operator, part.varspecs, variables),
    )
    .join('');
}

test('the reference expander reproduces the suite (so the property tests below test against RFC 6570)', () => {
  for (const [, group] of groups('spec-examples.json')) {
    for (const [template, expansion] of group.testcases) {
      const ours = expand(template, group.variables);
      assert.ok(Array.isArray(expansion) ? expansion.includes(ours) : ours === expansion, `${template}: ${ours}`);
    }
  }
});

/* Seeded property tests: random templates and values (multi-byte and reserved characters). */

const pool = [
  'a',
  'b',
  'Z',
  '0',
  '9',
  '-',
  '.',
  '_',
  '~',
  ' ',
  '/',
  '?',
  '#',
  '&',
  '=',
  ',',
  ';',
  ':',
  '@',
  '!',
  '+',
  "'",
  '(',
  'é',
  'ß',
  '中',
  '€',
  '😀',
  '\u00a0',
];

test('property: the matcher accepts every expansion of random templates and values', () => {
  const random = seededRandom(6570);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const word = (max: number) => Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(pool)).join('');
  let checked = 0;
  let rejectedMutations = 0;
  for (let round = 0; round < 1500; round++) {
    const names = ['x', 'y', 'list', 'keys', 'unset'];
    const variables: Record<string, Value> = {
      x: word(6),
      y: word(3),
      list: Array.from({ length: Math.floor(random() * 3) }, () => word(3)),
      keys: Object.fromEntries(
        Array.from({ length: Math.floor(random() * 3) }, (_, k) => [`k${k}${pick(['', 'é', ' '])}`, word(3)]),
      ),
      unset: undefined,
    };
    const expressions = Array.from({ length: 1 + Math.floor(random() * 2) }, () => {
      const operator = pick(Object.keys(operatorTable));
      const specs = Array.from({ length: 1 + Math.floor(random() * 2) }, () => {
        const name = pick(names);
        const scalar = name === 'x' || name === 'y';
        const modifier = scalar && random() < 0.5 ? `:${1 + Math.floor(random() * 5)}` : random() < 0.3 ? '*' : '';
        return name + modifier;
      });
      return `{${operator}${specs.join(',')}}`;
    });
    const template =
      pick(['', '/p', 'http://h.example/']) + expressions.join(pick(['', '/', '-'])) + pick(['', '/end', "'q'"]);
    const uri = expand(template, variables);
    assert.equal(matchExpansion(template, uri), 'match', `${template} with ${JSON.stringify(variables)} -> ${uri}`);
    checked++;
    // Not expansions: a raw space (always encoded), and a prefix one character too long.
    const at = Math.floor(random() * (uri.length + 1));
    assert.equal(
      matchExpansion(template, uri.slice(0, at) + ' ' + uri.slice(at)),
      'no-match',
      `${template}: space in ${uri}`,
    );
    rejectedMutations++;
  }
  // Prefixes count characters of the value: one more than the prefix is never an expansion.
  for (let round = 0; round < 500; round++) {
    const operator = pick(Object.keys(operatorTable).filter((o) => !operatorTable[o]!.named));
    const value = Array.from({ length: 2 + Math.floor(random() * 6) }, () =>
      pick(pool.filter((c) => c !== ',' || !operatorTable[operator]!.reserved)),
    ).join('');
    const length = 1 + Math.floor(random() * ([...value].length - 1));
    const template = `{${operator}v:${length}}`;
    assert.equal(matchExpansion(template, expand(template, { v: value })), 'match', `${template} ${value}`);
    const longer = expand(`{${operator}v:${length + 1}}`, { v: value });
    if (operatorTable[operator]!.reserved && /%[0-9A-F]{2}%/.test(longer)) continue; // a value's own triplets may count as one each
    assert.equal(matchExpansion(template, longer), 'no-match', `${template} must reject ${longer} (value ${value})`);
    rejectedMutations++;
  }
  console.log(
    `uritemplate property tests: ${checked} expansions matched, ${rejectedMutations} non-expansions rejected`,
  );
});
