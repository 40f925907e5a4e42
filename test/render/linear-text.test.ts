import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  markdownInlineText,
  renderMarkdownSafe,
  sanitizeMarkdown,
} from 'mcpdesc-core/internal/render/markdown-safe.js';
import { renderMarkdown } from 'mcpdesc-core/internal/render/markdown.js';
import { assertLinearGrowth } from '../helpers/growth.js';

// Issue 15, finding 1: block and inline patterns on description text must do linear work.

const spacedHeading = (size: number): string => '# a' + ' '.repeat(size) + 'x';
const longFence = (size: number): string => '```' + 'a'.repeat(size) + '`';
const spacedBullet = (size: number): string => '- ' + ' '.repeat(size) + 'a\u2028b';
const spacedOrdered = (size: number): string => '1. ' + ' '.repeat(size) + 'a\u2028b';
const spaces = (size: number): string => 'a' + ' '.repeat(size) + 'b';

test('a heading with a long run of spaces (the 8 KB reproduction took 61 s)', () => {
  assertLinearGrowth('heading', 8000, spacedHeading, renderMarkdownSafe);
  assert.equal(renderMarkdownSafe(spacedHeading(3)), '<p><strong>a   x</strong></p>');
  assert.equal(renderMarkdownSafe('## Title ##  '), '<p><strong>Title</strong></p>');
  assert.equal(renderMarkdownSafe('# a\u2028b'), '<p># a\u2028b</p>');
});

test('a fence line with a backtick after a long info string (the 200,000-character reproduction took 31 s)', () => {
  assertLinearGrowth('fence (HTML)', 20000, longFence, renderMarkdownSafe);
  assertLinearGrowth('fence (Markdown)', 20000, longFence, sanitizeMarkdown);
  assert.equal(renderMarkdownSafe('```aaa`'), '<p>``<code>aaa</code></p>');
  assert.equal(renderMarkdownSafe('~~~ js x\ncode'), '<pre><code class="language-js">code</code></pre>');
});

test('list items with a long run of spaces before a line separator', () => {
  assertLinearGrowth('bullet', 5000, spacedBullet, renderMarkdownSafe);
  assertLinearGrowth('ordered', 5000, spacedOrdered, renderMarkdownSafe);
  assert.equal(renderMarkdownSafe('- a\n-  b'), '<ul><li>a</li><li>b</li></ul>');
});

test('inline text with a long run of spaces and no line break', () => {
  assertLinearGrowth('inline text', 20000, spaces, markdownInlineText);
  assert.equal(markdownInlineText('a \n \n b  c'), 'a b  c');
});

test('a code span around a value with more backtick runs than the stack holds arguments', () => {
  const name = '`a'.repeat(200000);
  const markdown = renderMarkdown({ mcpDescription: '0.8.0', info: { title: 't', version: '1.0.0', name } });
  assert.ok(markdown.includes('`` ' + name + ' ``'));
});

test('Markdown output: unmatched backtick runs of many lengths stay linear', () => {
  // Each opening run looks for its closing run with one pointer per run length, never by rescanning.
  const runs = (size: number): string =>
    Array.from({ length: size / 25 }, (_, i) => '`'.repeat((i % 24) + 1)).join('a');
  assertLinearGrowth('backtick runs', 20000, runs, sanitizeMarkdown);
  assert.equal(sanitizeMarkdown('`` ` `a` ``'), '`` ` `a` ``');
  assert.equal(sanitizeMarkdown('``` `a` ``'), '\\`\\`\\` `a` \\`\\`');
});
