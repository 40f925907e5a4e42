/**
 * Fixes as data (model/fix.ts), written as text edits (source/fix-edits.ts) in passes
 * (lint/fix-passes.ts): for every code that carries a fix, in JSON and in YAML, the fix makes
 * the finding go away, the text decodes to the document with exactly that edit, and no line
 * outside the edit changes. Refusals, overlapping fixes and the pass bound are checked too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyFixToValue, type Fix } from 'mcpdesc-core/internal/model/fix.js';
import { identicalJson } from 'mcpdesc-core/internal/model/json.js';
import { fixText } from 'mcpdesc-core/internal/lint/fix-passes.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { applyFixes } from 'mcpdesc-core/internal/source/fix-edits.js';
import { parseDescription } from 'mcpdesc-core/internal/source/parse.js';
import { serializeDescription } from 'mcpdesc-core/internal/source/serialize.js';
import { lintRules } from 'mcpdesc-core/internal/lint/rules/index.js';
import { validationRules } from 'mcpdesc-core/internal/validate/catalogue.js';
import { structuralRule } from 'mcpdesc-core/internal/validate/builtin-rules.js';

const tool = {
  name: 'get_issue',
  title: 'Get issue',
  description: 'Gets one issue of the current workspace by its key, with status and assignee.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  inputSchema: {
    type: 'object',
    properties: { key: { type: 'string', description: 'The issue key, in the form ABC-123.' } },
    required: ['key'],
    additionalProperties: false,
  },
};
const base = {
  mcpdesc: '0.8.0',
  protocolVersions: ['2025-11-25'],
  info: {
    name: 'issue-tracker',
    title: 'Issue Tracker',
    version: '1.0.0',
    description: 'Issues of the current workspace.',
  },
  tools: [tool],
};

/** One document per fixable code: the finding it makes, and where. */
/** `reveals`: the finding lint can make once the fixed value has the type it reads (no fix invents its value). */
const cases: {
  id: string;
  pointer: string;
  document: unknown;
  formats?: readonly ('json' | 'yaml')[];
  reveals?: string;
}[] = [
  {
    // YAML only: the characters of a plain scalar are the string (JSON's 1.10 is a number as typed).
    id: 'mcpdesc.document.schema/type',
    pointer: '/info/version',
    document: { ...base, info: { ...base.info, version: 1.5 } },
    formats: ['yaml'],
    reveals: 'lint.info.version/not-semver',
  },
  {
    id: 'mcpdesc.protocol-versions/duplicate',
    pointer: '/protocolVersions/1',
    document: { ...base, protocolVersions: ['2025-11-25', '2025-11-25'] },
  },
  {
    id: 'mcpdesc.tags.references/duplicate-reference',
    pointer: '/tools/0/tags/1',
    document: { ...base, tags: [{ name: 'issues' }], tools: [{ ...tool, tags: ['issues', 'issues'] }] },
  },
  {
    id: 'mcpdesc.version/schema-alias',
    pointer: '/$schema',
    document: { $schema: 'https://mcpdesc.org/schema/mcp-description/latest.json', ...base },
  },
  {
    id: 'mcp.tool.schema.native-shape/property-not-object',
    pointer: '/tools/0/inputSchema/properties/verbose',
    reveals: 'lint.tool.description/property-missing-description',
    document: {
      ...base,
      tools: [
        {
          ...tool,
          inputSchema: {
            ...tool.inputSchema,
            properties: { ...tool.inputSchema.properties, verbose: false },
          },
        },
      ],
    },
  },
  {
    id: 'lint.extension.naming/uppercase-organization',
    pointer: '/info/x-Acme-owner',
    document: { ...base, info: { ...base.info, 'x-Acme-owner': 'identity' } },
  },
  {
    id: 'lint.tool.output-schema/structured-without-text',
    pointer: '/tools/0/examples/found/result/content',
    document: {
      ...base,
      tools: [
        {
          ...tool,
          outputSchema: { type: 'object', properties: { key: { type: 'string' } } },
          examples: {
            found: {
              input: { key: 'ABC-123' },
              result: {
                structuredContent: { key: 'ABC-123' },
                content: [{ type: 'resource_link', uri: 'issues://ABC-123', name: 'ABC-123' }],
              },
            },
          },
        },
      ],
    },
  },
];

const idOf = (d: { rule: string; code: string }): string => `${d.rule}/${d.code}`;
/** A finding without its place in the text (lines move when a fix removes or adds one). */
const finding = (d: { rule: string; code: string; pointer: string; message: string }): string =>
  `${idOf(d)} ${d.pointer} ${d.message}`;

/** The changed lines of `after` against `before`: the first and last line that differ, from each end. */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

