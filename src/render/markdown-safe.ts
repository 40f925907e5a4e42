/**
 * A small, safe Markdown subset for untrusted descriptions (MCP Description text is untrusted
 * content: spec 9.3, 9.4). Everything is HTML-escaped first; there is no raw HTML passthrough.
 *
 * Supported: paragraphs, fenced code blocks, bullet and ordered lists, `code spans`, **strong**,
 * *emphasis* / _emphasis_, [links](https://...) and <https://...> autolinks. Link targets are
 * limited to http, https and mailto; any other target (javascript:, data:, relative...) renders
 * as plain text. Links carry rel="noopener noreferrer" and no target.
 */

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

/** Removes characters that have no business in rendered text (NUL, other C0 controls but tab/newline). */
function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

/** Whether a URL may become a link: http, https or mailto, with no control characters or spaces. */
export function isSafeUrl(url: string): boolean {
  if (/[\s\u0000-\u001F\u007F]/.test(url)) return false;
  return /^(https?:\/\/[^/?#\s]|mailto:[^\s])/i.test(url);
}

/** An <a> element for a safe URL (text already escaped); undefined for an unsafe URL. */
export function safeLink(url: string, escapedText: string): string | undefined {
  if (!isSafeUrl(url)) return undefined;
  return `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapedText}</a>`;
}

const unescapes: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (m) => unescapes[m]!);
}

