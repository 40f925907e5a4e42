import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { raw, type Rule } from '../rule.js';
import { parseUriTemplate, type ParsedUriTemplate } from '../uri-template.js';
import { checkResultRevisionFields, resultOf, resultRevisionCodes } from './resource-examples.js';
import { promptArguments } from './prompt-examples.js';

const promptCompletionDoc = (example: unknown, protocolVersions = ['2025-11-25']): unknown => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1' },
  protocolVersions,
  prompts: [
    {
      name: 'team_lead',
      arguments: [
        { name: 'department', required: true },
        { name: 'name', required: true },
      ],
      completionExamples: { one: example },
    },
  ],
});
const completed = { completion: { values: ['Ada', 'Alan'], total: 2, hasMore: false } };

/** Maximum number of completion values in one result (MCP CompleteResult). */
const maxCompletionValues = 100;

/**
 * The completion target: argument.name names a variable of the containing uriTemplate (RFC 6570
 * expressions parsed) or a declared Prompt Argument; context keys name other ones (10.4.6, 11.4).
 */
export const completionExampleArgumentsRule: Rule = {
  id: 'mcpdesc.completion.example.arguments',
  kind: 'conformance',
  spec: '10.4.6',
  severity: 'error',
  codes: {
    'unknown-template-variable':
      'argument name {value} is not an RFC 6570 variable of the containing uriTemplate {template}; expected {expected}',
    'unknown-prompt-argument': 'argument name {value} is not declared by the containing Prompt; expected {expected}',
    'template-invalid':
      'argument name {value} cannot identify a variable: the containing uriTemplate {template} is not a valid RFC 6570 URI Template ({reason} at character {index})',
    'unknown-context-variable':
      'context argument {value} is not an RFC 6570 variable of the containing uriTemplate {template}; expected {expected}',
    'unknown-context-argument':
      'context argument {value} is not declared by the containing Prompt; expected {expected}',
    'completed-argument-in-context':
      'context repeats the completed argument {value}; the completed argument must not also appear in context',
  },
  docs: {
    summary:
      'A completion example completes a variable of the containing uriTemplate or a declared Prompt argument, and its context names other variables or arguments only.',
    bad: promptCompletionDoc({ argument: { name: 'nickname', value: 'a' }, result: completed }),
    good: promptCompletionDoc({
      argument: { name: 'name', value: 'a' },
      context: { arguments: { department: 'engineering' } },
      result: completed,
    }),
  },
  create(ctx) {
    const templates = new Map<string, ParsedUriTemplate>();
    return {
      example(node) {
        if (node.kind !== 'completion' || !isObject(node.value)) return;
        const owner = node.owner;
        let names: Set<string>;
        let template: string | undefined;
        let parsed: ParsedUriTemplate | undefined;
        if (owner.kind === 'resourceTemplate') {
          if (typeof owner.value.uriTemplate !== 'string') return;
          template = owner.value.uriTemplate;
          parsed = templates.get(template);
          if (!parsed) {
            parsed = parseUriTemplate(template);
            templates.set(template, parsed);
          }
          names = new Set(parsed.ok ? parsed.variables : []);
        } else if (owner.kind === 'prompt') {
          names = promptArguments(owner).names;
        } else {
          return;
        }
        const expected = (exclude?: string): ReturnType<typeof raw> => {
          const list = [...names].filter((n) => n !== exclude).map((n) => JSON.stringify(n));
          if (list.length) return raw(`one of ${list.join(', ')}`);
          return raw(
            owner.kind === 'prompt'
              ? names.size
                ? 'no other argument'
                : 'none: the Prompt declares no arguments'
              : 'no other variable',
          );
        };
        const argument = node.value.argument;
        const target = isObject(argument) && typeof argument.name === 'string' ? argument.name : undefined;
        if (target !== undefined) {
          const at = joinPointer(node.pointer, 'argument', 'name');
          if (parsed && !parsed.ok) {
            ctx.report('template-invalid', at, {
              values: { value: target, template, reason: raw(parsed.error), index: raw(String(parsed.index)) },
            });
          } else if (!names.has(target)) {
            ctx.report(owner.kind === 'prompt' ? 'unknown-prompt-argument' : 'unknown-template-variable', at, {
              values: { value: target, template, expected: expected() },
            });
          }
        }
        const context = node.value.context;
        if (!isObject(context) || !isObject(context.arguments) || (parsed && !parsed.ok)) return;
        for (const key of Object.keys(context.arguments)) {
          const at = joinPointer(node.pointer, 'context', 'arguments', key);
          if (key === target) ctx.report('completed-argument-in-context', at, { key: true, values: { value: key } });
          else if (!names.has(key)) {
            ctx.report(owner.kind === 'prompt' ? 'unknown-context-argument' : 'unknown-context-variable', at, {
              key: true,
              values: { value: key, template, expected: expected(target) },
            });
          }
        }
      },
    };
  },
};

/** Completion examples only where MCP defines completion, and context only where it defines completion context (10.4.6, 11.4). */
export const completionProtocolVersionRule: Rule = {
  id: 'mcp.completion.protocol-version',
  kind: 'conformance',
  spec: '11.4',
  severity: 'error',
  codes: {
    'completion-revision':
      'completion examples are not valid in MCP {revisions}, for which MCP Description dates argument completion from MCP 2025-03-26 (8.2)',
    'context-revision':
      'completion context is not defined by MCP {revisions}; split the declaration into protocol-scoped variants when context is needed',
  },
  docs: {
    summary:
      'Completion examples appear only in revisions that define completion/complete, and their context only from MCP 2025-06-18.',
    bad: promptCompletionDoc(
      {
        argument: { name: 'name', value: 'a' },
        context: { arguments: { department: 'engineering' } },
        result: completed,
      },
      ['2025-03-26'],
    ),
    good: promptCompletionDoc({ argument: { name: 'name', value: 'a' }, result: completed }, ['2025-03-26']),
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'completion' || !isObject(node.value)) return;
        const noCompletion = lacking(node.scope, 'completion');
        if (noCompletion.length)
          ctx.report('completion-revision', node.pointer, {
            values: { revisions: raw(formatRevisions(noCompletion)) },
          });
        if (hasOwn(node.value, 'context')) {
          const noContext = lacking(node.scope, 'completion.context').filter((r) => !noCompletion.includes(r));
          if (noContext.length) {
            ctx.report('context-revision', joinPointer(node.pointer, 'context'), {
              key: true,
              values: { revisions: raw(formatRevisions(noContext)) },
            });
          }
        }
      },
    };
  },
};

/** Completed CompleteResult shape: completion.values (strings, at most 100), total, hasMore, _meta and resultType per revision. */
export const completionResultMembersRule: Rule = {
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
  docs: {
    summary:
      'A completion example result contains completion.values (at most 100 strings), optional total and hasMore, and resultType and _meta per revision.',
    bad: promptCompletionDoc({ argument: { name: 'name', value: 'a' }, result: { completion: { values: [12] } } }),
    good: promptCompletionDoc({ argument: { name: 'name', value: 'a' }, result: completed }),
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
