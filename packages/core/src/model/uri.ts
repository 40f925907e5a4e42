/**
 * RFC 3986 URIs (15.6: "URI values MUST conform to RFC 3986"), parsed by hand from the RFC's collected
 * ABNF (Appendix A), plus reference resolution (section 5.2).
 *
 * Why our own parser rather than `fast-uri` (already installed, through ajv): fast-uri is a
 * normalizing parser and serializer (about 55 kB with its scheme handlers), not a validator. Measured on
 * 3.1.9 it accepts what the ABNF rejects — a space or `{` in a path, a second `#`, non-ASCII hosts
 * (converted to punycode through WHATWG `URL`, which is not RFC 3986 either) — and rejects what the
 * ABNF accepts (`http://300.1.1.1/`, a valid reg-name). Its failures name a component but no position.
 * The grammar is small enough to follow rule by rule here: one left-to-right pass, no regular
 * expressions, no `URL`, so the verdict is linear in the length and independent of the host runtime.
 *
 * Only RFC 3986 itself: an IRI (RFC 3987, non-ASCII characters) is not a URI, and an IPv6 zone
 * identifier (RFC 6874, `[fe80::1%25eth0]`) is an extension this grammar does not include. Scheme-specific
 * rules (an `http` URI needs a host, a port fits in 16 bits) are not RFC 3986 syntax and are not checked.
 */

/** The parts of a URI reference that a failure can point into. */
export type UriPart = 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment';

/** Which alternative of `host = IP-literal / IPv4address / reg-name` matched (an IP-literal is IPv6 or IPvFuture). */
export type UriHostKind = 'ipv6' | 'ipv-future' | 'ipv4' | 'reg-name';

export interface UriAuthority {
  userinfo?: string;
  /** The host as written; an IP-literal keeps its brackets. */
  host: string;
  hostKind: UriHostKind;
  /** The port digits as written (possibly empty: `http://a:/`). */
  port?: string;
}

/** The five components of section 3; an absent component is `undefined`, an empty one `''`. */
export interface UriComponents {
  scheme?: string;
  authority?: UriAuthority;
  path: string;
  query?: string;
  fragment?: string;
}

export interface UriFailure {
  ok: false;
  part: UriPart;
  /** Index, in UTF-16 code units, of the first character that does not fit. */
  offset: number;
  /** What the grammar allows at that offset. */
  expected: string;
  /** One sentence: the part, the offending character and what was expected. */
  message: string;
}

export type UriParse = { ok: true; uri: UriComponents } | UriFailure;

/** Parses an RFC 3986 URI-reference: an absolute URI or a relative reference. */
export function parseUriReference(text: string): UriParse {
  return new UriScanner(text).reference();
}

/** Parses an RFC 3986 URI (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`): a reference with a scheme. */
export function parseUri(text: string): UriParse {
  const parsed = parseUriReference(text);
  if (!parsed.ok || parsed.uri.scheme !== undefined) return parsed;
  return failure(text, 'scheme', schemeEnd(text), 'a scheme followed by ":" (a URI is absolute)');
}

/** True when `text` is an RFC 3986 URI (with a scheme). */
export function isUri(text: string): boolean {
  return parseUri(text).ok;
}

/** True when `text` is an RFC 3986 URI-reference (a URI or a relative reference, the empty string included). */
export function isUriReference(text: string): boolean {
  return parseUriReference(text).ok;
}

// ---------------------------------------------------------------------------
// Character classes of section 2 and Appendix A

const ALPHA = (code: number): boolean => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const DIGIT = (code: number): boolean => code >= 0x30 && code <= 0x39;
const HEXDIG = (code: number): boolean => DIGIT(code) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);
const unreserved = (code: number): boolean => ALPHA(code) || DIGIT(code) || '-._~'.includes(String.fromCharCode(code));
const subDelims = (code: number): boolean => "!$&'()*+,;=".includes(String.fromCharCode(code));
const schemeChar = (code: number): boolean =>
  ALPHA(code) || DIGIT(code) || code === 0x2b || code === 0x2d || code === 0x2e;

