import { joinPointer } from '../../model/json-pointer.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { isBase64 } from '../mcp/content.js';
import { raw, type Rule, type RuleDocs } from '../rule.js';
import type { ExampleNode } from '../walk.js';
import { exampleUseSite } from '../mcp/example-use-site.js';
import { resultOf } from '../mcp/primitive-example-result.js';

/** The requested URI of a resource or template example: the Resource's `uri` or the example's `uri`. */
function requestedUri(node: ExampleNode): string | undefined {
  if (node.kind === 'resource') return typeof node.owner.value.uri === 'string' ? node.owner.value.uri : undefined;
  if (node.kind === 'resourceTemplate' && isObject(node.value))
    return typeof node.value.uri === 'string' ? node.value.uri : undefined;
  return undefined;
}

/** The essence of a media type (type/subtype, lower case), parameters dropped. */
function mediaTypeEssence(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

/** Decoded byte length of standard base64 (already known to be valid). */
function base64ByteLength(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

export function docs(): RuleDocs {
  return {
    summary:
      "Example results identify the requested URI, the entry for it uses the declared mimeType, and a static Resource's size matches the example bytes (warnings).",
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [
        {
          uri: 'test://a',
          name: 'a',
          mimeType: 'text/plain',
          examples: { one: { result: { contents: [{ uri: 'test://a', mimeType: 'application/json', text: '{}' }] } } },
        },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      resources: [
        {
          uri: 'test://a',
          name: 'a',
          mimeType: 'text/plain',
          size: 2,
          examples: { one: { result: { contents: [{ uri: 'test://a', mimeType: 'text/plain', text: '{}' }] } } },
        },
      ],
    },
  };
}

/** SHOULD-level consistency between a Resource (Template) declaration and its example results (10.4.4). */
export const rule: Rule = {
  id: 'mcpdesc.resource.example.consistency',
  kind: 'conformance',
  spec: '10.4.4',
  severity: 'warning',
  codes: {
    'requested-uri-missing':
      'no contents entry identifies the requested URI {value}; at least one returned entry SHOULD, unless documented collection or indirection semantics explain otherwise',
    'mime-type-differs':
      'contents entry for {uri} has mimeType {value}, but the declaration has {expected}; the corresponding entry SHOULD use the same type',
    'size-mismatch': 'contents entry for {uri} holds {actual} bytes ({form}), but the Resource declares size {value}',
  },
  create(ctx) {
    return {
      example(node) {
        if (node.kind !== 'resource' && node.kind !== 'resourceTemplate') return;
        const found = resultOf(node);
        const uri = requestedUri(node);
        if (!found || uri === undefined || !Array.isArray(found.result.contents)) return;
        const entries = found.result.contents;
        if (entries.length === 0 || !entries.every((e) => isObject(e) && typeof e.uri === 'string')) return;
        const note = exampleUseSite(node);
        const declared = node.owner.value;
        const matching = entries.map((e, i) => [e as JsonObject, i] as const).filter(([e]) => e.uri === uri);
        if (matching.length === 0) {
          ctx.report('requested-uri-missing', joinPointer(found.pointer, 'contents'), { note, values: { value: uri } });
          return;
        }
        for (const [entry, i] of matching) {
          const at = joinPointer(found.pointer, 'contents', i);
          if (
            typeof declared.mimeType === 'string' &&
            typeof entry.mimeType === 'string' &&
            mediaTypeEssence(declared.mimeType) !== mediaTypeEssence(entry.mimeType)
          ) {
            ctx.report('mime-type-differs', joinPointer(at, 'mimeType'), {
              note,
              values: { uri, value: entry.mimeType, expected: declared.mimeType },
            });
          }
          if (node.kind === 'resource' && typeof declared.size === 'number') {
            let actual: number | undefined;
            let form = '';
            if (typeof entry.text === 'string' && entry.blob === undefined) {
              actual = new TextEncoder().encode(entry.text).length;
              form = 'text as UTF-8';
            } else if (typeof entry.blob === 'string' && entry.text === undefined && isBase64(entry.blob)) {
              actual = base64ByteLength(entry.blob);
              form = 'decoded blob';
            }
            if (actual !== undefined && actual !== declared.size) {
              ctx.report('size-mismatch', at, {
                note,
                values: { uri, actual: raw(String(actual)), form: raw(form), value: declared.size },
              });
            }
          }
        }
      },
    };
  },
};
