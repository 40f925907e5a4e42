import { joinPointer } from '../../model/json-pointer.js';
import type { Rule, RuleDocs } from '../../validate/rule.js';
import { exampleDocument, exampleTool } from '../example-document.js';

export const directoryNameLimit = 64;
export const protocolNameLimit = 128;

export function docs(): RuleDocs {
  return {
    summary: "Tool names stay within the directory policy's 64 characters and the protocol's 128.",
    bad: exampleDocument({
      tools: [exampleTool({ name: 'search_issues_across_all_connected_project_workspaces_by_full_text_query' })],
    }),
    good: exampleDocument({ tools: [exampleTool({ name: 'search_issues' })] }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.name.length',
  kind: 'lint',
  spec: 'guide 1',
  severity: 'warning',
  codes: {
    'over-directory-limit':
      'tool name {value} is {length} characters: inside the protocol\'s 128 but over the directory policy\'s 64 ("MCP tool names must not exceed 64 characters"); rename before users save prompts that use it',
    'over-protocol-limit': {
      severity: 'error',
      message:
        "tool name {value} is {length} characters, over the protocol's limit of 128 (names SHOULD be 1 to 128 characters) and the directory policy's 64",
    },
  },
  create(ctx) {
    return {
      primitive(node) {
        const name = node.value.name;
        // Code points never outnumber UTF-16 code units: a short name is not split into characters.
        if (node.kind !== 'tool' || typeof name !== 'string' || name.length <= directoryNameLimit) return;
        const length = [...name].length;
        const at = joinPointer(node.pointer, 'name');
        if (length > protocolNameLimit) ctx.report('over-protocol-limit', at, { values: { value: name, length } });
        else if (length > directoryNameLimit)
          ctx.report('over-directory-limit', at, { values: { value: name, length } });
      },
    };
  },
};
