import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having } from '../../model/revisions.js';
import { isObject } from '../../model/values.js';
import { specDefines } from '../../model/spec-versions.js';
import type { Severity } from '../../model/diagnostic.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { dialectRevisions, rootTypeFacts, schemaUseNote } from '../mcp/tool-schema-facts.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A dialect-valid Tool schema that misses a restriction of the MCP Tool type (object type at the root, object property schemas): 0.9.0-rc.3 warns, naming the revisions concerned; 0.8.0 rejects them for MCP 2025-11-25 (earlier views follow their MCP schema rules).',
    bad: {
      mcpdesc: '0.9.0-rc.3',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'object', properties: { anything: true } } }],
    },
    good: {
      mcpdesc: '0.9.0-rc.3',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'object', properties: { anything: {} } } }],
    },
  };
}

export const rule: Rule = {
  id: 'mcp.tool.schema.native-shape',
  kind: 'conformance',
  spec: '9.2',
  namedBy: namedByToolsSection,
  fixable: ['property-not-object'],
  severity: 'warning',
  codes: {
    'root-type-not-object':
      '{role} root gives {found} instead of "type": "object", which the MCP Tool type of {revisions} requires; native projection fails for {revisions}',
    'property-not-object':
      '{role} property {name} is {value}, but the MCP Tool type of {revisions} requires an object for every top-level properties entry (write {suggestion}); native projection fails for {revisions}',
  },
  create(ctx) {
    const reported = new Set<string>();
    return {
      toolSchema(node) {
        if (!isObject(node.value)) return;
        let concerned = dialectRevisions(node.scope);
        // 0.8.0: only the earlier views (2025-11-25), whose MCP schema rules reject these shapes: errors.
        const warns = specDefines(ctx.specVersion, 'tool-schema.native-shape-warnings');
        const errs = specDefines(ctx.specVersion, 'tool-schema.earlier-views-native-shape-errors');
        if (!warns) concerned = errs ? having(concerned, 'tool-schema.mcp-schema-rules') : [];
        if (concerned.length === 0) return;
        const severity: Severity | undefined = warns ? undefined : 'error';
        const schema = node.value;
        const role = raw(node.role);
        const rootRevisions = having(
          concerned,
          node.role === 'inputSchema'
            ? 'tool-schema.native.input-object-type'
            : 'tool-schema.native.output-object-type',
        );
        const facts = rootTypeFacts(schema);
        // A declared type without "object" is an error of the object-root rules, not a warning.
        if (rootRevisions.length && !facts.exactObject && (!facts.present || facts.containsObject)) {
          const at = facts.present ? joinPointer(node.pointer, 'type') : node.pointer;
          if (!reported.has('root' + at)) {
            reported.add('root' + at);
            ctx.report('root-type-not-object', at, {
              severity,
              values: {
                role,
                found: facts.present ? schema.type : raw('no type'),
                revisions: raw(formatRevisions(rootRevisions)),
              },
              ...schemaUseNote(node),
            });
          }
        }
        const propertyRevisions = having(concerned, 'tool-schema.native.object-properties');
        const properties = schema.properties;
        if (propertyRevisions.length && isObject(properties)) {
          for (const name of Object.keys(properties)) {
            const value = properties[name];
            if (typeof value !== 'boolean') continue; // non-schema values are invalid schemas, reported elsewhere
            const at = joinPointer(node.pointer, 'properties', name);
            if (reported.has('prop' + at)) continue;
            reported.add('prop' + at);
            // {} accepts what true accepts and { "not": {} } what false accepts: the same schema, as an object.
            const equivalent = value ? {} : { not: {} };
            ctx.report('property-not-object', at, {
              severity,
              fix: {
                kind: 'set',
                title: `Write ${value} as the equivalent schema ${JSON.stringify(equivalent)}`,
                pointer: at,
                value: equivalent,
              },
              values: {
                role,
                name,
                value,
                suggestion: raw(value ? '{}' : '{ "not": {} }'),
                revisions: raw(formatRevisions(propertyRevisions)),
              },
              ...schemaUseNote(node),
            });
          }
        }
      },
    };
  },
};
