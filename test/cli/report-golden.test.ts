import { test } from 'node:test';
import type { Range } from 'mcpdesc-core/internal/model/diagnostic.js';
import { formatReport, formatNames, type FormatName } from 'mcpdesc-core/internal/report/index.js';
import type { FormatOptions, Report } from 'mcpdesc-core/internal/report/types.js';
import { assertGolden } from '../helpers/golden.js';

// One report rendered by every format and compared byte for byte with test/golden/report/.
// Regenerate with `npm run golden:update` and review the diff.

const weatherFile = 'examples/weather.mcpdesc.yaml';
const weather = [
  'mcpDescription: 0.8.0',
  'info:',
  '  title: Weather',
  '  version: 1.0.0',
  'tools:',
  '  - name:\tget weather',
  '    description: Gets the weather.',
  '    inputSchema:',
  '      type: object',
  '      properties:',
  '        region:',
  '          type: string',
  '          x-mcp-header: X-Region',
  '        fallbackRegion:',
  '          type: string',
  '          x-mcp-header: "x-region"',
  '    annotations: {readOnlyHint: true,',
  '      idempotentHint: "yes"}',
  '',
].join('\n');

const searchFile = 'servers/search,v2.mcpdesc.json';
const search = [
  '{',
  '  "mcpDescription": "0.8.0",',
  `  "tools": [{ "name": "search", "description": "${'Searches the catalogue. '.repeat(7).trim()}", "inputSchema": { "type": "object", "properties": { "q": { "type": "string", "pattern": "^<a&b>%(" } } } }]`,
  '}',
  '',
].join('\n');

/** The range of the `occurrence`-th `needle` in `text` (1-based lines and columns, end exclusive). */
function locate(text: string, needle: string, occurrence = 1): Range {
  let offset = -1;
  for (let i = 0; i < occurrence; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`fixture has no ${JSON.stringify(needle)}`);
  const position = (at: number) => {
    const before = text.slice(0, at).split('\n');
    return { line: before.length, column: before[before.length - 1]!.length + 1 };
  };
  return { start: position(offset), end: position(offset + needle.length) };
}

const report: Report = {
  files: [
    {
      file: weatherFile,
      valid: false,
      complete: true,
      specification: '0.8.0',
      // Deliberately out of order: every format sorts with compareDiagnostics.
      diagnostics: [
        {
          rule: 'mcp.tool.input-schema.x-mcp-header',
          code: 'duplicate-x-mcp-header',
          severity: 'error',
          message:
            'x-mcp-header "x-region" repeats "X-Region" (case-insensitive) of /tools/0/inputSchema/properties/region',
          pointer: '/tools/0/inputSchema/properties/fallbackRegion/x-mcp-header',
          range: locate(weather, '"x-region"'),
          spec: '9.2',
        },
        {
          rule: 'mcpdesc.document.protocol-revisions',
          code: 'none-declared',
          severity: 'info',
          message:
            'the document declares no protocolRevisions; it is checked against every revision from 2024-11-05 to 2026-07-28',
          pointer: '',
        },
        {
          rule: 'mcpdesc.tool.name',
          code: 'invalid-characters',
          severity: 'error',
          message: 'tool name "get weather" contains a space; expected letters, digits, "_", "-" and "."',
          pointer: '/tools/0/name',
          range: locate(weather, 'get weather'),
          spec: '6.1',
        },
        {
          rule: 'lint.tool.annotations.complete',
          code: 'missing-destructive-hint',
          severity: 'warning',
          message:
            'annotations set readOnlyHint but not destructiveHint; clients assume a tool is destructive unless told',
          pointer: '/tools/0/annotations',
          range: locate(weather, '{readOnlyHint: true,\n      idempotentHint: "yes"}'),
        },
        {
          rule: 'mcp.tool.annotations',
          code: 'not-a-boolean',
          severity: 'warning',
          message: 'idempotentHint is "yes" (a string); expected true or false',
          pointer: '/tools/0/annotations/idempotentHint',
          range: locate(weather, '"yes"'),
          spec: '6.4',
        },
      ],
    },
    { file: 'examples/clean.mcpdesc.yaml', valid: true, complete: true, specification: '0.8.0', diagnostics: [] },
    {
      file: searchFile,
      valid: false,
      complete: false,
      specification: '0.9.0-rc.3',
      diagnostics: [
        {
          rule: 'json-schema.pattern',
          code: 'invalid-regular-expression',
          severity: 'error',
          message: 'pattern "^<a&b>%(" is not a valid regular expression: missing ")"\nat the end of the pattern',
          pointer: '/tools/0/inputSchema/properties/q/pattern',
          range: locate(search, '"^<a&b>%("'),
          spec: '9.1',
        },
        {
          rule: 'mcpdesc.document.partial-conformance',
          code: 'sections-follow-0.8.0',
          severity: 'warning',
          message:
            'MCP Description 0.9.0-rc.3 is only known for its Tools section; the other sections are validated with the 0.8.0 rules',
          pointer: '/mcpDescription',
          range: locate(search, '"0.8.0"'),
          spec: '16.3',
        },
      ],
    },
  ],
};

const options: FormatOptions = {
  sources: new Map([
    [weatherFile, weather],
    [searchFile, search],
  ]),
  toolName: 'mcpdesc validate',
  toolVersion: '0.1.0',
  rules: new Map([
    ['mcpdesc.tool.name', { summary: 'Tool names use letters, digits, "_", "-" and "." only.', spec: '6.1' }],
    [
      'mcp.tool.input-schema.x-mcp-header',
      { summary: 'x-mcp-header names are unique, case-insensitively.', spec: '9.2' },
    ],
  ]),
};

const extension: Record<FormatName, string> = {
  stylish: 'txt',
  json: 'json',
  sarif: 'sarif.json',
  github: 'txt',
  junit: 'xml',
};

for (const name of formatNames) {
  test(`${name} output matches test/golden/report/${name}.${extension[name]}`, () => {
    assertGolden(`report/${name}.${extension[name]}`, formatReport(name, report, options));
  });
}

test('stylish output with colour matches test/golden/report/stylish-color.txt', () => {
  assertGolden('report/stylish-color.txt', formatReport('stylish', report, { ...options, color: true }));
});

test('stylish output of a clean report matches test/golden/report/stylish-clean.txt', () => {
  const clean: Report = { files: [report.files[1]!] };
  assertGolden('report/stylish-clean.txt', formatReport('stylish', clean, options));
});
