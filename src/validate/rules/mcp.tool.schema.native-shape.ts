import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having } from '../../model/revisions.js';
import { isObject } from '../../model/values.js';
import { specVersionsDefining } from '../../model/spec-versions.js';
import { raw, type Rule } from '../rule.js';
import { dialectRevisions, rootTypeFacts, schemaUseNote } from '../mcp/tool-schema-facts.js';

export const rule: Rule = {
  id: 'mcp.tool.schema.native-shape',
  kind: 'conformance',
  spec: '9.2',
  severity: 'warning',
  versions: specVersionsDefining('tool-schema.native-shape-warnings'),
  codes: {
    'root-type-not-object':
      '{role} root gives {found} instead of "type": "object", which the MCP Tool type of {revisions} requires; native projection fails for {revisions}',
    'property-not-object':
      '{role} property {name} is {value}, but the MCP Tool type of {revisions} requires an object for every top-level properties entry (write {suggestion}); native projection fails for {revisions}',
  },
  docs: {
    summary:
      '0.9.0-rc.3: a dialect-valid Tool schema that misses a restriction of the MCP Tool type (object type at the root, object property schemas) is a warning naming the revisions concerned.',
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
  },
  create(ctx) {
    const reported = new Set<string>();
    return {
      toolSchema(node) {
        if (!isObject(node.value)) return;
        const concerned = dialectRevisions(node.scope);
        if (concerned.length === 0) return;
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
            ctx.report('property-not-object', at, {
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
