import { havingField } from '../../model/shape-tree.js';
import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { preDialectRevisions, schemaUseNote } from '../mcp/tool-schema-facts.js';

export function docs(): RuleDocs {
  return {
    summary:
      'Before MCP 2025-11-25, Tool schema properties is an object of objects and required an array of strings; no dialect is inferred.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-06-18'],
      tools: [{ name: 't', inputSchema: { type: 'object', required: 'value' } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-06-18'],
      tools: [
        {
          name: 't',
          inputSchema: {
            type: 'object',
            required: ['value'],
            properties: { value: { type: 'number', exclusiveMinimum: true } },
          },
        },
      ],
    },
  };
}

export const rule: Rule = {
  id: 'mcp.tool.schema.legacy-shape',
  kind: 'conformance',
  spec: '9.2',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'properties-not-object': '{role} properties must be an object for MCP {revisions}; found {value}',
    'property-not-object': '{role} property {name} must be an object schema for MCP {revisions}; found {value}',
    'required-not-array': '{role} required must be an array of strings for MCP {revisions}; found {value}',
    'required-entry-not-string': '{role} required entries must be strings for MCP {revisions}; found {value}',
  },
  create(ctx) {
    return {
      toolSchema(node) {
        if (!isObject(node.value)) return;
        let concerned = preDialectRevisions(node.scope);
        if (node.role === 'outputSchema') concerned = havingField(concerned, 'Tool', 'outputSchema');
        if (concerned.length === 0) return;
        const schema = node.value;
        const common = { role: raw(node.role), revisions: raw(formatRevisions(concerned)) };
        if (hasOwn(schema, 'properties')) {
          const properties = schema.properties;
          if (!isObject(properties)) {
            ctx.report('properties-not-object', joinPointer(node.pointer, 'properties'), {
              values: { ...common, value: properties },
              ...schemaUseNote(node),
            });
          } else {
            for (const name of Object.keys(properties)) {
              if (!isObject(properties[name])) {
                ctx.report('property-not-object', joinPointer(node.pointer, 'properties', name), {
                  values: { ...common, name, value: properties[name] },
                  ...schemaUseNote(node),
                });
              }
            }
          }
        }
        if (hasOwn(schema, 'required')) {
          const required = schema.required;
          if (!Array.isArray(required)) {
            ctx.report('required-not-array', joinPointer(node.pointer, 'required'), {
              values: { ...common, value: required },
              ...schemaUseNote(node),
            });
          } else {
            required.forEach((entry, index) => {
              if (typeof entry !== 'string') {
                ctx.report('required-entry-not-string', joinPointer(node.pointer, 'required', index), {
                  values: { ...common, value: entry },
                  ...schemaUseNote(node),
                });
              }
            });
          }
        }
      },
    };
  },
};
