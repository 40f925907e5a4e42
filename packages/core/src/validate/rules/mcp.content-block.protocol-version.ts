import { joinPointer } from '../../model/json-pointer.js';
import { checkContentList, contentCodes } from '../mcp/content.js';
import { namedByToolsSection, type Rule, type RuleDocs } from '../rule.js';
import { completedToolResult } from '../mcp/tool-example.js';
import { completedToolResultExample, toolDocument } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary:
      'Content blocks of a Tool example result use only the text, image, audio, embedded-resource and resource-link forms and members every applicable revision defines.',
    bad: toolDocument(
      { examples: { e: { input: {}, result: { content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] } } } },
      ['2024-11-05'],
    ),
    good: toolDocument({ examples: { e: { input: {}, result: completedToolResultExample } } }),
  };
}

/** Content blocks of a completed Tool Result use the forms and members of every applicable revision (9.3). */
export const rule: Rule = {
  id: 'mcp.content-block.protocol-version',
  kind: 'conformance',
  spec: '9.3',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: contentCodes,
  create(ctx) {
    return {
      example(node) {
        const found = completedToolResult(node);
        if (found && Array.isArray(found.result.content))
          checkContentList(ctx, found.result.content, joinPointer(found.at, 'content'), node.scope, 'result');
      },
    };
  },
};
