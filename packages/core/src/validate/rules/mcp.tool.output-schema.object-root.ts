import { havingField } from '../../model/shape-tree.js';
import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking } from '../../model/revisions.js';
import { isObject } from '../../model/values.js';
import { specDefines } from '../../model/spec-versions.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { dialectRevisions, rootTypeFacts, schemaUseNote } from '../mcp/tool-schema-facts.js';
import { firstDefiningRevision } from '../mcp/revision-facts.js';

export function docs(): RuleDocs {
  return {
    summary: 'Before MCP 2026-07-28 a Tool outputSchema declares an object root; MCP 2026-07-28 permits any root.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [
        { name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2026-07-28'],
      tools: [
        { name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } },
      ],
    },
  };
}

export const rule: Rule = {
  id: 'mcp.tool.output-schema.object-root',
  kind: 'conformance',
  spec: '9.2',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'not-object-root': `outputSchema root declares type {value}; before MCP ${firstDefiningRevision('tool-schema.output-any-root')} structured output is an object, and this Tool applies to MCP {revisions}`,
    'object-type-required': 'outputSchema root must declare "type": "object" for MCP {revisions}; found {found}',
  },
  create(ctx) {
    return {
      toolSchema(node) {
        if (node.role !== 'outputSchema' || !isObject(node.value)) return;
        // Revisions that define outputSchema (others: mcp.declaration.field.protocol-version) and require an object root.
        const concerned = lacking(havingField(node.scope, 'Tool', 'outputSchema'), 'tool-schema.output-any-root');
        if (concerned.length === 0) return;
        const facts = rootTypeFacts(node.value);
        if (facts.present && facts.wellFormed && !facts.containsObject) {
          ctx.report('not-object-root', joinPointer(node.pointer, 'type'), {
            values: { value: node.value.type, revisions: raw(formatRevisions(concerned)) },
            ...schemaUseNote(node),
          });
          return;
        }
        // Pre-dialect revisions: exactly "type": "object". 0.8.0 "MUST declare an object root" for every
        // concerned revision; 0.9.0-rc.3 lets an MCP 2025-11-25 root omit `type` (native-shape warning).
        const strict = concerned.filter(
          (r) => !dialectRevisions([r]).length || specDefines(ctx.specVersion, 'tool-schema.output-root-type-required'),
        );
        const failing = strict.filter((r) =>
          dialectRevisions([r]).length ? !facts.containsObject : !facts.exactObject,
        );
        if (failing.length) {
          ctx.report('object-type-required', facts.present ? joinPointer(node.pointer, 'type') : node.pointer, {
            values: {
              revisions: raw(formatRevisions(failing)),
              found: facts.present ? node.value.type : raw('no type'),
            },
            ...schemaUseNote(node),
          });
        }
      },
    };
  },
};
