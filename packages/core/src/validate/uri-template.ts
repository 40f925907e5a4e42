/**
 * RFC 6570 URI Templates (levels 1-4): a parser that reports the first syntax error with its
 * index, and a matcher that decides whether a URI is a possible expansion of a template.
 *
 * Why our own small parser: npm `url-template` and `uri-template` only expand (or parse
 * leniently, accepting malformed expressions), they expose no variable list with operators and
 * modifiers, and none reverse-matches. The grammar is small (RFC 6570 section 2) and the matcher
 * needs the parsed expressions anyway.
 *
 * The matcher never builds a backtracking RegExp from the untrusted template. The template is
 * compiled into a Thompson NFA over a fixed per-operator grammar (RFC 6570 section 3.2 and
 * appendix A: the characters each operator lets through, its first/separator characters, named
 * forms and explode) and simulated over the URI: time O(|uri| x |NFA|), both bounded.
 */

export type UriTemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

export interface VarSpec {
  /** The varname as written (pct-encoded triplets kept). */
  name: string;
  /** Prefix modifier `:N` (1-9999). */
  prefix?: number;
  explode: boolean;
}

export type UriTemplatePart =
  | { type: 'literal'; text: string; index: number }
  | { type: 'expression'; operator: UriTemplateOperator; varspecs: VarSpec[]; index: number; text: string };

export type ParsedUriTemplate =
  { ok: true; parts: UriTemplatePart[]; variables: string[] } | { ok: false; error: string; index: number };

const operators = new Set(['+', '#', '.', '/', ';', '?', '&']);
/** Operators reserved for future extensions (RFC 6570 op-reserve): an error in a template. */
const reservedOperators = new Set(['=', ',', '!', '@', '|']);

const isAlpha = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** ucschar and iprivate (RFC 3987), allowed in literals. */
function isUcsOrPrivate(c: number): boolean {
  if ((c >= 0xa0 && c <= 0xd7ff) || (c >= 0xf900 && c <= 0xfdcf) || (c >= 0xfdf0 && c <= 0xffef)) return true;
  if (c >= 0xe000 && c <= 0xf8ff) return true; // iprivate
  if (c >= 0x10000 && c <= 0x10fffd) {
    const low = c & 0xffff;
    if (c >= 0xe0000 && c < 0xe1000) return false;
    return low <= 0xfffd;
  }
  return false;
}

/**
 * RFC 6570 literals as corrected by verified erratum 6937 (`%x26-3B`, so the apostrophe is a
 * literal, as the RFC's own `'{var}'` example needs): any character except CTL, SP, DQUOTE,
 * "%" (outside pct-encoded), "<", ">", "\", "^", "`", "{", "|", "}".
 */
function isLiteralChar(c: number): boolean {
  if (c === 0x21 || c === 0x23 || c === 0x24 || c === 0x3d || c === 0x5d || c === 0x5f || c === 0x7e) return true;
  if ((c >= 0x26 && c <= 0x3b) || (c >= 0x3f && c <= 0x5b) || (c >= 0x61 && c <= 0x7a)) return true;
  return isUcsOrPrivate(c);
}

