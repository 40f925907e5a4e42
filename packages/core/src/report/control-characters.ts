/**
 * The one policy for characters that a document, a server or a client may put into our output
 * and that must not reach a terminal raw (issue 15, finding 15): C0 controls (ESC starts the
 * sequences that set the window title or clear the screen), DEL, C1 controls (U+009B is CSI on
 * terminals that read 8-bit controls) and the bidirectional embeddings, overrides and isolates
 * (they reorder what is shown: "Trojan Source"). Tab and line feed are layout and stay; a carriage
 * return stays only before a line feed (alone it moves the cursor back over the line).
 *
 * What "neutralised" means depends on the output (docs/red-team.md):
 * - human text (stylish, diff text, messages on stderr): a visible one-cell stand-in (␛, ␡, U+FFFD);
 *   lossy, and it has to be: the text is for reading;
 * - JSON (and SARIF): the `\uXXXX` escape, lossless (such characters only occur inside strings);
 * - Markdown, XML and HTML: a numeric character reference, lossless where the format decodes references
 *   (Markdown text; inside a code span the reference shows as written, visible and inert; HTML maps
 *   the references of C1 controls to the Windows-1252 characters, which a browser shows instead of nothing);
 * - YAML: the serializer already writes them as double-quoted escapes, lossless.
 *
 * Every report format (report/index.ts) neutralises its own output, field by field, as its kind
 * requires: scanning 25 MB of report again cost a third of writing it.
 */

/** The unsafe characters, for a whole output: tab and line feed are allowed, CR only before LF. */
const unsafeInOutput = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
/**
 * Every character that may need neutralising in some output (CR and ESC included, whatever
 * follows them): one character class, which finds nothing in a clean 25 MB report in a fraction
 * of the time the alternations below take.
 */
const mayBeUnsafe = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/**
 * Our own colours (SGR: ESC [ parameters m) and rule links (OSC 8: ESC ] 8 ; ; printable URI ESC \\),
 * kept in painted output; the formatter neutralised every control of document text first.
 */
const unsafeOrColour =
  /\u001b\[[0-9;]*m|\u001b\]8;;[ -~]*\u001b\\|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
/** For one-line fields (a message, a pointer, a source line): every control, tab and line feed too. */
const unsafeInLine = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** The same class, not global: `test` is much cheaper than a `replace` that finds nothing. */
const anyUnsafeInLine = new RegExp(unsafeInLine.source);
/** The unsafe characters that `JSON.stringify` writes as they are (it escapes every C0 control and a lone surrogate itself). */
const unsafeAfterStringify = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * How an output is written, which decides how an unsafe character is neutralised; `neutral`: its
 * producer neutralised it already (the report formats).
 */
export type OutputKind = 'text' | 'painted' | 'json' | 'markdown' | 'xml' | 'html' | 'yaml' | 'neutral';

/** The visible one-cell stand-in of an unsafe character: a control picture (␀..␟, ␡) or U+FFFD. */
export function standIn(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return '\ufffd';
}

/** Whether one code unit is unsafe in a one-line field (the class of `printableLine`), without a regex: excerpts ask per character. */
export function isUnsafeInLine(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** Whether a one-line field has a code unit that `printableLine` replaces: a regex `test` scans faster than a loop. */
export function hasUnsafeInLine(text: string): boolean {
  return anyUnsafeInLine.test(text);
}

/** A one-line field as printed: every control character (tab and line feed included) as its stand-in. */
export function printableLine(text: string): string {
  return anyUnsafeInLine.test(text) ? text.replace(unsafeInLine, standIn) : text;
}

/**
 * Whether a value, stringified into a JSON output, needs neutralising there: a string with a
 * character `JSON.stringify` leaves raw. Anything but a string or undefined says yes (the caller
 * then neutralises the whole text it is in, which is always right).
 */
export function stringifiesUnsafe(value: unknown): boolean {
  return typeof value === 'string' ? unsafeAfterStringify.test(value) : value !== undefined;
}

function hex(character: string): string {
  return character.charCodeAt(0).toString(16).toUpperCase();
}

/** A whole output with every unsafe character neutralised as its kind requires (see the module comment). */
export function neutralizeOutput(text: string, kind: OutputKind): string {
  if (kind === 'yaml' || kind === 'neutral' || !mayBeUnsafe.test(text)) return text;
  switch (kind) {
    case 'text':
      return text.replace(unsafeInOutput, standIn);
    case 'painted':
      return text.replace(unsafeOrColour, (match) => (match.length > 1 ? match : standIn(match)));
    case 'json':
      return text.replace(unsafeInOutput, (c) => '\\u' + hex(c).toLowerCase().padStart(4, '0'));
    case 'markdown':
    case 'xml':
    case 'html':
      return text.replace(unsafeInOutput, (c) => `&#x${hex(c)};`);
  }
}
