/**
 * A small, safe set of `format` assertions (opt-in). Every check is either
 * plain code or a linear-time RE2 expression; no backtracking regexes.
 */
import { daysInMonth } from '../model/date.js';
import { isIpv4Address, isIpv6Address, isUri } from '../model/uri.js';
import { RE2JS } from 're2js';

const re = (p: string): ((s: string) => boolean) => {
  const r = RE2JS.compile(p);
  return (s: string) => r.test(s);
};

let compiled: Record<string, (s: string) => boolean> | null = null;

/**
 * RFC 3339 `full-date` and `date-time`, JSON Schema's `date` and `date-time`: not model/date.ts's
 * ISO 8601 check (15.6), because the two grammars differ (RFC 3339 takes `-00:00`, which ISO 8601
 * refuses; ISO 8601 takes week, ordinal and reduced forms, which RFC 3339 does not). The calendar is shared.
 */
function isDate(s: string): boolean {
  if (s.length !== 10) return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
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
  // RFC 3339 5.6: "T" (or "t"); the space of its readability note is not the grammar.
  if (t !== 'T' && t !== 't') return false;
  return isDate(s.slice(0, 10)) && isTime(s.slice(11));
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
      return literal.startsWith('IPv6:') ? isIpv6Address(literal.slice(5)) : isIpv4Address(literal);
    }
    return hostName(domain);
  };
}

function table(): Record<string, (s: string) => boolean> {
  if (compiled !== null) return compiled;
  const email = emailChecker();
  const uuid = re('^[0-9A-Fa-f]{8}-(?:[0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$');
  compiled = {
    'date-time': isDateTime,
    date: isDate,
    time: isTime,
    email,
    uri: isUri,
    uuid,
    ipv4: isIpv4Address,
    ipv6: isIpv6Address,
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
