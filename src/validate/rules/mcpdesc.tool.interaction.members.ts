import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking, type Revision, type RevisionFeature } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { checkContentBlock, contentCodes } from '../mcp/content.js';
import { checkMeta } from '../mcp/meta.js';
import { formatMessage, raw, type Rule, type RuleContext } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { analyzeForm, formFeatureMessage, formSchemaCodes, validatedRevisions } from '../mcp/elicitation-form.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { interactionDocument, samplingStep } from '../mcp/rule-docs.js';
import { isCompleteSpecVersion } from '../../model/spec-versions.js';

type Expect = (value: unknown) => boolean;

interface Field {
  expected: string;
  ok: Expect;
  required?: boolean;
  /** Revisions that define the member. */
  feature?: RevisionFeature;
  /** Further checks of a well-typed value. */
  then?: (ctx: RuleContext, value: unknown, pointer: string, scope: readonly Revision[]) => void;
}

const isString: Expect = (v) => typeof v === 'string';

const isNonEmptyString: Expect = (v) => typeof v === 'string' && v.length > 0;

const isNumber: Expect = (v) => typeof v === 'number';

const oneOf =
  (...values: string[]): Expect =>
  (v) =>
    typeof v === 'string' && values.includes(v);

const metaField = (context: 'request' | 'response' | 'message'): Field => ({
  expected: 'an object',
  ok: isObject,
  then: (ctx, v, p, s) => checkMeta(ctx, v, p, s, context),
});

/** Single content block, or (2025-11-25+) an array of them, of a sampling message or result. */
const samplingContent: Field = {
  expected: 'a content block or an array of content blocks',
  required: true,
  ok: (v) => isObject(v) || Array.isArray(v),
  then(ctx, v, p, s) {
    if (!Array.isArray(v)) {
      checkContentBlock(ctx, v, p, s, 'sampling');
      return;
    }
    const without = lacking(s, 'sampling.content-array');
    if (without.length)
      ctx.report('member-revision', p, {
        values: {
          member: 'content',
          value: raw('an array of content blocks'),
          revisions: raw(formatRevisions(without)),
        },
      });
    v.forEach((b, i) => checkContentBlock(ctx, b, joinPointer(p, i), s, 'sampling'));
  },
};

const samplingMessage: Record<string, Field> = {
  role: { expected: '"user" or "assistant"', ok: oneOf('user', 'assistant'), required: true },
  content: samplingContent,
  _meta: metaField('message'),
};

const samplingTool: Record<string, Field> = {
  name: { expected: 'a string', ok: isString, required: true },
  title: { expected: 'a string', ok: isString },
  description: { expected: 'a string', ok: isString },
  inputSchema: { expected: 'a JSON Schema object', ok: isObject, required: true },
  outputSchema: { expected: 'a JSON Schema object', ok: isObject },
  annotations: { expected: 'an object', ok: isObject },
  icons: { expected: 'an array', ok: Array.isArray },
  execution: { expected: 'an object', ok: isObject },
  _meta: metaField('message'),
};

const arrayOf = (fields: Record<string, Field>, object: string, nonEmpty = false): Pick<Field, 'ok' | 'then'> => ({
  ok: (v) => Array.isArray(v) && (!nonEmpty || v.length > 0),
  then: (ctx, v, p, s) =>
    (v as unknown[]).forEach((item, i) => checkFields(ctx, item, joinPointer(p, i), s, object, fields)),
});

const payloads: Record<
  string,
  { request: Record<string, Field>; response: Record<string, Field>; requestLabel: string; responseLabel: string }
> = {
  elicitation: {
    requestLabel: 'an elicitation step request',
    responseLabel: 'an elicitation step response',
    request: {
      mode: { expected: '"form" or "url"', ok: oneOf('form', 'url'), required: true },
      message: { expected: 'a non-empty string', ok: isNonEmptyString, required: true },
      requestedSchema: { expected: 'a JSON Schema object', ok: isObject },
      url: { expected: 'a URI string', ok: isString, feature: 'elicitation.url' },
      elicitationId: { expected: 'a string', ok: isString, feature: 'elicitation.url' },
      _meta: metaField('request'),
    },
    response: {
      action: { expected: '"accept", "decline" or "cancel"', ok: oneOf('accept', 'decline', 'cancel'), required: true },
      content: { expected: 'an object', ok: isObject },
      _meta: metaField('response'),
    },
  },
  sampling: {
    requestLabel: 'a sampling step request (sampling/createMessage parameters)',
    responseLabel: 'a sampling step response (completed sampling result)',
    request: {
      messages: {
        expected: 'an array of sampling messages',
        required: true,
        ...arrayOf(samplingMessage, 'a sampling message'),
      },
      maxTokens: { expected: 'an integer', ok: (v) => typeof v === 'number' && Number.isInteger(v), required: true },
      modelPreferences: { expected: 'an object', ok: isObject },
      systemPrompt: { expected: 'a string', ok: isString },
      includeContext: {
        expected: '"none", "thisServer" or "allServers"',
        ok: oneOf('none', 'thisServer', 'allServers'),
      },
      temperature: { expected: 'a number', ok: isNumber },
      stopSequences: { expected: 'an array of strings', ok: (v) => Array.isArray(v) && v.every(isString) },
      metadata: { expected: 'an object', ok: isObject },
      tools: {
        expected: 'an array of Tool objects',
        feature: 'sampling.tools',
        ...arrayOf(samplingTool, 'a sampling tool'),
      },
      toolChoice: {
        expected: 'an object',
        ok: isObject,
        feature: 'sampling.tools',
        then: (ctx, v, p, s) =>
          checkFields(ctx, v, p, s, 'a toolChoice', {
            mode: { expected: '"auto", "required" or "none"', ok: oneOf('auto', 'required', 'none') },
          }),
      },
      _meta: metaField('request'),
    },
    response: {
      role: { expected: '"user" or "assistant"', ok: oneOf('user', 'assistant'), required: true },
      content: samplingContent,
      model: { expected: 'a string', ok: isString, required: true },
      stopReason: { expected: 'a string', ok: isString },
      _meta: metaField('response'),
    },
  },
  roots: {
    requestLabel: 'a roots step request (an empty object)',
    responseLabel: 'a roots step response',
    request: {},
    response: {
      roots: {
        expected: 'an array of Root objects',
        required: true,
        ...arrayOf(
          {
            uri: { expected: 'a URI string', ok: isString, required: true },
            name: { expected: 'a string', ok: isString },
            _meta: metaField('message'),
          },
          'a Root',
        ),
      },
      _meta: metaField('response'),
    },
  },
};

