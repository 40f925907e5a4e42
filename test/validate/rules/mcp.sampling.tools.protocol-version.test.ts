import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from '../../../src/validate/rules/mcp.sampling.tools.protocol-version.js';

type O = Record<string, unknown>;

const result = { content: [{ type: 'text', text: 'done' }] };

const result26 = { resultType: 'complete', ...result };

const scenario = (steps: unknown[], extra: O = {}, versions = ['2025-11-25']) =>
  doc(
    {
      tools: [
        {
          name: 't',
          inputSchema: { type: 'object' },
          ...extra,
          interactionExamples: { s: { input: {}, steps, result: versions.includes('2026-07-28') ? result26 : result } },
        },
      ],
    },
    versions,
  );

const S = '/tools/0/interactionExamples/s/steps';

const message = { role: 'user', content: { type: 'text', text: 'hi' } };

const samplingResponse = {
  role: 'assistant',
  content: { type: 'text', text: 'hello' },
  model: 'm',
  stopReason: 'endTurn',
};

const sampling = (request: O = {}, response: O = samplingResponse) => ({
  type: 'sampling',
  request: { messages: [message], maxTokens: 10, ...request },
  response,
});

testRule(rule, {
  valid: [
    { name: 'sampling without tools in 2025-06-18', doc: scenario([sampling()], {}, ['2025-06-18']) },
    {
      name: 'tools in 2025-11-25',
      doc: scenario([
        sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } }),
      ]),
    },
  ],
  invalid: [
    {
      name: 'tools and toolChoice in 2025-06-18',
      doc: scenario(
        [sampling({ tools: [{ name: 'x', inputSchema: { type: 'object' } }], toolChoice: { mode: 'auto' } })],
        {},
        ['2025-06-18'],
      ),
      errors: [
        { code: 'tools-revision', pointer: `${S}/0/request/tools` },
        { code: 'tools-revision', pointer: `${S}/0/request/toolChoice` },
      ],
    },
  ],
});
