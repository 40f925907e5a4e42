import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions } from '../../model/revisions.js';
import { isObject } from '../../model/values.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { preDialectRevisions, rootTypeFacts, schemaUseNote } from '../mcp/tool-schema-facts.js';

export function docs(): RuleDocs {
  return {
    summary: 'A Tool inputSchema root describes an object; before MCP 2025-11-25 it declares "type": "object".',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'array' } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
    },
  };
}

export const rule: Rule = {
  id: 'mcp.tool.input-schema.object-root',
  kind: 'conformance',
  spec: '9.2',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'not-object-root':
      'inputSchema root declares type {value}; the root MUST describe an object (type "object" or a type array containing "object")',
    'object-type-required':
      'inputSchema root must declare "type": "object" for MCP {revisions}, whose Tool schema shape is object-rooted; found {found}',
  },
  create(ctx) {
    return {
      toolSchema(node) {
        if (node.role !== 'inputSchema' || !isObject(node.value) || node.scope.length === 0) return;
        const facts = rootTypeFacts(node.value);
        if (facts.present && facts.wellFormed && !facts.containsObject) {
          ctx.report('not-object-root', joinPointer(node.pointer, 'type'), {
            values: { value: node.value.type },
            ...schemaUseNote(node),
          });
          return;
        }
        const early = preDialectRevisions(node.scope);
        if (early.length && !facts.exactObject) {
          ctx.report('object-type-required', facts.present ? joinPointer(node.pointer, 'type') : node.pointer, {
            values: { revisions: raw(formatRevisions(early)), found: facts.present ? node.value.type : raw('no type') },
            ...schemaUseNote(node),
          });
        }
      },
    };
  },
};
