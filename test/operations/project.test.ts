import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { equivalent } from 'mcpdesc-core/internal/operations/equivalent.js';
import { project } from 'mcpdesc-core/internal/operations/project.js';
import { serializeDescription } from 'mcpdesc-core/internal/source/index.js';
import { assertGolden } from '../helpers/golden.js';
import { validCorpus, validation, weather } from './documents.js';

const options = { validation };

function projected(document: unknown, revision: string, extra = {}): Record<string, any> {
  const result = project(document, revision, { ...options, ...extra });
  assert.ok(result.ok, JSON.stringify(result.diagnostics, null, 1));
  assert.ok(!result.diagnostics.some((d) => d.severity === 'error'));
  return result.value as Record<string, any>;
}

/** Every `protocolVersions` key on an object reached without entering extension (`x-*`) values. */
function scopes(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => scopes(v, `${path}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k.startsWith('x-') ? [] : k === 'protocolVersions' ? [`${path}/${k}`] : scopes(v, `${path}/${k}`),
  );
}

describe('project (4.12)', () => {
  test('step 1: an invalid source is rejected', () => {
    const d = weather();
    d.tools[0].protocolVersions = ['2024-11-05'];
    const result = project(d, '2025-06-18', options);
    assert.equal(result.ok, false);
    assert.equal(result.value, undefined);
    assert.ok(result.diagnostics.some((x) => x.rule === 'operation.project.input' && x.code === 'invalid-input'));
    assert.ok(
      result.diagnostics.some((x) => x.severity === 'error' && x.pointer.startsWith('/tools/0/protocolVersions')),
    );
  });

  test('step 2: the revision must be a root revision', () => {
    const result = project(weather(), '2026-07-28', options);
    assert.equal(result.ok, false);
    const d = result.diagnostics.find((x) => x.code === 'revision-not-covered');
    assert.ok(d);
    assert.equal(d.rule, 'operation.project.revision');
    assert.equal(d.pointer, '/protocolVersions');
    assert.match(d.message, /"2026-07-28"/);
  });

  test('step 3: root protocolVersions becomes [V]', () => {
    assert.deepEqual(projected(weather(), '2025-06-18').protocolVersions, ['2025-06-18']);
    assert.deepEqual(projected(weather(), '2025-11-25').protocolVersions, ['2025-11-25']);
  });

  test('step 4: applicable transports, capabilities, primitives and nested declarations are retained, others removed', () => {
    const early = projected(weather(), '2025-06-18');
    assert.deepEqual(
      early.transports.map((t: any) => t.type),
      ['streamable-http'],
    );
    assert.deepEqual(early.capabilities, [{ tools: { listChanged: true } }]);
    assert.deepEqual(
      early.tools.map((t: any) => t.name),
      ['forecast', 'alerts'],
    );
    assert.equal(early.tools[1].description, undefined);
    const late = projected(weather(), '2025-11-25');
    assert.deepEqual(
      late.transports.map((t: any) => t.type),
      ['streamable-http', 'stdio'],
    );
    assert.deepEqual(late.capabilities, [{ tools: { listChanged: true }, 'x-cap': 1 }]);
    assert.deepEqual(
      late.tools.map((t: any) => [t.name, t.description]),
      [
        ['forecast', undefined],
        ['alerts', 'Active alerts.'],
      ],
    );
    assert.deepEqual(
      late.tools[0].elicitations.map((e: any) => e.name),
      ['login'],
    );
    assert.deepEqual(
      late.prompts.map((p: any) => p.name),
      ['briefing'],
    );
  });

  test('step 5: retained declarations carry no protocolVersions (extension values are left alone)', () => {
    for (const revision of ['2025-06-18', '2025-11-25']) {
      const view = projected(weather(), revision);
      assert.deepEqual(scopes(view), ['/protocolVersions']);
      assert.deepEqual(view.tools[0]['x-rollout'], { protocolVersions: ['2025-06-18'] });
    }
  });

  test('step 6: empty security values and inheritance are preserved; transport security is not materialized', () => {
    const view = projected(weather(), '2025-11-25');
    assert.deepEqual(view.security, [{}]);
    assert.deepEqual(view.tools[0].security, []);
    assert.equal('security' in view.tools[1], false);
    assert.equal('security' in view.prompts[0], false);
    assert.deepEqual(view.transports[0].security, [{ bearer: [] }]);
    assert.deepEqual(view.transports[1].security, []);
  });

  test('step 7: collections emptied by the projection are omitted', () => {
    const view = projected(weather(), '2025-06-18');
    assert.equal('prompts' in view, false);
    assert.equal('elicitations' in view.tools[0], false);
  });

  test('step 8: the view is validated (no output diagnostics for a valid view)', () => {
    const result = project(weather(), '2025-06-18', options);
    assert.deepEqual(
      result.diagnostics.filter((d) => d.rule.startsWith('operation.')),
      [],
    );
  });

  test('info, instructions, tags (also unreferenced ones), security schemes and x-* stay unchanged', () => {
    const view = projected(weather(), '2025-06-18');
    const source = weather();
    for (const key of ['info', 'instructions', 'tags', 'securitySchemes', 'x-root', 'components'])
      assert.deepEqual(view[key], source[key], key);
  });

  test('--prune-components keeps every transitive target and the outer extensions', () => {
    const view = projected(weather(), '2025-06-18', { pruneComponents: true });
    assert.deepEqual(Object.keys(view.components.schemas), ['Empty', 'Alias']);
    assert.equal(view.components['x-components-owner'], 'forecasting');
    const d = weather();
    d.tools.splice(1, 2);
    const bare = projected(d, '2025-06-18', { pruneComponents: true });
    assert.deepEqual(bare.components, { 'x-components-owner': 'forecasting' });
    delete d.components['x-components-owner'];
    assert.equal('components' in projected(d, '2025-06-18', { pruneComponents: true }), false);
  });

  test('the input is not modified', () => {
    const d = weather();
    project(d, '2025-06-18', { ...options, pruneComponents: true });
    assert.deepEqual(d, weather());
  });

  test('projecting twice equals projecting once, over the corpus too', () => {
    const documents = [{ name: 'weather', document: weather() }, ...validCorpus()];
    for (const { name, document } of documents) {
      for (const revision of document.protocolVersions) {
        for (const pruneComponents of [false, true]) {
          const once = projected(document, revision, { pruneComponents });
          const twice = projected(once, revision, { pruneComponents });
          assert.deepEqual(twice, once, `${name} ${revision}`);
          assert.ok(
            equivalent(once, projected(document, revision, { pruneComponents: !pruneComponents })),
            `${name} ${revision} prune`,
          );
        }
      }
    }
  });

  test('golden: the 2025-11-25 view of the weather description', () => {
    assertGolden(
      'operations/project-weather-2025-11-25.yaml',
      serializeDescription(projected(weather(), '2025-11-25'), { format: 'yaml' }),
    );
  });
});
