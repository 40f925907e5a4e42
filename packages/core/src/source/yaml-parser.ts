import { parseEvents, getScalarValue, YAMLException, type Event } from 'js-yaml';
import type { Diagnostic } from '../model/diagnostic.js';
import { escapePointerToken } from '../model/json-pointer.js';
import type { DecodeOutcome } from './json-parser.js';
import { LineIndex } from './line-index.js';
import { limitDiagnostic, noteValueCount } from './limits.js';
import { ARRAY, OBJECT, SpanRecorder, TreeSourceMap } from './source-map.js';
import type { SourceLimits } from './types.js';
import { isWellFormedText } from './unicode.js';
import { decodeCommonYaml } from './yaml-common-subset.js';
import { plainScalarValue, resolvePlain, resolveTagged, scalarTags, type Resolution } from './yaml-scalars.js';
import { setOwn } from '../model/json.js';
import { hasOwn } from '../model/values.js';

// js-yaml event ids and scalar styles (EVENT_ID, SCALAR_STYLE).
const DOCUMENT = 1,
  SEQUENCE = 2,
  MAPPING = 3,
  SCALAR = 4,
  ALIAS = 5,
  POP = 6;
const PLAIN = 1,
  SINGLE_QUOTED = 2,
  DOUBLE_QUOTED = 3;
const BLOCK_STYLE = 1; // COLLECTION_STYLE.BLOCK

/** YAML 1.2.2 (7.4.2, 8.2.2): the ":" of an implicit key is at most 1024 characters after the key's start. */
const implicitKeyLimit = 1024;

/**
 * Decodes restricted YAML 1.2.2 (spec 15.3). js-yaml's event parser does the syntax (fast,
 * offsets on every node, bounded depth); the constructor here builds the JSON data model
 * from the events and enforces the profile itself: anchors and aliases are reported from
 * their events and never expanded, tags are checked against the JSON schema's, keys must
 * resolve to unique strings, `<<` is never a merge. The constructor also records the offsets
 * of every node for the source map (flat typed arrays; pointers are resolved on query).
 * Documents in the common subset of YAML that decode cleanly take a fast path first
 * (yaml-common-subset.ts: no events, the same value and spans); all others are read precisely.
 */
export function parseYaml(text: string, limits: SourceLimits): DecodeOutcome {
  const common = decodeCommonYaml(text, limits);
  if (common === undefined) return parseYamlPrecisely(text, limits);
  noteValueCount(common.document, common.values);
  return {
    document: common.document,
    diagnostics: [],
    sourceMap: new TreeSourceMap(() => common.spans, new LineIndex(text), text),
  };
}

/** The precise decoder: every document, every diagnostic (the fast path's reference). */
export function parseYamlPrecisely(text: string, limits: SourceLimits): DecodeOutcome {
  const lines = new LineIndex(text);
  const spans = new SpanRecorder(text.length >> 5, true);
  const diagnostics: Diagnostic[] = [];
  const events = readEvents(text, limits, lines, diagnostics);
  const document = events ? construct(text, events, limits, lines, diagnostics, spans) : undefined;
  const tree = spans.finish();
  return {
    document: diagnostics.length > 0 ? undefined : document,
    diagnostics,
    sourceMap: new TreeSourceMap(() => tree, lines, text),
  };
}

