import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fastUri from 'fast-uri';
import {
  isIpv4Address,
  isIpv6Address,
  isUri,
  isUriReference,
  parseUri,
  parseUriReference,
  recompose,
  removeDotSegments,
  resolveUriReference,
  type UriPart,
} from 'mcpdesc-core/internal/model/uri.js';
import { sharedRoot } from '../helpers/paths.js';

test('RFC 3986 1.1.2: every example URI parses into its components', () => {
  const examples: [string, object][] = [
    [
      'ftp://ftp.is.co.za/rfc/rfc1808.txt',
      { scheme: 'ftp', authority: { host: 'ftp.is.co.za', hostKind: 'reg-name' }, path: '/rfc/rfc1808.txt' },
    ],
    [
      'http://www.ietf.org/rfc/rfc2396.txt',
      { scheme: 'http', authority: { host: 'www.ietf.org', hostKind: 'reg-name' }, path: '/rfc/rfc2396.txt' },
    ],
    [
      'ldap://[2001:db8::7]/c=GB?objectClass?one',
      {
        scheme: 'ldap',
        authority: { host: '[2001:db8::7]', hostKind: 'ipv6' },
        path: '/c=GB',
        query: 'objectClass?one',
      },
    ],
    ['mailto:John.Doe@example.com', { scheme: 'mailto', path: 'John.Doe@example.com' }],
    ['news:comp.infosystems.www.servers.unix', { scheme: 'news', path: 'comp.infosystems.www.servers.unix' }],
    ['tel:+1-816-555-1212', { scheme: 'tel', path: '+1-816-555-1212' }],
    [
      'telnet://192.0.2.16:80/',
      { scheme: 'telnet', authority: { host: '192.0.2.16', hostKind: 'ipv4', port: '80' }, path: '/' },
    ],
    [
      'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
      { scheme: 'urn', path: 'oasis:names:specification:docbook:dtd:xml:4.1.2' },
    ],
  ];
  for (const [text, components] of examples) {
    const parsed = parseUri(text);
    assert.ok(parsed.ok, text);
    assert.deepEqual(parsed.uri, components, text);
    assert.equal(recompose(parsed.uri), text, `${text} recomposes (5.3)`);
  }
});

test('RFC 3986 3: the component example, and 3.2 userinfo with ":"', () => {
  const parsed = parseUri('foo://example.com:8042/over/there?name=ferret#nose');
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.uri, {
    scheme: 'foo',
    authority: { host: 'example.com', hostKind: 'reg-name', port: '8042' },
    path: '/over/there',
    query: 'name=ferret',
    fragment: 'nose',
  });
  const withUserinfo = parseUri('ftp://user:pass:more@host:/');
  assert.ok(withUserinfo.ok);
  assert.deepEqual(withUserinfo.uri.authority, {
    userinfo: 'user:pass:more',
    host: 'host',
    hostKind: 'reg-name',
    port: '',
  });
  assert.deepEqual(parseUri('urn:example:animal:ferret:nose'), {
    ok: true,
    uri: { scheme: 'urn', path: 'example:animal:ferret:nose' },
  });
});