/** What each part allows, besides percent-encodings (the allowed set as the ABNF names it, for messages). */
const partGrammar = {
  userinfo: {
    allows: (code: number) => unreserved(code) || subDelims(code) || code === 0x3a,
    names: 'unreserved, sub-delims, ":"',
  },
  'reg-name': { allows: (code: number) => unreserved(code) || subDelims(code), names: 'unreserved, sub-delims' },
  path: {
    allows: (code: number) => pchar(code) || code === 0x2f,
    names: 'pchar (unreserved, sub-delims, ":", "@") or "/"',
  },
  /** `query` and `fragment` share one grammar. */
  query: { allows: (code: number) => pchar(code) || code === 0x2f || code === 0x3f, names: 'pchar, "/" or "?"' },
} as const;

function pchar(code: number): boolean {
  return unreserved(code) || subDelims(code) || code === 0x3a || code === 0x40;
}

function describeCharacter(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the text';
  const code = text.codePointAt(offset)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0x20) return 'a space';
  if (code < 0x20 || code === 0x7f) return `control character ${hex}`;
  if (code > 0x7f) return `non-ASCII ${hex} (an IRI character; percent-encode its UTF-8 bytes)`;
  return `"${text[offset]}"`;
}

function failure(
  text: string,
  part: UriPart,
  offset: number,
  expected: string,
  found = describeCharacter(text, offset),
): UriFailure {
  return { ok: false, part, offset, expected, message: `${part}: ${found} at offset ${offset}; expected ${expected}` };
}

/** Index of the first character that cannot continue a scheme. */
function schemeEnd(text: string): number {
  if (text.length === 0 || !ALPHA(text.charCodeAt(0))) return 0;
  let index = 1;
  while (index < text.length && schemeChar(text.charCodeAt(index))) index++;
  return index;
}

/** Index of the first of `stops` in text[from, end), or `end`. */
function findAny(text: string, from: number, stops: string, end = text.length): number {
  let index = from;
  while (index < end && !stops.includes(text[index]!)) index++;
  return index;
}

class UriScanner {
  constructor(private readonly text: string) {}

  reference(): UriParse {
    const text = this.text;
    const uri: UriComponents = { path: '' };
    let index = 0;
    // A scheme is present exactly when the text starts with `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`;
    // otherwise it is a relative-ref, whose first segment (path-noscheme) cannot hold a ":".
    const afterScheme = schemeEnd(text);
    if (afterScheme > 0 && text.charCodeAt(afterScheme) === 0x3a) {
      uri.scheme = text.slice(0, afterScheme);
      index = afterScheme + 1;
    }
    if (text.startsWith('//', index)) {
      const end = findAny(text, index + 2, '/?#');
      const authority = this.authority(index + 2, end);
      if (!authority.ok) return authority;
      uri.authority = authority.authority;
      index = end;
    }
    const pathEnd = findAny(text, index, '?#');
    const path = this.path(index, pathEnd, uri);
    if (path !== undefined) return path;
    uri.path = text.slice(index, pathEnd);
    index = pathEnd;
    if (text[index] === '?') {
      const end = findAny(text, index + 1, '#');
      const bad = this.run(index + 1, end, 'query', partGrammar.query);
      if (bad !== undefined) return bad;
      uri.query = text.slice(index + 1, end);
      index = end;
    }
    if (text[index] === '#') {
      const bad = this.run(index + 1, text.length, 'fragment', partGrammar.query);
      if (bad !== undefined) return bad;
      uri.fragment = text.slice(index + 1);
    }
    return { ok: true, uri };
  }

