import { joinPointer } from '../../model/json-pointer.js';
import { jsonEqual } from '../../model/json.js';
import { defines, type Revision } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { raw, type ReportOptions } from '../rule.js';
import type { ElicitationNode } from '../walk.js';
import { firstDefiningRevision } from './revision-facts.js';

/**
 * The restricted form-mode `requestedSchema` vocabulary (12.3), shared by the Elicitation
 * Declaration rules and the elicitation steps of Tool Interaction Examples (9.4).
 */

/** Messages of the findings that hold in every revision (`analyzeForm(...).plain`). */
export const formSchemaCodes: Readonly<Record<string, string>> = {
  'not-object-root': 'a form requestedSchema must be a flat object schema with "type": "object"; found {found}',
  'unsupported-keyword': 'keyword {keyword} is not supported on {context} of an MCP elicitation form schema',
  'invalid-keyword-value': 'keyword {keyword} on {context} must be {expected}; found {value}',
  'unsupported-format':
    'format {value} is not an MCP elicitation string format; expected "email", "uri", "date" or "date-time"',
  'unsupported-type':
    'type {value} is not an MCP elicitation primitive type; expected "string", "number", "integer", "boolean" or a multi-select "array"',
  'nested-object': 'a requestedSchema property must not be an object: elicitation forms are flat',
  'nested-array':
    'an array property is allowed only as an MCP multi-select enum: items must be { "type": "string", "enum": [...] } or { "anyOf": [{ "const", "title" }...] }',
  'invalid-property-schema':
    'a requestedSchema property must be an MCP elicitation primitive schema with a type; found {found}',
  'invalid-choices': '{keyword} must be {expected}',
  'required-not-declared': 'required entry {value} names no property declared in properties',
  'enum-names-mismatch':
    'enumNames has {names} display names for {values} enum values; it must contain one for every enum value',
  'default-not-in-choices': 'default {value} is not one of the declared choices {choices}',
  'invalid-default': 'default {value} must be {expected}',
  'min-exceeds-max': '{min} {value} exceeds {max} {other}',
};

/** Message of a finding that names a form feature new in MCP 2025-11-25 (`analyzeForm(...).rich`). */
export const formFeatureMessage = `{feature} is not supported by MCP {revisions}, which this Elicitation Declaration applies to; MCP ${firstDefiningRevision('elicitation.rich-form')} introduced it`;

/** Revisions that get complete revision-specific elicitation validation (12.5). */
export const validatedRevisions = (scope: readonly Revision[]): Revision[] =>
  scope.filter((r) => !defines(r, 'legacy-validation'));

export interface Finding {
  code: string;
  pointer: string;
  values: Record<string, unknown>;
}

const allowedFormats = ['email', 'uri', 'date', 'date-time'];
const isString = (v: unknown): boolean => typeof v === 'string';
const isNumber = (v: unknown): boolean => typeof v === 'number';
/** Value types of the keywords of the MCP elicitation primitive schemas (`title?: string`, `minLength?: number`, ...). */
const keywordTypes: Record<string, { ok: (v: unknown) => boolean; expected: string }> = {
  $schema: { ok: isString, expected: 'a string' },
  title: { ok: isString, expected: 'a string' },
  description: { ok: isString, expected: 'a string' },
  minLength: { ok: isNumber, expected: 'a number' },
  maxLength: { ok: isNumber, expected: 'a number' },
  minimum: { ok: isNumber, expected: 'a number' },
  maximum: { ok: isNumber, expected: 'a number' },
  minItems: { ok: isNumber, expected: 'a number' },
  maxItems: { ok: isNumber, expected: 'a number' },
  required: { ok: (v) => Array.isArray(v) && v.every(isString), expected: 'an array of strings' },
};
const common = ['type', 'title', 'description'];

/**
 * Findings of one requestedSchema: `plain` hold in every revision, `rich` name features new in MCP 2025-11-25.
 * Also applied to the requestedSchema of an elicitation step request (mcpdesc.tool.interaction.members).
 */
