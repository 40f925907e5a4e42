import { doc, testRule } from '../../helpers/rule-tester.js';
import {
  completedResultFormRule,
  errorResultRule,
  exampleResultMembersRule,
  exampleResultProtocolFidelityRule,
  structuredContentOutputSchemaRule,
  toolExampleSchemaConformanceRule,
} from '../../../src/validate/rules/tool-examples.js';

type O = Record<string, unknown>;
const text = { type: 'text', text: 'done' };
const ok: O = { resultType: 'complete', content: [text] };
const legacyOk: O = { content: [text] };
const tool = (examples: O, extra: O = {}) => ({
  tools: [{ name: 't', inputSchema: { type: 'object' }, ...extra, examples }],
});
const one = (example: O, extra: O = {}) => tool({ e: example }, extra);
const v26 = ['2026-07-28'];
const P = '/tools/0/examples/e';

const countSchema = {
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
  additionalProperties: false,
};

testRule(toolExampleSchemaConformanceRule, {
  valid: [
    { name: 'conforming input', doc: doc(one({ input: { count: 1 }, result: ok }, { inputSchema: countSchema }), v26) },
    { name: 'no-argument input', doc: doc(one({ input: {}, result: ok }), v26) },
    {
      name: 'referenced schema, conforming input',
      doc: doc(
        {
          components: { schemas: { In: countSchema } },
          ...one({ input: { count: 2 }, result: ok }, { inputSchema: { $componentRef: '#/components/schemas/In' } }),
        },
        v26,
      ),
    },
  ],
  invalid: [
    {
      name: 'wrong property type',
      doc: doc(one({ input: { count: 'one' }, result: ok }, { inputSchema: countSchema }), v26),
      errors: [{ code: 'schema-mismatch', pointer: `${P}/input/count` }],
    },
    {
      name: 'missing required property',
      doc: doc(one({ input: {}, result: ok }, { inputSchema: countSchema }), v26),
      errors: [{ code: 'schema-mismatch', pointer: `${P}/input` }],
    },
    {
      name: 'interaction example input',
      doc: doc(
        {
          tools: [
            {
              name: 't',
              inputSchema: countSchema,
              interactionExamples: {
                s: {
                  input: { count: 1.5 },
                  steps: [{ type: 'roots', request: {}, response: { roots: [] } }],
                  result: ok,
                },
              },
            },
          ],
        },
        v26,
      ),
      errors: [{ code: 'schema-mismatch', pointer: '/tools/0/interactionExamples/s/input/count' }],
    },
    {
      name: 'pre-dialect revision: interpreted and warned',
      doc: doc(one({ input: { count: 1, extra: true }, result: { content: [text] } }, { inputSchema: countSchema }), [
        '2025-06-18',
      ]),
      errors: [
        { code: 'schema-mismatch', pointer: `${P}/input/extra` },
        { code: 'incomplete-compatibility', pointer: `${P}/input`, severity: 'warning' },
      ],
    },
    {
      name: 'unresolved external $ref',
      doc: doc(
        one(
          { input: { id: 'x' }, result: ok },
          { inputSchema: { type: 'object', properties: { id: { $ref: 'https://schemas.example.invalid/id.json' } } } },
        ),
        v26,
      ),
      errors: [{ code: 'incomplete-evaluation', pointer: `${P}/input`, severity: 'warning' }],
    },
  ],
});

testRule(exampleResultMembersRule, {
  valid: [
    { name: 'content only', doc: doc(one({ input: {}, result: legacyOk })) },
    {
      name: '0.9.0-rc.3: undefined fields are carried values (3.6)',
      doc: { ...doc(one({ input: {}, result: { ...ok, summary: 'x' } }), v26), mcpdesc: '0.9.0-rc.3' },
    },
    {
      name: 'all members',
      doc: doc(one({ input: {}, result: { ...ok, isError: false, structuredContent: { a: 1 }, _meta: {} } }), v26),
    },
  ],
  invalid: [
    {
      name: 'missing content',
      doc: doc(one({ input: {}, result: { resultType: 'complete' } }), v26),
      errors: [{ code: 'missing-content', pointer: `${P}/result` }],
    },
    {
      name: 'non-boolean isError',
      doc: doc(one({ input: {}, result: { ...ok, isError: 'yes' } }), v26),
      errors: [{ code: 'member-type', pointer: `${P}/result/isError` }],
    },
    {
      name: 'unknown member',
      doc: doc(one({ input: {}, result: { ...ok, summary: 'x' } }), v26),
      errors: [{ code: 'unknown-member', pointer: `${P}/result/summary` }],
    },
  ],
});

