import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { catalogueEntries } from 'mcpdesc-toolkit/internal/cli/rule-catalogue.js';
import { namedByToolsSection } from 'mcpdesc-core/internal/validate/rule.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

/**
 * The 0.9.0-rc.3 Tools section links each requirement to a rule id:
 * `[<req-name>](/docs/rules/0.9.0-rc.3/<namespace>/<slug>#required-by "This requirement is part of rule: <id>")`.
 * Every linked id is in the catalogue, named by rc.3; and a failing document written from each
 * requirement's sentence reports under an id the text links it to.
 */
const text = readFileSync(join(process.cwd(), '..', 'shared', 'spec', 'tools-0.9.0-rc.3.md'), 'utf8');
const link =
  /\[<(req-[a-z0-9-]+)>\]\(\/docs\/rules\/0\.9\.0-rc\.3\/([a-z-]+)\/([a-z0-9-]+)#required-by "This requirement is part of rule: ([a-z0-9.-]+)"\)/g;

/** Requirement anchor -> the rule ids the text links it to. */
const requirements = new Map<string, Set<string>>();
for (const [, anchor, namespace, slug, id] of text.matchAll(link)) {
  assert.equal(
    `${namespace}/${slug}`,
    id!.replace('.', '/').replace(/\./g, '-'),
    `${anchor}: the link path names ${id}`,
  );
  if (!requirements.has(anchor!)) requirements.set(anchor!, new Set());
  requirements.get(anchor!)!.add(id!);
}

/**
 * Links that look wrong, and the id this toolkit reports instead (docs/spec-coverage-primitives.md):
 * the elicitation-response closure is linked to the roots URI rule.
 */
const corrections: Record<string, string> = { 'req-interaction-response-closed': 'mcp.input-response.closed' };

const linkedIds = new Set([...requirements.values()].flatMap((ids) => [...ids]));

test('the rc.3 Tools section links requirements to rule ids (the extraction finds them)', () => {
  assert.ok(requirements.size >= 40, `found ${requirements.size} linked requirements`);
  assert.ok(text.split('part of rule: ').length - 1 === [...text.matchAll(link)].length, 'every rule link parses');
});

test('every rule id the rc.3 Tools section links is in the catalogue, and named by rc.3 there', () => {
  const entries = new Map(catalogueEntries().map((e) => [e.id, e]));
  for (const id of [...linkedIds, ...Object.values(corrections)]) {
    const entry = entries.get(id);
    assert.ok(entry, `mcpdesc rules lacks ${id}`);
    assert.deepEqual(entry.namedBy, namedByToolsSection, `${id} shows the versions that name it`);
  }
  for (const entry of entries.values())
    if (entry.namedBy?.length)
      assert.ok(linkedIds.has(entry.id), `${entry.id} claims to be named by ${entry.namedBy.join(', ')}`);
});

type Doc = Record<string, unknown>;
const rc3 = (tools: unknown[], protocolVersions = ['2025-11-25'], extra: Doc = {}): Doc => ({
  mcpdesc: '0.9.0-rc.3',
  info: { name: 'x', version: '1' },
  protocolVersions,
  ...extra,
  tools,
});
const tool = (extra: Doc = {}): Doc => ({ name: 't', inputSchema: { type: 'object' }, ...extra });
const done = { content: [{ type: 'text', text: 'done' }] };
const scenario = (steps: unknown[], extra: Doc = {}) =>
  tool({ ...extra, interactionExamples: { s: { input: {}, steps, result: done } } });
const formRequest = { mode: 'form', message: 'Approve?', requestedSchema: { type: 'object', properties: {} } };
const confirm = { name: 'confirm', ...formRequest };
const sampling = {
  type: 'sampling',
  request: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
  response: { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'm' },
};

/** A failing document per requirement, or why the text's requirement has none. */
const failing: Record<string, Doc | { none: string }> = {
  'req-tool-fields': rc3([tool({ deprecated: 'yes' })]),
  'req-execution-fields': rc3([tool({ execution: { taskSupport: 'always' } })]),
  'req-tool-input-schema-required': rc3([{ name: 't' }]),
  'req-tool-input-schema-object-root': rc3([tool({ inputSchema: { type: 'string' } })]),
  'req-tool-schema-references-resolved': rc3([tool({ inputSchema: { $componentRef: '#/components/schemas/none' } })]),
  'req-tool-output-schema-valid': rc3([tool({ outputSchema: { type: 'object', required: 'a' } })]),
  'req-tool-schema-dialect-keyword': rc3(
    [tool({ inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' } })],
    ['2025-06-18'],
  ),
  'req-tool-schema-vocabulary': rc3(
    [tool({ inputSchema: { type: 'object', allOf: [{ required: ['a'] }] } })],
    ['2025-06-18'],
  ),
  'req-tool-schema-dialect-valid': rc3([tool({ inputSchema: { type: 'object', minProperties: -1 } })]),
  'req-tool-schema-dialect-set': rc3([
    tool({ inputSchema: { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' } }),
  ]),
  'req-tool-schema-native-shape': rc3([tool({ inputSchema: { type: 'object', properties: { a: true } } })]),
  'req-tool-schema-legacy-no-dialect': rc3(
    [tool({ inputSchema: { type: 'object', properties: { a: true } } })],
    ['2025-06-18'],
  ),
  'req-tool-schema-legacy-shape': rc3([tool({ inputSchema: { type: 'object', required: 'a' } })], ['2025-06-18']),
  'req-tool-schema-keywords-preserved': rc3([tool({ inputSchema: { type: 'object', if: {} } })], ['2025-03-26']),
  'req-tool-schema-external-ref': rc3([
    tool({ inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } } }),
  ]),
  'req-tool-output-schema-object-root': rc3([tool({ outputSchema: { type: 'array' } })]),
  'req-tool-x-mcp-header': rc3(
    [tool({ inputSchema: { type: 'object', properties: { a: { type: 'object', 'x-mcp-header': 'A' } } } })],
    ['2026-07-28'],
  ),
  'req-tool-examples-map': rc3([tool({ examples: {} })]),
  'req-tool-example-references-resolved': rc3([
    tool({ examples: { e: { $componentRef: '#/components/toolExamples/none' } } }),
  ]),
  'req-tool-example-fields': rc3([tool({ examples: { e: { input: {} } } })]),
  'req-tool-example-closed': rc3([tool({ examples: { e: { summary: 's', input: {}, result: done } } })]),
  'req-tool-example-input-valid': rc3([
    tool({
      inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
      examples: { e: { input: { a: 1 }, result: done } },
    }),
  ]),
  'req-tool-example-result-shape': rc3([tool({ examples: { e: { input: {}, result: done } } })], ['2026-07-28']),
  'req-tool-example-completed-form': rc3([
    tool({ examples: { e: { input: {}, result: { ...done, task: { taskId: '1' } } } } }),
  ]),
  'req-tool-example-content-protocol-version': rc3(
    [
      tool({
        examples: { e: { input: {}, result: { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] } } },
      }),
    ],
    ['2024-11-05'],
  ),
  'req-tool-example-success': {
    none: 'isError is a boolean (mcp.example-result.members): a result is either successful (absent or false) or an execution error (true, req-tool-example-error-result)',
  },
  'req-tool-example-structured-content': rc3([
    tool({ outputSchema: { type: 'object' }, examples: { e: { input: {}, result: done } } }),
  ]),
  'req-tool-example-error-result': rc3([
    tool({
      outputSchema: { type: 'object' },
      examples: { e: { input: {}, result: { ...done, isError: true, structuredContent: {} } } },
    }),
  ]),
  'req-tool-example-incomplete-validation': rc3(
    [
      tool({
        inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
        examples: { e: { input: { a: 'x' }, result: done } },
      }),
    ],
    ['2025-03-26'],
  ),
  'req-tool-example-projection-omitted': {
    none: 'a requirement on native projection (test/operations/native.test.ts)',
  },
  'req-tool-example-views-preserved': { none: 'a requirement on view projection (test/operations/project.test.ts)' },
  'req-interaction-examples-map': rc3([
    tool({ interactionExamples: { 'a b': { input: {}, steps: [sampling], result: done } } }),
  ]),
  'req-tool-example-not-interaction': rc3([
    tool({ examples: { e: { input: {}, result: { ...done, inputRequests: {} } } } }),
  ]),
  'req-interaction-example-fields': rc3([tool({ interactionExamples: { s: { input: {}, steps: [sampling] } } })]),
  'req-interaction-step-fields': rc3([scenario([{ type: 'roots', request: {} }])]),
  'req-interaction-step-closed': rc3([scenario([{ ...sampling, note: 'x' }])]),
  'req-interaction-elicitation-declaration': rc3([
    scenario([{ type: 'elicitation', declaration: 'missing', request: formRequest, response: { action: 'decline' } }], {
      elicitations: [confirm],
    }),
  ]),
  'req-interaction-elicitation-response': rc3([
    scenario([{ type: 'elicitation', request: formRequest, response: { action: 'decline', content: {} } }], {
      elicitations: [confirm],
    }),
  ]),
  'req-interaction-response-closed': rc3([
    scenario([{ type: 'elicitation', request: formRequest, response: { action: 'decline', reason: 'x' } }], {
      elicitations: [confirm],
    }),
  ]),
  'req-interaction-sampling-protocol-version': rc3(
    [
      scenario([
        { ...sampling, request: { ...sampling.request, tools: [{ name: 'x', inputSchema: { type: 'object' } }] } },
      ]),
    ],
    ['2025-06-18'],
  ),
  'req-interaction-protocol-version-valid': rc3(
    [scenario([{ type: 'roots', request: {}, response: { roots: [{ uri: 'file:///w', _meta: {} }] } }])],
    ['2025-03-26'],
  ),
  'req-interaction-protocol-version-valid (elicitation mode)': rc3(
    [
      scenario([
        {
          type: 'elicitation',
          request: { mode: 'url', message: 'Go.', url: 'https://example.com/go', elicitationId: '1' },
          response: { action: 'accept' },
        },
      ]),
    ],
    ['2025-06-18'],
  ),
  'req-interaction-client-requirements-warning': rc3([
    scenario([sampling], { clientRequirements: { elicitation: {} } }),
  ]),
  'req-interaction-projection-omitted': { none: 'a requirement on native projection (test/operations/native.test.ts)' },
  'req-interaction-views-preserved': { none: 'a requirement on view projection (test/operations/project.test.ts)' },
  'req-tool-names-disjoint': rc3([tool(), tool()]),
  'req-tool-annotations-fields': rc3([tool({ annotations: { readOnlyHint: 'yes' } })]),
  'req-tool-annotations-closed': rc3([tool({ annotations: { audience: ['user'] } })]),
  'req-tool-tags-references': rc3([tool({ tags: ['other'] })], ['2025-11-25'], { tags: [{ name: 'search' }] }),
};

/** `anchor (variant)`: a further failing document of the same requirement. */
const anchorOf = (name: string): string => name.replace(/ \(.*\)$/, '');

test('every requirement of the rc.3 Tools section has a failing document here, or a stated reason', () => {
  assert.deepEqual([...new Set(Object.keys(failing).map(anchorOf))].sort(), [...requirements.keys()].sort());
});

for (const [name, example] of Object.entries(failing)) {
  const anchor = anchorOf(name);
  const ids = requirements.get(anchor) ?? new Set<string>();
  if ('none' in example) continue;
  test(`${name}: its failing document reports under ${[...ids].join(' or ')}`, () => {
    const expected = corrections[anchor] !== undefined ? new Set([corrections[anchor]]) : ids;
    const found = validate(example).diagnostics;
    assert.ok(
      found.some((d) => expected.has(d.rule)),
      `reports under ${[...expected].join(' or ')}; found ${found.map((d) => d.rule).join(', ')}`,
    );
    // Warnings of other rules (legacy revisions, incomplete example validation) may accompany it; errors may not.
    assert.deepEqual(
      found
        .filter((d) => d.severity === 'error' && !expected.has(d.rule))
        .map((d) => `${d.rule}/${d.code} ${d.pointer}`),
      [],
      `every error is under ${[...expected].join(' or ')}`,
    );
  });
}
