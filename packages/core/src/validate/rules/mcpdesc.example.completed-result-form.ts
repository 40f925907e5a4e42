import { joinPointer } from '../../model/json-pointer.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { completedToolResult, envelopeMembers, inputRequiredMembers, taskMembers } from '../mcp/tool-example.js';
import { completedToolResultExample, toolDocument } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary:
      'A Tool example result is a completed Tool Result, not a JSON-RPC envelope, error, task or input-required form.',
    bad: toolDocument({
      examples: { e: { input: {}, result: { jsonrpc: '2.0', id: 1, ...completedToolResultExample } } },
    }),
    good: toolDocument({ examples: { e: { input: {}, result: completedToolResultExample } } }),
  };
}

/** Only completed results: no JSON-RPC envelope, task or input-required forms (9.3). */
export const rule: Rule = {
  id: 'mcpdesc.example.completed-result-form',
  kind: 'conformance',
  spec: '9.3',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'json-rpc-envelope':
      '{value} is a JSON-RPC envelope or protocol-error member; a Tool example result is the completed Tool Result payload without the envelope',
    'task-form': '{value} marks a task-augmented result; task forms are not Tool Examples',
    'input-required-form':
      '{value} marks an input-required result; only completed results are Tool Examples (use interactionExamples for client-input steps)',
    'non-completed-result':
      'resultType {value} is not a completed result; a Tool example result must have resultType "complete"',
  },
  create(ctx) {
    return {
      example(node) {
        const found = completedToolResult(node);
        if (!found) return;
        const { result, at } = found;
        const note = exampleNote(node);
        for (const key of Object.keys(result)) {
          const code = envelopeMembers.has(key)
            ? 'json-rpc-envelope'
            : taskMembers.has(key)
              ? 'task-form'
              : inputRequiredMembers.has(key)
                ? 'input-required-form'
                : undefined;
          if (code) ctx.report(code, joinPointer(at, key), { ...note, key: true, values: { value: key } });
        }
        if (typeof result.resultType === 'string' && result.resultType !== 'complete') {
          ctx.report('non-completed-result', joinPointer(at, 'resultType'), {
            ...note,
            values: { value: result.resultType },
          });
        }
      },
    };
  },
};