testRule(exampleResultProtocolFidelityRule, {
  valid: [
    {
      name: '0.9.0-rc.3: resultType before 2026-07-28 follows 3.6',
      doc: { ...doc(one({ input: {}, result: ok })), mcpdesc: '0.9.0-rc.3' },
    },
    { name: 'resultType in 2026-07-28', doc: doc(one({ input: {}, result: ok }), v26) },
    {
      name: 'no resultType in 2025-11-25',
      doc: doc(one({ input: {}, result: { content: [text, { type: 'resource_link', uri: 'file:///a', name: 'a' }] } })),
    },
    {
      name: 'serverInfo on a 2026-07-28 result',
      doc: doc(
        one({
          input: {},
          result: { ...ok, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } },
        }),
        v26,
      ),
    },
  ],
  invalid: [
    {
      name: 'missing resultType',
      doc: doc(one({ input: {}, result: legacyOk }), v26),
      errors: [{ code: 'result-type-missing', pointer: `${P}/result` }],
    },
    {
      name: 'resultType before 2026-07-28',
      doc: doc(one({ input: {}, result: ok })),
      errors: [{ code: 'result-type-revision', pointer: `${P}/result/resultType` }],
    },
    {
      name: 'structuredContent before 2025-06-18',
      doc: doc(one({ input: {}, result: { ...legacyOk, structuredContent: {} } }), ['2025-03-26']),
      errors: [{ code: 'structured-content-revision', pointer: `${P}/result/structuredContent` }],
    },
    {
      name: '_meta before 2025-06-18',
      doc: doc(one({ input: {}, result: { ...legacyOk, _meta: {} } }), ['2025-03-26']),
      errors: [{ code: 'meta-revision', pointer: `${P}/result/_meta` }],
    },
    {
      name: 'resource_link before 2025-06-18',
      doc: doc(one({ input: {}, result: { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] } }), [
        '2025-03-26',
      ]),
      errors: [{ code: 'content-type-revision', pointer: `${P}/result/content/0/type` }],
    },
    {
      name: 'unknown content type',
      doc: doc(one({ input: {}, result: { ...ok, content: [{ type: 'video', data: '' }] } }), v26),
      errors: [{ code: 'content-unknown-type', pointer: `${P}/result/content/0/type` }],
    },
    {
      name: 'extension in a content block',
      doc: doc(one({ input: {}, result: { ...ok, content: [{ ...text, 'x-style': 'brief' }] } }), v26),
      errors: [{ code: 'native-unknown-member', pointer: `${P}/result/content/0/x-style` }],
    },
    {
      name: 'image without mimeType',
      doc: doc(one({ input: {}, result: { ...ok, content: [{ type: 'image', data: 'AAAA' }] } }), v26),
      errors: [{ code: 'native-missing-member', pointer: `${P}/result/content/0` }],
    },
    {
      name: 'text not a string',
      doc: doc(one({ input: {}, result: { ...ok, content: [{ type: 'text', text: 1 }] } }), v26),
      errors: [{ code: 'native-member-type', pointer: `${P}/result/content/0/text` }],
    },
    {
      name: 'invalid base64',
      doc: doc(
        one({ input: {}, result: { ...ok, content: [{ type: 'audio', data: 'not base64!', mimeType: 'audio/wav' }] } }),
        v26,
      ),
      errors: [{ code: 'native-base64', pointer: `${P}/result/content/0/data` }],
    },
    {
      name: 'embedded resource with text and blob',
      doc: doc(
        one({
          input: {},
          result: { ...ok, content: [{ type: 'resource', resource: { uri: 'file:///a', text: 'a', blob: 'AAAA' } }] },
        }),
        v26,
      ),
      errors: [{ code: 'native-text-xor-blob', pointer: `${P}/result/content/0/resource` }],
    },
    {
      name: 'resource link with invalid uri',
      doc: doc(
        one({ input: {}, result: { ...ok, content: [{ type: 'resource_link', uri: 'not a uri', name: 'a' }] } }),
        v26,
      ),
      errors: [{ code: 'native-uri', pointer: `${P}/result/content/0/uri` }],
    },
    {
      name: 'icons on a resource link in 2025-06-18',
      doc: doc(
        one({
          input: {},
          result: {
            content: [{ type: 'resource_link', uri: 'file:///a', name: 'a', icons: [{ src: 'https://x/i.png' }] }],
          },
        }),
        ['2025-06-18'],
      ),
      errors: [{ code: 'native-member-revision', pointer: `${P}/result/content/0/icons` }],
    },
    {
      name: 'malformed result _meta key',
      doc: doc(one({ input: {}, result: { ...ok, _meta: { 'a b': 1 } } }), v26),
      errors: [{ code: 'meta-key-malformed', pointer: `${P}/result/_meta/a b` }],
    },
    {
      name: 'request-only key on a result',
      doc: doc(one({ input: {}, result: { ...ok, _meta: { progressToken: 1 } } }), v26),
      errors: [{ code: 'meta-reserved-key-context', pointer: `${P}/result/_meta/progressToken` }],
    },
    {
      name: 'serverInfo not an Implementation',
      doc: doc(one({ input: {}, result: { ...ok, _meta: { 'io.modelcontextprotocol/serverInfo': 'x' } } }), v26),
      errors: [{ code: 'meta-reserved-key-value', pointer: `${P}/result/_meta/io.modelcontextprotocol~1serverInfo` }],
    },
    {
      name: 'unknown reserved key on a result',
      doc: doc(one({ input: {}, result: { ...ok, _meta: { 'dev.mcp/x': 1 } } }), v26),
      errors: [{ code: 'meta-reserved-key-unknown', pointer: `${P}/result/_meta/dev.mcp~1x` }],
    },
  ],
});