/** Renders inline Markdown (one paragraph or list item) to safe HTML. */
export function renderInline(source: string): string {
  const tokens: string[] = [];
  const hold = (html: string): string => `\u0000${tokens.push(html) - 1}\u0000`;
  let text = escapeHtml(clean(source).replace(/\u0000/g, ''));
  // Code spans first: their content is literal.
  text = text.replace(/(`{1,16})([^`\n]|[^`\n][^\n]{0,2000}?[^`\n])\1(?!`)/g, (_m, _ticks: string, body: string) =>
    hold(`<code>${body.trim() === '' ? body : body.replace(/^ (.*) $/s, '$1')}</code>`),
  );
  // [text](url) links; the url is matched on the escaped text and checked unescaped.
  text = text.replace(/\[([^[\]\n]{1,500})\]\(([^()\s]{1,2000})\)/g, (m, label: string, url: string) => {
    const link = safeLink(unescapeHtml(url), label);
    return link === undefined ? label : hold(link);
  });
  // <url> autolinks (the brackets are escaped by now).
  text = text.replace(/&lt;((?:https?:\/\/|mailto:)[^\s&]*(?:&amp;[^\s&]*)*)&gt;/gi, (m, url: string) => {
    const link = safeLink(unescapeHtml(url), url);
    return link === undefined ? m : hold(link);
  });
  text = text.replace(/\*\*(?=\S)([^\n]{0,500}?\S)\*\*/g, '<strong>$1</strong>');
  text = text.replace(/(^|[^*\w])\*(?=[^\s*])([^*\n]{0,500}?[^\s*])\*(?![*\w])/g, '$1<em>$2</em>');
  text = text.replace(/(^|[^\w])_(?=[^\s_])([^_\n]{0,500}?[^\s_])_(?!\w)/g, '$1<em>$2</em>');
  return text.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => tokens[Number(i)]!);
}

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'code'; lang: string; lines: string[] }
  | { kind: 'list'; ordered: boolean; items: string[] };

// Block syntax is recognised by an anchored, bounded opening pattern and a scan of the rest of
// the line: a single regex with a lazy body before `\s*#*\s*$` backtracks cubically on a long
// run of spaces (issue 15, finding 1).
const bulletOpening = /^\s{0,3}[-*+]\s+/;
const orderedOpening = /^\s{0,3}\d{1,9}[.)]\s+/;
const fenceOpening = /^\s{0,3}(`{3,}|~{3,})/;
const headingOpening = /^\s{0,3}#{1,6}\s+/;
/** The characters `.` does not match: a line's content holding one is no block item. */
const lineTerminator = /[\n\r\u2028\u2029]/;

/** The content after an opening (bullet, number, heading marks), unless a line terminator is in it. */
function contentAfter(opening: RegExp, line: string): string | undefined {
  const match = opening.exec(line);
  if (!match) return undefined;
  const content = line.slice(match[0].length);
  return lineTerminator.test(content) ? undefined : content;
}

/** A fence opening line: the marker run and the info string's first word; no backtick may follow the marker. */
function fenceOf(line: string): { marker: string; lang: string } | undefined {
  const match = fenceOpening.exec(line);
  if (!match) return undefined;
  const rest = line.slice(match[0].length);
  if (rest.includes('`')) return undefined;
  return { marker: match[1]!, lang: /^\s*([^`\s]*)/.exec(rest)![1]! };
}

/** A heading's text: the content without its closing sequence (trailing white space, `#`s, white space). */
function headingOf(line: string): string | undefined {
  const match = headingOpening.exec(line);
  if (!match) return undefined;
  let end = line.length;
  while (end > match[0].length && isWhiteSpace(line[end - 1]!)) end--;
  while (end > match[0].length && line[end - 1] === '#') end--;
  while (end > match[0].length && isWhiteSpace(line[end - 1]!)) end--;
  const text = line.slice(match[0].length, end);
  return lineTerminator.test(text) ? undefined : text;
}

function isWhiteSpace(character: string): boolean {
  return character.trim() === '';
}

function blocks(source: string): Block[] {
  const out: Block[] = [];
  const lines = clean(source).split('\n');
  let current: Block | undefined;
  const close = (): void => {
    if (current) out.push(current);
    current = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = fenceOf(line);
    if (f) {
      close();
      const marker = f.marker;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) body.push(lines[i++]!);
      out.push({ kind: 'code', lang: f.lang, lines: body });
      continue;
    }
    if (line.trim() === '') {
      close();
      continue;
    }
    const b = contentAfter(bulletOpening, line);
    const o = b === undefined ? contentAfter(orderedOpening, line) : undefined;
    if (b !== undefined || o !== undefined) {
      const isOrdered = o !== undefined;
      if (!(current?.kind === 'list' && current.ordered === isOrdered)) {
        close();
        current = { kind: 'list', ordered: isOrdered, items: [] };
      }
      current.items.push((b ?? o)!);
      continue;
    }
    if (current?.kind === 'list' && /^\s+\S/.test(line)) {
      current.items[current.items.length - 1] += ' ' + line.trim();
      continue;
    }
    const h = headingOf(line);
    if (h !== undefined) {
      // Headings inside descriptions would break the page outline: they become strong paragraphs.
      close();
      out.push({ kind: 'p', lines: [`**${h}**`] });
      continue;
    }
    if (current?.kind !== 'p') {
      close();
      current = { kind: 'p', lines: [] };
    }
    current.lines.push(line.trim());
  }
  close();
  return out;
}

/** Renders untrusted Markdown text to safe HTML (block level). */
export function renderMarkdownSafe(source: string): string {
  return blocks(source)
    .map((block) => {
      if (block.kind === 'code') {
        const lang = /^[A-Za-z0-9_+-]{1,30}$/.test(block.lang) ? ` class="language-${block.lang}"` : '';
        return `<pre><code${lang}>${escapeHtml(block.lines.join('\n'))}</code></pre>`;
      }
      if (block.kind === 'list') {
        const tag = block.ordered ? 'ol' : 'ul';
        return `<${tag}>${block.items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${tag}>`;
      }
      return `<p>${block.lines.map(renderInline).join('<br>\n')}</p>`;
    })
    .join('\n');
}

/**
 * Untrusted Markdown made safe for a Markdown output file: outside code, `<`, `>` and `&` are
 * entity-escaped (no raw HTML reaches a wiki renderer) and links whose target is not http, https
 * or mailto lose their target.
 */
export function sanitizeMarkdown(source: string): string {
  const lines = clean(source).split('\n');
  const out: string[] = [];
  let inFence: string | undefined;
  for (const line of lines) {
    const f = fenceOf(line);
    if (inFence !== undefined) {
      out.push(line);
      if (line.trimStart().startsWith(inFence)) inFence = undefined;
      continue;
    }
    if (f) {
      inFence = f.marker;
      out.push(line);
      continue;
    }
    out.push(
      line
        .split(/(`+[^`]*`+)/)
        .map((part, i) => (i % 2 === 1 ? part : sanitizeMarkdownText(part)))
        .join(''),
    );
  }
  if (inFence !== undefined) out.push(inFence);
  return out.join('\n');
}

function sanitizeMarkdownText(text: string): string {
  return (
    text
      .replace(/<((?:https?:\/\/|mailto:)[^\s<>]*)>/gi, (_m, url: string) =>
        isSafeUrl(url) ? `\u0001${url}\u0002` : url,
      )
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // Any `](target` whose target is not http(s)/mailto loses its link syntax (balanced parentheses
      // and <...> destinations included); `[label]: target` reference definitions are defused too.
      .replace(/\]\(\s*(?:&lt;)?([^\s)]*)/g, (m, url: string) =>
        isSafeUrl(url.replace(/&amp;/g, '&').replace(/&gt;$/, '')) ? m : '\\]\\(' + m.slice(2),
      )
      .replace(/^(\s{0,3})\[([^\]\n]*)\]:/, '$1\\[$2\\]:')
      .replace(/\u0001/g, '<')
      .replace(/\u0002/g, '>')
  );
}

/** Plain text for a Markdown table cell or inline position: escaped, one line, pipes escaped. */
export function markdownInlineText(text: string): string {
  return (
    clean(text)
      // A white-space run holding a line break becomes one space (`\s*\n\s*` would rescan every run).
      .replace(/\s+/g, (space) => (space.includes('\n') ? ' ' : space))
      .replace(/[\\`*_[\]<>|&]/g, (c) =>
        c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '|' ? '\\|' : '\\' + c,
      )
  );
}