/** Required members, member types, revision members and closedness of one step payload object. */
function checkFields(
  ctx: RuleContext,
  value: unknown,
  pointer: string,
  scope: readonly Revision[],
  object: string,
  fields: Record<string, Field>,
  closed = true,
): void {
  if (!isObject(value)) {
    ctx.report('member-type', pointer, {
      values: {
        member: raw(pointer.slice(pointer.lastIndexOf('/') + 1)),
        object: raw(object),
        expected: raw('an object'),
        value,
      },
    });
    return;
  }
  for (const [name, field] of Object.entries(fields)) {
    if (field.required && value[name] === undefined)
      ctx.report('missing-member', pointer, { values: { object: raw(object), member: name } });
  }
  for (const key of Object.keys(value)) {
    const at = joinPointer(pointer, key);
    const field = hasOwn(fields, key) ? fields[key] : undefined;
    if (!field) {
      if (closed) ctx.report('unknown-member', at, { key: true, values: { value: key, object: raw(object) } });
      continue;
    }
    if (field.feature) {
      const without = lacking(scope, field.feature);
      if (without.length) {
        // Reported by mcp.sampling.tools.protocol-version and by the mode-revision code.
        if (field.feature === 'sampling.tools' || field.feature === 'elicitation.url') continue;
        ctx.report('member-revision', at, {
          key: true,
          values: { member: key, value: raw(object), revisions: raw(formatRevisions(without)) },
        });
        continue;
      }
    }
    if (!field.ok(value[key])) {
      ctx.report('member-type', at, {
        values: { member: key, object: raw(object), expected: raw(field.expected), value: value[key] },
      });
      continue;
    }
    field.then?.(ctx, value[key], at, scope);
  }
}

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

/** Step request/response payloads: the native field names and constraints of every applicable revision (9.4). */
export const rule: Rule = {
  id: 'mcpdesc.tool.interaction.members',
  kind: 'conformance',
  spec: '9.4',
  severity: 'error',
  codes: {
    'missing-member': '{object} lacks required member {member}',
    'member-type': '{member} of {object} must be {expected}; found {value}',
    'unknown-member': '{value} is not a member of {object}',
    'member-revision': '{member} of {value} is not defined by MCP {revisions}',
    'mode-revision': 'elicitation mode {value} is not defined by MCP {revisions}',
    'form-request-schema': 'a form-mode elicitation request must contain requestedSchema and no url',
    'url-request-fields': 'a url-mode elicitation request must contain url and no requestedSchema',
    'request-schema':
      'the requestedSchema of a form-mode elicitation request is not a restricted MCP elicitation form schema: {detail}',
    ...contentCodes,
  },
  docs: {
    summary:
      'Interaction steps use the native request and response fields of every applicable revision: elicitation, sampling/createMessage, roots.',
    bad: interactionDocument([
      {
        type: 'sampling',
        request: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] },
        response: samplingStep().response,
      },
    ]),
    good: interactionDocument([samplingStep()]),
  },
  create(ctx) {
    return {
      example(node) {
        for (const step of stepsOf(node)) {
          const payload = hasOwn(payloads, step.type) ? payloads[step.type] : undefined;
          if (!payload) continue; // unknown step types are structural
          const requestAt = joinPointer(step.pointer, 'request');
          if (step.request !== undefined)
            checkFields(ctx, step.request, requestAt, node.scope, payload.requestLabel, payload.request);
          // 0.9.0-rc.3: sampling and roots responses are carried MCP values (its Section 3.6, not known here); elicitation responses stay closed.
          const closed = isCompleteSpecVersion(ctx.specVersion) || step.type === 'elicitation';
          if (step.response !== undefined)
            checkFields(
              ctx,
              step.response,
              joinPointer(step.pointer, 'response'),
              node.scope,
              payload.responseLabel,
              payload.response,
              closed,
            );
          if (step.type !== 'elicitation' || !isObject(step.request)) continue;
          const mode = step.request.mode;
          if (mode === 'form' || mode === 'url') {
            const without = lacking(node.scope, mode === 'form' ? 'elicitation.form' : 'elicitation.url');
            if (without.length)
              ctx.report('mode-revision', joinPointer(requestAt, 'mode'), {
                ...exampleNote(node),
                values: { value: mode, revisions: raw(formatRevisions(without)) },
              });
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
