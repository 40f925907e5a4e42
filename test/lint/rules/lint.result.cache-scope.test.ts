import { testRule } from '../../helpers/rule-tester.js';
import { exampleDocument } from 'mcpdesc-core/internal/lint/example-document.js';
import { rule } from 'mcpdesc-core/internal/lint/rules/lint.result.cache-scope.js';

const oauth = {
  securitySchemes: {
    oauth: {
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read' } } },
    },
  },
};
const resource = (result: Record<string, unknown>, security?: unknown) => ({
  uri: 'issues://board',
  name: 'board',
  ...(security !== undefined ? { security } : {}),
  examples: {
    board: {
      result: {
        resultType: 'complete',
        ttlMs: 60000,
        cacheScope: 'private',
        contents: [{ uri: 'issues://board', text: '{}' }],
        ...result,
      },
    },
  },
});

testRule(rule, {
  valid: [
    {
      name: 'private on authorized',
      doc: exampleDocument({ ...oauth, security: [{ oauth: ['read'] }], resources: [resource({})] }),
    },
    {
      name: 'public with anonymous access',
      doc: exampleDocument({
        ...oauth,
        security: [{}, { oauth: ['read'] }],
        resources: [resource({ cacheScope: 'public' })],
      }),
    },
    {
      name: 'public, security cleared on the resource',
      doc: exampleDocument({
        ...oauth,
        security: [{ oauth: ['read'] }],
        resources: [resource({ cacheScope: 'public' }, [])],
      }),
    },
  ],
  invalid: [
    {
      name: 'public under root oauth',
      doc: exampleDocument({
        ...oauth,
        security: [{ oauth: ['read'] }],
        resources: [resource({ cacheScope: 'public' })],
      }),
      errors: [
        { code: 'public-on-authorized', pointer: '/resources/0/examples/board/result/cacheScope', severity: 'warning' },
      ],
    },
    {
      name: 'public under transport oauth',
      doc: exampleDocument({
        ...oauth,
        transports: [
          { type: 'streamable-http', url: 'https://issues.example.com/mcp', security: [{ oauth: ['read'] }] },
        ],
        resources: [resource({ cacheScope: 'public' })],
      }),
      errors: [{ code: 'public-on-authorized', pointer: '/resources/0/examples/board/result/cacheScope' }],
    },
    {
      name: 'ttlMs 0',
      doc: exampleDocument({ resources: [resource({ ttlMs: 0 })] }),
      errors: [{ code: 'zero-ttl', pointer: '/resources/0/examples/board/result/ttlMs', severity: 'info' }],
    },
  ],
});
