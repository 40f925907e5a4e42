import { joinPointer } from '../../model/json-pointer.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { exampleDocument } from '../example-document.js';

/** A Security Requirement Array that requires authorization: present, non-empty, no anonymous `{}` alternative (7.3, 7.4). */
function requiresAuthorization(security: unknown): boolean {
  return (
    Array.isArray(security) && security.length > 0 && security.every((r) => isObject(r) && Object.keys(r).length > 0)
  );
}

/** Where the effective requirement of a primitive requires authorization (7.5): its own, or a transport's, or the root's. */
function authorizedThrough(primitive: JsonObject, document: JsonObject): string | undefined {
  if (primitive.security !== undefined)
    return requiresAuthorization(primitive.security) ? 'its own security' : undefined;
  const transports = Array.isArray(document.transports) ? document.transports.filter(isObject) : [];
  for (const [index, transport] of transports.entries()) {
    const effective = transport.security !== undefined ? transport.security : document.security;
    if (requiresAuthorization(effective))
      return transport.security !== undefined ? `the security of transport ${index}` : 'the root security';
  }
  if (transports.length === 0 && requiresAuthorization(document.security)) return 'the root security';
  return undefined;
}

const oauth = {
  securitySchemes: {
    oauth: {
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: 'https://auth.example.com/authorize',
          tokenUrl: 'https://auth.example.com/token',
          scopes: { 'issues:read': 'Read issues' },
        },
      },
    },
  },
  security: [{ oauth: ['issues:read'] }],
};
const resource = (cacheScope: string) => ({
  uri: 'issues://current/board',
  name: 'board',
  title: 'Board',
  description: 'The board of the current workspace.',
  mimeType: 'application/json',
  examples: {
    board: {
      result: {
        resultType: 'complete',
        ttlMs: 60000,
        cacheScope,
        contents: [{ uri: 'issues://current/board', mimeType: 'application/json', text: '{"columns":[]}' }],
      },
    },
  },
});

export function docs(): RuleDocs {
  return {
    summary: 'Resource read examples of authorized resources are not cacheScope "public"; ttlMs is not 0.',
    bad: exampleDocument({ ...oauth, resources: [resource('public')] }),
    good: exampleDocument({ ...oauth, resources: [resource('private')] }),
  };
}

export const rule: Rule = {
  id: 'lint.result.cache-scope',
  kind: 'lint',
  spec: 'guide 10',
  severity: 'warning',
  codes: {
    'public-on-authorized':
      'example {example} shows cacheScope "public" on a result whose access requires authorization ({through}); a public result may be shared between callers even when it came from an authenticated endpoint — use "private" when the result depends on the caller',
    'zero-ttl': {
      severity: 'info',
      message:
        'example {example} shows ttlMs 0: clients treat the result as immediately stale and fetch it again every time; state how long it stays fresh',
    },
  },
  create(ctx) {
    return {
      example(node) {
        if (!isObject(node.value) || !isObject(node.value.result)) return;
        const result = node.value.result;
        const values = { example: node.name };
        if (result.ttlMs === 0) ctx.report('zero-ttl', joinPointer(node.pointer, 'result', 'ttlMs'), { values });
        if ((node.kind !== 'resource' && node.kind !== 'resourceTemplate') || result.cacheScope !== 'public') return;
        const through = authorizedThrough(node.owner.value, ctx.document);
        if (through)
          ctx.report('public-on-authorized', joinPointer(node.pointer, 'result', 'cacheScope'), {
            values: { ...values, through: raw(through) },
          });
      },
    };
  },
};
