import { joinPointer } from '../../model/json-pointer.js';
import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import { matchExpansion, parseUriTemplate, type ParsedUriTemplate } from '../uri-template.js';
import { exampleUseSite } from '../mcp/example-use-site.js';

const templateDoc = (uri: string): unknown => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1' },
  protocolVersions: ['2025-11-25'],
  resourceTemplates: [
    {
      uriTemplate: 'chess://games/{game_id}',
      name: 'game',
      examples: { one: { uri, result: { contents: [{ uri, text: 'game' }] } } },
    },
  ],
});

export function docs(): RuleDocs {
  return {
    summary: "A Resource Template example's uri is a possible RFC 6570 expansion of the containing uriTemplate.",
    bad: templateDoc('chess://players/example-1234'),
    good: templateDoc('chess://games/example-1234'),
  };
}

/** A Resource Template example's `uri` is a valid RFC 6570 expansion of the containing uriTemplate (10.4.3). */
export const rule: Rule = {
  id: 'mcpdesc.resource-template.example.uri',
  kind: 'conformance',
  spec: '10.4.3',
  severity: 'error',
  codes: {
    'not-an-expansion': 'uri {value} is not an RFC 6570 expansion of the containing uriTemplate {template}',
    'template-invalid':
      'uri {value} cannot be an RFC 6570 expansion of the containing uriTemplate {template}, which is not a valid URI Template ({reason} at character {index})',
    'too-large': {
      severity: 'warning',
      message:
        "uri {value} was not checked against uriTemplate {template}: the URI or template exceeds the matcher's bounds; validation is incomplete",
    },
  },
  create(ctx) {
    const parsedTemplates = new Map<string, ParsedUriTemplate>();
    return {
      example(node) {
        if (node.kind !== 'resourceTemplate' || !isObject(node.value)) return;
        const template = node.owner.value.uriTemplate;
        const uri = node.value.uri;
        if (typeof template !== 'string' || typeof uri !== 'string') return;
        let parsed = parsedTemplates.get(template);
        if (!parsed) {
          parsed = parseUriTemplate(template);
          parsedTemplates.set(template, parsed);
        }
        const at = joinPointer(node.pointer, 'uri');
        const note = exampleUseSite(node);
        if (!parsed.ok) {
          ctx.report('template-invalid', at, {
            note,
            values: { value: uri, template, reason: raw(parsed.error), index: raw(String(parsed.index)) },
          });
          return;
        }
        const outcome = matchExpansion(parsed, uri);
        if (outcome === 'no-match') ctx.report('not-an-expansion', at, { note, values: { value: uri, template } });
        else if (outcome === 'too-large') {
          ctx.report('too-large', at, { note, values: { value: uri, template } });
          ctx.markIncomplete('a Resource Template example uri exceeds the URI Template matcher bounds');
        }
      },
    };
  },
};
