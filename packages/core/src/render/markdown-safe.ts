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

// ---- Markdown output (`docs --markdown`) --------------------------------------------------------
//
// The output is read by CommonMark renderers (GitHub, GitLab, wikis; commonmark.js and markdown-it
// in the tests), several with raw HTML enabled. Rather than guess how a renderer reads the
// description's own code spans and fences (backtick runs of unequal length, a fence indented with
// a tab or U+00A0 fooled the earlier guess: issue 15, finding 13), the description is re-written
// in a canonical form whose reading is fixed by construction:
// - every fenced or indented code block becomes a backtick fence of our own, at column 0, longer
//   than any backtick run in its body, with blank lines around it;
// - outside those, every backtick, `<`, `~`, `[` and `]` is backslash-escaped except in the
//   constructs re-emitted verbatim: a code span (opening and closing runs of equal length on one
//   line, CommonMark 6.1), an autolink to an http/https/mailto URL and an inline link to one;
// - nothing can form a heading (ATX lines become bold paragraphs; a setext underline or a table
//   delimiter row under a text line is escaped), so embedded headings never compete with ours.
// So no `<` reaches a renderer outside code except the autolinks, and no fence or code span is
// ours unless we wrote it. Entities are left alone: in Markdown text `&amp;` is the author's.

/** The longest match of a global pattern, at least `least` (a loop: a spread of every match overflows the stack). */
export function longestRun(text: string, pattern: RegExp, least: number): number {
  let longest = least;
  for (const match of text.matchAll(pattern)) longest = Math.max(longest, match[0].length);
  return longest;
}

/** A fenced code block that cannot be closed early by its content. */
export function fenced(body: string, lang = ''): string {
  const fence = '`'.repeat(longestRun(body, /`{3,}/g, 2) + 1);
  return `${fence}${lang}\n${body}\n${fence}`;
}

/** ASCII punctuation: the characters a backslash escapes (CommonMark 2.4). */
const asciiPunctuation = /^[!-/:-@[-`{-~]$/;
/** The list and block quote markers (and white space) a line starts with. */
const containerMarkers = /^[ \t>*+\-.)0-9]*/;
/** Opening of a fenced code block in the source (generous: tabs and any indentation are accepted). */
const sourceFence = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
/** A line that would turn the text line above it into a heading or a table (setext underline, delimiter row). */
const underline = /^[ \t>]*[-=:|][-=:| \t]*$/;
const listItem = /^[ \t]*([-*+]|\d{1,9}[.)])([ \t]|$)/;
const safeAutolink = /<((?:https?:\/\/|mailto:)[^\s<>`\\]*)>/iy;
const safeInlineLink = /\[([^[\]\n]{1,500})\]\(([^\s()<>[\]`\\]{1,2000})\)/y;

/** Where the closing run of each backtick-run length starts, found left to right in linear time. */
class BacktickRuns {
  private readonly starts = new Map<number, number[]>();
  private readonly next = new Map<number, number>();

  constructor(line: string) {
    for (let i = 0; i < line.length;) {
      if (line[i] !== '`') {
        i++;
        continue;
      }
      const length = runLength(line, i);
      const list = this.starts.get(length) ?? [];
      list.push(i);
      this.starts.set(length, list);
      i += length;
    }
  }

  /** The start of the first run of exactly `length` backticks at or after `from`, or -1. */
  closing(length: number, from: number): number {
    const list = this.starts.get(length);
    if (!list) return -1;
    let index = this.next.get(length) ?? 0;
    while (index < list.length && list[index]! < from) index++;
    this.next.set(length, index);
    return index < list.length ? list[index]! : -1;
  }
}

function runLength(line: string, start: number): number {
  let end = start;
  while (line[end] === '`') end++;
  return end - start;
}

/**
 * One line of description text, escaped so that only its code spans, safe autolinks and safe
 * inline links are read as such. One scan: text runs are copied in slices, only the characters
 * that need it are escaped (backtick, `<`, `~`, `[`, `]`, a lone backslash, `!` before `[`, and a
 * `#` right after the list and block quote markers, which would open a heading).
 */
function markdownTextLine(line: string): string {
  const runs = new BacktickRuns(line);
  const blockStart = containerMarkers.exec(line)![0].length;
  let out = '';
  let copied = 0;
  /** Writes the text before `at` as it is, then `replacement`; copying resumes at `resume`. */
  const emit = (at: number, replacement: string, resume: number): void => {
    out += line.slice(copied, at) + replacement;
    copied = resume;
  };
  for (let at = 0; at < line.length; at++) {
    const c = line[at]!;
    if (c === '\\') {
      // A backslash pair is text as written; a lone backslash is doubled so it cannot escape what we emit next.
      if (asciiPunctuation.test(line[at + 1] ?? '')) at++;
      else emit(at, '\\\\', at + 1);
    } else if (c === '`') {
      const length = runLength(line, at);
      const close = runs.closing(length, at + length);
      if (close === -1) emit(at, '\\`'.repeat(length), at + length);
      at = (close === -1 ? at + length : close + length) - 1; // a code span is copied as it is
    } else if (c === '<') {
      safeAutolink.lastIndex = at;
      const match = safeAutolink.exec(line);
      if (match && isSafeUrl(match[1]!)) at += match[0].length - 1;
      else emit(at, '\\<', at + 1);
    } else if (c === '[') {
      safeInlineLink.lastIndex = at;
      const match = safeInlineLink.exec(line);
      if (match && isSafeUrl(match[2]!)) {
        emit(at, `[${escapeLabel(match[1]!)}](${match[2]!})`, at + match[0].length);
        at += match[0].length - 1;
      } else emit(at, '\\[', at + 1);
    } else if (c === ']' || c === '~' || (c === '!' && line[at + 1] === '[') || (c === '#' && at === blockStart))
      emit(at, '\\' + c, at + 1);
  }
  return out + line.slice(copied);
}

