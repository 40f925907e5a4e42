import type { JsonObject } from '../../model/values.js';

/**
 * Documents the `docs.bad` / `docs.good` examples of several rules are built from, so that close
 * variants differ only where the rule looks. They are documentation data, not checks.
 */

const describedServer = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' } };

/** A document with one Tool `t` (object inputSchema) extended by `tool`. */
export const toolDocument = (tool: JsonObject, protocolVersions = ['2026-07-28']) => ({
  ...describedServer,
  protocolVersions,
  tools: [{ name: 't', inputSchema: { type: 'object' }, ...tool }],
});

/** A completed MCP 2026-07-28 Tool Result. */
export const completedToolResultExample = { resultType: 'complete', content: [{ type: 'text', text: 'done' }] };

/** A document whose Tool `t` (extended by `extra`) has one interaction scenario `s` with `steps`. */
export const interactionDocument = (steps: unknown[], extra: JsonObject = {}, protocolVersions = ['2025-11-25']) => ({
  ...describedServer,
  protocolVersions,
  tools: [
    {
      name: 't',
      inputSchema: { type: 'object' },
      ...extra,
      interactionExamples: { s: { input: {}, steps, result: { content: [{ type: 'text', text: 'done' }] } } },
    },
  ],
});

export const rootsStep = (uri: string) => ({
  type: 'roots',
  request: {},
  response: { roots: [{ uri, name: 'work' }] },
});

export const samplingStep = (request: JsonObject = {}) => ({
  type: 'sampling',
  request: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10, ...request },
  response: { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'm' },
});

/** A document whose Prompt `brief` (required `city`, optional `audience`) has the named example `one`. */
export const promptExampleDocument = (example: unknown, protocolVersions = ['2025-11-25']): unknown => ({
  ...describedServer,
  protocolVersions,
  prompts: [
    { name: 'brief', arguments: [{ name: 'city', required: true }, { name: 'audience' }], examples: { one: example } },
  ],
});

export const promptTextMessage = { role: 'user', content: { type: 'text', text: 'Summarize Paris.' } };

/** A document whose Prompt `team_lead` (required `department` and `name`) has the completion example `one`. */
export const promptCompletionDocument = (example: unknown, protocolVersions = ['2025-11-25']): unknown => ({
  ...describedServer,
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

export const completedCompletionResult = { completion: { values: ['Ada', 'Alan'], total: 2, hasMore: false } };
