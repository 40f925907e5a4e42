import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { primitiveKinds, type ExampleKind } from '../../model/document.js';
import { exampleUseSite } from '../mcp/example-use-site.js';
import { resultOf } from '../mcp/primitive-example-result.js';

/** The example kinds of Resources, Resource Templates and Prompts (completion examples included): every kind but the Tool ones. */
const primitiveExampleKinds: ReadonlySet<ExampleKind> = new Set(
  primitiveKinds.filter((info) => info.kind !== 'tool').flatMap((info) => info.exampleMaps.map((map) => map.kind)),
);

/** JSON-RPC envelope members: the example holds only the payload inside the response's `result`. */
const envelopeFields = ['jsonrpc', 'id', 'method', 'params', 'error', 'result'];

/** Members of task-augmented (2025-11-25) and input-required (2026-07-28) results. */
const incompleteFields: Record<string, string> = {
  task: 'a task-augmented (CreateTaskResult) response',
  requestState: 'an input-required (incomplete) result',
  inputRequests: 'an input-required (incomplete) result',
};

export function docs(): RuleDocs {
  return {
    summary:
      'Resource, Resource Template, Prompt and completion example results are completed payloads: no JSON-RPC envelope, error, task or input-required members (10.4.4, 10.4.6, 11.3, 11.4).',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [
        {
          uri: 'test://a',
          name: 'a',
          examples: { one: { result: { jsonrpc: '2.0', contents: [{ uri: 'test://a', text: 'a' }] } } },
        },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [
        { uri: 'test://a', name: 'a', examples: { one: { result: { contents: [{ uri: 'test://a', text: 'a' }] } } } },
      ],
    },
  };
}

/** Forbidden non-completed forms in resource, template, prompt and completion example results. */
export const rule: Rule = {
  id: 'mcpdesc.primitive-example.completed-result-form',
  kind: 'conformance',
  spec: '10.4.4',
  severity: 'error',
  codes: {
    'envelope-field':
      "result contains JSON-RPC envelope member {value}; an example result is the payload inside a successful response's result member, without the envelope",
    'incomplete-form':
      'result contains {value}, a member of {form}; task, input-required and other non-completed forms are not examples',
  },
  create(ctx) {
    return {
      example(node) {
        if (!primitiveExampleKinds.has(node.kind)) return;
        const found = resultOf(node);
        if (!found) return;
        const note = exampleUseSite(node);
        for (const key of Object.keys(found.result)) {
          const at = joinPointer(found.pointer, key);
          if (envelopeFields.includes(key))
            ctx.report('envelope-field', at, { key: true, note, values: { value: key } });
          else if (hasOwn(incompleteFields, key))
            ctx.report('incomplete-form', at, {
              key: true,
              note,
              values: { value: key, form: raw(incompleteFields[key]!) },
            });
        }
      },
    };
  },
};
