import { joinPointer } from '../../model/json-pointer.js';
import { parseUri } from '../../model/uri.js';
import { isObject } from '../../model/values.js';
import { exampleUseSite } from '../mcp/example-use-site.js';
import { parseUriTemplate } from '../uri-template.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2025-11-25'] };

export function docs(): RuleDocs {
  return {
    summary:
      'A Resource uri should be a valid URI (warning); a Resource Template uriTemplate must be a syntactically valid RFC 6570 URI Template.',
    bad: { ...base, resourceTemplates: [{ uriTemplate: 'files://{path', name: 'f' }] },
    good: { ...base, resourceTemplates: [{ uriTemplate: 'files://{+path}', name: 'f' }] },
  };
}

/**
 * 10.1.2, 10.2.1: a Resource `uri` should be a valid URI, and so should the concrete Resource URI of a
 * Resource Template example (10.4.3: the `resources/read` request's uri); a Resource Template
 * `uriTemplate` is an RFC 6570 URI Template. The URI check is model/uri.ts (RFC 3986), the one every
 * URI value uses; the SHOULD of 10.1.2 keeps it a warning (docs/values.md, severity policy).
 */
export const rule: Rule = {
  id: 'mcpdesc.resource.identifiers',
  kind: 'conformance',
  spec: '10.1.2',
  severity: 'error',
  codes: {
    'invalid-uri': {
      severity: 'warning',
      message: 'resource uri {value} is not a valid URI (RFC 3986); it SHOULD be one (10.1.2)',
    },
    'invalid-uri-template':
      'uriTemplate {value} is not a valid RFC 6570 URI Template: {reason} at character {index} (10.2.1)',
  },
  create(ctx) {
    const checkUri = (uri: unknown, pointer: string, useSite?: string): void => {
      if (typeof uri !== 'string') return; // structural
      const parsed = parseUri(uri);
      if (!parsed.ok)
        ctx.report('invalid-uri', pointer, {
          values: { value: uri },
          note: useSite === undefined ? parsed.message : `${parsed.message}; ${useSite}`,
        });
    };
    return {
      example(node) {
        if (node.kind === 'resourceTemplate' && isObject(node.value))
          checkUri(node.value.uri, joinPointer(node.pointer, 'uri'), exampleUseSite(node));
      },
      primitive(node) {
        if (node.kind === 'resource') {
          checkUri(node.value.uri, joinPointer(node.pointer, 'uri'));
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