/** Parses a URI Template; the first syntax error is reported with its character index. */
export function parseUriTemplate(template: string): ParsedUriTemplate {
  const parts: UriTemplatePart[] = [];
  const variables: string[] = [];
  const seen = new Set<string>();
  let i = 0;
  let literal = '';
  let literalStart = 0;
  const flush = (): void => {
    if (literal) parts.push({ type: 'literal', text: literal, index: literalStart });
    literal = '';
  };
  while (i < template.length) {
    const c = template.codePointAt(i)!;
    if (c === 0x7b /* { */) {
      flush();
      const start = i;
      const close = template.indexOf('}', i + 1);
      if (close < 0) return { ok: false, error: 'expression is not closed with "}"', index: start };
      const body = template.slice(i + 1, close);
      const parsed = parseExpression(body, i + 1);
      if (!parsed.ok) return parsed;
      for (const v of parsed.varspecs) {
        if (!seen.has(v.name)) {
          seen.add(v.name);
          variables.push(v.name);
        }
      }
      parts.push({
        type: 'expression',
        operator: parsed.operator,
        varspecs: parsed.varspecs,
        index: start,
        text: template.slice(start, close + 1),
      });
      i = close + 1;
      literalStart = i;
      continue;
    }
    if (c === 0x7d /* } */) return { ok: false, error: '"}" without an opening "{"', index: i };
    if (c === 0x25 /* % */) {
      if (i + 2 < template.length && isHex(template.charCodeAt(i + 1)) && isHex(template.charCodeAt(i + 2))) {
        if (!literal) literalStart = i;
        literal += template.slice(i, i + 3);
        i += 3;
        continue;
      }
      return { ok: false, error: '"%" is not followed by two hexadecimal digits', index: i };
    }
    if (!isLiteralChar(c)) {
      return {
        ok: false,
        error: `character ${JSON.stringify(String.fromCodePoint(c))} is not allowed in a URI Template literal`,
        index: i,
      };
    }
    if (!literal) literalStart = i;
    const width = c > 0xffff ? 2 : 1;
    literal += template.slice(i, i + width);
    i += width;
  }
  flush();
  return { ok: true, parts, variables };
}

function parseExpression(
  body: string,
  offset: number,
): { ok: true; operator: UriTemplateOperator; varspecs: VarSpec[] } | { ok: false; error: string; index: number } {
  let i = 0;
  let operator: UriTemplateOperator = '';
  if (body.length === 0) return { ok: false, error: 'empty expression', index: offset - 1 };
  if (operators.has(body[0]!)) {
    operator = body[0] as UriTemplateOperator;
    i = 1;
  } else if (reservedOperators.has(body[0]!)) {
    return { ok: false, error: `operator ${JSON.stringify(body[0])} is reserved for future extensions`, index: offset };
  }
  const varspecs: VarSpec[] = [];
  for (;;) {
    const nameStart = i;
    // varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
    let expectVarchar = true;
    while (i < body.length) {
      const c = body.charCodeAt(i);
      if (isAlpha(c) || isDigit(c) || c === 0x5f) {
        i++;
        expectVarchar = false;
        continue;
      }
      if (c === 0x25) {
        if (!(isHex(body.charCodeAt(i + 1)) && isHex(body.charCodeAt(i + 2)))) {
          return {
            ok: false,
            error: '"%" in a variable name is not followed by two hexadecimal digits',
            index: offset + i,
          };
        }
        i += 3;
        expectVarchar = false;
        continue;
      }
      if (c === 0x2e /* . */ && i > nameStart) {
        if (expectVarchar) return { ok: false, error: 'a variable name cannot contain ".."', index: offset + i };
        i++;
        expectVarchar = true;
        continue;
      }
      break;
    }
    if (i === nameStart) {
      return {
        ok: false,
        error:
          i < body.length
            ? `unexpected ${JSON.stringify(body[i])} where a variable name was expected`
            : 'a variable name is missing',
        index: offset + i,
      };
    }
    if (expectVarchar) return { ok: false, error: 'a variable name cannot end with "."', index: offset + i - 1 };
    const spec: VarSpec = { name: body.slice(nameStart, i), explode: false };
    if (body[i] === ':') {
      const digitsStart = ++i;
      while (i < body.length && isDigit(body.charCodeAt(i))) i++;
      const digits = body.slice(digitsStart, i);
      if (!/^[1-9][0-9]{0,3}$/.test(digits)) {
        return {
          ok: false,
          error: 'a prefix modifier needs a length from 1 to 9999 without leading zeros',
          index: offset + digitsStart,
        };
      }
      spec.prefix = Number(digits);
    } else if (body[i] === '*') {
      spec.explode = true;
      i++;
    }
    varspecs.push(spec);
    if (i === body.length) break;
    if (body[i] !== ',')
      return { ok: false, error: `unexpected ${JSON.stringify(body[i])} in an expression`, index: offset + i };
    i++;
  }
  return { ok: true, operator, varspecs };
}

