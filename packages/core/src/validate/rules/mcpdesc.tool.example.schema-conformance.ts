import { joinPointer } from '../../model/json-pointer.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { compatibilityCodes, reportCompatibility, toolSchemaCompatibility } from '../mcp/tool-schema-compatibility.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { isToolExample, resolvedToolSchema } from '../mcp/tool-example.js';
import { completedToolResultExample, toolDocument } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary: 'Tool example input validates against the Tool inputSchema under every applicable revision.',
    bad: toolDocument({
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      examples: { e: { input: { n: 'one' }, result: completedToolResultExample } },
    }),
    good: toolDocument({
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      examples: { e: { input: { n: 1 }, result: completedToolResultExample } },
    }),
  };
}

/** `input` validates against the resolved inputSchema under every applicable revision (9.3, 9.4). */
export const rule: Rule = {
  id: 'mcpdesc.tool.example.schema-conformance',
  kind: 'conformance',
  spec: '9.3',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: compatibilityCodes('input', '9.2, 9.3'),
  create(ctx) {
    return {
      example(node) {
        if (!isToolExample(node)) return;
        const input = (node.value as JsonObject).input;
        if (!isObject(input)) return; // structural
        const schema = resolvedToolSchema(ctx, node.owner, 'inputSchema');
        if (!schema) return;
        const result = toolSchemaCompatibility(ctx, schema.value, input, node.scope);
        reportCompatibility(
          ctx,
          result,
          input,
          joinPointer(node.pointer, 'input'),
          schema.pointer,
          'input',
          exampleNote(node),
        );
      },
    };
  },
};
