import { joinPointer } from '../../model/json-pointer.js';
import { parseUri } from '../../model/uri.js';
import { isObject } from '../../model/values.js';
import type { Rule, RuleDocs } from '../rule.js';
import { exampleUseSite } from '../mcp/example-use-site.js';
import { stepsOf } from '../mcp/interaction-steps.js';
import { interactionDocument, rootsStep } from '../mcp/rule-docs.js';

export function docs(): RuleDocs {
  return {
    summary: 'URIs carried by interaction steps (roots, url-mode elicitation requests) conform to RFC 3986.',
    bad: interactionDocument([rootsStep('file:///work space')]),
    good: interactionDocument([rootsStep('file:///work%20space')]),
  };
}

/**
 * The URIs an interaction step carries are RFC 3986 URIs (15.6 "URI values MUST conform to RFC 3986"):
 * a roots response's `roots[].uri` (MCP Root.uri, a URI) and a url-mode elicitation request's `url`
 * (MCP `format: uri`). Checked by model/uri.ts, the parser every URI value uses; whether a root is a
 * file:// URI is mcp.root.uri.file-scheme's question, and whether the url matches its declaration is
 * the elicitation-consistency rule's. Content blocks inside sampling steps are checked as content.
 */
export const rule: Rule = {
  id: 'mcp.interaction.uri',
  kind: 'conformance',
  spec: '15.6',
  severity: 'error',
  codes: {
    'invalid-root-uri': 'root uri {value} is not a URI (RFC 3986)',
    'invalid-elicitation-url': 'url-mode elicitation url {value} is not a URI (RFC 3986)',
  },
  create(ctx) {
    return {
      example(node) {
        const useSite = exampleUseSite(node);
        const check = (code: string, value: unknown, pointer: string): void => {
          if (typeof value !== 'string') return; // a member type, reported by mcpdesc.tool.interaction.members
          const parsed = parseUri(value);
          if (!parsed.ok)
            ctx.report(code, pointer, {
              values: { value },
              note: useSite === undefined ? parsed.message : `${parsed.message}; ${useSite}`,
            });
        };
        for (const step of stepsOf(node)) {
          if (step.type === 'roots' && isObject(step.response) && Array.isArray(step.response.roots)) {
            step.response.roots.forEach((root, i) => {
              if (isObject(root))
                check('invalid-root-uri', root.uri, joinPointer(step.pointer, 'response', 'roots', i, 'uri'));
            });
          } else if (step.type === 'elicitation' && isObject(step.request) && step.request.mode === 'url') {
            check('invalid-elicitation-url', step.request.url, joinPointer(step.pointer, 'request', 'url'));
          }
        }
      },
    };
  },
};