/* ------------------------------------------------------------------------------------------ */
/* Matching: template -> NFA over a fixed grammar; URI simulated in linear time.               */

type Node =
  | { t: 'char'; test: (c: number) => boolean }
  | { t: 'seq'; xs: Node[] }
  | { t: 'alt'; xs: Node[] }
  | { t: 'star'; x: Node }
  | { t: 'opt'; x: Node }
  /** Non-empty ordered subsequence of `items` joined by `sep` (defined variables of one expression). */
  | { t: 'subseq'; items: Node[]; sep: Node };

const char = (test: (c: number) => boolean): Node => ({ t: 'char', test });
const seq = (...xs: Node[]): Node => ({ t: 'seq', xs });
const alt = (...xs: Node[]): Node => ({ t: 'alt', xs });
const star = (x: Node): Node => ({ t: 'star', x });
const opt = (x: Node): Node => ({ t: 'opt', x });
const lower = (c: number): number => (c >= 0x41 && c <= 0x5a ? c + 0x20 : c);
/** An exact string; hexadecimal digits of pct-encoded triplets match case-insensitively. */
function lit(text: string): Node {
  const xs: Node[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const inTriplet = (text[i - 1] === '%' || text[i - 2] === '%') && isHex(c);
    xs.push(inTriplet ? char((d) => lower(d) === lower(c)) : char((d) => d === c));
  }
  return seq(...xs);
}

const isUnreserved = (c: number): boolean =>
  isAlpha(c) || isDigit(c) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
const reservedSet = new Set(Array.from(":/?#[]@!$&'()*+,;=", (ch) => ch.charCodeAt(0)));
const isUnreservedOrReserved = (c: number): boolean => isUnreserved(c) || reservedSet.has(c);
const pct = seq(
  char((c) => c === 0x25),
  char(isHex),
  char(isHex),
);
const hexValue = (c: number): number => (isDigit(c) ? c - 0x30 : (c | 0x20) - 0x57);
/** A pct-encoded octet whose first hexadecimal digit is in [low, high]. */
const octet = (low: number, high: number): Node =>
  seq(
    char((c) => c === 0x25),
    char((c) => isHex(c) && hexValue(c) >= low && hexValue(c) <= high),
    char(isHex),
  );
/** The pct-encoded UTF-8 of one code point: a lead octet and as many continuation octets (8x-Bx) as it announces. */
const encodedCodePoint = alt(
  octet(0x0, 0x7),
  seq(octet(0xc, 0xd), octet(0x8, 0xb)),
  seq(octet(0xe, 0xe), octet(0x8, 0xb), octet(0x8, 0xb)),
  seq(octet(0xf, 0xf), octet(0x8, 0xb), octet(0x8, 0xb), octet(0x8, 0xb)),
);

interface OperatorRule {
  first: string;
  sep: string;
  named: boolean;
  ifemp: string;
  reserved: boolean;
}
const operatorRules: Record<UriTemplateOperator, OperatorRule> = {
  '': { first: '', sep: ',', named: false, ifemp: '', reserved: false },
  '+': { first: '', sep: ',', named: false, ifemp: '', reserved: true },
  '#': { first: '#', sep: ',', named: false, ifemp: '', reserved: true },
  '.': { first: '.', sep: '.', named: false, ifemp: '', reserved: false },
  '/': { first: '/', sep: '/', named: false, ifemp: '', reserved: false },
  ';': { first: ';', sep: ';', named: true, ifemp: '', reserved: false },
  '?': { first: '?', sep: '&', named: true, ifemp: '=', reserved: false },
  '&': { first: '&', sep: '&', named: true, ifemp: '=', reserved: false },
};

