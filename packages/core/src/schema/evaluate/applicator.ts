/**
 * Applicator vocabulary: keywords that apply subschemas, in place (allOf,
 * anyOf, oneOf, not, if/then/else, dependentSchemas) or to array items and
 * object members. They record what they evaluated in `annotations` for the
 * unevaluated* keywords.
 */
import {
  addEvaluatedProperty,
  hasOwn,
  isSchemaObject,
  isSubschema,
  mergeAnnotations,
  newAnnotations,
  type Annotations,
  type EvaluationState,
  type SchemaObject,
} from './state.js';
import { evaluateSchema } from './schema.js';

export function applyAllOf(
  state: EvaluationState,
  subschemas: unknown[],
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  let ok = true;
  for (let index = 0; index < subschemas.length; index++) {
    if (
      !evaluateSchema(
        state,
        subschemas[index],
        instance,
        instancePointer,
        state.keywordAt(schemaPointer, 'allOf', index),
        annotations,
      )
    )
      ok = false;
  }
  return ok;
}

export function applyAnyOf(
  state: EvaluationState,
  subschemas: unknown[],
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  const mark = state.errors.length;
  let any = false;
  for (let index = 0; index < subschemas.length; index++) {
    if (
      evaluateSchema(
        state,
        subschemas[index],
        instance,
        instancePointer,
        state.keywordAt(schemaPointer, 'anyOf', index),
        annotations,
      )
    ) {
      any = true;
      if (annotations === null) break; // annotations not needed: short-circuit
    }
  }
  if (any) {
    state.errors.length = mark;
    return true;
  }
  return state.fail(instancePointer, schemaPointer, 'anyOf', 'must match a schema in anyOf');
}

export function applyOneOf(
  state: EvaluationState,
  subschemas: unknown[],
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  const mark = state.errors.length;
  const passing: number[] = [];
  let passingAnnotations: Annotations | null = null;
  for (let index = 0; index < subschemas.length; index++) {
    const candidate = annotations !== null ? newAnnotations() : null;
    if (
      evaluateSchema(
        state,
        subschemas[index],
        instance,
        instancePointer,
        state.keywordAt(schemaPointer, 'oneOf', index),
        candidate,
      )
    ) {
      passing.push(index);
      passingAnnotations = candidate;
      if (passing.length > 1) break;
    }
  }
  if (passing.length === 1) {
    state.errors.length = mark;
    if (annotations !== null && passingAnnotations !== null) mergeAnnotations(annotations, passingAnnotations);
    return true;
  }
  if (passing.length > 1) {
    state.errors.length = mark;
    return state.fail(
      instancePointer,
      schemaPointer,
      'oneOf',
      `must match exactly one schema in oneOf (matches ${passing[0]} and ${passing[1]})`,
    );
  }
  return state.fail(instancePointer, schemaPointer, 'oneOf', 'must match exactly one schema in oneOf');
}

export function applyNot(
  state: EvaluationState,
  subschema: unknown,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
): boolean {
  const mark = state.errors.length;
  const matches = evaluateSchema(
    state,
    subschema,
    instance,
    instancePointer,
    state.keywordAt(schemaPointer, 'not'),
    null,
  );
  state.errors.length = mark;
  return !matches || state.fail(instancePointer, schemaPointer, 'not', 'must NOT be valid against the "not" schema');
}

export function applyIf(
  state: EvaluationState,
  schema: SchemaObject,
  condition: unknown,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  const hasThen = hasOwn.call(schema, 'then');
  const hasElse = hasOwn.call(schema, 'else');
  // without then/else, `if` only matters for the annotations it contributes
  if (!hasThen && !hasElse && annotations === null) return true;
  const mark = state.errors.length;
  const conditionHolds = evaluateSchema(
    state,
    condition,
    instance,
    instancePointer,
    state.keywordAt(schemaPointer, 'if'),
    annotations,
  );
  state.errors.length = mark;
  const branch = conditionHolds ? 'then' : 'else';
  if (!(conditionHolds ? hasThen : hasElse)) return true;
  if (
    evaluateSchema(
      state,
      schema[branch],
      instance,
      instancePointer,
      state.keywordAt(schemaPointer, branch),
      annotations,
    )
  )
    return true;
  return state.fail(instancePointer, schemaPointer, 'if', `must match "${branch}" schema`);
}