test('every code declared fixable has its case here (the engine refuses a fix of an undeclared code)', () => {
  const declared = [structuralRule, ...validationRules, ...lintRules].flatMap((rule) =>
    (rule.fixable ?? []).map((code) => {
      assert.ok(code in rule.codes, `${rule.id}/${code} is one of its codes`);
      return `${rule.id}/${code}`;
    }),
  );
  assert.deepEqual(declared.sort(), cases.map((c) => c.id).sort());
});

for (const format of ['json', 'yaml'] as const) {
  for (const c of cases) {
    if (c.formats && !c.formats.includes(format)) continue;
    test(`${c.id} (${format}): the fix removes the finding and changes nothing else`, () => {
      const text = serializeDescription(c.document, { format });
      const before = lint(text, { format });
      const target = before.diagnostics.find((d) => idOf(d) === c.id && d.pointer === c.pointer);
      assert.ok(target, `${c.id} fires at ${c.pointer}`);
      assert.ok(target.fix, `${c.id} carries a fix`);
      const fixed = fixText(text, { format });
      assert.deepEqual(
        fixed.fixed.map((d) => `${idOf(d)} ${d.pointer}`),
        [`${c.id} ${c.pointer}`],
      );
      assert.deepEqual(fixed.refused, []);
      // The finding is gone and every other finding is the same. Where the fix gives a value the
      // type lint reads (an object for a boolean schema, a string for a number), a finding may
      // appear there, and only there: the property's description or the version's form, which no
      // fix may invent.
      const inside = (d: { pointer: string }): boolean =>
        d.pointer === target.pointer || d.pointer.startsWith(target.pointer + '/');
      const revealed = fixed.result.diagnostics.filter(
        (d) => inside(d) && !before.diagnostics.some((b) => finding(b) === finding(d)),
      );
      assert.deepEqual(revealed.map(idOf), c.reveals ? [c.reveals] : []);
      const remaining = fixed.result.diagnostics
        .filter((d) => !revealed.includes(d))
        .map(finding)
        .sort();
      const expected = before.diagnostics
        .filter((d) => d !== target)
        .map(finding)
        .sort();
      assert.deepEqual(remaining, expected);
      // The text decodes to the document with exactly this edit, members in order.
      const decoded = parseDescription(fixed.text, { format }).document;
      const edited = applyFixToValue(parseDescription(text, { format }).document, target.fix);
      assert.ok(edited && identicalJson(decoded, edited.value));
      // Only the lines of the edit changed.
      const { removed, added } = changedLines(text, fixed.text);
      assert.ok(removed.length <= 1 && added.length <= 5, `${removed.join('|')} -> ${added.join('|')}`);
    });
  }
}

test('YAML: comments and formatting of untouched lines are kept byte for byte', () => {
  const text = [
    '# the tracker',
    'mcpdesc: 0.8.0',
    'protocolVersions:',
    '  - 2025-11-25   # served',
    '  - "2025-11-25" # again',
    'info:',
    '  name: issue-tracker     # programmatic',
    '  title: Issue Tracker',
    '  version: 1.0.0',
    '  description: Issues of the current workspace.',
    '  x-Acme-owner:   identity # team',
    '',
  ].join('\n');
  const fixed = fixText(text, { format: 'yaml' });
  assert.equal(
    fixed.text,
    text.replace('  - "2025-11-25" # again\n', '').replace('x-Acme-owner:   identity', 'x-acme-owner:   identity'),
  );
});

test('YAML: a fix inside a flow collection with a comment is refused, the text and the finding stay', () => {
  const text =
    'mcpdesc: 0.8.0\nprotocolVersions: [ "2025-11-25", # served\n  "2025-11-25" ]\ninfo:\n  name: x\n  title: X\n  version: 1.0.0\n  description: Issues of the current workspace.\n';
  const fixed = fixText(text, { format: 'yaml' });
  assert.equal(fixed.text, text);
  assert.deepEqual(
    fixed.refused.map((r) => `${idOf(r.diagnostic)}: ${r.reason}`),
    ['mcpdesc.protocol-versions/duplicate: /protocolVersions is a YAML flow collection with comments'],
  );
  assert.ok(fixed.result.diagnostics.some((d) => idOf(d) === 'mcpdesc.protocol-versions/duplicate'));
});

test('YAML: removing the only entry of a block collection is refused (it would become null)', () => {
  const text = 'mcpdesc: 0.8.0\nprotocolVersions:\n  - 2025-11-25\ninfo:\n  name: x\n  version: 1.0.0\n';
  const outcome = applyFixes(text, [{ kind: 'remove', title: 'remove', pointer: '/protocolVersions/0' }], {
    format: 'yaml',
  });
  assert.equal(outcome.text, text);
  assert.match(outcome.refused[0]!.reason, /only entry of a YAML block collection/);
});