/** A link's label: every character that could open something is escaped (a lone backslash doubled). */
function escapeLabel(label: string): string {
  return label.replace(/\\([!-/:-@[-`{-~])?|[`<~!#]/g, (found: string, escaped: string | undefined) =>
    found[0] === '\\' ? (escaped === undefined ? '\\\\' : found) : '\\' + found,
  );
}

/** The column width of a line's leading white space (tabs to the next multiple of 4). */
function indentWidth(line: string): number {
  let width = 0;
  for (const c of line) {
    if (c === ' ') width++;
    else if (c === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** The line without up to `columns` columns of leading white space. */
function dedent(line: string, columns: number): string {
  let width = 0;
  let i = 0;
  while (i < line.length && width < columns && (line[i] === ' ' || line[i] === '\t')) {
    width += line[i] === ' ' ? 1 : 4 - (width % 4);
    i++;
  }
  return line.slice(i);
}

const isBlank = (line: string): boolean => /^[ \t]*$/.test(line);

/** Whether a line closes a fence opened by `marker`: only white space around a run of its character at least as long. */
function closesFence(line: string, marker: string): boolean {
  const run = line.trim();
  if (run.length < marker.length || /[ \t]/.test(run)) return false;
  for (const c of run) if (c !== marker[0]) return false;
  return true;
}

/**
 * Untrusted Markdown (a description, server instructions) re-written for a Markdown output file:
 * the same paragraphs, lists, block quotes, emphasis, code and safe links, but no raw HTML, no
 * link to other than http/https/mailto, no heading and no table (see above). Linear in the input.
 */
export function sanitizeMarkdown(source: string): string {
  const lines = clean(source).split('\n');
  const out: string[] = [];
  const blank = (): void => {
    if (out.length > 0 && out[out.length - 1] !== '') out.push('');
  };
  let previousText = false;
  let inList = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (isBlank(line)) {
      blank();
      previousText = false;
      continue;
    }
    const fence = sourceFence.exec(line);
    if (fence && !(fence[2]!.startsWith('`') && fence[3]!.includes('`'))) {
      const [, indent, marker] = fence as unknown as [string, string, string];
      const body: string[] = [];
      for (i++; i < lines.length && !closesFence(lines[i]!, marker); i++)
        body.push(dedent(lines[i]!, indentWidth(indent)));
      const lang = /^\s*([A-Za-z0-9_+-]{1,30})(\s|$)/.exec(fence[3]!)?.[1] ?? '';
      blank();
      out.push(fenced(body.join('\n'), lang), '');
      previousText = false;
      continue;
    }
    if (!previousText && !inList && indentWidth(line) >= 4) {
      const body: string[] = [];
      let end = i;
      for (let j = i; j < lines.length && (isBlank(lines[j]!) || indentWidth(lines[j]!) >= 4); j++)
        if (!isBlank(lines[j]!)) end = j;
      for (; i <= end; i++) body.push(dedent(lines[i]!, 4));
      i = end;
      blank();
      out.push(fenced(body.join('\n')), '');
      continue;
    }
    const heading = headingOf(line);
    if (heading !== undefined) {
      // Embedded headings would compete with the page's own outline: they become bold paragraphs.
      blank();
      if (heading.trim() !== '') out.push(`**${markdownTextLine(heading.trim())}**`, '');
      previousText = false;
      inList = false;
      continue;
    }
    if (previousText && underline.test(line)) {
      const at = line.search(/[-=:|]/);
      out.push(`${line.slice(0, at)}\\${line.slice(at)}`);
      continue;
    }
    inList = listItem.test(line) || (inList && indentWidth(line) > 0);
    const indent = line.length - line.trimStart().length;
    out.push(line.slice(0, indent) + markdownTextLine(line.slice(indent)));
    previousText = true;
  }
  while (out[out.length - 1] === '') out.pop();
  return out.join('\n');
}

/** An entity or numeric character reference would be decoded by a renderer: its `&` is escaped. */
const entityLike = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/y;

/**
 * Plain text for a Markdown table cell, heading or list item: one line, every character that
 * could start Markdown or HTML syntax backslash-escaped (no entities: `&` stays `&` unless it
 * would start a character reference).
 */
export function markdownInlineText(text: string): string {
  const flat = clean(text)
    // A white-space run holding a line break becomes one space (`\s*\n\s*` would rescan every run).
    .replace(/\s+/g, (space) => (space.includes('\n') ? ' ' : space));
  return flat.replace(/^(\s*)#|[\\`*_[\]<>|~&]/g, (found: string, space: string | undefined, at: number) => {
    if (space !== undefined) return `${space}\\#`;
    if (found === '&') {
      entityLike.lastIndex = at;
      return entityLike.test(flat) ? '\\&' : '&';
    }
    return '\\' + found;
  });
}
