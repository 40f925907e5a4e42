/**
 * Evaluation of one schema against one instance: boolean schemas, the budget,
 * the dynamic scope, and the dispatch of each keyword to its vocabulary.
 * Keywords no vocabulary asserts (annotations such as `title`, the content
 * keywords, unknown keywords) are skipped.
 */
import {
  BudgetExceeded,
  hasOwn,
  isSchemaObject,
  isSubschema,
  mergeAnnotations,
  newAnnotations,
  type Annotations,
  type EvaluationState,
  type SchemaObject,
} from './state.js';
import { applyReference } from './core.js';
import {
  applyAllOf,
  applyAnyOf,
  applyArrayKeyword,
  applyIf,
  applyNot,
  applyObjectKeyword,
  applyOneOf,
} from './applicator.js';
import {
  validateArrayKeyword,
  validateConst,
  validateEnum,
  validateNumberKeyword,
  validateObjectKeyword,
  validateStringKeyword,
  validateType,
} from './validation.js';
import { validateFormat } from './format.js';
import { applyUnevaluated } from './unevaluated.js';

/**
 * Evaluate `schema` against `instance`. `annotations`, when given, receives
 * this schema's annotations (evaluated properties and items) if it validates.
 */
export function evaluateSchema(
  state: EvaluationState,
  schema: unknown,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  if (schema === true) return true;
  if (schema === false)
    return state.fail(instancePointer, schemaPointer, 'false', 'no value is allowed here (false schema)');
  if (!isSchemaObject(schema)) return true; // not a schema: meta-validation reports it
  if (++state.steps > state.maxSteps || state.depth >= state.maxDepth) throw new BudgetExceeded();
  state.depth++;
  const entersResource = !state.isDraft07 && typeof schema['$id'] === 'string';
  if (entersResource) state.dynamicScope.push(schema);
  try {
    return evaluateKeywords(state, schema, instance, instancePointer, schemaPointer, annotations);
  } finally {
    state.depth--;
    if (entersResource) state.dynamicScope.pop();
  }
}

function evaluateKeywords(
  state: EvaluationState,
  schema: SchemaObject,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  const isDraft07 = state.isDraft07;
  // draft-07: `$ref` overrides every sibling keyword
  if (isDraft07 && typeof schema['$ref'] === 'string') {
    return applyReference(state, schema, '$ref', instance, instancePointer, schemaPointer, annotations);
  }
  const local: Annotations | null =
    annotations !== null ||
    (!isDraft07 && (hasOwn.call(schema, 'unevaluatedProperties') || hasOwn.call(schema, 'unevaluatedItems')))
      ? newAnnotations()
      : null;
  let ok = true;
  for (const keyword in schema) {
    state.step();
    const value = schema[keyword];
    switch (keyword) {
      // core
      case '$ref':
        if (
          typeof value === 'string' &&
          !applyReference(state, schema, '$ref', instance, instancePointer, schemaPointer, local)
        )
          ok = false;
        break;
      case '$dynamicRef':
        if (
          !isDraft07 &&
          typeof value === 'string' &&
          !applyReference(state, schema, '$dynamicRef', instance, instancePointer, schemaPointer, local)
        )
          ok = false;
        break;
      // applicator, in place
      case 'allOf':
        if (Array.isArray(value) && !applyAllOf(state, value, instance, instancePointer, schemaPointer, local))
          ok = false;
        break;
      case 'anyOf':
        if (Array.isArray(value) && !applyAnyOf(state, value, instance, instancePointer, schemaPointer, local))
          ok = false;
        break;
      case 'oneOf':
        if (Array.isArray(value) && !applyOneOf(state, value, instance, instancePointer, schemaPointer, local))
          ok = false;
        break;
      case 'not':
        if (isSubschema(value) && !applyNot(state, value, instance, instancePointer, schemaPointer)) ok = false;
        break;
      case 'if':
        if (isSubschema(value) && !applyIf(state, schema, value, instance, instancePointer, schemaPointer, local))
          ok = false;
        break;
      // applicator, on array items and object members
      case 'prefixItems':
      case 'items':
      case 'contains':
        if (
          Array.isArray(instance) &&
          !applyArrayKeyword(state, schema, keyword, value, instance, instancePointer, schemaPointer, local)
        )
          ok = false;
        break;
      case 'properties':
      case 'patternProperties':
      case 'additionalProperties':
      case 'propertyNames':
      case 'dependentSchemas':
      case 'dependencies':
        if (
          isSchemaObject(instance) &&
          !applyObjectKeyword(state, schema, keyword, value, instance, instancePointer, schemaPointer, local)
        )
          ok = false;
        break;
      // validation
      case 'type':
        if (!validateType(state, value, instance, instancePointer, schemaPointer)) ok = false;
        break;
      case 'enum':
        if (!validateEnum(state, value, instance, instancePointer, schemaPointer)) ok = false;
        break;
      case 'const':
        if (!validateConst(state, value, instance, instancePointer, schemaPointer)) ok = false;
        break;
      case 'maxLength':
      case 'minLength':
      case 'pattern':
        if (
          typeof instance === 'string' &&
          !validateStringKeyword(state, keyword, value, instance, instancePointer, schemaPointer)
        )
          ok = false;
        break;
      case 'maximum':
      case 'minimum':
      case 'exclusiveMaximum':
      case 'exclusiveMinimum':
      case 'multipleOf':
        if (
          typeof instance === 'number' &&
          !validateNumberKeyword(state, keyword, value, instance, instancePointer, schemaPointer)
        )
          ok = false;
        break;
      case 'maxItems':
      case 'minItems':
      case 'uniqueItems':
        if (
          Array.isArray(instance) &&
          !validateArrayKeyword(state, keyword, value, instance, instancePointer, schemaPointer)
        )
          ok = false;
        break;
      case 'required':
      case 'maxProperties':
      case 'minProperties':
      case 'dependentRequired':
        if (
          isSchemaObject(instance) &&
          !validateObjectKeyword(state, keyword, value, instance, instancePointer, schemaPointer)
        )
          ok = false;
        break;
      // format
      case 'format':
        if (!validateFormat(state, value, instance, instancePointer, schemaPointer)) ok = false;
        break;
    }
  }
  if (local !== null && !isDraft07 && !applyUnevaluated(state, schema, instance, instancePointer, schemaPointer, local))
    ok = false;
  if (ok && annotations !== null && local !== null) mergeAnnotations(annotations, local);
  return ok;
}