test('overlapping fixes: one pass writes one of them, the other waits for the next pass', () => {
  const text = JSON.stringify({ a: { b: 1 }, c: [1, 2, 3] }, null, 2);
  const fixes: Fix[] = [
    { kind: 'set', title: 'b', pointer: '/a/b', value: 2 },
    { kind: 'remove', title: 'a', pointer: '/a' },
    { kind: 'remove', title: 'c0', pointer: '/c/0' },
    { kind: 'remove', title: 'c2', pointer: '/c/2' },
  ];
  const outcome = applyFixes(text, fixes, { format: 'json' });
  assert.deepEqual(
    outcome.applied.map((f) => f.title),
    ['b', 'c0', 'c2'],
  );
  assert.deepEqual(
    outcome.deferred.map((f) => f.title),
    ['a'],
  );
  assert.deepEqual(JSON.parse(outcome.text), { a: { b: 2 }, c: [2] });
});

test('a fix whose pointer names nothing is refused, and the text is kept', () => {
  const text = '{"a": 1}\n';
  const outcome = applyFixes(text, [{ kind: 'remove', title: 'x', pointer: '/b' }], { format: 'json' });
  assert.equal(outcome.text, text);
  assert.match(outcome.refused[0]!.reason, /not where the fix expects it/);
});

test('applyFixToValue keeps a __proto__ member a member and never touches the input', () => {
  const document = JSON.parse('{"__proto__": {"x": 1}, "X-Up": 2}') as Record<string, unknown>;
  const renamed = applyFixToValue(document, { kind: 'rename-key', title: 'r', pointer: '/X-Up', key: 'x-up' });
  assert.ok(renamed);
  assert.deepEqual(Object.keys(renamed.value as object), ['__proto__', 'x-up']);
  assert.equal(Object.getPrototypeOf(renamed.value), Object.prototype);
  assert.deepEqual(Object.keys(document), ['__proto__', 'X-Up']);
  assert.equal(
    applyFixToValue(document, { kind: 'rename-key', title: 'r', pointer: '/X-Up', key: '__proto__' }),
    undefined,
  );
});

test('YAML: a plain scalar where text is expected is quoted as typed (1.10 stays "1.10"); a JSON number is not', () => {
  const yaml =
    'mcpdesc: 0.8.0\nprotocolVersions: [2025-11-25]\ninfo:\n  name: x   # id\n  version: 1.10   # as typed\n';
  const fixed = fixText(yaml, { format: 'yaml' });
  assert.equal(fixed.text, yaml.replace('version: 1.10 ', 'version: "1.10" '));
  const json = '{"mcpdesc": "0.8.0", "protocolVersions": ["2025-11-25"], "info": {"name": "x", "version": 1.10}}';
  assert.ok(!lint(json, { format: 'json' }).diagnostics.some((d) => d.fix));
});

test('passes are bounded: with no pass allowed nothing is written', () => {
  const text = serializeDescription(cases[0]!.document, { format: 'json' });
  const fixed = fixText(text, { format: 'json' }, 0);
  assert.equal(fixed.text, text);
  assert.equal(fixed.passes, 0);
  assert.deepEqual(fixed.fixed, []);
});

test('many fixes in one list: one pass, no quadratic work (10,000 repeated revisions in JSON and YAML)', () => {
  const many = { ...base, protocolVersions: Array.from({ length: 10_000 }, () => '2025-11-25') };
  for (const format of ['json', 'yaml'] as const) {
    const text = serializeDescription(many, { format });
    const started = performance.now();
    const fixed = fixText(text, { format });
    const elapsed = performance.now() - started;
    assert.equal(fixed.passes, 1, format);
    assert.equal(fixed.fixed.length, 9_999, format);
    assert.deepEqual((parseDescription(fixed.text, { format }).document as typeof base).protocolVersions, [
      '2025-11-25',
    ]);
    // About 2 s here on a shared machine; the quadratic version this guards against took 25 s.
    assert.ok(elapsed < 15_000, `${format}: ${Math.round(elapsed)} ms`);
  }
});

test('a fix whose text would not decode is refused; the others of its pass are written (bisection)', () => {
  const text = JSON.stringify({ a: 'x', b: 'x', c: 'x', d: 'x', e: 'x' }, null, 2);
  const fixes: Fix[] = ['a', 'b', 'c', 'd', 'e'].map((key) => ({
    kind: 'set',
    title: key,
    pointer: `/${key}`,
    // A lone surrogate: JSON.stringify escapes it, and the strict decoder rejects the escape.
    value: key === 'c' ? '\ud800' : 'y',
  }));
  const outcome = applyFixes(text, fixes, { format: 'json' });
  assert.deepEqual(
    outcome.applied.map((f) => f.title),
    ['a', 'b', 'd', 'e'],
  );
  assert.deepEqual(
    outcome.refused.map((r) => `${r.fix.title}: ${r.reason}`),
    ['c: the edited text would not decode to the fixed document'],
  );
  assert.deepEqual(JSON.parse(outcome.text), { a: 'y', b: 'y', c: 'x', d: 'y', e: 'y' });
});
