/**
 * Completion and hover read the shape tree (model/shape-tree.ts): member names are the fields of
 * the object kind at the cursor (a discriminated kind's variant once the value names one), gated
 * ones left out or noted per the document's revision scope; closed values and booleans are the
 * tree's; the hover states the tree's type, origin and the revisions that define the field.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatRevisions, having, lacking, revisions, type Revision } from 'mcpdesc-core/internal/model/revisions.js';
import { nodeTypes } from 'mcpdesc-core/internal/model/shape-tree.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { completions } from 'mcpdesc-toolkit/internal/lsp/completion.js';
import { keyHover } from 'mcpdesc-toolkit/internal/lsp/field-hover.js';

/** The text with `|` removed, and completion at the bar, against the document the text decodes to. */
function completeAt(marked: string, format: 'json' | 'yaml' = 'yaml') {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const document = TextDocument.create('file:///x', format, 1, text);
  const decoded = parseDescription(text, { format }).document;
  return completions({ text, offset, format, document: decoded, positionAt: (o) => document.positionAt(o) });
}

function hoverAt(marked: string, format: 'json' | 'yaml' = 'yaml'): string {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const document = TextDocument.create('file:///x', format, 1, text);
  const decoded = parseDescription(text, { format }).document;
  const hover = keyHover(text, offset, format, decoded, (o) => document.positionAt(o));
  assert.ok(hover, 'a hover');
  return (hover.contents as { value: string }).value;
}

const toolIn = (scope: Revision[], member = '') =>
  `mcpdesc: 0.8.0\ninfo: {name: x, version: '1'}\nprotocolVersions: [${scope.map((r) => `'${r}'`).join(', ')}]\ntools:\n- name: t\n  inputSchema: {type: object}\n  ${member}|\n`;

test("a Tool's member names are the tree's Tool fields the scope defines, those present left out", () => {
  for (const scope of [[revisions[0]!], [...revisions], [revisions.at(-1)!]] as Revision[][]) {
    const fields = nodeTypes.Tool.fields as Record<string, { since?: Parameters<typeof having>[1] }>;
    const expected = Object.keys(fields).filter(
      (field) =>
        field !== 'name' &&
        field !== 'inputSchema' &&
        (!fields[field]!.since || having(scope, fields[field]!.since!).length > 0),
    );
    const items = completeAt(toolIn(scope));
    assert.deepEqual(
      items.map((i) => i.label),
      expected,
      formatRevisions(scope),
    );
    // A field some revisions of the scope lack says which.
    for (const item of items) {
      const since = fields[item.label]!.since;
      const missing = since ? lacking(scope, since) : [];
      if (missing.length > 0)
        assert.match(item.detail ?? '', new RegExp(`not defined by MCP ${formatRevisions(missing)}`));
    }
  }
  const tags = completeAt(toolIn([...revisions])).find((i) => i.label === 'tags')!;
  assert.match(tags.detail ?? '', /^array of string · description-only/);
});

test("a discriminated object offers its variant's fields once its discriminator names one", () => {
  const base = "mcpdesc: 0.8.0\ninfo: {name: x, version: '1'}\nprotocolVersions: ['2025-11-25']\ntransports:\n";
  assert.deepEqual(
    completeAt(`${base}- type: stdio\n  |\n`).map((i) => i.label),
    Object.keys(nodeTypes.StdioTransport.fields).filter((f) => f !== 'type'),
  );
  assert.deepEqual(
    completeAt(`${base}- |\n`).map((i) => i.label),
    Object.keys(nodeTypes.Transport.fields),
    "no type yet: the union's own fields",
  );
});

test("values: the tree's closed sets (choices, gated values, discriminators) and booleans", () => {
  const root = "mcpdesc: 0.8.0\ninfo: {name: x, version: '1'}\nprotocolVersions: ['2025-11-25']\n";
  const labels = (marked: string) => completeAt(marked).map((i) => i.label);
  assert.deepEqual(labels(`${root}securitySchemes:\n  k:\n    type: apiKey\n    name: k\n    in: |\n`), [
    'header',
    'query',
    'cookie',
  ]);
  assert.deepEqual(labels(`${root}securitySchemes:\n  k:\n    type: |\n`), [
    'http',
    'apiKey',
    'oauth2',
    'openIdConnect',
  ]);
  const tool = `${root}tools:\n- name: t\n  inputSchema: {type: object}\n`;
  assert.deepEqual(labels(`${tool}  execution:\n    taskSupport: |\n`), ['forbidden', 'optional', 'required']);
  assert.deepEqual(labels(`${tool}  icons:\n  - src: https://x/i.png\n    theme: |\n`), ['light', 'dark']);
  assert.deepEqual(labels(`${tool}  annotations:\n    readOnlyHint: |\n`), ['true', 'false']);
  const resource = `${root}resources:\n- uri: file:///a\n  name: a\n  annotations:\n    audience:\n    - |\n`;
  assert.deepEqual(labels(resource), ['user', 'assistant']);
  // A payload field: a 2026-07-28 resource read result's cacheScope.
  const cacheable = `mcpdesc: 0.8.0\ninfo: {name: x, version: '1'}\nprotocolVersions: ['2026-07-28']\nresources:\n- uri: file:///a\n  name: a\n  examples:\n    one:\n      result:\n        contents: [{uri: 'file:///a', text: x}]\n        cacheScope: |\n`;
  assert.deepEqual(labels(cacheable), ['public', 'private']);
});