/** Prefix lengths above this are matched as unbounded strings (the bound only narrows, so no false mismatch). */
const maxUnrolledPrefix = 32;

function expressionNode(operator: UriTemplateOperator, varspecs: VarSpec[]): Node {
  const rule = operatorRules[operator];
  const allowed = rule.reserved ? isUnreservedOrReserved : isUnreserved;
  // One encoded character of a value: an allowed character or the pct-encoded UTF-8 of one code point.
  const unit = alt(char(allowed), pct);
  // A prefix (`:N`) counts characters of the value (RFC 6570 2.4.1), so one character is an
  // allowed character or the UTF-8 octets of one code point; reserved expansion also passes a
  // pct-encoded triplet of the value through unsplit, which then counts as one character.
  const codePoint = rule.reserved ? alt(char(allowed), encodedCodePoint, pct) : alt(char(allowed), encodedCodePoint);
  const str = star(unit);
  const bounded = (n: number): Node => {
    if (n > maxUnrolledPrefix) return str;
    let node: Node = opt(codePoint);
    for (let k = 1; k < n; k++) node = opt(seq(codePoint, node));
    return node;
  };
  const comma = lit(',');
  const eq = lit('=');
  const list = seq(str, star(seq(comma, str)));
  const items = varspecs.map((v): Node => {
    if (!rule.named) {
      if (v.prefix !== undefined) return bounded(v.prefix);
      if (!v.explode) return list;
      const element = seq(str, opt(seq(eq, str)));
      return seq(element, star(seq(lit(rule.sep), element)));
    }
    const name = lit(v.name);
    if (v.prefix !== undefined) {
      return rule.ifemp === '' ? seq(name, opt(seq(eq, bounded(v.prefix)))) : seq(name, eq, bounded(v.prefix));
    }
    if (!v.explode) return rule.ifemp === '' ? seq(name, opt(seq(eq, list))) : seq(name, eq, list);
    // Exploded lists give name=value pairs, exploded associative arrays key=value pairs.
    const element = rule.ifemp === '' ? seq(str, opt(seq(eq, str))) : seq(str, eq, str);
    return seq(element, star(seq(lit(rule.sep), element)));
  });
  return opt(seq(lit(rule.first), { t: 'subseq', items, sep: lit(rule.sep) }));
}

/** A literal: copied as is; a character outside the URI character set may appear pct-encoded (UTF-8). */
function literalNode(text: string): Node {
  const xs: Node[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.codePointAt(i)!;
    if (c === 0x25) {
      xs.push(lit(text.slice(i, i + 3)));
      i += 3;
      continue;
    }
    const ch = String.fromCodePoint(c);
    if (c < 0x80) xs.push(lit(ch));
    else xs.push(alt(lit(ch), lit(pctEncode(ch))));
    i += ch.length;
  }
  return seq(...xs);
}

function pctEncode(text: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(text)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  return out;
}

/** Thompson NFA: char states consume one UTF-16 code unit, split states are epsilon moves. */
class Nfa {
  readonly tests: (((c: number) => boolean) | undefined)[] = [];
  readonly outs: number[][] = [];
  add(test: ((c: number) => boolean) | undefined, outs: number[]): number {
    this.tests.push(test);
    this.outs.push(outs);
    return this.tests.length - 1;
  }
  get size(): number {
    return this.tests.length;
  }
}