export function applyArrayKeyword(
  state: EvaluationState,
  schema: SchemaObject,
  keyword: string,
  value: unknown,
  instance: unknown[],
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  switch (keyword) {
    case 'prefixItems': {
      if (state.isDraft07 || !Array.isArray(value)) return true;
      let ok = true;
      const count = Math.min(value.length, instance.length);
      for (let index = 0; index < count; index++) {
        const itemPointer = state.memberAt(instancePointer, index);
        if (
          !evaluateSchema(
            state,
            value[index],
            instance[index],
            itemPointer,
            state.keywordAt(schemaPointer, 'prefixItems', index),
            null,
          )
        )
          ok = false;
      }
      if (ok && annotations !== null && count > annotations.itemCount) annotations.itemCount = count;
      return ok;
    }
    case 'items':
      if (Array.isArray(value)) {
        // the array form is draft-07 only (2020-12 meta-validation reports it)
        return !state.isDraft07 || applyTupleItems(state, schema, value, instance, instancePointer, schemaPointer);
      }
      return (
        !isSubschema(value) || applyItems(state, schema, value, instance, instancePointer, schemaPointer, annotations)
      );
    case 'contains':
      return (
        !isSubschema(value) ||
        applyContains(state, schema, value, instance, instancePointer, schemaPointer, annotations)
      );
    default:
      return true;
  }
}

/** draft-07 `items` as an array of subschemas, with `additionalItems` for the rest. */
function applyTupleItems(
  state: EvaluationState,
  schema: SchemaObject,
  subschemas: unknown[],
  instance: unknown[],
  instancePointer: string,
  schemaPointer: string,
): boolean {
  let ok = true;
  const count = Math.min(subschemas.length, instance.length);
  for (let index = 0; index < count; index++) {
    const itemPointer = state.memberAt(instancePointer, index);
    if (
      !evaluateSchema(
        state,
        subschemas[index],
        instance[index],
        itemPointer,
        state.keywordAt(schemaPointer, 'items', index),
        null,
      )
    )
      ok = false;
  }
  const additional = schema['additionalItems'];
  if (!isSubschema(additional)) return ok;
  for (let index = subschemas.length; index < instance.length; index++) {
    const itemPointer = state.memberAt(instancePointer, index);
    if (
      !evaluateSchema(
        state,
        additional,
        instance[index],
        itemPointer,
        state.keywordAt(schemaPointer, 'additionalItems'),
        null,
      )
    ) {
      ok = false;
      if (additional === false) {
        state.errors.pop();
        state.fail(
          instancePointer,
          schemaPointer,
          'additionalItems',
          `must NOT have more than ${subschemas.length} items`,
        );
        break;
      }
    }
  }
  return ok;
}

/** `items` as one subschema: every item after `prefixItems` (2020-12) or every item (draft-07). */
function applyItems(
  state: EvaluationState,
  schema: SchemaObject,
  subschema: SchemaObject | boolean,
  instance: unknown[],
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  let ok = true;
  const prefixItems = schema['prefixItems'];
  const start = !state.isDraft07 && Array.isArray(prefixItems) ? prefixItems.length : 0;
  for (let index = start; index < instance.length; index++) {
    if (
      !evaluateSchema(
        state,
        subschema,
        instance[index],
        state.memberAt(instancePointer, index),
        state.keywordAt(schemaPointer, 'items'),
        null,
      )
    ) {
      ok = false;
      if (subschema === false) {
        state.errors.pop();
        state.fail(instancePointer, schemaPointer, 'items', `must NOT have more than ${start} items`);
        break;
      }
    }
  }
  if (ok && annotations !== null) annotations.allItems = true;
  return ok;
}

/** `contains`, bounded by `minContains` / `maxContains` in 2020-12. */
function applyContains(
  state: EvaluationState,
  schema: SchemaObject,
  subschema: SchemaObject | boolean,
  instance: unknown[],
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  let minimum = 1;
  let maximum = Infinity;
  if (!state.isDraft07) {
    const minContains = schema['minContains'];
    const maxContains = schema['maxContains'];
    if (typeof minContains === 'number') minimum = minContains;
    if (typeof maxContains === 'number') maximum = maxContains;
  }
  const mark = state.errors.length;
  const matched: number[] = [];
  for (let index = 0; index < instance.length; index++) {
    if (
      evaluateSchema(
        state,
        subschema,
        instance[index],
        state.memberAt(instancePointer, index),
        state.keywordAt(schemaPointer, 'contains'),
        null,
      )
    )
      matched.push(index);
  }
  state.errors.length = mark;
  if (annotations !== null && !state.isDraft07) {
    if (annotations.itemIndexes === null) annotations.itemIndexes = new Set();
    for (const index of matched) annotations.itemIndexes.add(index);
  }
  if (matched.length < minimum) {
    if (minimum === 1 && !hasOwn.call(schema, 'minContains'))
      return state.fail(instancePointer, schemaPointer, 'contains', 'must contain at least 1 valid item');
    return state.fail(instancePointer, schemaPointer, 'minContains', `must contain at least ${minimum} valid item(s)`);
  }
  if (matched.length > maximum)
    return state.fail(instancePointer, schemaPointer, 'maxContains', `must contain at most ${maximum} valid item(s)`);
  return true;
}

