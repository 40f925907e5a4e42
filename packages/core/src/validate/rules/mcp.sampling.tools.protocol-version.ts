import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { interactionDocument, samplingStep } from '../mcp/rule-docs.js';
import { firstDefiningRevision } from '../mcp/revision-facts.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A sampling step request uses tools and toolChoice only when every applicable revision defines them (2025-11-25+).',
    bad: interactionDocument([samplingStep({ tools: [{ name: 'x', inputSchema: { type: 'object' } }] })], {}, [
      '2025-06-18',
    ]),
    good: interactionDocument([samplingStep({ tools: [{ name: 'x', inputSchema: { type: 'object' } }] })], {}, [
      '2025-11-25',
    ]),
  };
}

/** Sampling tool fields (tools, toolChoice) are MCP 2025-11-25+ (9.4). */
export const rule: Rule = {
  id: 'mcp.sampling.tools.protocol-version',
  kind: 'conformance',
  spec: '9.4',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'tools-revision': `sampling request member {value} is not defined by MCP {revisions}; tool use in sampling starts with MCP ${firstDefiningRevision('sampling.tools')}`,
  },
  create(ctx) {
    return {
      example(node) {
        const without = lacking(node.scope, 'sampling.tools');
        if (!without.length) return;
        for (const step of stepsOf(node)) {
          if (step.type !== 'sampling' || !isObject(step.request)) continue;
          for (const key of ['tools', 'toolChoice']) {
            if (hasOwn(step.request, key)) {
              ctx.report('tools-revision', joinPointer(step.pointer, 'request', key), {
                ...exampleNote(node),
                key: true,
                values: { value: key, revisions: raw(formatRevisions(without)) },
              });
            }
          }
        }
      },
    };
  },
};
