import { joinPointer } from '../../model/json-pointer.js';
import {
  clientCapabilityShapes,
  defines,
  formatRevisions,
  lacking,
  type Revision,
  type RevisionFeature,
} from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { checkContentBlock, contentCodes } from '../mcp/content.js';
import { checkMeta } from '../mcp/meta.js';
import { formatMessage, raw, type Rule, type RuleContext } from '../rule.js';
import type { ExampleNode } from '../walk.js';
import { analyzeForm, elicitationDeclarationRule, elicitationProtocolVersionRule } from './elicitations.js';
import { viaNote } from './tool-examples.js';
import { jsonEqual } from '../../model/json.js';

/**
 * Tool Interaction Examples (9.4): the steps of each scenario. `input` and `result` follow the
 * Tool Example rules (tool-examples.ts), which visit interaction examples too.
 */

interface Step {
  index: number;
  pointer: string;
  type: string;
  request: unknown;
  response: unknown;
  value: JsonObject;
}

/** The steps of an interaction example that are objects with a string `type` (others are structural errors). */
function stepsOf(node: ExampleNode): Step[] {
  if (node.kind !== 'toolInteraction' || !isObject(node.value)) return [];
  const steps = node.value.steps;
  if (!Array.isArray(steps)) return [];
  const out: Step[] = [];
  steps.forEach((value, index) => {
    if (!isObject(value) || typeof value.type !== 'string') return;
    out.push({
      index,
      pointer: joinPointer(node.pointer, 'steps', index),
      type: value.type,
      request: value.request,
      response: value.response,
      value,
    });
  });
  return out;
}

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' } };
const scenario = (steps: unknown[], extra: JsonObject = {}, protocolVersions = ['2025-11-25']) => ({
  ...base,
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
const rootsStep = (uri: string) => ({ type: 'roots', request: {}, response: { roots: [{ uri, name: 'work' }] } });
const samplingStep = (request: JsonObject = {}) => ({
  type: 'sampling',
  request: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10, ...request },
  response: { role: 'assistant', content: { type: 'text', text: 'hello' }, model: 'm' },
});
const confirm = {
  name: 'confirm',
  mode: 'form',
  message: 'Approve?',
  requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
};
const elicitationStep = (response: JsonObject, declaration = 'confirm') => ({
  type: 'elicitation',
  declaration,
  request: { mode: 'form', message: 'Approve?', requestedSchema: confirm.requestedSchema },
  response,
});

// ---------------------------------------------------------------------------
// Step payload members
// ---------------------------------------------------------------------------

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

/** Step request/response payloads: the native field names and constraints of every applicable revision (9.4). */
export const interactionMembersRule: Rule = {
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
    bad: scenario([
      {
        type: 'sampling',
        request: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] },
        response: samplingStep().response,
      },
    ]),
    good: scenario([samplingStep()]),
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
          const closed = ctx.specVersion === '0.8.0' || step.type === 'elicitation';
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
                ...viaNote(node),
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
      values: { detail: raw(formatMessage(elicitationDeclarationRule.codes[f.code] as string, f.values)) },
    });
  }
  const missing = lacking(
    scope.filter((r) => !defines(r, 'legacy-validation')),
    'elicitation.rich-form',
  );
  if (missing.length === 0) return;
  const template = elicitationProtocolVersionRule.codes['form-feature-not-in-revision'] as string;
  for (const f of rich) {
    ctx.report('request-schema', f.pointer, {
      values: {
        detail: raw(
          formatMessage(template, { ...f.values, revisions: raw(formatRevisions(missing)) }).replace(
            'this Elicitation Declaration applies',
            'this Tool applies',
          ),
        ),
      },
    });
  }
}