function readEvents(
  text: string,
  limits: SourceLimits,
  lines: LineIndex,
  diagnostics: Diagnostic[],
): Event[] | undefined {
  // js-yaml also counts the document and the scalar level; our constructor checks the exact depth.
  const options = { maxDepth: limits.maxDepth + 2 };
  let failure: unknown;
  let input = text;
  // js-yaml rejects a tab that separates tokens inside a flow collection nested in a block
  // collection (its "deficient indentation" check counts the tab as indentation), which YAML
  // 1.2.2 allows (s-separate-in-line). There the tab means what a space means, so the run of
  // whitespace js-yaml has just skipped is read as spaces and parsed again: same length, so
  // every offset stays, and no scalar contains that run. One run per retry; the retries are
  // bounded so that untrusted input costs at most a few parses more than one.
  const budget = Math.max(4 * text.length, 1 << 22);
  for (let reparsed = 0; ; reparsed += input.length) {
    try {
      return parseEvents(input, options);
    } catch (error) {
      failure = error;
    }
    if (!(failure instanceof YAMLException) || failure.reason !== 'deficient indentation') break;
    if (reparsed + input.length > budget) break;
    const spaced = separationTabsAsSpaces(input, failure.mark?.position ?? -1);
    if (spaced === undefined) break;
    input = spaced;
  }
  if (failure instanceof YAMLException) {
    const at = failure.mark?.position ?? 0;
    if (isDepthError(failure)) {
      diagnostics.push(
        limitDiagnostic('maxDepth', `more than ${limits.maxDepth}`, limits.maxDepth, '', lines.range(at, at + 1)),
      );
    } else {
      diagnostics.push(
        yamlDiagnostic('yaml.syntax', 'syntax', `YAML syntax error: ${failure.reason}`, '', lines.range(at, at + 1)),
      );
    }
    return undefined;
  }
  if (failure instanceof RangeError) {
    // A stack overflow inside the parser: only extreme nesting gets there.
    diagnostics.push(limitDiagnostic('maxDepth', 'too deep to parse', limits.maxDepth, ''));
    return undefined;
  }
  throw failure;
}

const isDepthError = (error: YAMLException): boolean => error.reason.startsWith('nesting exceeded maxDepth');

/**
 * `text` with the tabs of the whitespace run that ends at `offset` replaced by spaces, when the
 * run holds a tab and follows other content on its line (leading whitespace is indentation,
 * where a tab is an error); otherwise undefined.
 */
function separationTabsAsSpaces(text: string, offset: number): string | undefined {
  let start = offset;
  while (start > 0 && (text.charCodeAt(start - 1) === 32 || text.charCodeAt(start - 1) === 9)) start--;
  const run = text.slice(start, offset);
  if (!run.includes('\t') || start === 0) return undefined;
  const before = text.charCodeAt(start - 1);
  if (before === 10 || before === 13) return undefined;
  return text.slice(0, start) + run.replace(/\t/g, ' ') + text.slice(offset);
}

function yamlDiagnostic(
  rule: string,
  code: string,
  message: string,
  pointer: string,
  range?: Diagnostic['range'],
): Diagnostic {
  return { rule, code, severity: 'error', message, pointer, ...(range ? { range } : {}), spec: '15.3' };
}

interface Frame {
  mapping: boolean;
  value: unknown[] | Record<string, unknown>;
  /** The enclosing collection's frame (undefined for the root). */
  parent: Frame | undefined;
  /** The key (in a mapping) or index (in a sequence) of this collection within its parent. */
  token: string | number;
  /**
   * The JSON pointer, built only when a diagnostic needs it (a pointer string per node is the
   * decoder's largest avoidable allocation); cached once built.
   */
  pointer: string | undefined;
  start: number;
  /**
   * Keys seen so far, for a discarded mapping only (its values are not stored); a kept mapping
   * finds a repeated key among its own properties, sparing a set per mapping.
   */
  keys: Set<string> | undefined;
  /** For mappings: the key waiting for its value (undefined when the next node is a key). */
  key: string | undefined;
  keyStart: number;
  keyEnd: number;
  /** Key offsets of this collection within its own parent. */
  ownKeyStart: number;
  ownKeyEnd: number;
  count: number;
  /** A collection used as a mapping key: it becomes an (invalid) key, not a value. */
  isKey: boolean;
  /** Inside a key or under an invalid key: read for diagnostics, never stored or mapped. */
  discarded: boolean;
  /** A block mapping or a single-pair mapping in a flow sequence: its implicit keys are bounded in length. */
  implicitKeys: boolean;
}

