/**
 * wireToFormat and the shape tree's wire rules: every native field the format bounds (a non-empty
 * collection, a non-empty string, a minimum) where MCP's schemas bound nothing has a rule, every
 * rule names such a field, and each mapping gives a value that validates where the copy did not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nodeNames, nodeTypes, unknownWireMember, type NodeName } from 'mcpdesc-core/internal/model/shape-tree.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { wireToFormat } from 'mcpdesc-core/internal/operations/wire-to-format.js';
import { structuralSchema } from 'mcpdesc-core/internal/validate/structural-schema.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

type Schema = Record<string, unknown>;
const defs = (structuralSchema('0.8.0') as { $defs: Record<string, Schema> }).$defs;

/** A property schema with its $ref followed once (CapabilityExtensions is a named definition). */
function resolved(schema: Schema | undefined): Schema | undefined {
  if (schema && typeof schema.$ref === 'string') return defs[schema.$ref.replace('#/$defs/', '')];
  return schema;
}

/** The bound the structural schema puts on a field: what MCP (no revision bounds these) does not. */
function formatBound(node: NodeName, field: string): 'empty' | 'emptyString' | 'minimum' | undefined {
  const properties = (defs[node]?.properties ?? {}) as Record<string, Schema>;
  const s = resolved(properties[field]);
  if (!s) return undefined;
  if (s.minItems === 1 || s.minProperties === 1) return 'empty';
  if (s.minLength === 1) return 'emptyString';
  if (typeof s.minimum === 'number') return 'minimum';
  return undefined;
}

/**
 * Not read off the wire: the root collections are assembled by capture (which lists nothing empty)
 * and a completion context comes from the user's --inputs. `info.name` is the server's identity: an
 * empty one stays an error (capture.server-info/missing-name), nothing is invented for it.
 */
const notMapped = new Set<string>(['Root', 'CompletionContext', 'Info.name']);

test('every native field the format bounds and MCP does not has a wire rule, and every rule such a field', () => {
  const missing: string[] = [];
  const extra: string[] = [];
  for (const node of nodeNames) {
    if (!defs[node] || notMapped.has(node)) continue;
    for (const [field, shape] of Object.entries(nodeTypes[node].fields)) {
      if (shape.origin !== 'native' || notMapped.has(`${node}.${field}`)) continue;
      const bound = formatBound(node, field);
      // MCP's own annotation priority is bounded 0..1 in every revision: no difference to map.
      if (node === 'ResourceAnnotations') continue;
      const rule = shape.wire;
      const has = rule?.empty
        ? 'empty'
        : rule?.emptyString
          ? 'emptyString'
          : rule?.minimum !== undefined
            ? 'minimum'
            : undefined;
      if (bound && has !== bound) missing.push(`${node}.${field} (${bound})`);
      if (has && has !== bound) extra.push(`${node}.${field} (${has})`);
    }
  }
  assert.deepEqual(missing, []);
  assert.deepEqual(extra, []);
});

test('a closed kind leaves out members it does not define but x-* where it takes extensions; an open kind keeps them', () => {
  assert.equal(unknownWireMember('PromptArgument', 'default'), 'omit');
  assert.equal(unknownWireMember('PromptArgument', 'x-default'), 'keep');
  assert.equal(unknownWireMember('Execution', 'x-vendor'), 'omit', 'no extensions on the Execution Object');
  assert.equal(unknownWireMember('ToolAnnotations', 'futureHint'), 'keep');
  const prompt = {
    name: 'greet',
    arguments: [{ name: 'who', required: false, default: 'world' }],
    tags: ['not a declaration on the wire'],
    'x-vendor': 1,
  };
  const mapped = wireToFormat(prompt, 'Prompt', { pointer: '/prompts/0' });
  assert.deepEqual(mapped.value, { name: 'greet', arguments: [{ name: 'who', required: false }], 'x-vendor': 1 });
  assert.deepEqual(
    mapped.changes.map((c) => `${c.what} ${c.node}.${c.field} ${c.pointer}`),
    ['unknown PromptArgument.default /prompts/0/arguments/0/default', 'unknown Prompt.tags /prompts/0/tags'],
  );
  assert.deepEqual(
    prompt.arguments[0],
    { name: 'who', required: false, default: 'world' },
    'the input is not modified',
  );
  const tool = { name: 't', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, futureHint: 1 } };
  assert.deepEqual(wireToFormat(tool, 'Tool').value, tool);
});

test('empty collections are omitted, an empty version becomes the choice or the placeholder', () => {
  const prompt = wireToFormat({ name: 'p', arguments: [], icons: [] }, 'Prompt');
  assert.deepEqual(prompt.value, { name: 'p' });
  assert.deepEqual(
    prompt.changes.map((c) => c.what),
    ['empty', 'empty'],
  );
  const info = { name: 's', version: '', icons: [] };
  assert.deepEqual(wireToFormat(info, 'Info').value, { name: 's', version: '0.0.0-unversioned' });
  const chosen = wireToFormat(info, 'Info', { chosen: { 'Info.version': '1.2.3' } });
  assert.deepEqual(chosen.value, { name: 's', version: '1.2.3' });
  assert.equal(chosen.changes[0]!.chosen, true);
  assert.deepEqual(wireToFormat({ name: 's', version: '1' }, 'Info').changes, []);
  assert.deepEqual(wireToFormat({ uri: 'file:///a', name: 'a', size: -1 }, 'Resource').value, {
    uri: 'file:///a',
    name: 'a',
  });
  assert.deepEqual(wireToFormat({ tools: {}, extensions: {} }, 'Capabilities').value, { tools: {} });
});

test('a document built from the wire values validates only after the mapping', () => {
  const wire = {
    info: { name: 'python-server', version: '', icons: [] },
    capabilities: { prompts: { listChanged: false }, extensions: {} },
    prompt: { name: 'p', arguments: [{ name: 'a', default: 'x' }], icons: [] },
    resource: { uri: 'file:///a', name: 'a', size: -1 },
  };
  const build = (map: boolean): JsonObject => {
    const m = <T>(v: T, node: NodeName): T => (map ? wireToFormat(v, node).value : v);
    return {
      mcpdesc: '0.8.0',
      info: m(wire.info, 'Info'),
      protocolVersions: ['2025-11-25'],
      capabilities: [m(wire.capabilities, 'Capabilities')],
      prompts: [m(wire.prompt, 'Prompt')],
      resources: [m(wire.resource, 'Resource')],
    };
  };
  const before = validate(build(false)).diagnostics.filter((d) => d.severity === 'error');
  assert.ok(before.length >= 5, JSON.stringify(before.map((d) => d.pointer)));
  const after = validate(build(true)).diagnostics.filter((d) => d.severity === 'error');
  assert.deepEqual(
    after.map((d) => `${d.pointer} ${d.message}`),
    [],
  );
});