/** Sampling tool fields (tools, toolChoice) are MCP 2025-11-25+ (9.4). */
export const samplingToolsProtocolVersionRule: Rule = {
  id: 'mcp.sampling.tools.protocol-version',
  kind: 'conformance',
  spec: '9.4',
  severity: 'error',
  codes: {
    'tools-revision':
      'sampling request member {value} is not defined by MCP {revisions}; tool use in sampling starts with MCP 2025-11-25',
  },
  docs: {
    summary:
      'A sampling step request uses tools and toolChoice only when every applicable revision defines them (2025-11-25+).',
    bad: scenario([samplingStep({ tools: [{ name: 'x', inputSchema: { type: 'object' } }] })], {}, ['2025-06-18']),
    good: scenario([samplingStep({ tools: [{ name: 'x', inputSchema: { type: 'object' } }] })], {}, ['2025-11-25']),
  },
  create(ctx) {
    return {
      example(node) {
        const without = lacking(node.scope, 'sampling.tools');
        if (!without.length) return;
        for (const step of stepsOf(node)) {
          if (step.type !== 'sampling' || !isObject(step.request)) continue;
          for (const key of ['tools', 'toolChoice']) {
            if (hasOwn(step.request, key)) {
              ctx.report('tools-revision', joinPointer(step.pointer, 'request', key), {
                ...viaNote(node),
                key: true,
                values: { value: key, revisions: raw(formatRevisions(without)) },
              });
            }
          }
        }
      },
    };
  },
};

/** Roots are file:// URIs (MCP roots). */
export const rootUriFileSchemeRule: Rule = {
  id: 'mcp.root.uri.file-scheme',
  kind: 'conformance',
  spec: '9.4',
  severity: 'error',
  codes: {
    'not-file-uri': 'root uri {value} must be a file:// URI',
  },
  docs: {
    summary: 'Each root in a roots step response has a file:// URI.',
    bad: scenario([rootsStep('https://example.com/work')]),
    good: scenario([rootsStep('file:///workspace/example')]),
  },
  create(ctx) {
    return {
      example(node) {
        for (const step of stepsOf(node)) {
          if (step.type !== 'roots' || !isObject(step.response) || !Array.isArray(step.response.roots)) continue;
          step.response.roots.forEach((root, i) => {
            if (!isObject(root) || typeof root.uri !== 'string') return;
            if (!root.uri.startsWith('file://'))
              ctx.report('not-file-uri', joinPointer(step.pointer, 'response', 'roots', i, 'uri'), {
                ...viaNote(node),
                values: { value: root.uri },
              });
          });
        }
      },
    };
  },
};

