import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';

export interface Tag {
  name: string;
  attributes: Map<string, string>;
  /** The raw text of <script>, <style> and <textarea>. */
  content?: string;
}

const rawText = new Set(['script', 'style', 'textarea']);

/**
 * Tokenizes the playground page as a browser would for our checks: every `<` outside raw text
 * opens or closes a well-formed tag; the raw text of script, style and textarea is kept.
 */
export function scanPage(html: string): Tag[] {
  assert.ok(html.startsWith('<!DOCTYPE html>\n'), 'doctype first');
  const tags: Tag[] = [];
  let i = '<!DOCTYPE html>'.length;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const rest = html.slice(lt, lt + 2000);
    const close = /^<\/([a-z][a-z0-9]*)>/.exec(rest);
    if (close) {
      i = lt + close[0].length;
      continue;
    }
    const open = /^<([a-z][a-z0-9]*)((?:\s+[a-z][a-z0-9-]*(?:="[^"<>]*")?)*)\s*>/.exec(rest);
    assert.ok(open, `a "<" that is no tag of the page at ${lt}: ${JSON.stringify(rest.slice(0, 80))}`);
    const attributes = new Map<string, string>();
    for (const m of open[2]!.matchAll(/\s+([a-z][a-z0-9-]*)(?:="([^"]*)")?/g)) attributes.set(m[1]!, m[2] ?? '');
    const tag: Tag = { name: open[1]!, attributes };
    i = lt + open[0].length;
    if (rawText.has(tag.name)) {
      const end = html.indexOf(`</${tag.name}>`, i);
      assert.ok(end !== -1, `unterminated <${tag.name}>`);
      tag.content = html.slice(i, end);
      i = end + `</${tag.name}>`.length;
    }
    tags.push(tag);
  }
  return tags;
}

/** The page's Content-Security-Policy, directive name -> sources. */
export function policyOf(tags: readonly Tag[]): Map<string, string[]> {
  const metas = tags.filter((t) => t.name === 'meta' && t.attributes.get('http-equiv') === 'Content-Security-Policy');
  assert.equal(metas.length, 1, 'one CSP meta element');
  const content = metas[0]!.attributes
    .get('content')!
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');
  return new Map(
    content.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** The CSP source of a text's SHA-256, computed with node:crypto (not the renderer's own hash). */
export const hashSource = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Decodes the character references a textarea's raw text may hold. */
export function decodeText(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|#39);/gi, (_m, e: string) => {
    if (/^#x/i.test(e)) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[e]!;
  });
}
