import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn, isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { checkResultRevisionFields, resultOf, resultRevisionCodes } from '../mcp/primitive-example-result.js';
import { completedCompletionResult, promptCompletionDocument } from '../mcp/rule-docs.js';

/** Maximum number of completion values in one result (MCP CompleteResult). */
const maxCompletionValues = 100;

export function docs(): RuleDocs {
  return {
    summary:
      'A completion example result contains completion.values (at most 100 strings), optional total and hasMore, and resultType and _meta per revision.',
    bad: promptCompletionDocument({ argument: { name: 'name', value: 'a' }, result: { completion: { values: [12] } } }),
    good: promptCompletionDocument({ argument: { name: 'name', value: 'a' }, result: completedCompletionResult }),
  };
}

/** Completed CompleteResult shape: completion.values (strings, at most 100), total, hasMore, _meta and resultType per revision. */
export const rule: Rule = {
  id: 'mcp.completion-result.members',
  kind: 'conformance',
  spec: '10.4.6',
  severity: 'error',
  codes: {
    ...resultRevisionCodes,
    'missing-completion':
      'result lacks completion; a completed completion/complete result must contain completion.values',
    'completion-type': 'completion must be an object with values; found {value}',
    'missing-values': 'completion lacks values, the ordered array of string candidates',
    'values-type': 'completion.values must be an array of strings; found {value}',
    'value-type': 'completion candidate must be a string; found {value}',
    'too-many-values': 'completion.values has {count} candidates; MCP allows at most 100',
    'total-type': 'completion.total must be a number; found {value}',
    'has-more-type': 'completion.hasMore must be a boolean; found {value}',
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'completion') return;
        const found = resultOf(node);
        if (!found) return;
        const { result, pointer } = found;
        checkResultRevisionFields(ctx, node, result, pointer);
        const completion = result.completion;
        const at = joinPointer(pointer, 'completion');
        if (completion === undefined) {
          ctx.report('missing-completion', pointer);
          return;
        }
        if (!isObject(completion)) {
          ctx.report('completion-type', at, { values: { value: completion } });
          return;
        }
        const values = completion.values;
        if (values === undefined) ctx.report('missing-values', at);
        else if (!Array.isArray(values))
          ctx.report('values-type', joinPointer(at, 'values'), { values: { value: values } });
        else {
          values.forEach((v, i) => {
            if (typeof v !== 'string') ctx.report('value-type', joinPointer(at, 'values', i), { values: { value: v } });
          });
          if (values.length > maxCompletionValues)
            ctx.report('too-many-values', joinPointer(at, 'values'), { values: { count: raw(String(values.length)) } });
        }
        if (
          hasOwn(completion, 'total') &&
          (typeof completion.total !== 'number' || !Number.isFinite(completion.total))
        ) {
          ctx.report('total-type', joinPointer(at, 'total'), { values: { value: completion.total } });
        }
        if (hasOwn(completion, 'hasMore') && typeof completion.hasMore !== 'boolean') {
          ctx.report('has-more-type', joinPointer(at, 'hasMore'), { values: { value: completion.hasMore } });
        }
      },
    };
  },
};