  /** `authority = [ userinfo "@" ] host [ ":" port ]`, over text[start, end). */
  private authority(start: number, end: number): { ok: true; authority: UriAuthority } | UriFailure {
    const text = this.text;
    const at = findAny(text, start, '@', end);
    let hostStart = start;
    let userinfo: string | undefined;
    if (at < end) {
      const bad = this.run(start, at, 'userinfo', partGrammar.userinfo);
      if (bad !== undefined) return bad;
      userinfo = text.slice(start, at);
      hostStart = at + 1;
    }
    let hostEnd: number;
    let hostKind: UriHostKind;
    if (text[hostStart] === '[') {
      hostEnd = findAny(text, hostStart, ']', end);
      if (hostEnd === end) return failure(text, 'host', end, '"]" closing the IP-literal');
      hostEnd++;
      const literal = text.slice(hostStart + 1, hostEnd - 1);
      if (isIpv6Address(literal)) hostKind = 'ipv6';
      else if (isIpvFuture(literal)) hostKind = 'ipv-future';
      else
        return failure(
          text,
          'host',
          hostStart + 1,
          'an IPv6address (RFC 3986 3.2.2) or IPvFuture ("v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )) inside "[ ]"',
          `"${literal}"`,
        );
      if (hostEnd < end && text[hostEnd] !== ':')
        return failure(text, 'host', hostEnd, '":" port or the end of the authority after "]"');
    } else {
      hostEnd = findAny(text, hostStart, ':', end);
      const bad = this.run(hostStart, hostEnd, 'host', partGrammar['reg-name']);
      if (bad !== undefined) return bad;
      hostKind = isIpv4Address(text.slice(hostStart, hostEnd)) ? 'ipv4' : 'reg-name';
    }
    const authority: UriAuthority = { host: text.slice(hostStart, hostEnd), hostKind };
    if (userinfo !== undefined) authority.userinfo = userinfo;
    if (hostEnd < end) {
      for (let index = hostEnd + 1; index < end; index++) {
        if (!DIGIT(text.charCodeAt(index))) return failure(text, 'port', index, 'a decimal digit (port = *DIGIT)');
      }
      authority.port = text.slice(hostEnd + 1, end);
    }
    return { ok: true, authority };
  }

  /** The path forms of section 3.3 (and 4.2 for path-noscheme), over text[start, end). */
  private path(start: number, end: number, uri: UriComponents): UriFailure | undefined {
    const bad = this.run(start, end, 'path', partGrammar.path);
    if (bad !== undefined) return bad;
    // Without scheme and authority the first segment is path-noscheme: a ":" in it means the text
    // was meant to start with a scheme and the scheme is malformed (or "./" is missing before it).
    if (uri.scheme === undefined && uri.authority === undefined) {
      const firstSegmentEnd = findAny(this.text, start, '/', end);
      if (findAny(this.text, start, ':', firstSegmentEnd) < firstSegmentEnd)
        return failure(
          this.text,
          'scheme',
          schemeEnd(this.text),
          'a scheme (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )) before ":", or "./" before a first path segment holding ":"',
        );
    }
    return undefined;
  }

  /** Checks text[start, end) against a part's characters and `pct-encoded = "%" HEXDIG HEXDIG`. */
  private run(
    start: number,
    end: number,
    part: UriPart,
    grammar: { allows: (code: number) => boolean; names: string },
  ): UriFailure | undefined {
    const text = this.text;
    for (let index = start; index < end; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x25) {
        for (const digit of [index + 1, index + 2]) {
          if (digit >= end || !HEXDIG(text.charCodeAt(digit)))
            return failure(text, part, digit, 'two hexadecimal digits after "%" (pct-encoded)');
        }
        index += 2;
      } else if (!grammar.allows(code)) {
        return failure(text, part, index, grammar.names + ' or a percent-encoding');
      }
    }
    return undefined;
  }
}

// ---------------------------------------------------------------------------
// Host forms of section 3.2.2

/** `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, dec-octet 0-255 without leading zeros. */
export function isIpv4Address(text: string): boolean {
  const octets = text.split('.');
  return octets.length === 4 && octets.every(isDecOctet);
}

function isDecOctet(text: string): boolean {
  if (text.length === 0 || text.length > 3 || (text.length > 1 && text[0] === '0')) return false;
  for (let index = 0; index < text.length; index++) if (!DIGIT(text.charCodeAt(index))) return false;
  return Number(text) <= 255;
}

function isH16(text: string): boolean {
  if (text.length === 0 || text.length > 4) return false;
  for (let index = 0; index < text.length; index++) if (!HEXDIG(text.charCodeAt(index))) return false;
  return true;
}

/**
 * `IPv6address`: eight 16-bit pieces (`h16`), the last two of which may be written as an IPv4address
 * (`ls32`), and one `::` standing for one or more zero pieces. Every alternative of the ABNF comes to:
 * without `::` exactly eight pieces; with it at most seven, the IPv4 form only last.
 */
export function isIpv6Address(text: string): boolean {
  const elision = text.indexOf('::');
  if (elision !== -1 && text.indexOf('::', elision + 1) !== -1) return false;
  const countPieces = (side: string, mayEndInIpv4: boolean): number => {
    if (side === '') return 0;
    const pieces = side.split(':');
    const last = pieces[pieces.length - 1]!;
    const ipv4 = mayEndInIpv4 && isIpv4Address(last);
    for (const piece of ipv4 ? pieces.slice(0, -1) : pieces) if (!isH16(piece)) return Infinity;
    return pieces.length + (ipv4 ? 1 : 0);
  };
  if (elision === -1) return countPieces(text, true) === 8;
  const left = countPieces(text.slice(0, elision), false);
  const right = countPieces(text.slice(elision + 2), true);
  return left + right <= 7;
}

