import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking, type Revision } from '../../model/revisions.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { checkStepPayload, payloadCodes } from '../mcp/interaction-payloads.js';
import { namedByToolsSection, formatMessage, raw, type Rule, type RuleContext, type RuleDocs } from '../rule.js';
import { analyzeForm, formFeatureMessage, formSchemaCodes, validatedRevisions } from '../mcp/elicitation-form.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { interactionDocument, rootsStep } from '../mcp/rule-docs.js';
import { STRUCTURAL_CODE_SUMMARIES } from '../structural.js';

/**
 * "Every represented semantic field MUST be valid in every applicable revision" (9.4): the request
 * schema of a form-mode step is the native ElicitRequest requestedSchema, the same restricted
 * vocabulary as a declaration's (12.3), and features new in MCP 2025-11-25 need every revision of
 * the scope that gets revision-specific validation (not the legacy ones, 12.5).
 */
function checkRequestSchema(ctx: RuleContext, schema: JsonObject, pointer: string, scope: readonly Revision[]): void {
  const { plain, rich } = analyzeForm(schema, pointer);
  for (const f of plain) {
    ctx.report('request-schema', f.pointer, {
      values: { detail: raw(formatMessage(formSchemaCodes[f.code], f.values)) },
    });
  }
  const missing = lacking(validatedRevisions(scope), 'elicitation.rich-form');
  if (missing.length === 0) return;
  for (const f of rich) {
    ctx.report('request-schema', f.pointer, {
      values: {
        detail: raw(
          formatMessage(formFeatureMessage, { ...f.values, revisions: raw(formatRevisions(missing)) }).replace(
            'this Elicitation Declaration applies',
            'this Tool applies',
          ),
        ),
      },
    });
  }
}

export function docs(): RuleDocs {
  return {
    summary:
      'Interaction scenarios and steps have their members; elicitation and roots step requests and roots responses use the native fields of every applicable revision.',
    bad: interactionDocument([{ ...rootsStep('file:///workspace'), request: { cursor: 'next' } }]),
    good: interactionDocument([rootsStep('file:///workspace')]),
  };
}

/** Interaction maps, scenarios and steps; elicitation and roots payloads: the native fields of every applicable revision (9.4). */
export const rule: Rule = {
  id: 'mcpdesc.tool.interaction.members',
  kind: 'conformance',
  spec: '9.4',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    ...payloadCodes,
    'form-request-schema': 'a form-mode elicitation request must contain requestedSchema and no url',
    'url-request-fields': 'a url-mode elicitation request must contain url and no requestedSchema',
    'request-schema':
      'the requestedSchema of a form-mode elicitation request is not a restricted MCP elicitation form schema: {detail}',
    // Structural findings in interaction maps, scenarios and steps (STRUCTURAL_RULE_BY_LOCATION).
    ...STRUCTURAL_CODE_SUMMARIES,
  },
  create(ctx) {
    return {
      example(node) {
        for (const step of stepsOf(node)) {
          // Sampling payloads are mcp.interaction-message.members', elicitation responses mcp.input-response.closed's.
          if (step.type !== 'sampling') checkStepPayload(ctx, step, 'request', node.scope);
          if (step.type === 'roots') checkStepPayload(ctx, step, 'response', node.scope);
          const requestAt = joinPointer(step.pointer, 'request');
          if (step.type !== 'elicitation' || !isObject(step.request)) continue;
          const mode = step.request.mode;
          if (mode === 'form' || mode === 'url') {
            if (mode === 'form' && (step.request.requestedSchema === undefined || step.request.url !== undefined))
              ctx.report('form-request-schema', requestAt);
            if (mode === 'url' && (step.request.url === undefined || step.request.requestedSchema !== undefined))
              ctx.report('url-request-fields', requestAt);
            if (mode === 'form' && isObject(step.request.requestedSchema))
              checkRequestSchema(
                ctx,
                step.request.requestedSchema,
                joinPointer(requestAt, 'requestedSchema'),
                node.scope,
              );
          }
        }
      },
    };
  },
};
