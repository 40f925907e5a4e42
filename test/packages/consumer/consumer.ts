/**
 * A TypeScript consumer of the published packages, type-checked only (test/packages/types.test.ts
 * runs tsc on it with the strictest flags). It imports both packages by name, so it sees exactly
 * what an installed package exports: the `exports` map and the built declarations.
 */
import {
  lint,
  merge,
  parseDescription,
  project,
  validate,
  type Diagnostic,
  type ElicitationDeclaration,
  type Info,
  type McpDescription,
  type OperationResult,
  type Range,
  type SecurityScheme,
  type Tool,
  type Transport,
} from 'mcpdesc-core';
import { startMock, type MockHandle, type MockOptions } from 'mcpdesc-toolkit';

const text = '{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1"}, "protocolVersions": ["2025-11-25"]}';

/** What a consumer reads from a typed document: no casts, no `unknown`. */
function summary(document: McpDescription): string[] {
  const lines = [`${document.info.name} ${document.info.version}`, ...document.protocolVersions];
  const first: Tool | undefined = document.tools?.[0];
  if (first !== undefined) lines.push(first.name, JSON.stringify(first.inputSchema));
  for (const transport of document.transports ?? []) lines.push(endpoint(transport));
  for (const [name, scheme] of Object.entries(document.securitySchemes ?? {})) lines.push(`${name}: ${scheme.type}`);
  const owner: unknown = document['x-owner'];
  if (typeof owner === 'string') lines.push(owner);
  const walk: Record<string, unknown> = document;
  lines.push(Object.keys(walk).join(','));
  return lines;
}

function endpoint(transport: Transport): string {
  switch (transport.type) {
    case 'stdio':
      return [transport.command, ...(transport.args ?? [])].join(' ');
    case 'streamable-http':
    case 'sse':
      return transport.url;
  }
}

function credential(scheme: SecurityScheme): string {
  switch (scheme.type) {
    case 'http':
      return scheme.scheme;
    case 'apiKey':
      return `${scheme.in}:${scheme.name}`;
    case 'oauth2':
      return Object.keys(scheme.flows).join(',');
    case 'openIdConnect':
      return scheme.openIdConnectUrl;
  }
}

function elicitationTarget(declaration: ElicitationDeclaration): string | undefined {
  return declaration.mode === 'form' ? JSON.stringify(declaration.requestedSchema) : declaration.url;
}

const result = validate(text, { format: 'json' });
const infoRange: Range | undefined = result.sourceMap.rangeOf('/info');
if (result.valid) {
  summary(result.document);
} else {
  const decoded: unknown = result.document;
  console.log(decoded, result.diagnostics.length);
}

// A decoded value has no source map to promise.
const fromValue = validate(JSON.parse(text) as unknown);
const maybeMap = fromValue.sourceMap?.rangeOf('');

const linted = lint(text, { format: 'json', preset: 'recommended' });
const lintRange = linted.sourceMap.rangeOf('/info/name', 'key');
if (linted.valid) summary(linted.document);

const parsed = parseDescription(text, { format: 'json' });
const parsedRange = parsed.sourceMap.rangeOf('/mcpdesc');

function describeOutcome(outcome: OperationResult<McpDescription>): string {
  switch (outcome.ok) {
    case true:
      return outcome.value.info.name;
    case false:
      return outcome.diagnostics.map((d: Diagnostic) => `${d.rule} ${d.message}`).join('\n');
  }
}

const merged = merge([JSON.parse(text), JSON.parse(text)]);
console.log(describeOutcome(merged), merged.renamed.length);
const projected = project(JSON.parse(text), '2025-11-25');
if (projected.ok) summary(projected.value);

const info: Info = { name: 'x', version: '1', 'x-team': 'core' };

async function serve(document: McpDescription): Promise<string | undefined> {
  const options: MockOptions = { transport: 'http', port: 0 };
  const handle: MockHandle = await startMock(document, options);
  const url = handle.url;
  await handle.close();
  return url;
}

// Misuse the types reject.
// @ts-expect-error the document of an unnarrowed result is not known to be a description
console.log(result.document.info);
// @ts-expect-error an invalid result's document is not typed
if (!result.valid) console.log(result.document.info.name);
// @ts-expect-error a failed operation has no value
if (!merged.ok) console.log(merged.value.info);
// @ts-expect-error inputSchema is required on a Tool
const noSchema: Tool = { name: 'x' };
// @ts-expect-error a stdio transport has a command, not a url
const stdioUrl: Transport = { type: 'stdio', url: 'https://example.com' };
// @ts-expect-error exactOptionalPropertyTypes: an optional member is absent, not undefined
const undefinedTitle: Info = { name: 'x', version: '1', title: undefined };
// @ts-expect-error members that are not x-* extensions are not part of an Info Object
const unknownMember: Info = { name: 'x', version: '1', summary: 'no' };
// @ts-expect-error a url-mode elicitation has no requestedSchema
const urlWithSchema: ElicitationDeclaration = { name: 'e', mode: 'url', message: 'm', requestedSchema: {} };

export {
  credential,
  elicitationTarget,
  infoRange,
  maybeMap,
  lintRange,
  parsedRange,
  info,
  serve,
  noSchema,
  stdioUrl,
  undefinedTitle,
  unknownMember,
  urlWithSchema,
};
