/**
 * A small, safe set of `format` assertions (opt-in). Every check is either
 * plain code or a linear-time RE2 expression; no backtracking regexes.
 */
import { RE2JS } from 're2js';

const re = (p: string): ((s: string) => boolean) => {
  const r = RE2JS.compile(p);
  return (s: string) => r.test(s);
};

let compiled: Record<string, (s: string) => boolean> | null = null;

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isDate(s: string): boolean {
  if (s.length !== 10) return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo);
}

function isTime(s: string): boolean {
  if (s.length > 64) return false;
  const m = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,40})?(?:[zZ]|([+-])(\d{2}):(\d{2}))$/.exec(s);
  if (m === null) return false;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  const sec = Number(m[3]);
  if (h > 23 || mi > 59 || sec > 60) return false;
  if (m[4] !== undefined) {
    if (Number(m[5]) > 23 || Number(m[6]) > 59) return false;
  }
  if (sec === 60) {
    // leap second: only valid at 23:59:60 UTC
    let off = 0;
    if (m[4] !== undefined) off = (m[4] === '+' ? 1 : -1) * (Number(m[5]) * 60 + Number(m[6]));
    const utc = (((h * 60 + mi - off) % 1440) + 1440) % 1440;
    if (utc !== 23 * 60 + 59) return false;
  }
  return true;
}

function isDateTime(s: string): boolean {
  if (s.length < 20 || s.length > 80) return false;
  const t = s[10];
  if (t !== 'T' && t !== 't' && t !== ' ') return false;
  return isDate(s.slice(0, 10)) && isTime(s.slice(11));
}

function isIPv4(s: string): boolean {
  if (s.length > 15) return false;
  return /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(s);
}

function isIPv6(s: string): boolean {
  if (s.length < 2 || s.length > 45) return false;
  let groups: string[];
  let ipv4Tail = false;
  const last = s.lastIndexOf(':');
  if (s.indexOf('.') >= 0) {
    if (!isIPv4(s.slice(last + 1))) return false;
    ipv4Tail = true;
    s = s.slice(0, last + 1) + '0:0';
  }
  const dbl = s.indexOf('::');
  if (dbl >= 0) {
    if (s.indexOf('::', dbl + 1) >= 0) return false;
    const left = s.slice(0, dbl);
    const right = s.slice(dbl + 2);
    const l = left === '' ? [] : left.split(':');
    const r = right === '' ? [] : right.split(':');
    if (l.length + r.length > 7) return false;
    groups = l.concat(r);
  } else {
    groups = s.split(':');
    if (groups.length !== 8) return false;
  }
  void ipv4Tail;
  for (const g of groups) if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return false;
  return true;
}

/** RFC 3986 characters outside the structure of a URI: unreserved, sub-delims, ":" and "@", or a %XX escape. */
const URI_PART = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})";

/** RFC 3986 `URI` (absolute, with an optional fragment): scheme, authority as userinfo, host and port, then path, query, fragment. */
function uriChecker(): (s: string) => boolean {
  const shape = re(
    `^[A-Za-z][A-Za-z0-9+.\\-]*:(?://([^/?#]*))?(?:${URI_PART}|/)*(?:\\?(?:${URI_PART}|[/?])*)?(?:#(?:${URI_PART}|[/?])*)?$`,
  );
  const userinfo = re(`^(?:${URI_PART.replace(':@', ':')})*$`);
  const regName = re(`^(?:[A-Za-z0-9\\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$`);
  return (s: string): boolean => {
    if (!shape(s)) return false;
    const afterScheme = s.indexOf(':') + 1;
    if (!s.startsWith('//', afterScheme)) return true;
    const authorityEnd = s.slice(afterScheme + 2).search(/[/?#]/);
    let authority =
      authorityEnd < 0 ? s.slice(afterScheme + 2) : s.slice(afterScheme + 2, afterScheme + 2 + authorityEnd);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      if (!userinfo(authority.slice(0, at))) return false;
      authority = authority.slice(at + 1);
    }
    let host = authority;
    if (authority.startsWith('[')) {
      const close = authority.indexOf(']');
      if (close < 0) return false;
      host = authority.slice(1, close);
      const rest = authority.slice(close + 1);
      if (rest !== '' && !/^:\d*$/.test(rest)) return false;
      return isIPv6(host) || /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/.test(host);
    }
    const colon = authority.lastIndexOf(':');
    if (colon >= 0) {
      if (!/^\d*$/.test(authority.slice(colon + 1))) return false;
      host = authority.slice(0, colon);
    }
    return regName(host);
  };
}

/** RFC 5321 mailbox: a dot-atom or quoted local part, and a host name or an address literal. */
function emailChecker(): (s: string) => boolean {
  const dotAtom = re("^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$");
  const quoted = re('^"(?:[\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\x20-\\x7E])*"$');
  const hostName = re(
    '^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$',
  );
  return (s: string): boolean => {
    const at = s.lastIndexOf('@');
    if (at <= 0) return false;
    const local = s.slice(0, at);
    const domain = s.slice(at + 1);
    if (!dotAtom(local) && !quoted(local)) return false;
    if (domain.startsWith('[') && domain.endsWith(']')) {
      const literal = domain.slice(1, -1);
      return literal.startsWith('IPv6:') ? isIPv6(literal.slice(5)) : isIPv4(literal);
    }
    return hostName(domain);
  };
}

function table(): Record<string, (s: string) => boolean> {
  if (compiled !== null) return compiled;
  const email = emailChecker();
  const uri = uriChecker();
  const uuid = re('^[0-9A-Fa-f]{8}-(?:[0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$');
  compiled = {
    'date-time': isDateTime,
    date: isDate,
    time: isTime,
    email,
    uri,
    uuid,
    ipv4: isIPv4,
    ipv6: isIPv6,
  };
  return compiled;
}

/** The asserted formats. */
export const ASSERTED_FORMATS: readonly string[] = [
  'date-time',
  'date',
  'time',
  'email',
  'uri',
  'uuid',
  'ipv4',
  'ipv6',
];

/**
 * Check a string against a format. Returns undefined for formats outside the
 * asserted set (they stay annotations).
 */
export function checkFormat(format: string, s: string): boolean | undefined {
  const f = table()[format];
  if (f === undefined || !Object.prototype.hasOwnProperty.call(compiled, format)) return undefined;
  if (s.length > 4096) return false;
  return f(s);
}
