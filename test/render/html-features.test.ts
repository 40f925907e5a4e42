import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderHtml } from 'mcpdesc-core/internal/render/html.js';
import { script } from 'mcpdesc-core/internal/render/script.js';
import { styles } from 'mcpdesc-core/internal/render/styles.js';
import { assertInert } from './html-safety.js';

// Issue 13, item 7, as the page's markup carries it (the browser test drives the same page).

const revisions = ['2025-06-18', '2025-11-25'];
const tool = (name: string, extra: Record<string, unknown>): Record<string, unknown> => ({
  name,
  inputSchema: { type: 'object', properties: { pgn: { type: 'string', description: 'Game in PGN' } } },
  ...extra,
});
const allHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const page = renderHtml({
  mcpdesc: '0.8.0',
  info: { name: 'chess', version: '1.0.0' },
  protocolVersions: revisions,
  tools: [
    tool('analyze', { description: 'From PGN.', annotations: allHints, protocolVersions: [revisions[0]] }),
    tool('analyze', { description: 'From PGN.', annotations: allHints, protocolVersions: [revisions[1]] }),
    tool('record', { annotations: { readOnlyHint: false } }),
  ],
});
const article = (id: string): string =>
  page.slice(page.indexOf(`<article class="card" id="${id}"`), page.indexOf('</article>', page.indexOf(`id="${id}"`)));

test('docs HTML: the defaults note only beside a default badge', () => {
  assert.doesNotMatch(article('tool-analyze-2025-06-18'), /Dashed badges are defaults/);
  assert.doesNotMatch(article('tool-analyze-2025-06-18'), /badge inherited/);
  assert.match(article('tool-record'), /badge inherited/);
  assert.match(article('tool-record'), /Dashed badges are defaults/);
});

test('docs HTML: the search reaches descriptions and property names and descriptions', () => {
  const entry = article('tool-analyze-2025-06-18');
  assert.match(entry, /<div class="description" data-searchable><p>From PGN\.<\/p><\/div>/);
  assert.match(entry, /<td class="name" data-searchable><code>pgn<\/code><\/td>/);
  assert.match(entry, /<div data-searchable><p>Game in PGN<\/p><\/div>/);
  assert.match(page, /<li data-entry="tool-analyze-2025-06-18" data-revisions="2025-06-18">/);
  // The script matches with indexOf and builds <mark> elements, never a pattern from the words or markup from text.
  assert.doesNotMatch(script, /new RegExp|innerHTML|outerHTML|insertAdjacentHTML|eval\(|Function\(/);
  assert.match(script, /createElement\("mark"\)/);
  assertInert(page, script);
});

test('docs HTML: same-named entries carry their revision scope; others do not', () => {
  assert.match(
    article('tool-analyze-2025-06-18'),
    /<h3 id="tool-analyze-2025-06-18-title">analyze <span class="variant">MCP 2025-06-18<\/span><\/h3>/,
  );
  assert.match(article('tool-analyze-2025-11-25'), /<span class="variant">MCP 2025-11-25<\/span><\/h3>/);
  assert.doesNotMatch(article('tool-record'), /class="variant"/);
});

test('docs HTML: the catalogue folds under 800 px, open without JavaScript', () => {
  assert.match(page, /<details class="catalogue" id="catalogue" open><summary>Catalogue<\/summary>/);
  assert.match(styles, /@media \(max-width:800px\)\{[^\n]*\.catalogue>summary\{display:list-item/);
  assert.match(script, /matchMedia\("\(max-width: 800px\)"\)/);
});