/** Elicitation steps agree with the named declaration and with their own request (9.4). */
export const elicitationConsistencyRule: Rule = {
  id: 'mcpdesc.tool.interaction.elicitation-consistency',
  kind: 'conformance',
  spec: '9.4',
  severity: 'error',
  codes: {
    'unknown-declaration': 'declaration {value} names no Elicitation Declaration of this Tool',
    'mode-mismatch':
      'request mode {value} differs from mode {expected} of the Elicitation Declaration at {declaration}',
    'schema-mismatch':
      'request requestedSchema differs from the requestedSchema of the Elicitation Declaration at {declaration} (after reference resolution)',
    'url-mismatch':
      'request url {value} differs from the known url {expected} of the Elicitation Declaration at {declaration}',
    'missing-content':
      'an accepted form-mode elicitation response must contain content conforming to the request schema',
    'content-not-allowed': 'a {why} response must not contain content',
    'content-mismatch':
      'response content value {value} does not conform to the request schema: {keyword} at {schema} ({message})',
  },
  docs: {
    summary:
      'An elicitation step matches its named declaration; accepted form responses carry conforming content, other responses none.',
    bad: scenario([elicitationStep({ action: 'decline', content: { ok: true } })], { elicitations: [confirm] }),
    good: scenario([elicitationStep({ action: 'accept', content: { ok: true } })], { elicitations: [confirm] }),
  },
  create(ctx) {
    return {
      example(node) {
        const note = viaNote(node);
        for (const step of stepsOf(node)) {
          if (step.type !== 'elicitation' || !isObject(step.request)) continue;
          const request = step.request;
          const requestAt = joinPointer(step.pointer, 'request');
          const declarationName = step.value.declaration;
          if (typeof declarationName === 'string') {
            const list = node.owner.value.elicitations;
            const index = Array.isArray(list) ? list.findIndex((d) => isObject(d) && d.name === declarationName) : -1;
            if (index < 0) {
              ctx.report('unknown-declaration', joinPointer(step.pointer, 'declaration'), {
                ...note,
                values: { value: declarationName },
              });
            } else {
              const declaration = (list as JsonObject[])[index]!;
              const declarationAt = joinPointer(node.owner.pointer, 'elicitations', index);
              const where = raw(declarationAt);
              if (
                typeof request.mode === 'string' &&
                typeof declaration.mode === 'string' &&
                request.mode !== declaration.mode
              ) {
                ctx.report('mode-mismatch', joinPointer(requestAt, 'mode'), {
                  ...note,
                  values: { value: request.mode, expected: declaration.mode, declaration: where },
                });
              } else if (
                request.mode === 'form' &&
                declaration.requestedSchema !== undefined &&
                request.requestedSchema !== undefined
              ) {
                const declared = ctx.components.resolve(
                  declaration.requestedSchema,
                  joinPointer(declarationAt, 'requestedSchema'),
                  'schemas',
                );
                const used = ctx.components.resolve(
                  request.requestedSchema,
                  joinPointer(requestAt, 'requestedSchema'),
                  'schemas',
                );
                if (declared.ok && used.ok && !jsonEqual(declared.value, used.value)) {
                  ctx.report('schema-mismatch', joinPointer(requestAt, 'requestedSchema'), {
                    ...note,
                    values: { declaration: where },
                  });
                }
              } else if (
                request.mode === 'url' &&
                typeof declaration.url === 'string' &&
                typeof request.url === 'string' &&
                request.url !== declaration.url
              ) {
                ctx.report('url-mismatch', joinPointer(requestAt, 'url'), {
                  ...note,
                  values: { value: request.url, expected: declaration.url, declaration: where },
                });
              }
            }
          }
          const response = step.response;
          if (!isObject(response)) continue;
          const action = response.action;
          const responseAt = joinPointer(step.pointer, 'response');
          const hasContent = hasOwn(response, 'content');
          if (request.mode === 'url') {
            if (hasContent)
              ctx.report('content-not-allowed', joinPointer(responseAt, 'content'), {
                ...note,
                key: true,
                values: { why: raw('url-mode elicitation') },
              });
          } else if (request.mode === 'form') {
            if (action === 'decline' || action === 'cancel') {
              if (hasContent)
                ctx.report('content-not-allowed', joinPointer(responseAt, 'content'), {
                  ...note,
                  key: true,
                  values: { why: raw(`${action === 'decline' ? 'declined' : 'cancelled'} elicitation`) },
                });
            } else if (action === 'accept') {
              if (!hasContent) ctx.report('missing-content', responseAt, note);
              else if (isObject(response.content))
                checkFormContent(ctx, request, requestAt, response.content, joinPointer(responseAt, 'content'), note);
            }
          }
        }
      },
    };
  },
};

