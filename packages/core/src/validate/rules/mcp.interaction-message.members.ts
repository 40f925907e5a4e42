import { stepsOf } from '../mcp/interaction-steps.js';
import { checkStepPayload, payloadCodes } from '../mcp/interaction-payloads.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { interactionDocument, samplingStep } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A sampling step request has the sampling/createMessage parameters and its response the completed sampling result fields (messages, maxTokens, role, content, model...) of every applicable revision.',
    bad: interactionDocument([
      { ...samplingStep(), request: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] } },
    ]),
    good: interactionDocument([samplingStep()]),
  };
}

/**
 * Sampling steps (9.4): the request is native sampling/createMessage parameters, the response a
 * native completed sampling result, with the field names, types and content blocks of every
 * applicable revision.
 */
export const rule: Rule = {
  id: 'mcp.interaction-message.members',
  kind: 'conformance',
  spec: '9.4',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: payloadCodes,
  create(ctx) {
    return {
      example(node) {
        for (const step of stepsOf(node)) {
          if (step.type !== 'sampling') continue;
          checkStepPayload(ctx, step, 'request', node.scope);
          checkStepPayload(ctx, step, 'response', node.scope);
        }
      },
    };
  },
};