/** Builds `node` so that after matching it the automaton continues at `next`; returns its start state (-1: dead). */
function build(nfa: Nfa, node: Node, next: number, budget: { states: number }): number {
  if (nfa.size > budget.states) throw new TooLarge();
  switch (node.t) {
    case 'char':
      return next < 0 ? -1 : nfa.add(node.test, [next]);
    case 'seq': {
      let at = next;
      for (let k = node.xs.length - 1; k >= 0; k--) at = build(nfa, node.xs[k]!, at, budget);
      return at;
    }
    case 'alt':
      return nfa.add(
        undefined,
        node.xs.map((x) => build(nfa, x, next, budget)).filter((s) => s >= 0),
      );
    case 'opt':
      return nfa.add(
        undefined,
        [build(nfa, node.x, next, budget), next].filter((s) => s >= 0),
      );
    case 'star': {
      const loop = nfa.add(undefined, []);
      const body = build(nfa, node.x, loop, budget);
      nfa.outs[loop] = [body, next].filter((s) => s >= 0);
      return loop;
    }
    case 'subseq': {
      // afterSome(i): items from i on may follow an already chosen item (each needs the separator);
      // noneYet(i): nothing chosen so far, so at least one of the items from i on must come.
      let afterSome = next;
      let noneYet = -1;
      for (let k = node.items.length - 1; k >= 0; k--) {
        const item = node.items[k]!;
        const withSep = build(nfa, seq(node.sep, item), afterSome, budget);
        const first = build(nfa, item, afterSome, budget);
        afterSome = nfa.add(
          undefined,
          [withSep, afterSome].filter((s) => s >= 0),
        );
        noneYet = nfa.add(
          undefined,
          [first, noneYet].filter((s) => s >= 0),
        );
      }
      return noneYet;
    }
  }
}

class TooLarge extends Error {}

/** Bounds of the matcher: URI length, automaton size and total simulation work. */
export const uriTemplateMatchLimits = { uriLength: 16_384, states: 200_000, work: 20_000_000 };

export type ExpansionMatch = 'match' | 'no-match' | 'invalid-template' | 'too-large';

/** Whether `uri` is a possible expansion of `template`, with the reason when it cannot be decided. */
export function matchExpansion(template: string | ParsedUriTemplate, uri: string): ExpansionMatch {
  const parsed = typeof template === 'string' ? parseUriTemplate(template) : template;
  if (!parsed.ok) return 'invalid-template';
  if (uri.length > uriTemplateMatchLimits.uriLength) return 'too-large';
  const nfa = new Nfa();
  let start: number;
  try {
    const accept = nfa.add(undefined, []);
    const node = seq(
      ...parsed.parts.map((p) => (p.type === 'literal' ? literalNode(p.text) : expressionNode(p.operator, p.varspecs))),
    );
    start = build(nfa, node, accept, { states: uriTemplateMatchLimits.states });
    if (start < 0) return 'no-match';
    if (nfa.size * (uri.length + 1) > uriTemplateMatchLimits.work) return 'too-large';
    return simulate(nfa, start, accept, uri) ? 'match' : 'no-match';
  } catch (error) {
    if (error instanceof TooLarge) return 'too-large';
    throw error;
  }
}

/** Whether `uri` is a possible expansion of `template` (false when the template is invalid or too large to decide). */
export function matchesExpansion(template: string, uri: string): boolean {
  return matchExpansion(template, uri) === 'match';
}

function simulate(nfa: Nfa, start: number, accept: number, input: string): boolean {
  const mark = new Int32Array(nfa.size).fill(-1);
  let current: number[] = [];
  let generation = 0;
  const stack: number[] = [];
  const close = (seeds: number[], into: number[]): void => {
    for (const s of seeds) stack.push(s);
    while (stack.length) {
      const s = stack.pop()!;
      if (mark[s] === generation) continue;
      mark[s] = generation;
      if (nfa.tests[s] !== undefined || s === accept) into.push(s);
      else for (const o of nfa.outs[s]!) if (mark[o] !== generation) stack.push(o);
    }
  };
  close([start], current);
  for (let i = 0; i < input.length && current.length; i++) {
    const c = input.charCodeAt(i);
    generation++;
    const next: number[] = [];
    const seeds: number[] = [];
    for (const s of current) {
      const test = nfa.tests[s];
      if (test && test(c)) seeds.push(nfa.outs[s]![0]!);
    }
    close(seeds, next);
    current = next;
  }
  return current.includes(accept);
}
