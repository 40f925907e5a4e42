import { havingField } from '../../model/shape-tree.js';
import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { toolLabel } from '../tool-name.js';
import { exampleDocument, exampleTool } from '../example-document.js';

const structuredResult = {
  resultType: 'complete',
  content: [{ type: 'text', text: '{"key":"ABC-123","status":"open"}' }],
  structuredContent: { key: 'ABC-123', status: 'open' },
};

export function docs(): RuleDocs {
  return {
    summary:
      'Tools whose examples return structuredContent declare an outputSchema, and also return the serialized JSON as text.',
    bad: exampleDocument({
      tools: [exampleTool({ examples: { found: { input: { key: 'ABC-123' }, result: structuredResult } } })],
    }),
    good: exampleDocument({
      tools: [
        exampleTool({
          outputSchema: { type: 'object', properties: { key: { type: 'string' }, status: { type: 'string' } } },
          examples: { found: { input: { key: 'ABC-123' }, result: structuredResult } },
        }),
      ],
    }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.output-schema',
  kind: 'lint',
  spec: 'guide 6',
  fixable: ['structured-without-text'],
  severity: 'info',
  codes: {
    'structured-without-output-schema':
      'example {example} of tool {name} returns structuredContent but the tool declares no outputSchema; declare one when the result is machine-readable, so clients can validate it',
    'structured-without-text':
      'example {example} of tool {name} returns structuredContent without a text content block; for backwards compatibility a tool returning structured content SHOULD also return the serialized JSON as text',
  },
  create(ctx) {
    const reported = new Set<string>();
    return {
      example(node) {
        if (node.kind !== 'tool' && node.kind !== 'toolInteraction') return;
        if (!isObject(node.value) || !isObject(node.value.result)) return;
        const result = node.value.result;
        if (result.structuredContent === undefined || result.isError === true) return;
        const tool = node.owner.value;
        // Label and pointer are made only for a report.
        const values = (): { name: ReturnType<typeof raw>; example: string } => ({
          name: raw(toolLabel(tool)),
          example: node.name,
        });
        // Once per tool: the first example that shows it.
        if (
          tool.outputSchema === undefined &&
          havingField(node.scope, 'Tool', 'outputSchema').length > 0 &&
          !reported.has(node.owner.pointer)
        ) {
          reported.add(node.owner.pointer);
          ctx.report('structured-without-output-schema', joinPointer(node.pointer, 'result', 'structuredContent'), {
            values: values(),
          });
        }
        const content = result.content;
        if (Array.isArray(content) && !content.some((block) => isObject(block) && block.type === 'text')) {
          // The text block the specification asks for is the structured content serialized: nothing to choose.
          const at = joinPointer(node.pointer, 'result', 'content');
          ctx.report('structured-without-text', at, {
            values: values(),
            fix: {
              kind: 'append',
              title: 'Add the structured content serialized as a text block',
              pointer: at,
              value: { type: 'text', text: JSON.stringify(result.structuredContent) },
            },
          });
        }
      },
    };
  },
};