test("hover: the tree's type, required or optional, native or description-only, and the revisions that define it", () => {
  const title = hoverAt(toolIn([...revisions], 'ti|tle: T').replace(/\|\n$/, '\n'));
  assert.match(title, /\*\*`title`\*\* — Tool Object \(string, optional, native MCP\)/);
  assert.match(title, new RegExp(`Defined by MCP ${formatRevisions(having(revisions, 'primitive.title'))}\\.`));
  assert.match(title, /Note: not defined by MCP 2024-11-05/);
  const tags = hoverAt(toolIn([...revisions], 'ta|gs: []').replace(/\|\n$/, '\n'));
  assert.match(tags, /\(array of string, optional, description-only\)/);
  assert.doesNotMatch(tags, /Defined by/);
  assert.match(tags, /MCP Description specification, section 9\.1\./);
  const schema = hoverAt(
    toolIn([...revisions])
      .replace('  inputSchema', '  input|Schema')
      .replace(/\|\n$/, '\n'),
  );
  assert.match(schema, /\(Tool schema or Reference Object to components\.schemas, required, native MCP\)/);
});

// Issue 33: the tasks capability (8.3) and the objects inside it are kinds of the tree.
const tasksIn = (body: string) =>
  `mcpdesc: 0.8.0\ninfo: {name: x, version: '1'}\nprotocolVersions: ['2025-11-25']\ncapabilities:\n- tasks:\n    ${body}\n`;

test('inside capabilities.tasks: its members, and those of requests and requests.tools', () => {
  const labels = (marked: string, format: 'json' | 'yaml' = 'yaml') => completeAt(marked, format).map((i) => i.label);
  assert.deepEqual(labels(tasksIn('|')), ['list', 'cancel', 'requests']);
  assert.deepEqual(labels(tasksIn('list: {}\n    |')), ['cancel', 'requests'], 'a member present is not offered again');
  assert.deepEqual(labels(tasksIn('requests:\n      |')), ['tools']);
  assert.deepEqual(labels(tasksIn('requests:\n      tools:\n        |')), ['call']);
  const json = (inner: string) =>
    `{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1"}, "protocolVersions": ["2025-11-25"], "capabilities": [{"tasks": ${inner}}]}`;
  assert.deepEqual(labels(json('{"requests": {"tools": {|}}}'), 'json'), ['call']);
  const detail = completeAt(tasksIn('requests:\n      |')).find((i) => i.label === 'tools')!.detail ?? '';
  assert.equal(detail, 'tasks.requests.tools capability object');
  // list, cancel and call are MCP marker objects: the tree names no member inside them.
  assert.deepEqual(labels(tasksIn('list:\n      |')), []);
  assert.deepEqual(labels(tasksIn('requests:\n      tools:\n        call:\n          |')), []);
});

test('hover inside capabilities.tasks names the field, its object, its type and the 8.3 row', () => {
  const list = hoverAt(tasksIn('li|st: {}'));
  assert.match(list, /\*\*`list`\*\* — tasks capability object \(object, optional, native MCP\)/);
  assert.match(list, /Server supports listing active tasks/);
  assert.match(list, /section 8\.3\./);
  const requests = hoverAt(tasksIn('reque|sts: {}'));
  assert.match(requests, /\*\*`requests`\*\* — tasks capability object \(tasks\.requests capability object, optional/);
  const call = hoverAt(tasksIn('requests:\n      tools:\n        ca|ll: {}'));
  assert.match(call, /\*\*`call`\*\* — tasks\.requests\.tools capability object \(object, optional, native MCP\)/);
  assert.match(call, /Tool calls can be task-augmented/);
  const tasks = hoverAt(tasksIn('list: {}').replace('- tasks', '- ta|sks'));
  assert.match(tasks, /\*\*`tasks`\*\* — Capabilities Object \(tasks capability object, optional, native MCP\)/);
  assert.match(tasks, /Defined by MCP 2025-11-25\./);
});
