import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { interactionDocument, rootsStep } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary: 'Each root in a roots step response has a file:// URI.',
    bad: interactionDocument([rootsStep('https://example.com/work')]),
    good: interactionDocument([rootsStep('file:///workspace/example')]),
  };
}

/** Roots are file:// URIs (MCP roots). */
export const rule: Rule = {
  id: 'mcp.root.uri.file-scheme',
  kind: 'conformance',
  spec: '9.4',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'not-file-uri': 'root uri {value} must be a file:// URI',
  },
  create(ctx) {
    return {
      example(node) {
        for (const step of stepsOf(node)) {
          if (step.type !== 'roots' || !isObject(step.response) || !Array.isArray(step.response.roots)) continue;
          step.response.roots.forEach((root, i) => {
            if (!isObject(root) || typeof root.uri !== 'string') return;
            if (!root.uri.startsWith('file://'))
              ctx.report('not-file-uri', joinPointer(step.pointer, 'response', 'roots', i, 'uri'), {
                ...exampleNote(node),
                values: { value: root.uri },
              });
          });
        }
      },
    };
  },
};
