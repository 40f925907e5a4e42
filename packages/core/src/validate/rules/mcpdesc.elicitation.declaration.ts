import { joinPointer } from '../../model/json-pointer.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { formFindings, formNote, formSchemaCodes, type Finding } from '../mcp/elicitation-form.js';

export function docs(): RuleDocs {
  return {
    summary:
      'Elicitation Declaration names are unique per primitive; form requestedSchema is a flat object of MCP elicitation primitive schemas with consistent required, enumNames, defaults and bounds.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      prompts: [
        {
          name: 'p',
          elicitations: [
            {
              name: 'channel',
              mode: 'form',
              message: 'Choose.',
              requestedSchema: {
                type: 'object',
                properties: { channel: { type: 'string', enum: ['stable', 'preview'], default: 'nightly' } },
              },
            },
          ],
        },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      prompts: [
        {
          name: 'p',
          elicitations: [
            {
              name: 'channel',
              mode: 'form',
              message: 'Choose.',
              requestedSchema: {
                type: 'object',
                properties: { channel: { type: 'string', enum: ['stable', 'preview'], default: 'stable' } },
              },
            },
          ],
        },
      ],
    },
  };
}

/**
 * Elicitation Declarations (12): unique names within the containing primitive, and the
 * restricted form-mode `requestedSchema` vocabulary (12.3) after `$componentRef` resolution.
 * Revision-dependent parts (modes, the richer MCP 2025-11-25 form vocabulary) are reported by
 * mcp.elicitation.protocol-version; the legacy revisions get no revision-specific checks (12.5).
 */

export const rule: Rule = {
  id: 'mcpdesc.elicitation.declaration',
  kind: 'conformance',
  spec: '12.3',
  severity: 'error',
  codes: {
    'duplicate-name':
      'Elicitation Declaration name {value} is already used at {other}; names must be unique within the containing primitive declaration',
    ...formSchemaCodes,
  },
  create(ctx) {
    const names = new Map<string, Map<string, string>>();
    const cache = new Map<string, { plain: Finding[]; rich: Finding[] }>();
    const reported = new Set<string>();
    return {
      elicitation(node) {
        const name = node.value.name;
        if (typeof name === 'string') {
          let seen = names.get(node.owner.pointer);
          if (!seen) names.set(node.owner.pointer, (seen = new Map()));
          const other = seen.get(name);
          if (other !== undefined)
            ctx.report('duplicate-name', joinPointer(node.pointer, 'name'), {
              values: { value: name, other: raw(other) },
            });
          else seen.set(name, node.pointer);
        }
        const findings = formFindings(cache, node);
        if (!findings) return;
        for (const f of findings.plain) {
          const key = f.code + '\u0000' + f.pointer;
          if (reported.has(key)) continue;
          reported.add(key);
          ctx.report(f.code, f.pointer, { values: f.values, ...formNote(node) });
        }
      },
    };
  },
};
