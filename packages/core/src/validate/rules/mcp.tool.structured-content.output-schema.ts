import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { compatibilityCodes, reportCompatibility, toolSchemaCompatibility } from '../mcp/tool-schema-compatibility.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { isToolExample, resolvedToolSchema } from '../mcp/tool-example.js';
import { completedToolResultExample, toolDocument } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A successful example result of a Tool with outputSchema contains structuredContent that validates against it.',
    bad: toolDocument({
      outputSchema: { type: 'object', required: ['total'] },
      examples: { e: { input: {}, result: completedToolResultExample } },
    }),
    good: toolDocument({
      outputSchema: { type: 'object', required: ['total'] },
      examples: { e: { input: {}, result: { ...completedToolResultExample, structuredContent: { total: 1 } } } },
    }),
  };
}

/** A successful result of a Tool with outputSchema contains structuredContent valid against it (9.3). */
export const rule: Rule = {
  id: 'mcp.tool.structured-content.output-schema',
  kind: 'conformance',
  spec: '9.3',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'missing-structured-content':
      'the Tool declares outputSchema, so a successful result must contain structuredContent (MCP {revisions})',
    ...compatibilityCodes('structuredContent', '9.2, 9.3'),
  },
  create(ctx) {
    return {
      example(node) {
        if (!isToolExample(node)) return;
        const result = (node.value as JsonObject).result;
        if (!isObject(result) || result.isError === true) return;
        const scope = having(node.scope, 'tool-result.structuredContent');
        if (!scope.length) return; // outputSchema and structuredContent are 2025-06-18+ (reported by their revision rules)
        const schema = resolvedToolSchema(ctx, node.owner, 'outputSchema');
        if (!schema) return;
        const at = joinPointer(node.pointer, 'result');
        const note = exampleNote(node);
        if (!hasOwn(result, 'structuredContent')) {
          ctx.report('missing-structured-content', at, { ...note, values: { revisions: raw(formatRevisions(scope)) } });
          return;
        }
        const value = result.structuredContent;
        const compatibility = toolSchemaCompatibility(ctx, schema.value, value, scope);
        reportCompatibility(
          ctx,
          compatibility,
          value,
          joinPointer(at, 'structuredContent'),
          schema.pointer,
          'structuredContent',
          note,
        );
      },
    };
  },
};
