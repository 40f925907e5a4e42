import { getAtPointer, joinPointer } from '../../model/json-pointer.js';
import { jsonEqual } from '../../model/json.js';
import { formatRevisions, having, lacking, type Revision } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { raw, type ReportOptions, type RuleContext } from '../rule.js';

/**
 * Compatibility of an example value with a Tool schema (9.3): Tool example `input` against
 * inputSchema, `structuredContent` against outputSchema, under every applicable revision.
 */

export interface Mismatch {
  instancePointer: string;
  schemaPointer: string;
  keyword: string;
  message: string;
  revisions: Revision[];
}

export interface Compatibility {
  mismatches: Mismatch[];
  /** Reasons evaluation under the dialect revisions was incomplete. */
  incomplete: string[];
  /** Not evaluated under the dialect revisions: the document's evaluation budget was spent before. */
  skipped: boolean;
  /** Revisions checked without an embedded-schema dialect (before 2025-11-25). */
  undialected: readonly Revision[];
}

/**
 * Evaluates `instance` against a Tool schema for every revision of `scope` (9.3): revisions with
 * an embedded-schema dialect (2025-11-25+) get complete evaluation under the declared or default
 * dialect; earlier revisions only what can be interpreted without a dialect (type, required,
 * properties, additionalProperties: false, enum, const). Mismatches found for several revisions
 * are merged, one per location.
 */
export function toolSchemaCompatibility(
  ctx: RuleContext,
  schema: JsonObject,
  instance: unknown,
  scope: readonly Revision[],
): Compatibility {
  const found = new Map<string, Mismatch>();
  const add = (m: Omit<Mismatch, 'revisions'>, revisions: readonly Revision[]): void => {
    const key = `${m.instancePointer}\u0000${m.keyword}\u0000${m.schemaPointer}`;
    const existing = found.get(key);
    if (existing) existing.revisions.push(...revisions.filter((r) => !existing.revisions.includes(r)));
    else {
      // A literal: mismatches are made by the thousand (see copyDiagnostic on hidden classes).
      const { instancePointer, schemaPointer, keyword, message } = m;
      found.set(key, { instancePointer, schemaPointer, keyword, message, revisions: [...revisions] });
    }
  };
  const incomplete: string[] = [];
  let skipped = false;
  const dialected = having(scope, 'tool-schema.dialect');
  if (dialected.length) {
    const d = ctx.schemas.dialectOf(schema);
    if ('dialect' in d && ctx.schemas.validity(schema, d.dialect).length === 0) {
      const evaluation = ctx.schemas.evaluate(schema, instance, d.dialect);
      for (const e of evaluation.errors) add(e, dialected);
      if (evaluation.skipped) skipped = true;
      else if (evaluation.incomplete) for (const item of evaluation.incomplete) incomplete.push(item);
    }
  }
  const undialected = lacking(scope, 'tool-schema.dialect');
  if (undialected.length) {
    const errors: Omit<Mismatch, 'revisions'>[] = [];
    interpretWithoutDialect(schema, instance, [], [], errors);
    for (const e of errors) add(e, undialected);
  }
  return { mismatches: [...found.values()], incomplete, skipped, undialected };
}

const maxDepth = 64;

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true; // unknown type names are the schema rules' business
  }
}

function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The keywords whose meaning does not depend on a JSON Schema dialect. `at` and `schemaAt` are
 * the tokens of the instance and schema locations, pushed and popped on the way down: the
 * pointers are written only for a mismatch (this runs for every example of every earlier revision).
 */