/** 5.4: the base and every normal (5.4.1) and abnormal (5.4.2) example with its resolved target. */
const base = 'http://a/b/c/d;p?q';
const resolutionExamples: [string, string][] = [
  ['g:h', 'g:h'],
  ['g', 'http://a/b/c/g'],
  ['./g', 'http://a/b/c/g'],
  ['g/', 'http://a/b/c/g/'],
  ['/g', 'http://a/g'],
  ['//g', 'http://g'],
  ['?y', 'http://a/b/c/d;p?y'],
  ['g?y', 'http://a/b/c/g?y'],
  ['#s', 'http://a/b/c/d;p?q#s'],
  ['g#s', 'http://a/b/c/g#s'],
  ['g?y#s', 'http://a/b/c/g?y#s'],
  [';x', 'http://a/b/c/;x'],
  ['g;x', 'http://a/b/c/g;x'],
  ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
  ['', 'http://a/b/c/d;p?q'],
  ['.', 'http://a/b/c/'],
  ['./', 'http://a/b/c/'],
  ['..', 'http://a/b/'],
  ['../', 'http://a/b/'],
  ['../g', 'http://a/b/g'],
  ['../..', 'http://a/'],
  ['../../', 'http://a/'],
  ['../../g', 'http://a/g'],
  // 5.4.2 abnormal examples
  ['../../../g', 'http://a/g'],
  ['../../../../g', 'http://a/g'],
  ['/./g', 'http://a/g'],
  ['/../g', 'http://a/g'],
  ['g.', 'http://a/b/c/g.'],
  ['.g', 'http://a/b/c/.g'],
  ['g..', 'http://a/b/c/g..'],
  ['..g', 'http://a/b/c/..g'],
  ['./../g', 'http://a/b/g'],
  ['./g/.', 'http://a/b/c/g/'],
  ['g/./h', 'http://a/b/c/g/h'],
  ['g/../h', 'http://a/b/c/h'],
  ['g;x=1/./y', 'http://a/b/c/g;x=1/y'],
  ['g;x=1/../y', 'http://a/b/c/y'],
  ['g?y/./x', 'http://a/b/c/g?y/./x'],
  ['g?y/../x', 'http://a/b/c/g?y/../x'],
  ['g#s/./x', 'http://a/b/c/g#s/./x'],
  ['g#s/../x', 'http://a/b/c/g#s/../x'],
  ['http:g', 'http:g'], // the strict parser of 5.2.2
];

test('RFC 3986 5.4: every example is a URI-reference and resolves to the RFC target', () => {
  assert.ok(isUri(base));
  for (const [reference, target] of resolutionExamples) {
    assert.ok(isUriReference(reference), `${reference} is a URI-reference`);
    assert.equal(resolveUriReference(base, reference), target, reference);
    assert.ok(isUri(target), `${target} is a URI`);
  }
  assert.equal(resolveUriReference('not a base', 'g'), undefined);
  assert.equal(resolveUriReference('g', 'g'), undefined, 'a base must be absolute');
});

test('RFC 3986 5.2.4: remove_dot_segments on the RFC walk-throughs', () => {
  assert.equal(removeDotSegments('/a/b/c/./../../g'), '/a/g');
  assert.equal(removeDotSegments('mid/content=5/../6'), 'mid/6');
  assert.equal(removeDotSegments('/..'), '/');
  assert.equal(removeDotSegments('..'), '');
  assert.equal(removeDotSegments('a//b/../c'), 'a//c');
});

test('relative references: path-absolute, path-noscheme, network-path, empty', () => {
  for (const reference of ['', '/', '/a/b', 'a/b:c', './a:b', '//host', '//host:8080/p', '?q', '#f', '//']) {
    assert.ok(isUriReference(reference), reference);
    assert.equal(isUri(reference), false, `${reference} has no scheme`);
  }
  // path-noscheme: the first segment of a scheme-less reference cannot hold ":"
  const colon = parseUriReference('1a:b');
  assert.deepEqual(colon.ok ? undefined : [colon.part, colon.offset], ['scheme', 0]);
  assert.ok(isUri('a:b'), 'a letter then ":" is a scheme');
});

test('IPv6address: every ABNF alternative, and what falls outside', () => {
  const valid = [
    '1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:1.2.3.4',
    '::2:3:4:5:6:7:8',
    '::3:4:5:6:7:1.2.3.4',
    '1::3:4:5:6:7:8',
    '1::4:5:6:7:8',
    '1:2::5:6:7:8',
    '1:2:3::6:7:8',
    '1:2:3:4::7:8',
    '1:2:3:4:5::8',
    '1:2:3:4:5:6::',
    '1:2:3:4:5:6:7::',
    '::',
    '::1',
    '1::',
    '::ffff:192.0.2.128',
    '1:2:3:4:5::1.2.3.4',
    'ABCD:ef01::',
    'fe80::1',
  ];
  const invalid = [
    '',
    ':',
    ':::',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1::2::3',
    '1:::2',
    ':1::',
    '::1:',
    '12345::',
    'g::',
    '1:2:3:4:5:6:7::1.2.3.4',
    '1:2:3:4:5:6::1.2.3.4',
    '1.2.3.4::',
    '::1.2.3.4:1',
    '::256.1.1.1',
    '::01.1.1.1',
    'fe80::1%25eth0',
    ' ::1',
  ];
  for (const address of valid) {
    assert.ok(isIpv6Address(address), address);
    assert.ok(isUri(`http://[${address}]:80/`), `[${address}] in a URI`);
  }
  for (const address of invalid) {
    assert.equal(isIpv6Address(address), false, address);
    assert.equal(isUri(`http://[${address}]/`), false, `[${address}] in a URI`);
  }
});

