/**
 * The hand-written MCP Description types agree with the structural schema (0.8.0), and the check
 * that says so fails when either side gains, loses or changes a member alone.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { structuralSchema } from 'mcpdesc-core/internal/validate/structural-schema.js';
import { repoRoot } from '../helpers/paths.js';
import { checkDescriptionTypes, descriptionAssertions } from './description-types-check.js';

const typesSource = readFileSync(join(repoRoot, 'packages/core/src/model/description.ts'), 'utf8');
const schema = structuralSchema('0.8.0');

type Defs = Record<string, { properties: Record<string, unknown>; required?: string[] }>;

/** A deep copy of the schema, changed by `edit`. */
function mutatedSchema(edit: (defs: Defs) => void): object {
  const copy = structuredClone(schema) as { $defs: Defs };
  edit(copy.$defs);
  return copy;
}

/** The types source with `from` replaced by `to` (which must occur exactly once). */
function mutatedTypes(from: string, to: string): string {
  assert.equal(typesSource.split(from).length, 2, `${JSON.stringify(from)} occurs once in description.ts`);
  return typesSource.replace(from, to);
}

test('the document types agree with the 0.8.0 structural schema', () => {
  assert.deepEqual(checkDescriptionTypes(schema, typesSource), []);
});

test('the assertions cover every definition and every member of the schema', () => {
  const { labels } = descriptionAssertions(schema);
  const defs = (schema as { $defs: Defs }).$defs;
  for (const [name, definition] of Object.entries(defs)) {
    assert.ok(
      labels.some((l) => l.startsWith(name)),
      `no assertion for ${name}`,
    );
    for (const key of Object.keys(definition.properties ?? {}))
      assert.ok(
        labels.some((l) => l.startsWith(name) && l.includes(`.${key}: `)),
        `no assertion for ${name}.${key}`,
      );
  }
});

test('a member added to the schema only is reported', () => {
  const messages = checkDescriptionTypes(
    mutatedSchema((defs) => {
      defs.Info!.properties.summary = { type: 'string' };
    }),
    typesSource,
  );
  assert.ok(messages.includes('Info: members disagrees with the structural schema'), messages.join('\n'));
});

test('a member added to the types only is reported', () => {
  const messages = checkDescriptionTypes(
    schema,
    mutatedTypes('export type Info = SpecificationExtensions & {', '$&\n  summary?: string;'),
  );
  assert.deepEqual(messages, ['Info: members disagrees with the structural schema']);
});

test('a member required on one side only is reported', () => {
  const optionalName = mutatedTypes('/** License name, e.g. `"MIT"`. */\n  name: string;', 'name?: string;');
  assert.deepEqual(checkDescriptionTypes(schema, optionalName), [
    'License: required members disagrees with the structural schema',
  ]);
  const requiredTitle = mutatedSchema((defs) => {
    defs.Tag!.required = ['name', 'description'];
  });
  assert.deepEqual(checkDescriptionTypes(requiredTitle, typesSource), [
    'Tag: required members disagrees with the structural schema',
  ]);
});

test('a member type, an extension slot or a variant that differs is reported', () => {
  const numberSize = mutatedTypes('size?: number;', 'size?: string;');
  assert.deepEqual(checkDescriptionTypes(schema, numberSize), [
    'Resource.size: type disagrees with the structural schema',
  ]);
  const noExtensions = mutatedTypes('export type Tag = SpecificationExtensions & {', 'export type Tag = {');
  assert.ok(
    checkDescriptionTypes(schema, noExtensions).includes(
      'Tag: other members (x-* extensions) disagrees with the structural schema',
    ),
  );
  const urlOnForm = mutatedTypes(
    'requestedSchema: OrReference<JsonSchema>;\n  url?: never;',
    'requestedSchema: OrReference<JsonSchema>;',
  );
  assert.deepEqual(checkDescriptionTypes(schema, urlOnForm), [
    'ElicitationDeclaration (mode "form"): members disagrees with the structural schema',
    'ElicitationDeclaration (mode "form").url: forbidden in this variant disagrees with the structural schema',
  ]);
  const urlAllowedOnForm = mutatedTypes(
    "mode: 'form';\n  requestedSchema: OrReference<JsonSchema>;\n  url?: never;",
    "mode: 'form';\n  requestedSchema: OrReference<JsonSchema>;\n  url?: string;",
  );
  assert.deepEqual(checkDescriptionTypes(schema, urlAllowedOnForm), [
    'ElicitationDeclaration (mode "form").url: forbidden in this variant disagrees with the structural schema',
  ]);
});

test('0.9.0-rc.3 documents fit the types too: that schema only closes Tool Annotations', () => {
  assert.deepEqual(checkDescriptionTypes(structuralSchema('0.9.0-rc.3'), typesSource), [
    'ToolAnnotations: other members (no other member) disagrees with the structural schema',
  ]);
});
