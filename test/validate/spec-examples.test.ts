import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { revisions } from 'mcpdesc-core/internal/model/revisions.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';

/**
 * No false positives on the specification's own examples: every JSON or YAML block of the spec
 * text that is a document or a fragment of one (tools, resources, security, capabilities...) is
 * completed into a minimal document — the revisions it mentions, and security schemes for the
 * names it references — and must validate without errors or warnings.
 */
const specPath = resolve(process.cwd(), '..', 'shared', 'spec', 'mcp-description-0.8.0.md');
const documentKeys = [
  'mcpdesc',
  'info',
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
  'transports',
  'security',
  'securitySchemes',
  'capabilities',
  'tags',
  'components',
];

/** Blocks that elide required members on purpose, and why. */
function elision(document: Record<string, unknown>): string | undefined {
  const tools = Array.isArray(document.tools) ? (document.tools as Record<string, unknown>[]) : [];
  if (tools.some((t) => t.inputSchema === undefined))
    return 'a fragment that elides tool schemas (the tag example of 13.5)';
  return undefined;
}

test("the specification's examples validate without diagnostics", () => {
  const text = readFileSync(specPath, 'utf8');
  let checked = 0;
  for (const match of text.matchAll(/```(json|yaml)\n([\s\S]*?)```/g)) {
    const [, format, body] = match as unknown as [string, 'json' | 'yaml', string];
    const line = text.slice(0, match.index).split('\n').length;
    const parsed = parseDescription(body, { format });
    const fragment = parsed.document as Record<string, unknown> | undefined;
    if (!fragment || typeof fragment !== 'object' || Array.isArray(fragment)) continue;
    if (!Object.keys(fragment).some((k) => documentKeys.includes(k))) continue;
    if (elision(fragment)) continue;
    const mentioned = revisions.filter(
      (r) => body.includes(`"${r}"`) || body.includes(`'${r}'`) || body.includes(`- ${r}`),
    );
    const document: Record<string, unknown> = {
      mcpdesc: '0.8.0',
      info: { name: 'spec-example', version: '1.0.0' },
      ...fragment,
      protocolVersions:
        fragment.protocolVersions ??
        (mentioned.length ? mentioned : [/resultType|x-mcp-header/.test(body) ? '2026-07-28' : '2025-11-25']),
    };
    if (/security/.test(body) && document.securitySchemes === undefined) {
      document.securitySchemes = {
        bearer: { type: 'http', scheme: 'bearer' },
        'api-key': { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        oauth: {
          type: 'oauth2',
          flows: {
            clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { 'games:read': 'Read games' } },
          },
        },
      };
    }
    const result = validate(document);
    const problems = result.diagnostics.filter((d) => d.severity !== 'info');
    assert.deepEqual(
      problems.map((d) => `${d.severity} ${d.rule}/${d.code} ${d.pointer}: ${d.message}`),
      [],
      `spec line ${line}`,
    );
    checked++;
  }
  assert.ok(checked >= 15, `only ${checked} example blocks found`);
});
