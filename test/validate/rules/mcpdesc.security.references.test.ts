import { doc, testRule } from '../../helpers/rule-tester.js';
import { rule } from 'mcpdesc-core/internal/validate/rules/mcpdesc.security.references.js';

const schemes = {
  oauth: {
    type: 'oauth2',
    flows: {
      authorizationCode: {
        authorizationUrl: 'https://a.example.com/authorize',
        tokenUrl: 'https://a.example.com/token',
        scopes: { 'issues:read': 'Read' },
      },
      clientCredentials: { tokenUrl: 'https://a.example.com/token', scopes: { 'issues:write': 'Write' } },
    },
  },
  bearer: { type: 'http', scheme: 'bearer' },
  key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com/.well-known/openid-configuration' },
};

const tool = (security: unknown) => ({ name: 't', inputSchema: { type: 'object' }, security });

testRule(rule, {
  valid: [
    {
      name: 'declared schemes, scopes from any flow, empty http/apiKey arrays',
      doc: doc({
        securitySchemes: schemes,
        security: [{ oauth: ['issues:read', 'issues:write'] }, { bearer: [], key: [] }],
      }),
    },
    {
      name: '[] [{}] and omission are distinct and quiet',
      doc: doc({
        securitySchemes: schemes,
        security: [],
        tools: [tool([{}]), { name: 'u', inputSchema: { type: 'object' } }],
      }),
    },
    {
      name: 'standard OpenID Connect scopes',
      doc: doc({ securitySchemes: schemes, security: [{ oidc: ['openid', 'profile', 'email'] }, { oidc: [] }] }),
    },
    {
      name: 'transport security references a declared scheme',
      doc: doc({
        securitySchemes: schemes,
        transports: [{ type: 'streamable-http', url: 'https://example.com/mcp', security: [{ bearer: [] }] }],
      }),
    },
  ],
  invalid: [
    {
      name: 'unknown scheme at root, transport and primitive',
      doc: doc({
        securitySchemes: schemes,
        security: [{ missing: [] }],
        transports: [{ type: 'stdio', command: 's', security: [{ bearer: [], other: [] }] }],
        tools: [tool([{}, { nope: ['x'] }])],
      }),
      errors: [
        { code: 'unknown-scheme', pointer: '/security/0/missing' },
        { code: 'unknown-scheme', pointer: '/transports/0/security/0/other' },
        { code: 'unknown-scheme', pointer: '/tools/0/security/1/nope' },
      ],
    },
    {
      name: 'no securitySchemes at all',
      doc: doc({ security: [{ oauth: [] }] }),
      errors: [{ code: 'unknown-scheme', pointer: '/security/0/oauth' }],
    },
    {
      name: 'http and apiKey with scopes',
      doc: doc({ securitySchemes: schemes, security: [{ bearer: ['admin'] }, { key: ['x'] }] }),
      errors: [
        { code: 'non-empty-scope', pointer: '/security/0/bearer' },
        { code: 'non-empty-scope', pointer: '/security/1/key' },
      ],
    },
    {
      name: 'uncatalogued OAuth2 scope warns',
      doc: doc({ securitySchemes: schemes, tools: [tool([{ oauth: ['issues:read', 'issues:admin'] }])] }),
      errors: [{ code: 'uncatalogued-oauth-scope', pointer: '/tools/0/security/0/oauth/1', severity: 'warning' }],
    },
    {
      name: 'non-standard OpenID Connect scope warns',
      doc: doc({ securitySchemes: schemes, security: [{ oidc: ['openid', 'profile:read'] }] }),
      errors: [{ code: 'uncatalogued-openid-scope', pointer: '/security/0/oidc/1', severity: 'warning' }],
    },
  ],
});
