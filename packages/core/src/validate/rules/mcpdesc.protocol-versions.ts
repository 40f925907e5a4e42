import { joinPointer } from '../../model/json-pointer.js';
import { defines, isRevision, revisions } from '../../model/revisions.js';
import type { Rule, RuleDocs } from '../rule.js';

export function docs(): RuleDocs {
  return {
    summary:
      'Root and declaration protocolVersions hold unique, known MCP revisions; legacy revisions are validated incompletely.',
    bad: { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25', '2027-01-01'] },
    good: { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25', '2026-07-28'] },
  };
}

export const rule: Rule = {
  id: 'mcpdesc.protocol-versions',
  kind: 'conformance',
  spec: '4.9',
  fixable: ['duplicate'],
  severity: 'error',
  codes: {
    'unknown-revision': `{value} is not an MCP protocol revision MCP Description 0.8.0 can validate; expected one of ${revisions.map((r) => `"${r}"`).join(', ')}`,
    duplicate: '{value} is listed more than once in protocolVersions; values must be unique',
    'legacy-incomplete': {
      severity: 'warning',
      message:
        'MCP {value} is a legacy revision: structural and selected checks apply, complete MCP semantic validation is not possible (3.5, 16.2)',
    },
  },
  create(ctx) {
    const checkList = (list: unknown, pointer: string): void => {
      if (!Array.isArray(list)) return;
      const seen = new Set<unknown>();
      list.forEach((value, index) => {
        const at = joinPointer(pointer, index);
        if (typeof value !== 'string') return; // structural
        if (!isRevision(value)) ctx.report('unknown-revision', at, { values: { value } });
        else if (seen.has(value))
          ctx.report('duplicate', at, {
            values: { value },
            // The earlier entry says the same: removing the repetition changes no scope.
            fix: { kind: 'remove', title: `Remove the repeated ${JSON.stringify(value)}`, pointer: at },
          });
        seen.add(value);
      });
    };
    return {
      document(doc) {
        checkList(doc.protocolVersions, '/protocolVersions');
        const list = doc.protocolVersions;
        if (!Array.isArray(list)) return;
        list.forEach((value, index) => {
          if (isRevision(value) && defines(value, 'legacy-validation')) {
            if (list.indexOf(value) !== index) return;
            ctx.report('legacy-incomplete', joinPointer('/protocolVersions', index), { values: { value } });
            ctx.markIncomplete(`MCP ${value} is validated incompletely`);
          }
        });
      },
      transport: (node) => checkList(node.value.protocolVersions, joinPointer(node.pointer, 'protocolVersions')),
      capabilities: (node) => checkList(node.value.protocolVersions, joinPointer(node.pointer, 'protocolVersions')),
      primitive: (node) => checkList(node.value.protocolVersions, joinPointer(node.pointer, 'protocolVersions')),
      elicitation: (node) => checkList(node.value.protocolVersions, joinPointer(node.pointer, 'protocolVersions')),
    };
  },
};
