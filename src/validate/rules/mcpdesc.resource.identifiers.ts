import { joinPointer } from '../../model/json-pointer.js';
import { checkFormat } from '../../schema/formats.js';
import { parseUriTemplate } from '../uri-template.js';
import { raw, type Rule } from '../rule.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] };

/** 10.1.2, 10.2.1: a Resource `uri` should be a valid URI; a Resource Template `uriTemplate` is an RFC 6570 URI Template. */
export const rule: Rule = {
  id: 'mcpdesc.resource.identifiers',
  kind: 'conformance',
  spec: '10.1.2',
  severity: 'error',
  codes: {
    'invalid-uri': {
      severity: 'warning',
      message:
        'resource uri {value} is not a valid URI (RFC 3986: scheme ":" followed by URI characters or percent-encodings); it SHOULD be one (10.1.2)',
    },
    'invalid-uri-template':
      'uriTemplate {value} is not a valid RFC 6570 URI Template: {reason} at character {index} (10.2.1)',
  },
  docs: {
    summary:
      'A Resource uri should be a valid URI (warning); a Resource Template uriTemplate must be a syntactically valid RFC 6570 URI Template.',
    bad: { ...base, resourceTemplates: [{ uriTemplate: 'files://{path', name: 'f' }] },
    good: { ...base, resourceTemplates: [{ uriTemplate: 'files://{+path}', name: 'f' }] },
  },
  create(ctx) {
    return {
      primitive(node) {
        if (node.kind === 'resource') {
          const uri = node.value.uri;
          // Beyond the format checker's length bound nothing is known: stay quiet rather than guess.
          if (typeof uri === 'string' && uri.length <= 4096 && checkFormat('uri', uri) === false) {
            ctx.report('invalid-uri', joinPointer(node.pointer, 'uri'), { values: { value: uri } });
          }
        } else if (node.kind === 'resourceTemplate') {
          const template = node.value.uriTemplate;
          if (typeof template !== 'string') return; // structural
          const parsed = parseUriTemplate(template);
          if (!parsed.ok) {
            ctx.report('invalid-uri-template', joinPointer(node.pointer, 'uriTemplate'), {
              values: { value: template, reason: raw(parsed.error), index: parsed.index },
            });
          }
        }
      },
    };
  },
};
