import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.content-block.protocol-version.js';
import { text, ok, one, v26, P } from '../../helpers/tool-example-documents.js';

/** One Tool whose interaction scenario `s` (one roots step) ends in `result`. */
const interaction = (result: Record<string, unknown>) => ({
  tools: [
    {
      name: 't',
      inputSchema: { type: 'object' },
      interactionExamples: {
        s: { input: {}, steps: [{ type: 'roots', request: {}, response: { roots: [] } }], result },
      },
    },
  ],
});

testRule(rule, {
  valid: [
    {
      name: 'every content form of 2025-11-25',
      doc: doc(
        one({
          input: {},
          result: {
            content: [
              text,
              { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
              { type: 'resource_link', uri: 'file:///a', name: 'a', icons: [{ src: 'https://x/i.png' }] },
            ],
          },
        }),
      ),
    },
    {
      name: 'resource_link in 2025-06-18',
      doc: doc(one({ input: {}, result: { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] } }), [
        '2025-06-18',
      ]),
    },
    {
      name: 'content of an interaction example result',
      doc: doc(interaction({ ...ok, content: [text] }), v26),
    },
  ],
  invalid: [
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
      name: 'audio in 2024-11-05, in an interaction example result',
      doc: doc(interaction({ content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] }), ['2024-11-05']),
      errors: [{ code: 'content-type-revision', pointer: '/tools/0/interactionExamples/s/result/content/0/type' }],
    },
  ],
});
