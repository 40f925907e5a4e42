/**
 * The shape tree against its two sources: the structural schema (same fields, required members,
 * closedness, extension eligibility and field kinds for every definition both have) and the
 * specification's property tables (every "Since MCP X" / "MCP X only" mark is the tree's gate, and
 * the tree gates no field of a table that the table leaves unmarked).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { revisionFeatures, revisions, type Revision } from 'mcpdesc-core/internal/model/revisions.js';
import {
  allGatedFields,
  componentNamespaces,
  isNodeName,
  nodeNames,
  nodeTypes,
  valuesOf,
  valueTypes,
  type FieldShape,
  type NodeName,
} from 'mcpdesc-core/internal/model/shape-tree.js';
import { structuralSchema } from 'mcpdesc-core/internal/validate/structural-schema.js';
import { repoRoot, sharedRoot } from '../helpers/paths.js';

type Schema = Record<string, unknown>;
const defs = (structuralSchema('0.8.0') as { $defs: Record<string, Schema> }).$defs;

test('every field type is an object kind of the tree or a plain value type; every variant is a kind', () => {
  for (const node of nodeNames) {
    for (const [field, shape] of Object.entries(nodeTypes[node].fields))
      assert.ok(
        isNodeName(shape.type) || (valueTypes as readonly string[]).includes(shape.type),
        `${node}.${field}: ${shape.type}`,
      );
    const variants = nodeTypes[node].variants;
    if (variants) {
      assert.ok(variants.discriminator in nodeTypes[node].fields, `${node}: its discriminator is a field`);
      for (const kind of Object.values(variants.kinds)) assert.ok(isNodeName(kind), `${node} variant ${kind}`);
    }
  }
});

test('the Components Object has a field per component namespace, and each targets its own namespace', () => {
  assert.deepEqual(Object.keys(nodeTypes.Components.fields), [...componentNamespaces]);
  for (const ns of componentNamespaces) assert.equal(nodeTypes.Components.fields[ns]!.ref, ns);
});

/**
 * Definitions of the structural schema the tree does not have as object kinds, and why. Kinds of
 * the tree the structural schema does not define are MCP payloads it types only as `object`.
 */
const notKinds: Record<string, string> = {
  ProtocolVersions: 'an array of revision strings: the tree types it `revisions`',
  RootProtocolVersions: 'an array of revision strings: the tree types it `revisions`',
  SecuritySchemes: 'a name-keyed map: the tree types Root.securitySchemes as a map of SecurityScheme',
  SecurityRequirementArray: 'an array whose objects are keyed by scheme names: `security-requirements`',
  SecurityRequirement: 'keyed by scheme names, no fixed fields: part of `security-requirements`',
  NativeCapability: 'an open MCP capability object with no described members: `object`',
  CapabilityExtensions: 'keyed by MCP extension identifiers: `object`',
  ExperimentalCapabilities: 'keyed by experimental capability names: `object`',
  ClientRequirements: 'keyed by MCP client capability names, checked per revision by its rule: `object`',
};
/** MCP payloads carried by examples, and Tool schemas: the structural schema types them only as `object`. */
const payloadKinds = new Set<NodeName>(['ToolSchema', ...nodeNames.filter((name) => nodeTypes[name].payload)]);

test('the structural schema and the tree define the same object kinds', () => {
  for (const name of Object.keys(defs))
    assert.ok(isNodeName(name) || name in notKinds, `structural definition ${name} is neither a kind nor listed`);
  for (const name of nodeNames)
    assert.ok(name in defs || payloadKinds.has(name), `kind ${name} is neither a structural definition nor a payload`);
});

/** The members a property schema names (through `$ref`, a Reference Object alternative, list items and map values). */
function namedMembers(schema: Schema | undefined, seen = new Set<string>()): string[] {
  if (!schema) return [];
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/$defs/', '');
    if (seen.has(name)) return [];
    return namedMembers(defs[name], new Set([...seen, name]));
  }
  const forbidden = (s: Schema) => typeof s.not === 'object' && Object.keys(s.not as object).length === 0;
  const own = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
    .filter(([, property]) => !forbidden(property))
    .map(([name]) => name);
  return [
    ...own,
    ...namedMembers(schema.else as Schema | undefined, seen),
    ...namedMembers(schema.items as Schema | undefined, seen),
    ...(typeof schema.additionalProperties === 'object'
      ? namedMembers(schema.additionalProperties as Schema, seen)
      : []),
  ];
}

