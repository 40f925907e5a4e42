import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having, lacking } from '../../model/revisions.js';
import { hasOwn } from '../../model/values.js';
import { checkMeta, metaCodes } from '../mcp/meta.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { completedToolResult } from '../mcp/tool-example.js';
import { completedToolResultExample, toolDocument } from '../mcp/rule-docs.js';
import { isCompleteSpecVersion } from '../../model/spec-versions.js';
import { splitAdvice } from '../mcp/split-advice.js';

export function docs(): RuleDocs {
  return {
    summary: 'A Tool example result uses only the result fields and _meta of every applicable revision.',
    bad: toolDocument({ examples: { e: { input: {}, result: { content: [{ type: 'text', text: 'done' }] } } } }),
    good: toolDocument({ examples: { e: { input: {}, result: completedToolResultExample } } }),
  };
}

/** Revision fidelity of a completed Tool Result: resultType, structuredContent and _meta per revision (9.3, 3.5); content blocks are mcp.content-block.protocol-version's. */
export const rule: Rule = {
  id: 'mcpdesc.example.result.protocol-fidelity',
  kind: 'conformance',
  spec: '9.3',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'result-type-missing':
      'the completed Tool Result lacks resultType; a result for MCP {revisions} must contain resultType: "complete"',
    'result-type-revision': `resultType is not defined by MCP {revisions}; earlier revisions must not contain it (split the Tool into protocol-scoped variants; ${splitAdvice})`,
    'structured-content-revision': 'structuredContent is not defined by MCP {revisions}',
    'meta-revision': '_meta on a completed Tool Result is not defined by MCP {revisions}',
    ...metaCodes,
  },
  create(ctx) {
    return {
      example(node) {
        const found = completedToolResult(node);
        if (!found) return;
        const { result, at } = found;
        const note = exampleNote(node);
        const scope = node.scope;
        if (hasOwn(result, 'resultType')) {
          const without = lacking(scope, 'result.resultType');
          // 0.8.0 only: 0.9.0-rc.3 sends undefined fields to its Section 3.6 (carried MCP values), not known here.
          if (without.length && isCompleteSpecVersion(ctx.specVersion))
            ctx.report('result-type-revision', joinPointer(at, 'resultType'), {
              ...note,
              key: true,
              values: { revisions: raw(formatRevisions(without)) },
            });
        } else {
          const requiring = having(scope, 'result.resultType');
          if (requiring.length)
            ctx.report('result-type-missing', at, { ...note, values: { revisions: raw(formatRevisions(requiring)) } });
        }
        if (hasOwn(result, 'structuredContent')) {
          const without = lacking(scope, 'tool-result.structuredContent');
          if (without.length)
            ctx.report('structured-content-revision', joinPointer(at, 'structuredContent'), {
              ...note,
              key: true,
              values: { revisions: raw(formatRevisions(without)) },
            });
        }
        if (hasOwn(result, '_meta')) {
          const without = lacking(scope, 'result._meta');
          if (without.length)
            ctx.report('meta-revision', joinPointer(at, '_meta'), {
              ...note,
              key: true,
              values: { revisions: raw(formatRevisions(without)) },
            });
          checkMeta(ctx, result._meta, joinPointer(at, '_meta'), having(scope, 'result._meta'), 'result');
        }
      },
    };
  },
};
