/**
 * Unevaluated vocabulary (2020-12): `unevaluatedItems` and
 * `unevaluatedProperties` apply to what the schema's other keywords (and the
 * in-place subschemas that validated) left unevaluated, read from `annotations`.
 */
import {
  hasOwn,
  isSchemaObject,
  isSubschema,
  type Annotations,
  type EvaluationState,
  type SchemaObject,
} from './state.js';
import { evaluateSchema } from './schema.js';

export function applyUnevaluated(
  state: EvaluationState,
  schema: SchemaObject,
  instance: unknown,
  instancePointer: string,
  schemaPointer: string,
  annotations: Annotations,
): boolean {
  let ok = true;
  if (Array.isArray(instance) && hasOwn.call(schema, 'unevaluatedItems')) {
    const subschema = schema['unevaluatedItems'];
    if (!annotations.allItems && isSubschema(subschema)) {
      for (let index = annotations.itemCount; index < instance.length; index++) {
        if (annotations.itemIndexes !== null && annotations.itemIndexes.has(index)) continue;
        const itemPointer = state.memberAt(instancePointer, index);
        if (
          !evaluateSchema(
            state,
            subschema,
            instance[index],
            itemPointer,
            state.keywordAt(schemaPointer, 'unevaluatedItems'),
            null,
          )
        ) {
          ok = false;
          if (subschema === false) state.errors.pop();
          state.fail(itemPointer, schemaPointer, 'unevaluatedItems', 'must NOT have unevaluated items');
        }
      }
      annotations.allItems = true;
    }
  }
  if (isSchemaObject(instance) && hasOwn.call(schema, 'unevaluatedProperties')) {
    const subschema = schema['unevaluatedProperties'];
    if (!annotations.allProperties && isSubschema(subschema)) {
      for (const name in instance) {
        if (annotations.properties !== null && annotations.properties.has(name)) continue;
        const memberPointer = state.memberAt(instancePointer, name);
        if (
          !evaluateSchema(
            state,
            subschema,
            instance[name],
            memberPointer,
            state.keywordAt(schemaPointer, 'unevaluatedProperties'),
            null,
          )
        ) {
          ok = false;
          if (subschema === false) state.errors.pop();
          state.fail(
            memberPointer,
            schemaPointer,
            'unevaluatedProperties',
            `must NOT have unevaluated property '${name}'`,
          );
        }
      }
      annotations.allProperties = true;
    }
  }
  return ok;
}
