import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { toolLabel } from '../tool-name.js';
import { proseWordCount } from '../words.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Fewer words than this cannot name a rule and a value. */
const minimumWords = 6;
/** Tested on trimmed text: `\\s*[.!]?\\s*$` backtracks quadratically on a run of spaces. */
const genericText =
  /^(bad request|error|an error occurred|invalid( input| request| arguments?| parameters?)?|failed|failure|internal( server)? error|something went wrong|unknown error|not found|forbidden)\s*[.!]?$/i;

/** Scalar values of an example input, as text. */
function inputValues(input: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 16) return out;
  if (typeof input === 'string' && input.length > 0) out.push(input);
  else if (typeof input === 'number' || typeof input === 'boolean') out.push(String(input));
  else if (Array.isArray(input)) for (const v of input) inputValues(v, out, depth + 1);
  else if (isObject(input)) for (const v of Object.values(input)) inputValues(v, out, depth + 1);
  return out;
}

export function docs(): RuleDocs {
  return {
    summary:
      'isError examples show an error text that names the rule and the value, so the model can correct its call.',
    bad: exampleDocument({
      tools: [
        exampleTool({
          examples: {
            unknown: {
              input: { key: 'ABC-999' },
              result: { resultType: 'complete', isError: true, content: [{ type: 'text', text: 'Bad request' }] },
            },
          },
        }),
      ],
    }),
    good: exampleDocument({
      tools: [
        exampleTool({
          examples: {
            unknown: {
              input: { key: 'ABC-999' },
              result: {
                resultType: 'complete',
                isError: true,
                content: [{ type: 'text', text: 'No issue ABC-999 in the current workspace; keys look like ABC-123.' }],
              },
            },
          },
        }),
      ],
    }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.error-example',
  kind: 'lint',
  spec: 'guide 8',
  severity: 'info',
  codes: {
    'vague-error':
      'the execution error of example {example} of tool {name} says {value}, which names neither the rule that failed nor the value; write what a model needs to correct the call (e.g. "Invalid departure date: must be in the future. Current date is 08/08/2025")',
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'tool' && node.kind !== 'toolInteraction') return;
        if (!isObject(node.value) || !isObject(node.value.result) || node.value.result.isError !== true) return;
        const content = node.value.result.content;
        if (!Array.isArray(content)) return;
        const texts = content
          .filter((b) => isObject(b) && b.type === 'text' && typeof b.text === 'string')
          .map((b) => (b as { text: string }).text);
        if (texts.length === 0) return;
        const text = texts.join(' ');
        if (inputValues(node.value.input).some((v) => text.includes(v))) return;
        if (proseWordCount(text, minimumWords) >= minimumWords && !genericText.test(text.trim())) return;
        ctx.report('vague-error', joinPointer(node.pointer, 'result', 'content'), {
          values: { example: node.name, name: raw(toolLabel(node.owner.value)), value: text },
        });
      },
    };
  },
};
