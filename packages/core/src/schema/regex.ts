/**
 * Linear-time evaluation of JSON Schema `pattern` / `patternProperties`
 * regular expressions.
 *
 * JSON Schema patterns are ECMA-262 regular expressions (evaluated with the
 * `u` flag, like ajv). Native `RegExp` is a backtracking engine, so an
 * untrusted pattern such as `(a+)+$` can take exponential time. Patterns are
 * therefore translated to RE2 syntax and run with re2js (linear time). A
 * pattern using a feature RE2 cannot run (lookaround, backreferences, some
 * property escapes) is reported as not evaluable; it is NEVER run natively.
 * `new RegExp(p, 'u')` is only used to check syntax (construction does not
 * execute the pattern). Simple patterns (a sequence of quantified atoms, see
 * simple-pattern.ts) skip re2js and run on a cheaper matcher that is also
 * linear time.
 */
import { RE2JS } from 're2js';

import { compileSimplePattern } from './simple-pattern.js';
import { ownEntry } from '../model/values.js';

export type CompiledPattern =
  { ok: true; test: (s: string) => boolean } | { ok: false; invalid: boolean; reason: string };

const VALIDITY_CACHE_MAX = 2000;
const validity = new Map<string, boolean>();

/**
 * True when `p` is a syntactically valid ECMA-262 regex with the `u` flag.
 * Cached (bounded): meta-validation and evaluation ask about the same patterns.
 */
export function isValidEcmaRegex(p: string): boolean {
  const hit = validity.get(p);
  if (hit !== undefined) return hit;
  let ok: boolean;
  try {
    new RegExp(p, 'u');
    ok = true;
  } catch {
    ok = false;
  }
  if (validity.size >= VALIDITY_CACHE_MAX) validity.clear();
  validity.set(p, ok);
  return ok;
}

// ECMA-262 WhiteSpace + LineTerminator (the set matched by \s).
const WS_ITEMS =
  '\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
const DOT = '[^\\x{A}\\x{D}\\x{2028}\\x{2029}]';

const GC_LONG: Record<string, string> = {
  Letter: 'L',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Nonspacing_Mark: 'Mn',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Close_Punctuation: 'Pe',
  Final_Punctuation: 'Pf',
  Initial_Punctuation: 'Pi',
  Other_Punctuation: 'Po',
  Open_Punctuation: 'Ps',
  Symbol: 'S',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Math_Symbol: 'Sm',
  Other_Symbol: 'So',
  Separator: 'Z',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Space_Separator: 'Zs',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Unassigned: 'Cn',
  Private_Use: 'Co',
  Surrogate: 'Cs',
};
const GC_SHORT = new Set(Object.values(GC_LONG).concat(['LC']));

class Unsupported extends Error {}

function hex(cp: number): string {
  return `\\x{${cp.toString(16).toUpperCase()}}`;
}

/** Class items (without brackets) for a property escape, and whether it is one RE2 \p{..}. */
function propertyItems(body: string): { items: string; single: string | null } {
  let name = body;
  let value: string | null = null;
  const eq = body.indexOf('=');
  if (eq >= 0) {
    name = body.slice(0, eq);
    value = body.slice(eq + 1);
  }
  let re2: string;
  if (value !== null) {
    if (name === 'General_Category' || name === 'gc') {
      re2 = ownEntry(GC_LONG, value) ?? value;
    } else if (name === 'Script' || name === 'sc') {
      re2 = value;
    } else {
      throw new Unsupported(`property escape \\p{${body}}`);
    }
  } else if (body === 'ASCII') {
    return { items: '\\x{0}-\\x{7F}', single: null };
  } else if (body === 'Any') {
    return { items: '\\x{0}-\\x{10FFFF}', single: null };
  } else {
    re2 = ownEntry(GC_LONG, body) ?? body;
    if (!GC_SHORT.has(re2)) throw new Unsupported(`property escape \\p{${body}}`);
  }
  if (re2 === 'LC' || re2 === 'Cased_Letter') return { items: '\\p{Lu}\\p{Ll}\\p{Lt}', single: null };
  if (!/^[A-Za-z_]+$/.test(re2)) throw new Unsupported(`property escape \\p{${body}}`);
  return { items: `\\p{${re2}}`, single: re2 };
}

/**
 * Translate an ECMA-262 (u-flag) pattern, already known to be syntactically
 * valid, to RE2 syntax. Throws Unsupported for features RE2 cannot run.
 */
