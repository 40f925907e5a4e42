import { joinPointer } from '../../model/json-pointer.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { isToolExample } from '../mcp/tool-example.js';
import { completedToolResultExample, toolDocument } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A Tool execution-error example sets isError: true, carries unstructured content and no structuredContent.',
    bad: toolDocument({
      examples: {
        e: { input: {}, result: { ...completedToolResultExample, structuredContent: { code: 'x' }, isError: true } },
      },
    }),
    good: toolDocument({ examples: { e: { input: {}, result: { ...completedToolResultExample, isError: true } } } }),
  };
}

/** Execution-error results: isError true, content, no structuredContent (9.3). */
export const rule: Rule = {
  id: 'mcpdesc.tool.example.error-result',
  kind: 'conformance',
  spec: '9.3',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'structured-content-in-error':
      'an execution-error result (isError: true) must not contain structuredContent; outputSchema does not describe error content',
  },
  create(ctx) {
    return {
      example(node) {
        if (!isToolExample(node)) return;
        const result = (node.value as JsonObject).result;
        if (!isObject(result) || result.isError !== true) return;
        if (hasOwn(result, 'structuredContent')) {
          ctx.report('structured-content-in-error', joinPointer(node.pointer, 'result', 'structuredContent'), {
            ...exampleNote(node),
            key: true,
          });
        }
      },
    };
  },
};
