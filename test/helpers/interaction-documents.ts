/** Documents and steps the Tool Interaction Example rule tests share (9.4). */
import { doc } from './rule-tester.js';

export type O = Record<string, unknown>;

export const result = { content: [{ type: 'text', text: 'done' }] };

export const result26 = { resultType: 'complete', ...result };

export const scenario = (steps: unknown[], extra: O = {}, versions = ['2025-11-25']) =>
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

export const S = '/tools/0/interactionExamples/s/steps';

export const roots = (uri: string, extra: O = {}) => ({
  type: 'roots',
  request: {},
  response: { roots: [{ uri, name: 'w' }] },
  ...extra,
});

export const message = { role: 'user', content: { type: 'text', text: 'hi' } };

export const samplingResponse = {
  role: 'assistant',
  content: { type: 'text', text: 'hello' },
  model: 'm',
  stopReason: 'endTurn',
};

export const sampling = (request: O = {}, response: O = samplingResponse) => ({
  type: 'sampling',
  request: { messages: [message], maxTokens: 10, ...request },
  response,
});

export const formSchema = { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] };

export const confirm = { name: 'confirm', mode: 'form', message: 'Approve?', requestedSchema: formSchema };

export const authorize = {
  name: 'authorize',
  mode: 'url',
  message: 'Authorize.',
  url: 'https://mcp.example.com/connect',
};

export const form = (response: O, request: O = {}) => ({
  type: 'elicitation',
  declaration: 'confirm',
  request: { mode: 'form', message: 'Approve?', requestedSchema: formSchema, ...request },
  response,
});

export const url = (response: O, request: O = {}) => ({
  type: 'elicitation',
  declaration: 'authorize',
  request: { mode: 'url', message: 'Authorize.', url: 'https://mcp.example.com/connect', ...request },
  response,
});

export const decls = { elicitations: [confirm, authorize] };