test('IPv4address versus reg-name: a dotted host that is not a dec-octet quad is still a valid reg-name', () => {
  for (const address of ['0.0.0.0', '192.0.2.16', '255.255.255.255']) assert.ok(isIpv4Address(address), address);
  for (const address of ['256.1.1.1', '01.1.1.1', '1.2.3', '1.2.3.4.5', '1..2.3', '']) {
    assert.equal(isIpv4Address(address), false, address);
  }
  for (const [host, kind] of [
    ['192.0.2.16', 'ipv4'],
    ['300.1.1.1', 'reg-name'],
    ['01.02.03.04', 'reg-name'],
    ['ex%41mple.com', 'reg-name'],
    ['', 'reg-name'],
    ['[v7.fe80::a+en1]', 'ipv-future'],
    ['[V1A.x:y]', 'ipv-future'],
  ]) {
    const parsed = parseUri(`http://${host}/`);
    assert.ok(parsed.ok, host);
    assert.equal(parsed.uri.authority?.hostKind, kind, host);
  }
  for (const host of ['[v.x]', '[v1.]', '[v1x]', '[vg.x]', '[v1.x/y]', '[]'])
    assert.equal(isUri(`http://${host}/`), false, host);
});

/** Each invalid location of the ABNF: the text, the part blamed and the offset of the first character that does not fit. */
const failures: [string, UriPart, number][] = [
  ['', 'scheme', 0],
  ['1http://example.com/', 'scheme', 0],
  ['my_scheme:x', 'scheme', 2],
  ['http://us er@host/', 'userinfo', 9],
  ['http://user@host@other/', 'host', 16],
  ['http://exa mple.com/', 'host', 10],
  ['http://ex%4mple.com/', 'host', 11],
  ['http://é.example/', 'host', 7],
  ['http://[::1/', 'host', 11],
  ['http://[::1]x/', 'host', 12],
  ['http://[1:2:3:4:5:6:7:8:9]/', 'host', 8],
  ['http://[fe80::1%25eth0]/', 'host', 8],
  ['http://host:80a/', 'port', 14],
  ['http://host:-1/', 'port', 12],
  ['http://host:8:0/', 'port', 13],
  ['http://host/a b', 'path', 13],
  ['http://host/%zz', 'path', 13],
  ['http://host/%', 'path', 13],
  ['http://host/a%2', 'path', 15],
  ['http://host/{id}', 'path', 12],
  ['http://host/a\\b', 'path', 13],
  ['http://host/café', 'path', 15],
  ['http://host/?q=a b', 'query', 16],
  ['http://host/?q=[x]', 'query', 15],
  ['http://host/#a#b', 'fragment', 14],
  ['http://host/#%g0', 'fragment', 14],
  ['file:///tmp/a\tb', 'path', 13],
  ['mailto:<a@b>', 'path', 7],
  ['http://host/"x"', 'path', 12],
];

test('invalid locations: each failure names the part, the offset and what was expected', () => {
  for (const [text, part, offset] of failures) {
    const parsed = parseUri(text);
    assert.equal(parsed.ok, false, text);
    if (parsed.ok) continue;
    assert.deepEqual([parsed.part, parsed.offset], [part, offset], `${text}: ${parsed.message}`);
    assert.match(parsed.message, new RegExp(`^${part}: .* at offset ${offset}; expected .+`), text);
  }
  const nonAscii = parseUri('http://host/café');
  assert.ok(!nonAscii.ok && nonAscii.message.includes('non-ASCII U+00E9'), 'non-ASCII is named as an IRI character');
  assert.ok(isUri('http://host/caf%C3%A9'), 'the percent-encoded form is a URI');
  const control = parseUri('http://host/a\u007f');
  assert.ok(
    !control.ok && control.message.startsWith('path: control character U+007F at offset 13'),
    'DEL is a control',
  );
  const space = parseUri('http://host/a b');
  assert.ok(!space.ok && space.message.startsWith('path: a space at offset 13'));
});