export function analyzeForm(schema: unknown, pointer: string): { plain: Finding[]; rich: Finding[] } {
  const plain: Finding[] = [];
  const rich: Finding[] = [];
  const add = (code: string, at: string, values: Record<string, unknown> = {}): void => {
    plain.push({ code, pointer: at, values });
  };
  const richFeature = (at: string, feature: string): void => {
    rich.push({ code: 'form-feature-not-in-revision', pointer: at, values: { feature: raw(feature) } });
  };
  const unsupported = (object: JsonObject, at: string, allowed: readonly string[], context: string): void => {
    for (const key of Object.keys(object)) {
      if (!allowed.includes(key))
        add('unsupported-keyword', joinPointer(at, key), { keyword: key, context: raw(context) });
      else if (hasOwn(keywordTypes, key) && !keywordTypes[key]!.ok(object[key])) {
        // The MCP elicitation schema types fix these keyword values (12.3: "only the property schemas allowed by every applicable MCP revision").
        add('invalid-keyword-value', joinPointer(at, key), {
          keyword: key,
          context: raw(context),
          expected: raw(keywordTypes[key]!.expected),
          value: object[key],
        });
      }
    }
  };
  const minMax = (object: JsonObject, at: string, min: string, max: string): void => {
    const lo = object[min];
    const hi = object[max];
    if (typeof lo === 'number' && typeof hi === 'number' && lo > hi)
      add('min-exceeds-max', joinPointer(at, min), { min: raw(min), value: lo, max: raw(max), other: hi });
  };

  if (!isObject(schema)) {
    add('not-object-root', pointer, { found: schema });
    return { plain, rich };
  }
  if (schema.type !== 'object') {
    add('not-object-root', hasOwn(schema, 'type') ? joinPointer(pointer, 'type') : pointer, {
      found: hasOwn(schema, 'type') ? schema.type : raw('no type'),
    });
  }
  unsupported(schema, pointer, ['$schema', 'type', 'properties', 'required'], 'a requestedSchema root');
  if (hasOwn(schema, '$schema')) richFeature(joinPointer(pointer, '$schema'), '$schema on a requestedSchema');

  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (hasOwn(schema, 'properties') && !properties)
    add('invalid-property-schema', joinPointer(pointer, 'properties'), { found: raw('a non-object properties value') });
  if (properties) {
    for (const name of Object.keys(properties))
      analyzeProperty(properties[name], joinPointer(pointer, 'properties', name));
  }
  if (Array.isArray(schema.required)) {
    schema.required.forEach((entry, index) => {
      if (typeof entry === 'string' && !(properties && hasOwn(properties, entry)))
        add('required-not-declared', joinPointer(pointer, 'required', index), { value: entry });
    });
  }
  return { plain, rich };

  function analyzeProperty(property: unknown, at: string): void {
    if (!isObject(property)) {
      add('invalid-property-schema', at, { found: raw(JSON.stringify(property) ?? String(property)) });
      return;
    }
    const type = property.type;
    if (!hasOwn(property, 'type')) {
      add('invalid-property-schema', at, { found: raw('no type') });
      return;
    }
    const typeAt = joinPointer(at, 'type');
    if (type === 'object') {
      add('nested-object', typeAt);
      return;
    }
    if (type === 'string') {
      if (hasOwn(property, 'enum')) enumProperty(property, at);
      else if (hasOwn(property, 'oneOf')) titledSingleSelect(property, at);
      else {
        unsupported(property, at, [...common, 'minLength', 'maxLength', 'format', 'default'], 'a string property');
        if (
          hasOwn(property, 'format') &&
          !(typeof property.format === 'string' && allowedFormats.includes(property.format))
        ) {
          add('unsupported-format', joinPointer(at, 'format'), { value: property.format });
        }
        minMax(property, at, 'minLength', 'maxLength');
        primitiveDefault(property, at, 'string', (v) => typeof v === 'string');
      }
      return;
    }
    if (type === 'number' || type === 'integer') {
      unsupported(property, at, [...common, 'minimum', 'maximum', 'default'], `a ${type} property`);
      minMax(property, at, 'minimum', 'maximum');
      primitiveDefault(property, at, type, (v) => typeof v === 'number' && (type === 'number' || Number.isInteger(v)));
      return;
    }
    if (type === 'boolean') {
      unsupported(property, at, [...common, 'default'], 'a boolean property');
      if (hasOwn(property, 'default') && typeof property.default !== 'boolean')
        add('invalid-default', joinPointer(at, 'default'), { value: property.default, expected: raw('a boolean') });
      return;
    }
    if (type === 'array') {
      multiSelect(property, at);
      return;
    }
    add('unsupported-type', typeAt, { value: type });
  }

  function primitiveDefault(property: JsonObject, at: string, type: string, ok: (v: unknown) => boolean): void {
    if (!hasOwn(property, 'default')) return;
    richFeature(joinPointer(at, 'default'), `a default on a ${type} property`);
    if (!ok(property.default))
      add('invalid-default', joinPointer(at, 'default'), { value: property.default, expected: raw(`a ${type}`) });
  }

  function stringList(value: unknown): string[] | undefined {
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
  }

  function enumProperty(property: JsonObject, at: string): void {
    unsupported(property, at, [...common, 'enum', 'enumNames', 'default'], 'a string enum property');
    const values = stringList(property.enum);
    if (!values)
      add('invalid-choices', joinPointer(at, 'enum'), { keyword: raw('enum'), expected: raw('an array of strings') });
    if (hasOwn(property, 'enumNames')) {
      const names = stringList(property.enumNames);
      if (!names)
        add('invalid-choices', joinPointer(at, 'enumNames'), {
          keyword: raw('enumNames'),
          expected: raw('an array of strings'),
        });
      else if (values && names.length !== values.length)
        add('enum-names-mismatch', joinPointer(at, 'enumNames'), { names: names.length, values: values.length });
    }
    if (hasOwn(property, 'default')) {
      richFeature(joinPointer(at, 'default'), 'a default on an enum property');
      if (values && !values.some((v) => jsonEqual(v, property.default)))
        add('default-not-in-choices', joinPointer(at, 'default'), { value: property.default, choices: values });
    }
  }

  /** `[{const, title}]` choices; undefined when malformed (reported). */
  function titledChoices(list: unknown, at: string, keyword: string): string[] | undefined {
    if (!Array.isArray(list) || list.length === 0) {
      add('invalid-choices', at, {
        keyword: raw(keyword),
        expected: raw('a non-empty array of { "const": string, "title": string } choices'),
      });
      return undefined;
    }
    const out: string[] = [];
    let ok = true;
    list.forEach((choice, index) => {
      const choiceAt = joinPointer(at, index);
      if (!isObject(choice) || typeof choice.const !== 'string' || typeof choice.title !== 'string') {
        add('invalid-choices', choiceAt, {
          keyword: raw(keyword),
          expected: raw('{ "const": string, "title": string } choices'),
        });
        ok = false;
        return;
      }
      unsupported(choice, choiceAt, ['const', 'title'], 'a titled enum choice');
      out.push(choice.const);
    });
    return ok ? out : undefined;
  }

  function titledSingleSelect(property: JsonObject, at: string): void {
    richFeature(joinPointer(at, 'oneOf'), 'a titled single-select enum (oneOf)');
    unsupported(property, at, [...common, 'oneOf', 'default'], 'a titled single-select enum property');
    const choices = titledChoices(property.oneOf, joinPointer(at, 'oneOf'), 'oneOf');
    if (hasOwn(property, 'default')) {
      richFeature(joinPointer(at, 'default'), 'a default on an enum property');
      if (choices && !choices.some((v) => jsonEqual(v, property.default)))
        add('default-not-in-choices', joinPointer(at, 'default'), { value: property.default, choices });
    }
  }

  function multiSelect(property: JsonObject, at: string): void {
    richFeature(joinPointer(at, 'type'), 'a multi-select enum (type "array")');
    unsupported(property, at, [...common, 'minItems', 'maxItems', 'items', 'default'], 'a multi-select enum property');
    minMax(property, at, 'minItems', 'maxItems');
    const items = property.items;
    const itemsAt = joinPointer(at, 'items');
    let choices: string[] | undefined;
    if (isObject(items) && items.type === 'string' && hasOwn(items, 'enum')) {
      unsupported(items, itemsAt, ['type', 'enum'], 'untitled multi-select items');
      choices = stringList(items.enum);
      if (!choices)
        add('invalid-choices', joinPointer(itemsAt, 'enum'), {
          keyword: raw('enum'),
          expected: raw('an array of strings'),
        });
    } else if (isObject(items) && hasOwn(items, 'anyOf') && !hasOwn(items, 'type')) {
      unsupported(items, itemsAt, ['anyOf'], 'titled multi-select items');
      choices = titledChoices(items.anyOf, joinPointer(itemsAt, 'anyOf'), 'anyOf');
    } else {
      add('nested-array', hasOwn(property, 'items') ? itemsAt : at);
      return;
    }
    if (hasOwn(property, 'default')) {
      const value = property.default;
      if (!Array.isArray(value))
        add('invalid-default', joinPointer(at, 'default'), { value, expected: raw('an array of choices') });
      else if (choices) {
        value.forEach((entry, index) => {
          if (!choices!.some((c) => jsonEqual(c, entry)))
            add('default-not-in-choices', joinPointer(at, 'default', index), { value: entry, choices });
        });
      }
    }
  }
}

/** Findings per requestedSchema location, computed once even when a component is shared. */
export function formFindings(
  cache: Map<string, { plain: Finding[]; rich: Finding[] }>,
  node: ElicitationNode,
): { plain: Finding[]; rich: Finding[] } | undefined {
  if (node.value.mode !== 'form' || !node.requestedSchema) return undefined;
  const { pointer, value } = node.requestedSchema;
  let found = cache.get(pointer);
  if (!found) cache.set(pointer, (found = analyzeForm(value, pointer)));
  return found;
}

/** Use-site note for a requestedSchema reached through `$componentRef`. */
export const formNote = (node: ElicitationNode): Pick<ReportOptions, 'note'> =>
  node.requestedSchema?.via ? { note: `requestedSchema of ${node.pointer}` } : {};
