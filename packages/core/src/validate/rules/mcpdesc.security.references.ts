import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn, isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] };

const oauth = {
  type: 'oauth2',
  flows: {
    authorizationCode: {
      authorizationUrl: 'https://auth.example.com/authorize',
      tokenUrl: 'https://auth.example.com/token',
      scopes: { 'issues:read': 'Read issues' },
    },
  },
};

/**
 * The static scope catalogue of OpenID Connect schemes: an OpenID Connect Security Scheme names only
 * its discovery URL, so the document itself catalogues no scopes; the standard scope values of
 * OpenID Connect Core 1.0 (sections 3.1.2.1, 5.4 and 11) are the catalogue a validator knows statically.
 */
const openIdConnectStandardScopes: ReadonlySet<string> = new Set([
  'openid',
  'profile',
  'email',
  'address',
  'phone',
  'offline_access',
]);

export function docs(): RuleDocs {
  return {
    summary:
      'Security requirements name schemes declared in root securitySchemes; HTTP and API-key requirements have no scopes; OAuth2/OpenID Connect scopes outside a static catalogue warn.',
    bad: { ...base, securitySchemes: { oauth }, security: [{ missing: [] }] },
    good: { ...base, securitySchemes: { oauth }, security: [{ oauth: ['issues:read'] }] },
  };
}

/** 7.3: Security Requirement Objects reference declared schemes with scope arrays their type permits. */
export const rule: Rule = {
  id: 'mcpdesc.security.references',
  kind: 'conformance',
  spec: '7.3',
  severity: 'error',
  codes: {
    'unknown-scheme':
      'security scheme {value} is not declared in root securitySchemes{declared}; every referenced name must exist there',
    'non-empty-scope':
      '{type} security scheme {value} is required with scopes {scopes}; HTTP and API-key schemes must use an empty scope array',
    'uncatalogued-oauth-scope': {
      severity: 'warning',
      message:
        "scope {value} is not in the scopes catalogue of any flow of OAuth2 scheme {scheme} ({catalogue}); allowed, but check the spelling or add it to the scheme's flows",
    },
    'uncatalogued-openid-scope': {
      severity: 'warning',
      message:
        "scope {value} of OpenID Connect scheme {scheme} is not a standard OpenID Connect scope (openid, profile, email, address, phone, offline_access), and the document has no static catalogue for it; allowed, but it cannot be checked here — make sure the provider's scopes_supported lists it",
    },
  },
  create(ctx) {
    const schemes = isObject(ctx.document.securitySchemes) ? ctx.document.securitySchemes : undefined;
    const declaredNames = schemes ? Object.keys(schemes) : [];
    const declaredText = raw(
      declaredNames.length
        ? ` (declared: ${declaredNames
            .slice(0, 8)
            .map((n) => JSON.stringify(n))
            .join(', ')}${declaredNames.length > 8 ? ', …' : ''})`
        : ' (the document declares none)',
    );
    /** Union of every flow's scope names per OAuth2 scheme, computed once. */
    const oauthCatalogues = new Map<string, Set<string>>();
    const catalogueOf = (name: string, scheme: Record<string, unknown>): Set<string> => {
      let set = oauthCatalogues.get(name);
      if (set) return set;
      set = new Set();
      if (isObject(scheme.flows)) {
        for (const flow of Object.values(scheme.flows)) {
          if (isObject(flow) && isObject(flow.scopes)) for (const s of Object.keys(flow.scopes)) set.add(s);
        }
      }
      oauthCatalogues.set(name, set);
      return set;
    };
    return {
      security(node) {
        if (!Array.isArray(node.value)) return; // structural
        node.value.forEach((requirement, index) => {
          if (!isObject(requirement)) return; // structural
          const at = joinPointer(node.pointer, index);
          for (const name of Object.keys(requirement)) {
            const scopesAt = joinPointer(at, name);
            if (!schemes || !hasOwn(schemes, name)) {
              ctx.report('unknown-scheme', scopesAt, { key: true, values: { value: name, declared: declaredText } });
              continue;
            }
            const scheme = schemes[name];
            const scopes = requirement[name];
            if (!isObject(scheme) || !Array.isArray(scopes)) continue; // structural
            const type = scheme.type;
            if (type === 'http' || type === 'apiKey') {
              if (scopes.length > 0)
                ctx.report('non-empty-scope', scopesAt, {
                  values: { type: raw(type === 'http' ? 'HTTP' : 'API-key'), value: name, scopes },
                });
            } else if (type === 'oauth2') {
              if (!isObject(scheme.flows)) continue; // structural
              const catalogue = catalogueOf(name, scheme);
              scopes.forEach((scope, i) => {
                if (typeof scope === 'string' && !catalogue.has(scope)) {
                  ctx.report('uncatalogued-oauth-scope', joinPointer(scopesAt, i), {
                    values: {
                      value: scope,
                      scheme: name,
                      catalogue: raw(
                        catalogue.size
                          ? 'catalogued: ' +
                              [...catalogue]
                                .slice(0, 8)
                                .map((s) => JSON.stringify(s))
                                .join(', ') +
                              (catalogue.size > 8 ? ', …' : '')
                          : 'no scopes catalogued',
                      ),
                    },
                  });
                }
              });
            } else if (type === 'openIdConnect') {
              scopes.forEach((scope, i) => {
                if (typeof scope === 'string' && !openIdConnectStandardScopes.has(scope)) {
                  ctx.report('uncatalogued-openid-scope', joinPointer(scopesAt, i), {
                    values: { value: scope, scheme: name },
                  });
                }
              });
            }
          }
        });
      },
    };
  },
};