test('valid edge cases of the ABNF', () => {
  for (const text of [
    'http:',
    'a:',
    'file:///etc/hosts',
    'file:/etc/hosts',
    'http://host',
    'http://host?',
    'http://host#',
    'http://host:/',
    "x:!$&'()*+,;=:@/?#/?",
    'data:image/png;base64,iVBORw0KGgo=',
    'chess://leaderboard/classical',
    'HTTP://EXAMPLE.COM/%7Efoo',
    'a+b-c.d:x',
    'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
    'http://[::1]',
    'http://[::1]:',
  ]) {
    assert.ok(isUri(text), text);
  }
});

test('linear time: a long input with a late error is scanned once', () => {
  const long = 'http://host/' + 'a%20/'.repeat(200_000) + '%';
  const started = performance.now();
  const parsed = parseUri(long);
  assert.equal(parsed.ok, false);
  assert.ok(performance.now() - started < 2000, 'one pass over 1 MB');
  const colons = ':'.repeat(100_000);
  assert.equal(isUri(`http://[${colons}]/`), false);
  assert.equal(isUriReference('1' + 'a'.repeat(100_000) + colons), false);
});

/**
 * JSON-Schema-Test-Suite's `uri`, `uri-reference`, `ipv4` and `ipv6` format cases, which are RFC 3986
 * (and RFC 2673/4291 for the addresses, the same grammar as 3.2.2), run as data. No skips.
 */
test('JSON-Schema-Test-Suite format cases agree', () => {
  const formats: Record<string, (text: string) => boolean> = {
    uri: isUri,
    'uri-reference': isUriReference,
    ipv4: isIpv4Address,
    ipv6: isIpv6Address,
  };
  let compared = 0;
  for (const [format, check] of Object.entries(formats)) {
    const file = join(
      sharedRoot,
      'standard-suites',
      'json-schema-test-suite',
      'tests',
      'draft2020-12',
      'optional',
      'format',
      `${format}.json`,
    );
    const groups = JSON.parse(readFileSync(file, 'utf8')) as {
      tests: { data: unknown; valid: boolean; description: string }[];
    }[];
    for (const { tests } of groups) {
      for (const { data, valid, description } of tests) {
        if (typeof data !== 'string') continue; // formats apply to strings only
        assert.equal(check(data), valid, `${format}: ${description} (${JSON.stringify(data)})`);
        compared++;
      }
    }
  }
  assert.ok(compared > 120, `compared ${compared}`);
});

/**
 * fast-uri (ajv's URI library) on the same inputs, to record why it is not the checker: it agrees on
 * the RFC's examples, but accepts texts the ABNF rejects and rejects a valid reg-name. If a fast-uri
 * update changes these, the decision at the top of src/model/uri.ts deserves a second look.
 */
test('fast-uri differential: agreement on the RFC examples, the recorded disagreements', () => {
  const fastUriAccepts = (text: string): boolean => fastUri.parse(text).error === undefined;
  for (const text of [
    'ftp://ftp.is.co.za/rfc/rfc1808.txt',
    'ldap://[2001:db8::7]/c=GB?objectClass?one',
    'tel:+1-816-555-1212',
  ]) {
    assert.equal(fastUriAccepts(text), true, text);
    assert.equal(isUri(text), true, text);
  }
  const disagreements: [string, boolean][] = [
    ['http://host/a b', false],
    ['http://host/{id}', false],
    ['http://host/#a#b', false],
    ['http://é.example/', false],
    ['http://300.1.1.1/', true],
  ];
  for (const [text, ours] of disagreements) {
    assert.equal(isUri(text), ours, text);
    assert.equal(fastUriAccepts(text), !ours, `fast-uri on ${text}`);
  }
});
