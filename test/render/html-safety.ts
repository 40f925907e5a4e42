import assert from 'node:assert/strict';

/** Tags the renderer itself writes; anything else in the output is an injection. */
const allowedTags = new Set([
  'html',
  'head',
  'meta',
  'title',
  'style',
  'body',
  'a',
  'div',
  'nav',
  'main',
  'header',
  'section',
  'article',
  'label',
  'input',
  'select',
  'option',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'ul',
  'ol',
  'li',
  'span',
  'code',
  'pre',
  'strong',
  'em',
  'br',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'button',
  'img',
  'script',
]);

const entityMap: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };
function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return entityMap[e] ?? m;
  });
}

export interface ScannedTag {
  name: string;
  attributes: Array<[string, string]>;
}

/**
 * Tokenizes the page the way a browser would for our purposes: every `<` outside <style>/<script>
 * raw text must open or close a known tag with well-formed attributes; returns the tags.
 */
export function scanHtml(html: string): ScannedTag[] {
  const tags: ScannedTag[] = [];
  let i = html.indexOf('<!DOCTYPE html>') === 0 ? '<!DOCTYPE html>'.length : 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const rest = html.slice(lt);
    const close = /^<\/([a-z][a-z0-9]*)\s*>/.exec(rest);
    if (close) {
      assert.ok(allowedTags.has(close[1]!), `unexpected closing tag </${close[1]}> at ${lt}`);
      i = lt + close[0].length;
      continue;
    }
    const open = /^<([a-z][a-z0-9]*)((?:\s+[a-z][a-z0-9-]*(?:="[^"<>]*")?)*)\s*>/.exec(rest);
    assert.ok(open, `a "<" that is not one of our tags at ${lt}: ${JSON.stringify(rest.slice(0, 80))}`);
    const name = open[1]!;
    assert.ok(allowedTags.has(name), `unexpected tag <${name}> at ${lt}`);
    const attributes: Array<[string, string]> = [];
    for (const m of open[2]!.matchAll(/\s+([a-z][a-z0-9-]*)(?:="([^"]*)")?/g))
      attributes.push([m[1]!, decode(m[2] ?? '')]);
    tags.push({ name, attributes });
    i = lt + open[0].length;
    if (name === 'script' || name === 'style') {
      const end = html.indexOf(`</${name}>`, i);
      assert.ok(end !== -1, `unterminated <${name}>`);
      i = end;
    }
  }
  return tags;
}

/** Asserts the page carries no injected script, handler or dangerous URL. */
export function assertInert(html: string, ourScript: string): void {
  const tags = scanHtml(html);
  const scripts = tags.filter((t) => t.name === 'script');
  assert.equal(scripts.length, 1, 'exactly one <script> (ours)');
  assert.equal(html.split('<script>').length, 2);
  assert.ok(html.includes(`<script>${ourScript}</script>`), "the only script is the renderer's");
  assert.equal(html.match(/<style>/g)?.length, 1);
  for (const tag of tags) {
    for (const [name, value] of tag.attributes) {
      assert.ok(!/^on/i.test(name), `event handler attribute ${name} on <${tag.name}>`);
      assert.ok(
        !['style', 'srcdoc', 'formaction', 'action', 'xlink:href'].includes(name),
        `attribute ${name} on <${tag.name}>`,
      );
      assert.ok(
        !/^\s*(javascript|vbscript|data:text)/i.test(value.replace(/[\u0000-\u0020]/g, '')),
        `dangerous value in ${name}=${JSON.stringify(value)}`,
      );
      if (name === 'href') assert.match(value, /^(https?:\/\/|mailto:|#)/, `href ${JSON.stringify(value)}`);
      if (name === 'src') assert.match(value, /^data:image\//, `src ${JSON.stringify(value)}`);
      if (name === 'id' || name === 'data-copy' || name === 'for')
        assert.match(value, /^[A-Za-z0-9_-]+$/, `${name} ${JSON.stringify(value)}`);
    }
    if (tag.name === 'a') {
      const rel = tag.attributes.find(([n]) => n === 'rel')?.[1];
      const href = tag.attributes.find(([n]) => n === 'href')?.[1] ?? '';
      if (!href.startsWith('#')) assert.equal(rel, 'noopener noreferrer', `rel on link to ${href}`);
      assert.ok(!tag.attributes.some(([n]) => n === 'target'), 'no target attribute');
    }
  }
}