// Issue 33: `capabilities.tasks` was a plain `object` here while the structural schema named its
// members, so the editor offered nothing inside it.
test('no field the tree types as a plain object or any value has members the structural schema names', () => {
  let compared = 0;
  for (const name of nodeNames) {
    const definition = defs[name];
    if (!definition) continue;
    const properties = (definition.properties ?? {}) as Record<string, Schema>;
    for (const [field, shape] of Object.entries(nodeTypes[name].fields as Readonly<Record<string, FieldShape>>)) {
      if (shape.type !== 'object' && shape.type !== 'any') continue;
      compared++;
      assert.deepEqual(namedMembers(properties[field]), [], `${name}.${field}: the structural schema names members`);
    }
  }
  assert.ok(compared >= 10, `${compared} fields`);
});

/** The `$ref` target a property schema leads to through arrays, maps and Reference Object alternatives. */
function referencedKind(schema: Schema | undefined): { kind?: string; container?: 'list' | 'map' } {
  if (!schema) return {};
  const target = (s: Schema | undefined): string | undefined => {
    if (!s) return undefined;
    if (typeof s.$ref === 'string') return s.$ref.replace('#/$defs/', '');
    if (s.else) return target(s.else as Schema); // refOr(inline)
    return undefined;
  };
  // A named wrapper (SecuritySchemes: a non-empty map) is followed to what it holds.
  const named = typeof schema.$ref === 'string' ? target(schema) : undefined;
  if (named && named in notKinds) return referencedKind(defs[named]);
  if (schema.type === 'array' && schema.items) return { kind: target(schema.items as Schema), container: 'list' };
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object')
    return { kind: target(schema.additionalProperties as Schema), container: 'map' };
  return { kind: target(schema) };
}

test('for every kind the structural schema defines: same fields, required members, closedness and extensions', () => {
  for (const name of nodeNames) {
    const definition = defs[name];
    if (!definition) continue;
    const shape = nodeTypes[name];
    const properties = (definition.properties ?? {}) as Record<string, Schema>;
    const fields: Readonly<Record<string, FieldShape>> = shape.fields;
    if (!shape.variants) {
      assert.deepEqual(Object.keys(fields).sort(), Object.keys(properties).sort(), `${name}: fields`);
      const requiredFields = Object.keys(fields).filter((f) => fields[f]!.required);
      assert.deepEqual(
        requiredFields.sort(),
        [...((definition.required as string[]) ?? [])].sort(),
        `${name}: required`,
      );
      assert.equal(definition.additionalProperties === false ? 'closed' : 'open', shape.members, `${name}: members`);
    }
    const extensionSlot = (definition.patternProperties as Record<string, unknown> | undefined)?.['^x-'];
    assert.equal(extensionSlot === true || shape.variants !== undefined, shape.extensions, `${name}: x-* eligibility`);
    for (const [field, fieldShape] of Object.entries(fields)) {
      const property = properties[field];
      if (!property) continue;
      const reached = referencedKind(property);
      if (isNodeName(fieldShape.type) && fieldShape.type !== 'ToolSchema' && !payloadKinds.has(fieldShape.type)) {
        assert.equal(reached.kind, fieldShape.type, `${name}.${field}: kind`);
        assert.equal(reached.container, fieldShape.container, `${name}.${field}: container`);
      }
    }
  }
});