function interpretWithoutDialect(
  schema: unknown,
  instance: unknown,
  at: string[],
  schemaAt: string[],
  errors: Omit<Mismatch, 'revisions'>[],
): void {
  if (!isObject(schema) || at.length > maxDepth) return;
  const type = schema.type;
  const types =
    typeof type === 'string'
      ? [type]
      : Array.isArray(type) && type.every((t) => typeof t === 'string')
        ? (type as string[])
        : undefined;
  if (types && !types.some((t) => typeMatches(t, instance))) {
    recordMismatch(errors, at, schemaAt, 'type', `expected ${types.join(' or ')}, found ${jsonTypeName(instance)}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => jsonEqual(v, instance)))
    recordMismatch(errors, at, schemaAt, 'enum', 'expected one of the enumerated values');
  if (hasOwn(schema, 'const') && !jsonEqual(schema.const, instance))
    recordMismatch(errors, at, schemaAt, 'const', `expected ${JSON.stringify(schema.const)}`);
  if (!isObject(instance)) return;
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && !hasOwn(instance, name))
        recordMismatch(errors, at, schemaAt, 'required', `required property ${JSON.stringify(name)} is missing`);
    }
  }
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (properties) {
    for (const name of Object.keys(properties)) {
      if (!hasOwn(instance, name)) continue;
      at.push(name);
      schemaAt.push('properties', name);
      interpretWithoutDialect(properties[name], instance[name], at, schemaAt, errors);
      at.pop();
      schemaAt.length -= 2;
    }
  }
  if (schema.additionalProperties === false && schema.patternProperties === undefined) {
    for (const name of Object.keys(instance)) {
      if (!properties || !hasOwn(properties, name))
        recordMismatch(
          errors,
          at,
          schemaAt,
          'additionalProperties',
          `property ${JSON.stringify(name)} is not declared`,
          name,
        );
    }
  }
}

/** A mismatch at `at` (then `name`, for an undeclared member), its keyword under `schemaAt`. */
function recordMismatch(
  errors: Omit<Mismatch, 'revisions'>[],
  at: readonly string[],
  schemaAt: readonly string[],
  keyword: string,
  message: string,
  name?: string,
): void {
  errors.push({
    instancePointer: joinPointer('', ...at, ...(name === undefined ? [] : [name])),
    schemaPointer: joinPointer('', ...schemaAt, keyword),
    keyword,
    message,
  });
}

/** Reports a compatibility result for one instance under the codes every compatibility rule shares. */
export function reportCompatibility(
  ctx: RuleContext,
  result: Compatibility,
  instance: unknown,
  instanceBase: string,
  schemaPointer: string,
  what: string,
  note: Pick<ReportOptions, 'note'>,
): void {
  for (const m of result.mismatches) {
    ctx.report('schema-mismatch', instanceBase + m.instancePointer, {
      ...note,
      values: {
        what: raw(what),
        value: getAtPointer(instance, m.instancePointer),
        keyword: m.keyword,
        schema: raw(schemaPointer + m.schemaPointer),
        message: raw(m.message),
        revisions: raw(formatRevisions(m.revisions)),
      },
    });
  }
  if (result.incomplete.length) {
    ctx.report('incomplete-evaluation', instanceBase, {
      ...note,
      values: { what: raw(what), reason: raw(result.incomplete.join('; ')) },
    });
    ctx.markIncomplete(`${what} at ${instanceBase} could not be evaluated completely`);
  }
  // The evaluation that spent the document's budget said so where it ran out; the skipped ones
  // only make the result incomplete, so a budget-exhausting document gets one warning, not one per example.
  if (result.skipped)
    ctx.markIncomplete(`${what} at ${instanceBase} was not evaluated: the evaluation budget is spent`);
  if (result.undialected.length) {
    ctx.report('incomplete-compatibility', instanceBase, {
      ...note,
      values: { what: raw(what), revisions: raw(formatRevisions(result.undialected)) },
    });
    ctx.markIncomplete(`${what} at ${instanceBase} is checked without an embedded-schema dialect`);
  }
}

export const compatibilityCodes = (what: string, section: string) => ({
  'schema-mismatch': `{what} value {value} does not validate against the Tool's ${what === 'structuredContent' ? 'outputSchema' : 'inputSchema'} under MCP {revisions}: {keyword} at {schema} ({message})`,
  'incomplete-evaluation': {
    severity: 'warning' as const,
    message: `{what} could not be evaluated completely: {reason}; compatibility validation is incomplete (${section})`,
  },
  'incomplete-compatibility': {
    severity: 'warning' as const,
    message: `no embedded-schema dialect is defined for MCP {revisions}: {what} is checked only against type, required, properties, additionalProperties: false, enum and const; complete compatibility validation is not possible (9.3)`,
  },
});
