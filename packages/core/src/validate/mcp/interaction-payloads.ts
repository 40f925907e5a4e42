import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking, type Revision, type RevisionFeature } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { checkContentBlock, contentCodes } from './content.js';
import { checkMeta } from './meta.js';
import { raw, type RuleContext } from '../rule.js';
import { isCompleteSpecVersion } from '../../model/spec-versions.js';
import type { Step } from './interaction-steps.js';

/**
 * The native request and response payloads of Tool Interaction Steps (9.4), field by field, and
 * the one checker of them. Several rules share it, each over its own payloads: step requests
 * (mcpdesc.tool.interaction.members), sampling messages (mcp.interaction-message.members),
 * elicitation responses (mcp.input-response.closed); Root `_meta` is mcp.root.meta.protocol-version's.
 */

/** Codes `checkPayloadFields` reports; spread them into the calling rule's codes. */
export const payloadCodes = {
  'missing-member': '{object} lacks required member {member}',
  'member-type': '{member} of {object} must be {expected}; found {value}',
  'unknown-member': '{value} is not a member of {object}',
  'member-revision': '{member} of {value} is not defined by MCP {revisions}',
  ...contentCodes,
} as const;

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

export const payloads: Record<
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
            // Checked by mcp.root.meta.protocol-version.
            _meta: { expected: 'an object', ok: () => true },
          },
          'a Root',
        ),
      },
      _meta: metaField('response'),
    },
  },
};

/** Required members, member types, revision members and closedness of one step payload object. */
export function checkFields(
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
        // Reported by mcp.sampling.tools.protocol-version and mcp.elicitation.protocol-version (step-mode-revision).
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
 * Checks the `part` payload of `step` against its step kind's fields in every revision of
 * `scope`. Unknown step types are structural and left alone.
 */
export function checkStepPayload(
  ctx: RuleContext,
  step: Step,
  part: 'request' | 'response',
  scope: readonly Revision[],
): void {
  const payload = hasOwn(payloads, step.type) ? payloads[step.type] : undefined;
  const value = step[part];
  if (!payload || value === undefined) return;
  // 0.9.0-rc.3: sampling and roots responses are carried MCP values (its Section 3.6, not known here); elicitation responses stay closed.
  const closed = part === 'request' || isCompleteSpecVersion(ctx.specVersion) || step.type === 'elicitation';
  checkFields(
    ctx,
    value,
    joinPointer(step.pointer, part),
    scope,
    part === 'request' ? payload.requestLabel : payload.responseLabel,
    payload[part],
    closed,
  );
}