/** Every `enum` the structural schema gives a member of `definition` (or each item of it), through its branches. */
function memberEnums(definition: unknown, into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (typeof definition !== 'object' || definition === null) return into;
  const schema = definition as Schema;
  for (const [field, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const values = (property.enum ?? (property.items as Schema | undefined)?.enum) as unknown[] | undefined;
    if (!Array.isArray(values)) continue;
    const set = into.get(field) ?? new Set<string>();
    for (const value of values) set.add(String(value));
    into.set(field, set);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(schema[key])) for (const part of schema[key] as unknown[]) memberEnums(part, into);
  for (const key of ['if', 'then', 'else']) memberEnums(schema[key], into);
  return into;
}

test("every closed set of values the structural schema gives a field is the tree's (completion offers them)", () => {
  let compared = 0;
  for (const name of nodeNames) {
    const definition = defs[name];
    if (!definition) continue;
    for (const [field, values] of memberEnums(definition)) {
      assert.deepEqual([...valuesOf(name, field)].sort(), [...values].sort(), `${name}.${field}`);
      compared++;
    }
    for (const field of Object.keys(nodeTypes[name].fields))
      if (nodeTypes[name].fields[field]!.choices)
        assert.ok(memberEnums(definition).has(field), `${name}.${field}: choices`);
  }
  assert.ok(compared >= 8, `${compared} fields`);
});

test('a discriminated kind names the structural schema variants, each with the common fields', () => {
  const transport = nodeTypes.Transport;
  for (const kind of Object.values(transport.variants!.kinds)) {
    for (const field of Object.keys(transport.fields))
      assert.ok(field in nodeTypes[kind as NodeName].fields, `${kind} has ${field}`);
  }
});

// ---- the specification's property tables ----

const spec = readFileSync(join(sharedRoot, 'spec', 'mcp-description-0.8.0.md'), 'utf8');

interface Mark {
  section: string;
  field: string;
  revisions: Revision[];
  legacy: boolean;
}

/**
 * Every property row of a section's table whose text marks its revisions: "Since MCP X",
 * "MCP X only", and the capability table's "(MCP X+)", "(MCP X only)", "(MCP X)".
 */
function tableMarks(): { marks: Mark[]; fieldsBySection: Map<string, string[]> } {
  const marks: Mark[] = [];
  const fieldsBySection = new Map<string, string[]>();
  let section = '';
  for (const line of spec.split('\n')) {
    const heading = /^#{2,4} (\d+(?:\.\d+)*|Appendix [A-Z]:)/.exec(line);
    if (heading) {
      section = heading[1]!.replace(/^Appendix ([A-Z]):$/, '$1');
      continue;
    }
    const row = /^\| `([^`]+)` \|(.*)\|\s*$/.exec(line);
    if (!row) continue;
    const field = row[1]!;
    const text = row[2]!;
    let list = fieldsBySection.get(section);
    if (!list) fieldsBySection.set(section, (list = []));
    list.push(field);
    const since = /Since MCP (\d{4}-\d{2}-\d{2})/.exec(text) ?? /\(MCP (\d{4}-\d{2}-\d{2})\+\)/.exec(text);
    const only = /MCP (\d{4}-\d{2}-\d{2}) only/.exec(text);
    const bare = /\(MCP (\d{4}-\d{2}-\d{2})\)/.exec(text);
    const first = (since ?? only ?? bare)?.[1] as Revision | undefined;
    if (!first) continue;
    const at = revisions.indexOf(first);
    marks.push({
      section,
      field,
      revisions: since ? revisions.slice(at) : [first],
      legacy: /preserved with a warning/.test(text),
    });
  }
  return { marks, fieldsBySection };
}

/** The kind whose fields a section's table lists (a capability table row names its member as `a.b`). */
function kindOfSection(section: string): NodeName | undefined {
  return nodeNames.find((name) => nodeTypes[name].spec === section && !payloadKinds.has(name));
}

test('every revision mark of a property table is the gate of that field in the tree', () => {
  const { marks } = tableMarks();
  assert.ok(marks.length >= 15, `found ${marks.length} marks: the table reader still reads the spec`);
  for (const mark of marks) {
    const kind = kindOfSection(mark.section);
    assert.ok(kind, `section ${mark.section} (${mark.field}) has a kind in the tree`);
    const field = nodeTypes[kind].fields[mark.field];
    assert.ok(field, `${kind}.${mark.field} is in the tree`);
    assert.ok(field.since, `${kind}.${mark.field} is gated in the tree`);
    assert.deepEqual(revisionFeatures[field.since], mark.revisions, `${kind}.${mark.field}: revisions`);
    assert.equal(field.legacy === true, mark.legacy, `${kind}.${mark.field}: legacy`);
  }
});

test('the tree gates no field of a property table that the table leaves unmarked', () => {
  const { marks, fieldsBySection } = tableMarks();
  for (const gated of allGatedFields()) {
    const section = nodeTypes[gated.node].spec;
    const tabled = fieldsBySection.get(section);
    // Kinds without a property table of their own: the gate is stated in prose (9.2 for Tool
    // schemas) or belongs to an MCP payload, checked against the revision table's own notes.
    if (!tabled || payloadKinds.has(gated.node)) continue;
    assert.ok(
      marks.some((m) => m.section === section && m.field === gated.field),
      `${gated.node}.${gated.field} is gated by ${gated.feature} but section ${section} does not mark it`,
    );
  }
});

test('Info is unscoped: none of its fields is gated (5)', () => {
  for (const shape of Object.values(nodeTypes.Info.fields)) assert.equal(shape.since, undefined);
});

test('the gates of description objects are read through the tree only: no other module names their features', () => {
  const features = new Set<string>();
  for (const name of nodeNames)
    if (!nodeTypes[name].payload)
      for (const shape of Object.values(nodeTypes[name].fields)) if (shape.since) features.add(shape.since);
  assert.ok(features.has('prompt-argument.title') && features.has('tool-schema.$schema'), 'the check reads the tree');
  const found: string[] = [];
  for (const root of ['packages/core/src', 'packages/cli/src']) {
    for (const file of sourceFiles(join(repoRoot, root))) {
      if (/model[/\\](shape-tree|revisions)\.ts$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const feature of features) if (text.includes(`'${feature}'`)) found.push(`${file}: '${feature}'`);
    }
  }
  assert.deepEqual(found, []);
});

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.generated.ts')) out.push(path);
    }
  }
  return out;
}
