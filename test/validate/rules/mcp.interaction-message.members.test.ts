import { testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcp.interaction-message.members.js';
import { scenario, S, message, samplingResponse, sampling, roots } from '../../helpers/interaction-documents.js';

testRule(rule, {
  valid: [
    {
      name: 'sampling with tools',
      doc: scenario([
        sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } }),
      ]),
    },
    {
      name: '0.9.0-rc.3: sampling responses are carried values',
      doc: { ...scenario([sampling({}, { ...samplingResponse, usage: {} })]), mcpdesc: '0.9.0-rc.3' },
    },
    {
      name: 'sampling tool_use response in 2026-07-28',
      doc: scenario(
        [
          sampling(
            {},
            {
              role: 'assistant',
              content: [{ type: 'tool_use', id: '1', name: 'x', input: {} }],
              model: 'm',
              stopReason: 'toolUse',
            },
          ),
        ],
        {},
        ['2026-07-28'],
      ),
    },
    {
      name: 'other step kinds are not sampling messages',
      doc: scenario([{ ...roots('file:///w'), request: { cursor: 'x' } }]),
    },
  ],
  invalid: [
    {
      name: 'sampling without maxTokens',
      doc: scenario([{ type: 'sampling', request: { messages: [message] }, response: samplingResponse }]),
      errors: [{ code: 'missing-member', pointer: `${S}/0/request` }],
    },
    {
      name: 'content array before 2025-11-25',
      doc: scenario([sampling({}, { ...samplingResponse, content: [{ type: 'text', text: 'a' }] })], {}, [
        '2025-06-18',
      ]),
      errors: [{ code: 'member-revision', pointer: `${S}/0/response/content` }],
    },
    {
      name: 'tool_use block before 2025-11-25',
      doc: scenario(
        [sampling({}, { ...samplingResponse, content: { type: 'tool_use', id: '1', name: 'x', input: {} } })],
        {},
        ['2025-06-18'],
      ),
      errors: [{ code: 'content-type-revision', pointer: `${S}/0/response/content/type` }],
    },
    {
      name: 'resource block in a sampling message',
      doc: scenario([
        sampling({
          messages: [{ role: 'user', content: { type: 'resource', resource: { uri: 'file:///a', text: 'a' } } }],
        }),
      ]),
      errors: [{ code: 'content-unknown-type', pointer: `${S}/0/request/messages/0/content/type` }],
    },
    {
      name: 'request-only key in a response _meta',
      doc: scenario([sampling({}, { ...samplingResponse, _meta: { progressToken: 1 } })]),
      errors: [{ code: 'meta-reserved-key-context', pointer: `${S}/0/response/_meta/progressToken` }],
    },
  ],
});
