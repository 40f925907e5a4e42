import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { parseUriTemplate, type ParsedUriTemplate } from '../uri-template.js';
import { promptArguments } from '../mcp/prompt-arguments.js';
import { completedCompletionResult, promptCompletionDocument } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A completion example completes a variable of the containing uriTemplate or a declared Prompt argument, and its context names other variables or arguments only.',
    bad: promptCompletionDocument({ argument: { name: 'nickname', value: 'a' }, result: completedCompletionResult }),
    good: promptCompletionDocument({
      argument: { name: 'name', value: 'a' },
      context: { arguments: { department: 'engineering' } },
      result: completedCompletionResult,
    }),
  };
}

/**
 * The completion target: argument.name names a variable of the containing uriTemplate (RFC 6570
 * expressions parsed) or a declared Prompt Argument; context keys name other ones (10.4.6, 11.4).
 */
export const rule: Rule = {
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
