import { joinPointer } from '../../model/json-pointer.js';
import { having, lacking } from '../../model/revisions.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { namedByToolsSection, raw, type Rule, type RuleDocs } from '../rule.js';
import { exampleNote } from '../mcp/example-use-site.js';
import { envelopeMembers, inputRequiredMembers, isToolExample, taskMembers } from '../mcp/tool-example.js';
import { completedToolResultExample, toolDocument } from '../mcp/rule-docs.js';
import { definingRevisions, firstDefiningRevision } from '../mcp/revision-facts.js';
import { isCompleteSpecVersion } from '../../model/spec-versions.js';

/** Members a completed Tool Result may have in some revision (others are reported as unknown). */
const resultMembers = new Set(['content', 'structuredContent', 'isError', '_meta', 'resultType']);

export function docs(): RuleDocs {
  return {
    summary:
      'A Tool example result has the members of a completed Tool Result: content (required), structuredContent, isError, _meta, resultType.',
    bad: toolDocument({ examples: { e: { input: {}, result: { resultType: 'complete', text: 'done' } } } }),
    good: toolDocument({ examples: { e: { input: {}, result: completedToolResultExample } } }),
  };
}

/** The completed Tool Result members and their types (9.3). */
export const rule: Rule = {
  id: 'mcp.example-result.members',
  kind: 'conformance',
  spec: '9.3',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'missing-content':
      'the completed Tool Result lacks content; content is required, also when structuredContent is present',
    'member-type': '{member} of the completed Tool Result must be {expected}; found {value}',
    'unknown-member': `{value} is not a member of a completed Tool Result; expected content, structuredContent, isError, _meta and (MCP ${definingRevisions('result.resultType')}) resultType`,
  },
  create(ctx) {
    return {
      example(node) {
        if (!isToolExample(node)) return;
        const result = (node.value as JsonObject).result;
        if (!isObject(result)) return; // structural
        const at = joinPointer(node.pointer, 'result');
        const note = exampleNote(node);
        if (result.content === undefined) ctx.report('missing-content', at, note);
        else if (!Array.isArray(result.content)) {
          ctx.report('member-type', joinPointer(at, 'content'), {
            ...note,
            values: { member: 'content', expected: raw('an array of content blocks'), value: result.content },
          });
        }
        if (result.isError !== undefined && typeof result.isError !== 'boolean') {
          ctx.report('member-type', joinPointer(at, 'isError'), {
            ...note,
            values: { member: 'isError', expected: raw('a boolean'), value: result.isError },
          });
        }
        if (result._meta !== undefined && !isObject(result._meta)) {
          ctx.report('member-type', joinPointer(at, '_meta'), {
            ...note,
            values: { member: '_meta', expected: raw('an object'), value: result._meta },
          });
        }
        const sc = result.structuredContent;
        if (
          sc !== undefined &&
          !isObject(sc) &&
          lacking(having(node.scope, 'tool-result.structuredContent'), 'tool-schema.output-any-root').length
        ) {
          ctx.report('member-type', joinPointer(at, 'structuredContent'), {
            ...note,
            values: {
              member: 'structuredContent',
              expected: raw(`an object before MCP ${firstDefiningRevision('tool-schema.output-any-root')}`),
              value: sc,
            },
          });
        }
        // 0.9.0-rc.3 sends fields a revision does not define to its Section 3.6 (carried MCP values), which is not known here.
        if (!isCompleteSpecVersion(ctx.specVersion)) return;
        for (const key of Object.keys(result)) {
          if (
            resultMembers.has(key) ||
            envelopeMembers.has(key) ||
            taskMembers.has(key) ||
            inputRequiredMembers.has(key)
          )
            continue;
          ctx.report('unknown-member', joinPointer(at, key), { ...note, key: true, values: { value: key } });
        }
      },
    };
  },
};
