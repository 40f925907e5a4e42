import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdownInlineText, sanitizeMarkdown } from 'mcpdesc-core/internal/render/markdown-safe.js';
import { renderMarkdown } from 'mcpdesc-core/internal/render/markdown.js';
import { documentWith, generatedHostileTexts, hostileMarkdownTexts } from './hostile-markdown.js';
import { assertMarkdownElementsOnly, renderers } from './markdown-renderers.js';

// Issue 15, finding 13 and issue 13, item 7: the Markdown output as commonmark.js and markdown-it
// (raw HTML enabled) read it. The browser test runs the same corpus in Chromium.

const corpus = [...hostileMarkdownTexts, ...generatedHostileTexts(400)];

test('Markdown output: no hostile description text renders as raw HTML or as a heading, in either renderer', () => {
  for (const text of corpus)
    for (const { name, render } of renderers) {
      const elements = assertMarkdownElementsOnly(render(sanitizeMarkdown(text)), `${name} ${JSON.stringify(text)}`);
      assert.ok(!elements.some((e) => /^h\d$/.test(e)), `${name}: a heading from ${JSON.stringify(text)}`);
      assert.ok(!elements.includes('table'), `${name}: a table from ${JSON.stringify(text)}`);
    }
});

test('Markdown output: whole pages around hostile text keep only their own elements and headings', () => {
  for (const text of corpus.slice(0, 120))
    for (const { name, render } of renderers) {
      const context = `${name} ${JSON.stringify(text)}`;
      const elements = assertMarkdownElementsOnly(render(renderMarkdown(documentWith(text))), context);
      assert.equal(elements.filter((e) => e === 'h1').length, 1, `${context}: one h1`);
      assert.equal(elements.filter((e) => e === 'h2').length, 4, `${context}: our four sections`);
    }
});

test('Markdown output: the escaping is effective, not just absent (the payload text is still shown)', () => {
  for (const { render } of renderers) {
    const html = render(
      sanitizeMarkdown('Hello <img src=x onerror=alert(1)> & `a <b>` [ok](https://a.example/?x=1&y=2)'),
    );
    assert.match(html, /Hello &lt;img src=x onerror=alert\(1\)&gt; &amp; <code>a &lt;b&gt;<\/code>/);
    assert.match(html, /<a href="https:\/\/a\.example\/\?x=1&amp;y=2">ok<\/a>/);
  }
});

test('Markdown output: embedded headings become bold paragraphs, the rest of the Markdown keeps its meaning', () => {
  assert.equal(sanitizeMarkdown('# Setup\nRun it.'), '**Setup**\n\nRun it.');
  assert.equal(sanitizeMarkdown('Title\n==='), 'Title\n\\===');
  assert.equal(sanitizeMarkdown('- # item'), '- \\# item');
  assert.equal(sanitizeMarkdown('C# and #tag'), 'C# and #tag');
  assert.equal(sanitizeMarkdown('- a\n- *b* `c`\n\n> quote'), '- a\n- *b* `c`\n\n> quote');
  assert.equal(sanitizeMarkdown('text\n\n    code <b>\n\nmore'), 'text\n\n```\ncode <b>\n```\n\nmore');
  assert.equal(sanitizeMarkdown('  ~~~ js\n  x = `1`\n  ~~~'), '```js\nx = `1`\n```');
  const markdown = renderMarkdown({
    mcpdesc: '0.8.0',
    info: { name: 's', version: '1.0.0' },
    instructions: '# Usage\n\n## Limits\n\nSome text.',
  });
  assert.match(markdown, /## Instructions\n\n\*\*Usage\*\*\n\n\*\*Limits\*\*\n\nSome text\./);
  for (const { render } of renderers) assert.doesNotMatch(render(markdown), /<h[1-6]>(Usage|Limits)/);
});

test('Markdown output: no HTML entities where the text meant "&"', () => {
  assert.equal(sanitizeMarkdown('Q&A, R&D &amp; more'), 'Q&A, R&D &amp; more');
  assert.equal(markdownInlineText('Q&A & R&D'), 'Q&A & R&D');
  assert.equal(markdownInlineText('a &lt; b'), 'a \\&lt; b');
  assert.equal(markdownInlineText('<b> # x'), '\\<b\\> # x');
  assert.equal(markdownInlineText('# x'), '\\# x');
  const markdown = renderMarkdown({
    mcpdesc: '0.8.0',
    info: { name: 's', title: 'Q&A Server', version: '1.0.0', description: 'Search & rank.' },
    tools: [
      {
        name: 't',
        description: 'Cats & dogs',
        inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'A & B' } } },
      },
    ],
  });
  assert.doesNotMatch(markdown, /&amp;/);
  assert.match(markdown, /^# Q&A Server$/m);
  for (const { render } of renderers) {
    const html = render(markdown);
    for (const shown of ['Q&amp;A Server', 'Search &amp; rank.', 'Cats &amp; dogs', 'A &amp; B'])
      assert.ok(html.includes(shown), shown);
  }
});

test('Markdown output: entries of a multi-revision description are told apart by their scope', () => {
  const tool = (revision: string): Record<string, unknown> => ({
    name: 'get_weather',
    protocolVersions: [revision],
    inputSchema: { type: 'object' },
  });
  const revisions = ['2025-06-18', '2025-11-25'];
  const markdown = renderMarkdown({
    mcpdesc: '0.8.0',
    info: { name: 'weather', version: '1.0.0' },
    protocolVersions: revisions,
    tools: [tool(revisions[0]!), tool(revisions[1]!), { name: 'other', inputSchema: { type: 'object' } }],
  });
  const headings = [...markdown.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
  assert.deepEqual(headings, [`get\\_weather · MCP ${revisions[0]}`, `get\\_weather · MCP ${revisions[1]}`, 'other']);
  const anchors = [...markdown.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
  assert.equal(new Set(anchors).size, 3, `distinct contents anchors: ${anchors.join(', ')}`);
  assert.match(markdown, new RegExp(`^  - \\[get\\\\_weather\\]\\(#[^)]+\\) \\(tool, MCP ${revisions[1]}\\)$`, 'm'));
});