export function translateEcmaToRe2(p: string): string {
  let out = '';
  let i = 0;
  const n = p.length;
  const cpAt = (k: number): number => p.codePointAt(k) as number;
  const width = (cp: number): number => (cp > 0xffff ? 2 : 1);

  // Parses an escape at p[i] === '\\'; returns [translation, isClassItemSafe]
  const escape = (inClass: boolean): string => {
    const c = p[i + 1];
    i += 2;
    switch (c) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        return '\\' + c;
      case 'b':
        return inClass ? hex(8) : '\\b';
      case 'B':
        return '\\B';
      case 's':
        return inClass ? WS_ITEMS : `[${WS_ITEMS}]`;
      case 'S':
        if (inClass) throw new Unsupported('\\S inside a character class');
        return `[^${WS_ITEMS}]`;
      case 't':
        return hex(9);
      case 'n':
        return hex(10);
      case 'v':
        return hex(11);
      case 'f':
        return hex(12);
      case 'r':
        return hex(13);
      case '0':
        return hex(0);
      case 'c': {
        const cc = p.charCodeAt(i);
        i += 1;
        return hex(cc % 32);
      }
      case 'x': {
        const h = p.slice(i, i + 2);
        i += 2;
        return hex(parseInt(h, 16));
      }
      case 'u': {
        if (p[i] === '{') {
          const end = p.indexOf('}', i);
          const v = parseInt(p.slice(i + 1, end), 16);
          i = end + 1;
          return hex(v);
        }
        let v = parseInt(p.slice(i, i + 4), 16);
        i += 4;
        if (
          v >= 0xd800 &&
          v <= 0xdbff &&
          p[i] === '\\' &&
          p[i + 1] === 'u' &&
          /^[dD][c-fC-F][0-9a-fA-F]{2}$/.test(p.slice(i + 2, i + 6))
        ) {
          const lo = parseInt(p.slice(i + 2, i + 6), 16);
          v = 0x10000 + ((v - 0xd800) << 10) + (lo - 0xdc00);
          i += 6;
        }
        return hex(v);
      }
      case 'p':
      case 'P': {
        const end = p.indexOf('}', i);
        const body = p.slice(i + 1, end);
        i = end + 1;
        const { items, single } = propertyItems(body);
        if (c === 'p') return inClass ? items : `[${items}]`;
        if (inClass) {
          if (single === null) throw new Unsupported(`\\P{${body}} inside a character class`);
          return `\\P{${single}}`;
        }
        return `[^${items}]`;
      }
      case 'k':
        throw new Unsupported('named backreference');
      default:
        if (c !== undefined && c >= '1' && c <= '9') throw new Unsupported('backreference');
        // identity escape of a syntax character (u flag): '^$\\.*+?()[]{}|/-'
        return '\\' + c;
    }
  };

  const parseClass = (): string => {
    // p[i] === '['
    i += 1;
    let negated = false;
    if (p[i] === '^') {
      negated = true;
      i += 1;
    }
    if (p[i] === ']') {
      i += 1;
      return negated ? '[\\x{0}-\\x{10FFFF}]' : '[^\\x{0}-\\x{10FFFF}]';
    }
    // special whole-class forms [\S] and [^\S]
    if (p[i] === '\\' && p[i + 1] === 'S' && p[i + 2] === ']') {
      i += 3;
      return negated ? `[${WS_ITEMS}]` : `[^${WS_ITEMS}]`;
    }
    let body = '';
    while (i < n && p[i] !== ']') {
      const ch = p[i];
      if (ch === '\\') body += escape(true);
      else if (ch === '[') {
        body += '\\[';
        i += 1;
      } else if (ch === '-') {
        body += '-';
        i += 1;
      } else {
        const cp = cpAt(i);
        body += cp < 0x80 && /[A-Za-z0-9]/.test(ch) ? ch : hex(cp);
        i += width(cp);
      }
    }
    i += 1; // ']'
    return (negated ? '[^' : '[') + body + ']';
  };

  while (i < n) {
    const ch = p[i];
    switch (ch) {
      case '\\':
        out += escape(false);
        break;
      case '.':
        out += DOT;
        i += 1;
        break;
      case '[':
        out += parseClass();
        break;
      case '(':
        if (p[i + 1] === '?') {
          const a = p[i + 2];
          if (a === '=' || a === '!') throw new Unsupported('lookahead');
          if (a === '<' && (p[i + 3] === '=' || p[i + 3] === '!')) throw new Unsupported('lookbehind');
          if (a === '<') {
            const end = p.indexOf('>', i);
            out += '(?:';
            i = end + 1;
            break;
          }
          out += '(?:';
          i += 3;
          break;
        }
        out += '(';
        i += 1;
        break;
      default: {
        const cp = cpAt(i);
        if (cp < 0x80) out += ch;
        else out += hex(cp);
        i += width(cp);
      }
    }
  }
  return out;
}

function compileRe2(p: string): CompiledPattern {
  try {
    const re = RE2JS.compile(translateEcmaToRe2(p));
    return { ok: true, test: (s: string) => re.test(s) };
  } catch (e) {
    return {
      ok: false,
      invalid: false,
      reason:
        e instanceof Unsupported
          ? `uses ${e.message}, which the linear-time engine cannot run`
          : 'cannot be compiled by the linear-time engine',
    };
  }
}

const CACHE_MAX = 2000;
const cache = new Map<string, CompiledPattern>();

/** Compile (and cache) an ECMA-262 pattern for linear-time evaluation. Never throws. */
export function compilePattern(p: string): CompiledPattern {
  const hit = cache.get(p);
  if (hit !== undefined) return hit;
  let result: CompiledPattern;
  if (!isValidEcmaRegex(p)) {
    result = { ok: false, invalid: true, reason: 'not a valid ECMA-262 regular expression' };
  } else {
    // Simple patterns (atoms with quantifiers, no groups) use a much cheaper linear-time matcher.
    const simple = compileSimplePattern(p);
    result = simple !== null ? { ok: true, test: simple } : compileRe2(p);
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(p, result);
  return result;
}
