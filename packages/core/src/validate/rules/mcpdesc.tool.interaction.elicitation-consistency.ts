import { joinPointer, unescapePointerToken } from '../../model/json-pointer.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { namedByToolsSection, raw, type Rule, type RuleContext, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { jsonEqual } from '../../model/json.js';
import { interactionDocument } from '../mcp/rule-docs.js';

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
  if (evaluation.incomplete) ctx.markIncomplete(`the content at ${contentAt} could not be evaluated completely`);
  for (const e of evaluation.errors) {
    let value: unknown = content;
    for (const token of e.instancePointer.split('/').slice(1))
      value = isObject(value) ? value[unescapePointerToken(token)] : undefined;
    ctx.report('content-mismatch', contentAt + e.instancePointer, {
      ...note,
      values: { value, keyword: e.keyword, schema: raw(resolved.pointer + e.schemaPointer), message: raw(e.message) },
    });
  }
}

export function docs(): RuleDocs {
  return {
    summary:
      'An elicitation step matches its named declaration; accepted form responses carry conforming content, other responses none.',
    bad: interactionDocument([elicitationStep({ action: 'decline', content: { ok: true } })], {
      elicitations: [confirm],
    }),
    good: interactionDocument([elicitationStep({ action: 'accept', content: { ok: true } })], {
      elicitations: [confirm],
    }),
  };
}

/** Elicitation steps agree with the named declaration and with their own request (9.4). */
export const rule: Rule = {
  id: 'mcpdesc.tool.interaction.elicitation-consistency',
  kind: 'conformance',
  spec: '9.4',
  namedBy: namedByToolsSection,
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
  create(ctx) {
    return {
      example(node) {
        const note = exampleNote(node);
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
