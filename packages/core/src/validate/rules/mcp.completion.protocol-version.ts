import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { completedCompletionResult, promptCompletionDocument } from '../mcp/rule-docs.js';
import { firstDefiningRevision } from '../mcp/revision-facts.js';
import { splitAdvice } from '../mcp/split-advice.js';

export function docs(): RuleDocs {
  return {
    summary:
      'Completion examples appear only in revisions that define completion/complete, and their context only from MCP 2025-06-18.',
    bad: promptCompletionDocument(
      {
        argument: { name: 'name', value: 'a' },
        context: { arguments: { department: 'engineering' } },
        result: completedCompletionResult,
      },
      ['2025-03-26'],
    ),
    good: promptCompletionDocument({ argument: { name: 'name', value: 'a' }, result: completedCompletionResult }, [
      '2025-03-26',
    ]),
  };
}

/** Completion examples only where MCP defines completion, and context only where it defines completion context (10.4.6, 11.4). */
export const rule: Rule = {
  id: 'mcp.completion.protocol-version',
  kind: 'conformance',
  spec: '11.4',
  severity: 'error',
  codes: {
    'completion-revision': `completion examples are not valid in MCP {revisions}, for which MCP Description dates argument completion from MCP ${firstDefiningRevision('completion')} (8.2)`,
    'context-revision': `completion context is not defined by MCP {revisions}; split the declaration into protocol-scoped variants when context is needed (${splitAdvice})`,
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'completion' || !isObject(node.value)) return;
        const noCompletion = lacking(node.scope, 'completion');
        if (noCompletion.length)
          ctx.report('completion-revision', node.pointer, {
            values: { revisions: raw(formatRevisions(noCompletion)) },
          });
        if (hasOwn(node.value, 'context')) {
          const noContext = lacking(node.scope, 'completion.context').filter((r) => !noCompletion.includes(r));
          if (noContext.length) {
            ctx.report('context-revision', joinPointer(node.pointer, 'context'), {
              key: true,
              values: { revisions: raw(formatRevisions(noContext)) },
            });
          }
        }
      },
    };
  },
};