/** `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`; "v" in either case (ABNF strings are case-insensitive). */
function isIpvFuture(text: string): boolean {
  if ((text.charCodeAt(0) | 0x20) !== 0x76) return false;
  const dot = text.indexOf('.');
  if (dot < 2) return false;
  for (let index = 1; index < dot; index++) if (!HEXDIG(text.charCodeAt(index))) return false;
  if (dot === text.length - 1) return false;
  for (let index = dot + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!unreserved(code) && !subDelims(code) && code !== 0x3a) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Reference resolution (section 5.2) and recomposition (section 5.3)

/**
 * Resolves `reference` against the absolute `base` URI by the strict algorithm of 5.2.2 (a reference
 * whose scheme equals the base's is not treated as relative). Returns undefined when either does not parse,
 * or when the base has no scheme.
 */
export function resolveUriReference(base: string, reference: string): string | undefined {
  const parsedBase = parseUri(base);
  const parsedReference = parseUriReference(reference);
  if (!parsedBase.ok || !parsedReference.ok) return undefined;
  const b = parsedBase.uri;
  const r = parsedReference.uri;
  const target: UriComponents = { path: '' };
  if (r.scheme !== undefined) {
    target.scheme = r.scheme;
    target.authority = r.authority;
    target.path = removeDotSegments(r.path);
    target.query = r.query;
  } else {
    if (r.authority !== undefined) {
      target.authority = r.authority;
      target.path = removeDotSegments(r.path);
      target.query = r.query;
    } else {
      if (r.path === '') {
        target.path = b.path;
        target.query = r.query ?? b.query;
      } else {
        target.path = removeDotSegments(r.path.startsWith('/') ? r.path : merge(b, r.path));
        target.query = r.query;
      }
      target.authority = b.authority;
    }
    target.scheme = b.scheme;
  }
  target.fragment = r.fragment;
  return recompose(target);
}

/** 5.2.3: the reference's path appended to the base path's directory. */
function merge(base: UriComponents, path: string): string {
  if (base.authority !== undefined && base.path === '') return '/' + path;
  return base.path.slice(0, base.path.lastIndexOf('/') + 1) + path;
}

/**
 * 5.2.4 `remove_dot_segments`, rule by rule (A to E), with an index into the input instead of
 * rewriting it and the output as a stack of moved segments, so it stays linear.
 */
export function removeDotSegments(path: string): string {
  const output: string[] = [];
  let index = 0;
  while (index < path.length) {
    const rest = (prefix: string): boolean => path.startsWith(prefix, index);
    const restIs = (whole: string): boolean => path.length - index === whole.length && rest(whole);
    if (rest('../'))
      index += 3; // A
    else if (rest('./'))
      index += 2; // A
    else if (rest('/./'))
      index += 2; // B: "/./" becomes "/"
    else if (restIs('/.')) {
      output.push('/'); // B, then E moves the remaining "/"
      break;
    } else if (rest('/../')) {
      index += 3; // C: "/../" becomes "/"
      output.pop();
    } else if (restIs('/..')) {
      output.pop(); // C, then E
      output.push('/');
      break;
    } else if (restIs('.') || restIs('..'))
      break; // D
    else {
      const end = findAny(path, path[index] === '/' ? index + 1 : index, '/'); // E
      output.push(path.slice(index, end));
      index = end;
    }
  }
  return output.join('');
}

/** 5.3: the components written back as one string. */
export function recompose(uri: UriComponents): string {
  let text = '';
  if (uri.scheme !== undefined) text += uri.scheme + ':';
  if (uri.authority !== undefined) {
    const { userinfo, host, port } = uri.authority;
    text += '//' + (userinfo !== undefined ? userinfo + '@' : '') + host + (port !== undefined ? ':' + port : '');
  }
  text += uri.path;
  if (uri.query !== undefined) text += '?' + uri.query;
  if (uri.fragment !== undefined) text += '#' + uri.fragment;
  return text;
}
