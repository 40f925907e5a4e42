import assert from 'node:assert/strict';
import { HtmlRenderer, Parser } from 'commonmark';
import MarkdownIt from 'markdown-it';

/**
 * The Markdown output as real renderers read it: the reference implementation commonmark.js and
 * markdown-it with raw HTML enabled (as many wikis and site generators run it). Neither is told to
 * be safe: whatever HTML the text spells, they pass through.
 */
export const renderers: ReadonlyArray<{ name: string; render: (markdown: string) => string }> = [
  { name: 'commonmark.js', render: (markdown) => new HtmlRenderer().render(new Parser().parse(markdown)) },
  { name: 'markdown-it (html: true)', render: (markdown) => new MarkdownIt({ html: true }).render(markdown) },
];

/** Elements a renderer makes from Markdown syntax (no raw HTML): anything else came from the text. */
const markdownElements = new Set([
  'p',
  'a',
  'code',
  'pre',
  'em',
  'strong',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  's',
]);

/** The elements of rendered HTML, each checked to be Markdown's own with safe attributes; returns their names. */
export function assertMarkdownElementsOnly(html: string, context: string): string[] {
  const names: string[] = [];
  for (let at = html.indexOf('<'); at !== -1; at = html.indexOf('<', at + 1)) {
    const tag = /^<\/?([a-z][a-z0-9]*)((?: [a-z-]+="[^"<>]*")*) ?\/?>/.exec(html.slice(at, at + 4000));
    assert.ok(tag, `${context}: a "<" that opens no Markdown element: ${JSON.stringify(html.slice(at, at + 80))}`);
    const name = tag[1]!;
    assert.ok(markdownElements.has(name), `${context}: raw <${name}> in ${JSON.stringify(html.slice(at, at + 80))}`);
    for (const [, attribute, value] of tag[2]!.matchAll(/ ([a-z-]+)="([^"]*)"/g)) {
      if (attribute === 'href') assert.match(value!, /^(https?:\/\/|mailto:|#)/i, `${context}: href ${value}`);
      else if (attribute === 'class') assert.match(value!, /^language-[A-Za-z0-9_+-]+$/, `${context}: class ${value}`);
      else assert.ok(attribute === 'start' && /^\d+$/.test(value!), `${context}: attribute ${attribute}="${value}"`);
    }
    if (!tag[0].startsWith('</')) names.push(name);
  }
  return names;
}