testRule(completedResultFormRule, {
  valid: [{ name: 'completed result', doc: doc(one({ input: {}, result: ok }), v26) }],
  invalid: [
    {
      name: 'JSON-RPC envelope',
      doc: doc(one({ input: {}, result: { jsonrpc: '2.0', id: 1, ...ok } }), v26),
      errors: [
        { code: 'json-rpc-envelope', pointer: `${P}/result/jsonrpc` },
        { code: 'json-rpc-envelope', pointer: `${P}/result/id` },
      ],
    },
    {
      name: 'task form',
      doc: doc(one({ input: {}, result: { ...ok, task: { taskId: 'x' } } }), v26),
      errors: [{ code: 'task-form', pointer: `${P}/result/task` }],
    },
    {
      name: 'input-required form',
      doc: doc(one({ input: {}, result: { ...ok, resultType: 'input_required', inputRequests: {} } }), v26),
      errors: [
        { code: 'non-completed-result', pointer: `${P}/result/resultType` },
        { code: 'input-required-form', pointer: `${P}/result/inputRequests` },
      ],
    },
  ],
});

testRule(errorResultRule, {
  valid: [{ name: 'error with content only', doc: doc(one({ input: {}, result: { ...ok, isError: true } }), v26) }],
  invalid: [
    {
      name: 'structured error',
      doc: doc(one({ input: {}, result: { ...ok, isError: true, structuredContent: { code: 'x' } } }), v26),
      errors: [{ code: 'structured-content-in-error', pointer: `${P}/result/structuredContent` }],
    },
  ],
});

const totalSchema = { type: 'object', properties: { total: { type: 'integer' } }, required: ['total'] };
testRule(structuredContentOutputSchemaRule, {
  valid: [
    {
      name: 'conforming structuredContent',
      doc: doc(
        one({ input: {}, result: { ...ok, structuredContent: { total: 1 } } }, { outputSchema: totalSchema }),
        v26,
      ),
    },
    {
      name: 'error result without structuredContent',
      doc: doc(one({ input: {}, result: { ...ok, isError: true } }, { outputSchema: totalSchema }), v26),
    },
    { name: 'no outputSchema', doc: doc(one({ input: {}, result: ok }), v26) },
  ],
  invalid: [
    {
      name: 'missing structuredContent',
      doc: doc(one({ input: {}, result: ok }, { outputSchema: totalSchema }), v26),
      errors: [{ code: 'missing-structured-content', pointer: `${P}/result` }],
    },
    {
      name: 'mismatching structuredContent',
      doc: doc(
        one({ input: {}, result: { ...ok, structuredContent: { total: 'one' } } }, { outputSchema: totalSchema }),
        v26,
      ),
      errors: [{ code: 'schema-mismatch', pointer: `${P}/result/structuredContent/total` }],
    },
    {
      name: 'pre-dialect revision',
      doc: doc(
        one({ input: {}, result: { content: [text], structuredContent: { total: 1 } } }, { outputSchema: totalSchema }),
        ['2025-06-18'],
      ),
      errors: [{ code: 'incomplete-compatibility', pointer: `${P}/result/structuredContent`, severity: 'warning' }],
    },
    {
      name: 'unresolved external $ref in outputSchema',
      doc: doc(
        one(
          { input: {}, result: { ...ok, structuredContent: { total: 1 } } },
          { outputSchema: { type: 'object', properties: { total: { $ref: 'https://x.example.invalid/t.json' } } } },
        ),
        v26,
      ),
      errors: [{ code: 'incomplete-evaluation', pointer: `${P}/result/structuredContent`, severity: 'warning' }],
    },
  ],
});
