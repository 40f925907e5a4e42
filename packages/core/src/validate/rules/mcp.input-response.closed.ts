import { stepsOf } from '../mcp/interaction-steps.js';
import { checkStepPayload, payloadCodes } from '../mcp/interaction-payloads.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { interactionDocument } from '../mcp/rule-docs.js';

const elicitationStep = (response: Record<string, unknown>) => ({
  type: 'elicitation',
  request: { mode: 'form', message: 'Confirm?', requestedSchema: { type: 'object', properties: {} } },
  response,
});

export function docs(): RuleDocs {
  return {
    summary:
      'An elicitation step response contains only action, content and _meta, with their native types; action is required.',
    bad: interactionDocument([elicitationStep({ action: 'accept', content: {}, reason: 'ok' })]),
    good: interactionDocument([elicitationStep({ action: 'accept', content: {} })]),
  };
}

/**
 * The Elicitation Interaction Response Object (9.4) is closed: action, content and _meta only,
 * with their native types in every applicable revision. (0.9.0-rc.3 links this requirement to
 * mcp.root.uri.file-scheme; see docs/spec-coverage-primitives.md.)
 */
export const rule: Rule = {
  id: 'mcp.input-response.closed',
  kind: 'conformance',
  spec: '9.4',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: payloadCodes,
  create(ctx) {
    return {
      example(node) {
        for (const step of stepsOf(node))
          if (step.type === 'elicitation') checkStepPayload(ctx, step, 'response', node.scope);
      },
    };
  },
};