export function applyObjectKeyword(
  state: EvaluationState,
  schema: SchemaObject,
  keyword: string,
  value: unknown,
  instance: SchemaObject,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  switch (keyword) {
    case 'properties': {
      if (!isSchemaObject(value)) return true;
      let ok = true;
      for (const name in value) {
        if (!hasOwn.call(instance, name)) continue;
        const memberPointer = state.memberAt(instancePointer, name);
        if (
          !evaluateSchema(
            state,
            value[name],
            instance[name],
            memberPointer,
            state.keywordAt(schemaPointer, 'properties', name),
            null,
          )
        )
          ok = false;
        else if (annotations !== null) addEvaluatedProperty(annotations, name);
      }
      return ok;
    }
    case 'patternProperties': {
      if (!isSchemaObject(value)) return true;
      let ok = true;
      for (const pattern in value) {
        const test = state.patternTest(pattern, schemaPointer, 'patternProperties');
        if (test === null) continue;
        for (const name in instance) {
          state.steps++;
          if (!test(name)) continue;
          const memberPointer = state.memberAt(instancePointer, name);
          const subschemaPointer = state.keywordAt(schemaPointer, 'patternProperties', pattern);
          if (!evaluateSchema(state, value[pattern], instance[name], memberPointer, subschemaPointer, null)) ok = false;
          else if (annotations !== null) addEvaluatedProperty(annotations, name);
        }
      }
      return ok;
    }
    case 'additionalProperties':
      return (
        !isSubschema(value) ||
        applyAdditionalProperties(state, schema, value, instance, instancePointer, schemaPointer, annotations)
      );
    case 'propertyNames': {
      if (!isSubschema(value)) return true;
      let ok = true;
      for (const name in instance) {
        const mark = state.errors.length;
        const memberPointer = state.memberAt(instancePointer, name);
        if (!evaluateSchema(state, value, name, memberPointer, state.keywordAt(schemaPointer, 'propertyNames'), null)) {
          ok = false;
          state.errors.length = mark;
          state.fail(memberPointer, schemaPointer, 'propertyNames', `property name '${name}' is invalid`);
        }
      }
      return ok;
    }
    case 'dependentSchemas': {
      if (state.isDraft07 || !isSchemaObject(value)) return true;
      let ok = true;
      for (const name in value) {
        if (!hasOwn.call(instance, name)) continue;
        const subschemaPointer = state.keywordAt(schemaPointer, 'dependentSchemas', name);
        if (!evaluateSchema(state, value[name], instance, instancePointer, subschemaPointer, annotations)) ok = false;
      }
      return ok;
    }
    case 'dependencies': {
      // draft-07 (and accepted in 2020-12): each value is a list of required names or a subschema
      if (!isSchemaObject(value)) return true;
      let ok = true;
      for (const name in value) {
        if (!hasOwn.call(instance, name)) continue;
        const dependency = value[name];
        if (Array.isArray(dependency)) {
          for (const property of dependency) {
            if (typeof property === 'string' && !hasOwn.call(instance, property)) {
              ok = state.fail(
                instancePointer,
                schemaPointer,
                keyword,
                `must have property '${property}' when property '${name}' is present`,
              );
            }
          }
        } else if (
          !evaluateSchema(
            state,
            dependency,
            instance,
            instancePointer,
            state.keywordAt(schemaPointer, 'dependencies', name),
            annotations,
          )
        )
          ok = false;
      }
      return ok;
    }
    default:
      return true;
  }
}

function applyAdditionalProperties(
  state: EvaluationState,
  schema: SchemaObject,
  subschema: SchemaObject | boolean,
  instance: SchemaObject,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations | null,
): boolean {
  const properties = isSchemaObject(schema['properties']) ? schema['properties'] : null;
  const patterns = isSchemaObject(schema['patternProperties']) ? Object.keys(schema['patternProperties']) : [];
  const tests: ((name: string) => boolean)[] = [];
  for (const pattern of patterns) {
    const test = state.patternTest(pattern, schemaPointer, 'patternProperties');
    if (test === null) {
      state.noteIncomplete(
        `${schemaPointer}/additionalProperties not evaluated: depends on an unevaluable patternProperties pattern`,
      );
      return true;
    }
    tests.push(test);
  }
  let ok = true;
  for (const name in instance) {
    if (properties !== null && hasOwn.call(properties, name)) continue;
    let matched = false;
    for (const test of tests) {
      state.steps++;
      if (test(name)) {
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const memberPointer = state.memberAt(instancePointer, name);
    if (subschema === false) {
      ok = state.fail(
        memberPointer,
        schemaPointer,
        'additionalProperties',
        `must NOT have additional property '${name}'`,
      );
      continue;
    }
    if (
      !evaluateSchema(
        state,
        subschema,
        instance[name],
        memberPointer,
        state.keywordAt(schemaPointer, 'additionalProperties'),
        null,
      )
    )
      ok = false;
  }
  if (ok && annotations !== null) annotations.allProperties = true;
  return ok;
}
