/** tools/call arguments checked against the Tool's inputSchema, with messages naming the property, the rule and the value. */
import { getAtPointer, unescapePointerToken, isObject } from 'mcpdesc-core/model';
import { createEvaluator, dialectOf, type Evaluator } from 'mcpdesc-core/schema';

/** One evaluator per input schema object (model schemas are immutable once built), compiled on first use. */
const evaluators = new WeakMap<object, Evaluator | null>();
function evaluatorOf(schema: unknown): Evaluator | undefined {
  if (!isObject(schema)) {
    const selection = dialectOf(schema);
    return 'dialect' in selection ? createEvaluator(schema, selection.dialect, { maxErrors: 10 }) : undefined;
  }
  let evaluator = evaluators.get(schema);
  if (evaluator === undefined) {
    const selection = dialectOf(schema);
    evaluator = 'dialect' in selection ? createEvaluator(schema, selection.dialect, { maxErrors: 10 }) : null;
    evaluators.set(schema, evaluator);
  }
  return evaluator ?? undefined;
}

/** Schema problems of tool arguments, each naming the property, the rule and the value. */
export function argumentProblems(schema: unknown, args: unknown): string[] {
  if (!isObject(args)) return [`the arguments must be an object, got ${JSON.stringify(args)?.slice(0, 80)}`];
  const evaluator = evaluatorOf(schema);
  if (!evaluator) return [];
  const result = evaluator.validate(args);
  if (result.valid) return [];
  return result.errors.slice(0, 5).map((e) => {
    const property =
      e.instancePointer === ''
        ? '(the arguments object)'
        : `property ${JSON.stringify(e.instancePointer.slice(1).split('/').map(unescapePointerToken).join('.'))}`;
    let value: string;
    try {
      value = JSON.stringify(getAtPointer(args, e.instancePointer))?.slice(0, 80) ?? 'undefined';
    } catch {
      value = '?';
    }
    return `${property} fails "${e.keyword}" (${e.message}); value ${value}`;
  });
}