/** Marks a key that is not a string: its value is read but not stored. */
const invalidKey = '\u0000invalid key';

function construct(
  text: string,
  events: Event[],
  limits: SourceLimits,
  lines: LineIndex,
  diagnostics: Diagnostic[],
  spans: SpanRecorder,
): unknown {
  const report = (rule: string, code: string, message: string, pointer: string, start: number, end: number): void => {
    diagnostics.push(yamlDiagnostic(rule, code, message, pointer, start >= 0 ? lines.range(start, end) : undefined));
  };
  const documents = events.reduce((n, e) => (e.type === DOCUMENT ? n + 1 : n), 0);
  if (documents !== 1) {
    const second = documents > 1 ? secondDocumentOffset(text, events) : 0;
    report(
      'yaml.document',
      documents === 0 ? 'no-document' : 'multiple-documents',
      documents === 0
        ? 'found no YAML document; expected exactly one'
        : `found ${documents} YAML documents; expected exactly one`,
      '',
      second,
      second + 1,
    );
    return undefined;
  }
  const first = events[0];
  if (first?.type === DOCUMENT) {
    for (const directive of first.directives) {
      if (directive.kind === 'tag')
        report(
          'yaml.tag',
          'tag',
          `found the %TAG directive for ${directive.handle}; expected no tag directives`,
          '',
          0,
          1,
        );
      else if (directive.version !== '1.2')
        report('yaml.document', 'yaml-version', `found %YAML ${directive.version}; expected YAML 1.2`, '', 0, 1);
    }
  }

  const stack: Frame[] = [];
  // YAML 1.2.2 keeps U+FEFF out of plain and block scalars (nb-char); js-yaml lets it through.
  const markInText = text.includes('\ufeff');
  let root: unknown;
  let values = 0; // values stored, for the run budget (no walk of its own)
  let lastEnd = 0;
  for (let i = 1; i < events.length; i++) {
    const event = events[i]!;
    // Consumed events are let go: the garbage collector then marks only the events still to
    // come (and the values built so far), not the whole stream, during the construction.
    (events as (Event | undefined)[])[i] = undefined;
    if (event.type === DOCUMENT) continue; // only the first one, already checked
    if (event.type === POP) {
      const frame = stack.pop();
      if (!frame) continue; // the document's own end
      if (frame.mapping && frame.key !== undefined) lastEnd = Math.max(lastEnd, frame.keyEnd);
      if (frame.isKey) keyDone(stack[stack.length - 1]!, invalidKey, frame.start, lastEnd);
      else finish(frame.value, frame.start, frame.ownKeyStart, frame.ownKeyEnd, lastEnd, frame.discarded, true);
      continue;
    }
    const parent = stack[stack.length - 1];
    const inKey = parent !== undefined && parent.mapping && parent.key === undefined;
    const discarded = parent !== undefined && (parent.discarded || inKey || parent.key === invalidKey);

    if (event.type === ALIAS) {
      const name = text.slice(event.anchorStart, event.anchorEnd);
      report(
        'yaml.anchor',
        'alias',
        `found the alias *${name}; expected the value written out (aliases are not allowed, 15.3.5)`,
        nodePointer(parent, discarded),
        event.anchorStart - 1,
        event.anchorEnd,
      );
      lastEnd = event.anchorEnd;
      if (inKey) keyDone(parent!, invalidKey, event.anchorStart - 1, event.anchorEnd);
      else finish(null, event.anchorStart - 1, -1, -1, event.anchorEnd, discarded, false);
      continue;
    }
    if (event.anchorStart >= 0) {
      const name = text.slice(event.anchorStart, event.anchorEnd);
      report(
        'yaml.anchor',
        'anchor',
        `found the anchor &${name}; expected no anchors (aliases are not allowed, 15.3.5)`,
        nodePointer(parent, discarded),
        event.anchorStart - 1,
        event.anchorEnd,
      );
    }
    const tag = event.tagStart >= 0 ? tagName(text.slice(event.tagStart, event.tagEnd)) : undefined;

    if (event.type === SEQUENCE || event.type === MAPPING) {
      const mapping = event.type === MAPPING;
      if (tag !== undefined && tag !== '!' && tag !== (mapping ? 'tag:yaml.org,2002:map' : 'tag:yaml.org,2002:seq')) {
        report(
          'yaml.tag',
          'tag',
          `found the tag ${text.slice(event.tagStart, event.tagEnd)} on a ${mapping ? 'mapping' : 'sequence'}; expected no tag or ${mapping ? '!!map' : '!!seq'}`,
          nodePointer(parent, discarded),
          event.tagStart,
          event.tagEnd,
        );
      }
      if (inKey) {
        report(
          'yaml.key',
          'non-string-key',
          `found a ${mapping ? 'mapping' : 'sequence'} used as a mapping key; expected a string key`,
          nodePointer(parent, discarded),
          event.start,
          event.start + 1,
        );
      }
      if (stack.length >= limits.maxDepth) {
        diagnostics.push(
          limitDiagnostic(
            'maxDepth',
            stack.length + 1,
            limits.maxDepth,
            nodePointer(parent, discarded),
            lines.range(event.start, event.start + 1),
          ),
        );
        return undefined;
      }
      const withKey = parent !== undefined && parent.mapping && !inKey;
      const ownKeyStart = withKey ? parent.keyStart : -1;
      const ownKeyEnd = withKey ? parent.keyEnd : -1;
      if (!discarded)
        spans.openContainer(
          mapping ? OBJECT : ARRAY,
          event.start,
          ownKeyStart,
          ownKeyEnd,
          parent?.mapping ? parent.key : undefined,
        );
      stack.push({
        mapping,
        value: mapping ? {} : [],
        parent,
        token: parent === undefined ? '' : parent.mapping ? (parent.key ?? '') : parent.count,
        pointer: parent === undefined ? '' : undefined,
        start: event.start,
        keys: mapping && discarded ? new Set() : undefined,
        key: undefined,
        keyStart: -1,
        keyEnd: -1,
        ownKeyStart,
        ownKeyEnd,
        count: 0,
        isKey: inKey,
        discarded,
        implicitKeys: mapping && (event.style === BLOCK_STYLE || text.charCodeAt(event.start) !== 0x7b) /* { */,
      });
      lastEnd = Math.max(lastEnd, event.start + 1);
      continue;
    }

    // A scalar: its source offsets, quotes included; an empty node sits just after what precedes it.
    const value = getScalarValue(text, event);
    let start = event.valueStart;
    let end = event.valueEnd;
    if (start < 0) start = end = lastEnd;
    else if (event.style === SINGLE_QUOTED || event.style === DOUBLE_QUOTED) {
      start--;
      end++;
    }
    lastEnd = Math.max(lastEnd, end);
    if (value.length > limits.maxStringLength) {
      diagnostics.push(
        limitDiagnostic(
          'maxStringLength',
          value.length,
          limits.maxStringLength,
          nodePointer(parent, discarded),
          lines.range(start, end),
        ),
      );
    }
    if (markInText && event.style !== SINGLE_QUOTED && event.style !== DOUBLE_QUOTED && value.includes('\ufeff')) {
      report(
        'yaml.syntax',
        'syntax',
        'found a byte-order mark (U+FEFF) inside a plain or block scalar; expected it only at the start of the stream, or escaped as "\\uFEFF" in a double-quoted string',
        nodePointer(parent, discarded),
        start,
        end,
      );
    }
    if (!isWellFormedText(value)) {
      report(
        'yaml.scalar',
        'lone-surrogate',
        'found a scalar with an unpaired UTF-16 surrogate; expected well-formed Unicode text',
        nodePointer(parent, discarded),
        start,
        end,
      );
    }
    // The resolved value, or the reason it has none: no result object for the usual scalar.
    let resolved: null | boolean | number | string = value;
    let failure: Exclude<Resolution, { ok: true }> | undefined;
    if (tag === undefined) {
      if (event.style === PLAIN) {
        const plain = plainScalarValue(value);
        if (plain !== undefined) resolved = plain;
        else failure = resolvePlain(value) as Exclude<Resolution, { ok: true }>;
      }
    } else if (tag === '!') {
      // A non-specific tag: the scalar is a string.
    } else if (scalarTags.has(tag)) {
      const resolution = resolveTagged(tag, value);
      if (resolution.ok) resolved = resolution.value;
      else failure = resolution;
    } else {
      report(
        'yaml.tag',
        'tag',
        `found the tag ${text.slice(event.tagStart, event.tagEnd)}; expected no tag, or one of the JSON schema's !!str !!int !!float !!bool !!null (15.3.4)`,
        nodePointer(parent, discarded),
        event.tagStart,
        event.tagEnd,
      );
    }

    if (inKey) {
      if (parent!.implicitKeys) {
        const keyStart = Math.min(
          start,
          event.tagStart >= 0 ? event.tagStart : start,
          event.anchorStart > 0 ? event.anchorStart - 1 : start,
        );
        const colon = implicitKeyLength(text, keyStart, end);
        if (colon > implicitKeyLimit)
          report(
            'yaml.syntax',
            'syntax',
            `found an implicit key whose ":" comes ${colon} characters after its start; expected at most ${implicitKeyLimit} (YAML 1.2.2 section 7.4.2), or an explicit key ("? key")`,
            nodePointer(parent, discarded),
            keyStart,
            end,
          );
      }
      if (failure !== undefined || typeof resolved !== 'string') {
        const shown = value === '' ? 'an empty key' : `the key ${display(text, start, end)}`;
        const found =
          failure === undefined ? `, which resolves to ${resolved === null ? 'null' : typeof resolved}` : '';
        report(
          'yaml.key',
          'non-string-key',
          `found ${shown}${found}; expected a string key (quote it: "${value}")`,
          nodePointer(parent, discarded),
          start,
          end,
        );
        keyDone(parent!, invalidKey, start, end);
      } else {
        keyDone(parent!, resolved, start, end);
      }
      continue;
    }
    if (failure !== undefined) {
      const rule = failure.code === 'tag-mismatch' ? 'yaml.tag' : 'yaml.scalar';
      report(
        rule,
        failure.code,
        `found ${display(text, start, end)}; expected ${failure.expected}`,
        nodePointer(parent, discarded),
        start,
        end,
      );
    }
    finish(
      failure === undefined ? resolved : null,
      start,
      parent?.mapping ? parent.keyStart : -1,
      parent?.mapping ? parent.keyEnd : -1,
      end,
      discarded,
      false,
    );
  }
  noteValueCount(root, values);
  return root;

  /** The JSON pointer of a collection, built from its parents on first use. */
  function framePointer(frame: Frame): string {
    if (frame.pointer !== undefined) return frame.pointer;
    const parent = frame.parent!;
    const token = frame.token;
    frame.pointer = frame.discarded
      ? framePointer(parent)
      : framePointer(parent) + '/' + (typeof token === 'number' ? String(token) : escapePointerToken(token));
    return frame.pointer;
  }

  /**
   * The JSON pointer of the node an event opens under `parent` (read before the node is stored):
   * a discarded node (a key, or under an invalid key) reports at its parent's pointer.
   */
  function nodePointer(parent: Frame | undefined, discarded: boolean): string {
    if (parent === undefined) return '';
    if (discarded) return framePointer(parent);
    return framePointer(parent) + '/' + (parent.mapping ? escapePointerToken(parent.key!) : String(parent.count));
  }

  function keyDone(frame: Frame, key: string, start: number, end: number): void {
    frame.keyStart = start;
    frame.keyEnd = end;
    const seen = frame.keys === undefined ? hasOwn(frame.value, key) : frame.keys.has(key);
    if (key !== invalidKey && seen) {
      report(
        'yaml.duplicate-key',
        'duplicate-key',
        `found the key ${JSON.stringify(key)} a second time in one mapping; expected each key once (15.3.2)`,
        framePointer(frame) + '/' + escapePointerToken(key),
        start,
        end,
      );
    }
    frame.keys?.add(key);
    frame.key = key;
  }

  /** Stores a completed value in its parent (or as the root) and records its span (a collection's was opened at its start). */
  function finish(
    value: unknown,
    start: number,
    keyStart: number,
    keyEnd: number,
    end: number,
    discarded: boolean,
    collection: boolean,
  ): void {
    const parent = stack[stack.length - 1];
    if (!discarded) {
      values++;
      if (collection) spans.closeContainer(Math.max(start, end));
      else spans.leaf(start, Math.max(start, end), keyStart, keyEnd, parent?.mapping ? parent.key : undefined);
    }
    if (!parent) {
      root = value;
      return;
    }
    if (parent.mapping) {
      const key = parent.key!;
      if (key !== invalidKey && !discarded) setOwn(parent.value as Record<string, unknown>, key, value);
      parent.key = undefined;
    } else {
      (parent.value as unknown[]).push(value);
    }
    if (++parent.count === limits.maxCollectionSize + 1) {
      diagnostics.push(
        limitDiagnostic(
          'maxCollectionSize',
          `more than ${limits.maxCollectionSize}`,
          limits.maxCollectionSize,
          framePointer(parent),
          lines.range(parent.start, parent.start + 1),
        ),
      );
    }
  }
}