/** Accepted content conforms to the request's (restricted, flat) form schema, whose keywords mean the same in every dialect. */
function checkFormContent(
  ctx: RuleContext,
  request: JsonObject,
  requestAt: string,
  content: JsonObject,
  contentAt: string,
  note: { note?: string },
): void {
  const resolved = ctx.components.resolve(
    request.requestedSchema,
    joinPointer(requestAt, 'requestedSchema'),
    'schemas',
  );
  if (!resolved.ok || !isObject(resolved.value)) return;
  const evaluation = ctx.schemas.evaluate(resolved.value, content, '2020-12');
  for (const e of evaluation.errors) {
    let value: unknown = content;
    for (const token of e.instancePointer.split('/').slice(1))
      value = isObject(value) ? value[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    ctx.report('content-mismatch', contentAt + e.instancePointer, {
      ...note,
      values: { value, keyword: e.keyword, schema: raw(resolved.pointer + e.schemaPointer), message: raw(e.message) },
    });
  }
}

/** The client capability a step kind uses. */
const stepCapability: Record<string, string> = { elicitation: 'elicitation', sampling: 'sampling', roots: 'roots' };

/** A scenario that uses a client capability an explicit clientRequirements omits contradicts it (9.4: SHOULD warn). */
export const clientRequirementsConsistencyRule: Rule = {
  id: 'mcpdesc.tool.interaction.client-requirements-consistency',
  kind: 'conformance',
  spec: '9.4',
  severity: 'warning',
  codes: {
    'capability-not-required':
      "this {kind} step uses the client {capability} capability, which the Tool's explicit clientRequirements does not list (MCP {revisions})",
  },
  docs: {
    summary:
      "Warns when an interaction scenario uses a client capability (or member) that the Tool's explicit clientRequirements does not list.",
    bad: scenario([rootsStep('file:///workspace/example')], { clientRequirements: { sampling: {} } }),
    good: scenario([rootsStep('file:///workspace/example')], { clientRequirements: { roots: {} } }),
  },
  create(ctx) {
    return {
      example(node) {
        const requirements = node.owner.value.clientRequirements;
        if (!isObject(requirements)) return; // no explicit requirements: nothing is inferred
        const note = viaNote(node);
        const warn = (pointer: string, kind: string, capability: string, revisions: readonly Revision[]): void => {
          if (revisions.length)
            ctx.report('capability-not-required', pointer, {
              ...note,
              values: { kind: raw(kind), capability: raw(capability), revisions: raw(formatRevisions(revisions)) },
            });
        };
        /** Revisions where `capability.member` is a recognised, non-deprecated member. */
        const memberIn = (capability: string, member: string): Revision[] =>
          node.scope.filter((r) => {
            const shape = clientCapabilityShapes[r];
            const members = shape.members[capability];
            return (
              Array.isArray(members) &&
              members.includes(member) &&
              !shape.deprecated.includes(`${capability}.${member}`)
            );
          });
        const capabilityIn = (capability: string): Revision[] =>
          node.scope.filter((r) => clientCapabilityShapes[r].capabilities.includes(capability));
        for (const step of stepsOf(node)) {
          const capability = stepCapability[step.type];
          if (!capability) continue;
          if (!hasOwn(requirements, capability)) {
            warn(joinPointer(step.pointer, 'type'), step.type, capability, capabilityIn(capability));
            continue;
          }
          const declared = requirements[capability];
          if (!isObject(declared) || !isObject(step.request)) continue;
          if (step.type === 'elicitation') {
            const mode = step.request.mode;
            if (mode !== 'form' && mode !== 'url') continue;
            // An elicitation capability without form or url members supports form mode only.
            const supports = hasOwn(declared, mode) || (mode === 'form' && !hasOwn(declared, 'url'));
            if (!supports)
              warn(
                joinPointer(step.pointer, 'request', 'mode'),
                step.type,
                `elicitation.${mode}`,
                memberIn('elicitation', mode),
              );
          } else if (step.type === 'sampling') {
            if ((hasOwn(step.request, 'tools') || hasOwn(step.request, 'toolChoice')) && !hasOwn(declared, 'tools')) {
              warn(
                joinPointer(step.pointer, 'request', hasOwn(step.request, 'tools') ? 'tools' : 'toolChoice'),
                step.type,
                'sampling.tools',
                memberIn('sampling', 'tools'),
              );
            }
            const context = step.request.includeContext;
            if ((context === 'thisServer' || context === 'allServers') && !hasOwn(declared, 'context')) {
              warn(
                joinPointer(step.pointer, 'request', 'includeContext'),
                step.type,
                'sampling.context',
                memberIn('sampling', 'context'),
              );
            }
          }
        }
      },
    };
  },
};

export const interactionExampleRules: readonly Rule[] = [
  interactionMembersRule,
  elicitationConsistencyRule,
  samplingToolsProtocolVersionRule,
  rootUriFileSchemeRule,
  clientRequirementsConsistencyRule,
];
