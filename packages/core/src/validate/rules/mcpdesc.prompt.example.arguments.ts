import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { promptArguments } from '../mcp/prompt-arguments.js';
import { exampleUseSite } from '../mcp/example-use-site.js';
import { promptExampleDocument, promptTextMessage } from '../mcp/rule-docs.js';

const expectedList = (names: Iterable<string>): string => {
  const list = [...names].map((n) => JSON.stringify(n));
  return list.length ? `one of ${list.join(', ')}` : 'none: the Prompt declares no arguments';
};

export function docs(): RuleDocs {
  return {
    summary:
      "Every key of a Prompt example's arguments names a declared Prompt Argument, and every required argument is present.",
    bad: promptExampleDocument({ arguments: { audience: 'engineering' }, result: { messages: [promptTextMessage] } }),
    good: promptExampleDocument({ arguments: { city: 'Paris' }, result: { messages: [promptTextMessage] } }),
  };
}

/** Prompt example `arguments` match the Prompt's declared arguments (11.3). */
export const rule: Rule = {
  id: 'mcpdesc.prompt.example.arguments',
  kind: 'conformance',
  spec: '11.3',
  severity: 'error',
  codes: {
    'unknown-argument': 'argument {value} is not declared by the containing Prompt; expected {expected}',
    'missing-required-argument':
      'required argument {value} is missing from the example arguments; every declared argument with required: true must be present',
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'prompt' || !isObject(node.value)) return;
        const given = node.value.arguments;
        if (given !== undefined && !isObject(given)) return; // structural
        const note = exampleUseSite(node);
        const declared = promptArguments(node.owner);
        const args: JsonObject = given ?? {};
        const at = given === undefined ? node.pointer : joinPointer(node.pointer, 'arguments');
        for (const key of Object.keys(args)) {
          if (!declared.names.has(key)) {
            ctx.report('unknown-argument', joinPointer(at, key), {
              key: true,
              note,
              values: { value: key, expected: raw(expectedList(declared.names)) },
            });
          }
        }
        for (const name of declared.required) {
          if (!hasOwn(args, name)) ctx.report('missing-required-argument', at, { note, values: { value: name } });
        }
      },
    };
  },
};
