import { isSpecVersion, schemaUriOf, specVersionList, specVersions } from '../../model/spec-versions.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';

const canonicalSchemaUri = /^https:\/\/mcpdesc\.org\/schema\/mcp-description\/([^/]+)\.json$/;

export function docs(): RuleDocs {
  return {
    summary: 'The mcpdesc discriminator names a recognized version; $schema, when canonical, names the same version.',
    bad: { mcpdesc: '0.6.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] },
    good: { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] },
  };
}

export const rule: Rule = {
  id: 'mcpdesc.version',
  kind: 'conformance',
  spec: '4.8',
  severity: 'error',
  fixable: ['schema-alias'],
  codes: {
    unrecognized: `mcpdesc {value} is not a recognized MCP Description version; expected one of ${specVersionList.map((v) => JSON.stringify(v)).join(', ')}`,
    'partial-support': {
      severity: 'warning',
      message:
        'mcpdesc {value} is validated with {known} and the {baseline} rules for every other section; validation is not complete (16.3)',
    },
    'schema-version-mismatch': {
      severity: 'warning',
      message:
        '$schema {value} identifies MCP Description {schemaVersion}, but mcpdesc is {mcpdesc}; $schema SHOULD identify the version used (4.3)',
    },
    // 4.3: "When present, it SHOULD identify the exact stable version or public draft snapshot used
    // to produce or validate the document." 4.6: latest.json and draft.json are mutable aliases.
    'schema-alias': {
      severity: 'warning',
      message:
        '$schema {value} is a mutable convenience alias, not an exact schema version; $schema SHOULD identify the exact stable version or draft snapshot used, e.g. {canonical} (4.3, 4.6)',
    },
  },
  create(ctx) {
    return {
      document(doc) {
        const value = doc.mcpdesc;
        if (typeof value !== 'string') return; // missing or not a string: structural rule
        if (!isSpecVersion(value)) {
          ctx.report('unrecognized', '/mcpdesc', { values: { value } });
          return;
        }
        const partial = specVersions[value].partial;
        if (partial) {
          ctx.report('partial-support', '/mcpdesc', {
            values: { value, known: raw(partial.knownSections), baseline: raw(partial.otherSectionsFrom) },
          });
          ctx.markIncomplete(`${value} is supported for ${partial.knownSections} only`);
        }
        const schema = doc.$schema;
        const match = typeof schema === 'string' ? canonicalSchemaUri.exec(schema) : null;
        if (match && (match[1] === 'latest' || match[1] === 'draft')) {
          // The exact URI is the one of the document's own mcpdesc version: nothing to choose.
          const canonical = schemaUriOf(value);
          ctx.report('schema-alias', '/$schema', {
            values: { value: schema, canonical },
            fix: {
              kind: 'set',
              title: `Use the immutable schema URI ${canonical}`,
              pointer: '/$schema',
              value: canonical,
            },
          });
        } else if (match && match[1] !== value) {
          ctx.report('schema-version-mismatch', '/$schema', {
            values: { value: schema, schemaVersion: match[1], mcpdesc: value },
          });
        }
      },
    };
  },
};