/** `!!x` and `!<...>` to full tag names; `!` and local tags (`!x`) as written. */
function tagName(written: string): string {
  if (written.startsWith('!!')) return 'tag:yaml.org,2002:' + written.slice(2);
  if (written.startsWith('!<') && written.endsWith('>')) return written.slice(2, -1);
  return written;
}

/**
 * For an implicit key written at [start, end): how many characters (code points) from its start
 * to its ":"; 0 when no ":" follows on the same line (an explicit key's ":" is on a later line).
 * Only long keys are counted, so the usual key costs a comparison.
 */
function implicitKeyLength(text: string, start: number, end: number): number {
  let colon = end;
  while (text.charCodeAt(colon) === 32 || text.charCodeAt(colon) === 9) colon++;
  if (colon - start <= implicitKeyLimit || text.charCodeAt(colon) !== 0x3a /* : */) return 0;
  let characters = 0;
  for (let i = start; i < colon; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff || i === start || (text.charCodeAt(i - 1) & 0xfc00) !== 0xd800) characters++;
  }
  return characters;
}

function display(text: string, start: number, end: number): string {
  if (start === end) return 'an empty value';
  const written = text.slice(start, Math.min(end, start + 60));
  return `'${written}${end - start > 60 ? '…' : ''}'`;
}

/** Where the second document starts, for the diagnostic: the first node after the first document's end. */
function secondDocumentOffset(text: string, events: Event[]): number {
  let seen = 0;
  for (let i = 0; i < events.length; i++) {
    if (events[i]!.type !== DOCUMENT) continue;
    if (++seen < 2) continue;
    for (let j = i + 1; j < events.length; j++) {
      const e = events[j]!;
      if (e.type === SCALAR && e.valueStart >= 0) return lineStartBefore(text, e.valueStart);
      if ((e.type === SEQUENCE || e.type === MAPPING) && e.start >= 0) return lineStartBefore(text, e.start);
    }
  }
  return 0;
}

/** A `---` marker on the line above a node's line, if there is one; else the node's own line start. */
function lineStartBefore(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (lineStart > 0) {
    const previous = text.lastIndexOf('\n', lineStart - 2) + 1;
    if (text.startsWith('---', previous)) return previous;
  }
  return text.startsWith('---', lineStart) ? lineStart : lineStart;
}
