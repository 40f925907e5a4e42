import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkContentBlock,
  checkContentList,
  checkResourceAnnotations,
  checkResourceContents,
  contentCodes,
  isBase64,
} from 'mcpdesc-core/internal/validate/mcp/content.js';
import type { Revision } from 'mcpdesc-core/internal/model/revisions.js';
import { recordingContext } from './recording-context.js';

type Place = Parameters<typeof checkContentBlock>[4];
const block = (value: unknown, scope: Revision[] = ['2026-07-28'], place: Place = 'result') => {
  const { ctx, reports } = recordingContext();
  checkContentBlock(ctx, value, '/c', scope, place);
  for (const r of reports) assert.ok(r.code in contentCodes, `unknown code ${r.code}`);
  return reports.map((r) => `${r.code} ${r.pointer}`);
};

test('text, image, audio, resource and resource_link blocks', () => {
  assert.deepEqual(
    block({
      type: 'text',
      text: 'a',
      annotations: { audience: ['user'], priority: 0.5, lastModified: '2025-01-01T00:00:00Z' },
      _meta: { 'com.example/x': 1 },
    }),
    [],
  );
  assert.deepEqual(block({ type: 'image', data: 'AAAA', mimeType: 'image/png' }), []);
  assert.deepEqual(block({ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }, ['2024-11-05']), [
    'content-type-revision /c/type',
  ]);
  assert.deepEqual(block({ type: 'resource', resource: { uri: 'file:///a', blob: 'AAAA' } }), []);
  assert.deepEqual(
    block({
      type: 'resource_link',
      uri: 'file:///a',
      name: 'a',
      title: 'A',
      size: 3,
      icons: [{ src: 'https://x/i.png' }],
    }),
    [],
  );
  assert.deepEqual(block({ type: 'resource_link', uri: 'file:///a', name: 'a', size: -1 }), [
    'native-member-type /c/size',
  ]);
  assert.deepEqual(block({ type: 'text', text: 'a', _meta: {} }, ['2025-03-26']), ['native-member-revision /c/_meta']);
  assert.deepEqual(block({ type: 'text' }), ['native-missing-member /c']);
  assert.deepEqual(block({ text: 'a' }), ['native-missing-member /c']);
  assert.deepEqual(block({ type: 'video' }), ['content-unknown-type /c/type']);
  assert.deepEqual(block({ type: 'text', text: 'a', 'x-a': 1 }), ['native-unknown-member /c/x-a']);
});

test('sampling content: tool_use and tool_result from 2025-11-25, no resources', () => {
  assert.deepEqual(block({ type: 'tool_use', id: '1', name: 'n', input: {} }, ['2025-11-25'], 'sampling'), []);
  assert.deepEqual(
    block({ type: 'tool_result', toolUseId: '1', content: [{ type: 'text', text: 'a' }] }, ['2025-11-25'], 'sampling'),
    [],
  );
  assert.deepEqual(
    block({ type: 'tool_result', toolUseId: '1', content: [{ type: 'nope' }] }, ['2025-11-25'], 'sampling'),
    ['content-unknown-type /c/content/0/type'],
  );
  assert.deepEqual(
    block({ type: 'tool_use', id: '1', name: 'n', input: {} }, ['2025-06-18', '2025-11-25'], 'sampling'),
    ['content-type-revision /c/type'],
  );
  assert.deepEqual(block({ type: 'tool_use', id: '1', name: 'n', input: {} }, ['2025-11-25'], 'result'), [
    'content-unknown-type /c/type',
  ]);
  assert.deepEqual(block({ type: 'resource_link', uri: 'file:///a', name: 'a' }, ['2025-11-25'], 'sampling'), [
    'content-unknown-type /c/type',
  ]);
});

test('Resource Contents: uri, exactly one of text or blob, base64', () => {
  const run = (value: unknown, scope: Revision[] = ['2026-07-28']) => {
    const { ctx, reports } = recordingContext();
    checkResourceContents(ctx, value, '/r', scope);
    return reports.map((r) => `${r.code} ${r.pointer}`);
  };
  assert.deepEqual(run({ uri: 'file:///a', text: 'x', mimeType: 'text/plain', _meta: {} }), []);
  assert.deepEqual(run({ uri: 'file:///a' }), ['native-text-xor-blob /r']);
  assert.deepEqual(run({ uri: 'file:///a', text: 'x', blob: 'AAAA' }), ['native-text-xor-blob /r']);
  assert.deepEqual(run({ uri: 'file:///a', blob: 'A' }), ['native-base64 /r/blob']);
  assert.deepEqual(run({ text: 'x' }), ['native-missing-member /r']);
  assert.deepEqual(run({ uri: 'file:///a', text: 'x', _meta: {} }, ['2024-11-05']), [
    'native-member-revision /r/_meta',
  ]);
  assert.deepEqual(run({ uri: 'file:///a', text: 'x', name: 'n' }), ['native-unknown-member /r/name']);
});

test('Resource Annotations: audience, priority, lastModified per revision; open otherwise', () => {
  const run = (value: unknown, scope: Revision[] = ['2026-07-28']) => {
    const { ctx, reports } = recordingContext();
    checkResourceAnnotations(ctx, value, '/a', scope);
    return reports.map((r) => `${r.code} ${r.pointer}`);
  };
  assert.deepEqual(run({ audience: ['user', 'assistant'], priority: 1, future: true }), []);
  assert.deepEqual(run({ audience: ['robot'] }), ['native-member-type /a/audience/0']);
  assert.deepEqual(run({ priority: 2 }), ['native-member-type /a/priority']);
  assert.deepEqual(run({ lastModified: '2025-01-01' }, ['2025-03-26']), ['native-member-revision /a/lastModified']);
  assert.deepEqual(run({ lastModified: 'yesterday' }), ['native-member-type /a/lastModified']);
  // The calendar is checked (15.6: ISO 8601), the same way as on declarations.
  assert.deepEqual(run({ lastModified: '2025-02-30T00:00:00Z' }), ['native-member-type /a/lastModified']);
  assert.deepEqual(run({ lastModified: '2026-08-24T10Z' }), []);
});

test('content lists, base64 and URIs', () => {
  const { ctx, reports } = recordingContext();
  checkContentList(ctx, 'x', '/content', ['2026-07-28']);
  checkContentList(ctx, [{ type: 'text', text: 'a' }, 3], '/list', ['2026-07-28']);
  assert.deepEqual(
    reports.map((r) => `${r.code} ${r.pointer}`),
    ['native-member-type /content', 'native-member-type /list/1'],
  );
  assert.ok(isBase64('') && isBase64('AAAA') && isBase64('AA==') && !isBase64('AAA') && !isBase64('A A='));
});

test('content URIs are RFC 3986 URIs: scheme, authority (host, port) and percent-encoding are checked', () => {
  const codes = (uri: string): string[] => {
    const { ctx, reports } = recordingContext();
    checkContentList(ctx, [{ type: 'resource_link', uri, name: 'n' }], '/c', ['2025-11-25']);
    return reports.map((r) => `${r.code} ${r.pointer}`);
  };
  for (const good of ['file:///a', 'urn:x', 'https://user@example.com:8443/a?b#c', 'http://[::1]/'])
    assert.deepEqual(codes(good), [], good);
  for (const bad of [
    'not a uri',
    '/relative',
    'https://example.com:80x/',
    'file:///a%2',
    'https://[::1/',
    'http://a b/',
  ])
    assert.deepEqual(codes(bad), ['native-uri /c/0/uri'], bad);
});

test("a resource link's icon src is an RFC 3986 URI (Icon.src: string (URI))", () => {
  const codes = (src: unknown): string[] => {
    const { ctx, reports } = recordingContext();
    checkContentList(ctx, [{ type: 'resource_link', uri: 'file:///a', name: 'n', icons: [{ src }] }], '/c', [
      '2025-11-25',
    ]);
    return reports.map((r) => `${r.code} ${r.pointer}`);
  };
  for (const good of ['https://example.com/icon.png', 'data:image/png;base64,iVBORw0KGgo='])
    assert.deepEqual(codes(good), [], good);
  for (const bad of ['icon.png', 'https://example.com:8x/i.png', 'https://example.com/%zz'])
    assert.deepEqual(codes(bad), ['native-uri /c/0/icons/0/src'], bad);
  assert.deepEqual(codes(7), ['native-member-type /c/0/icons/0/src']);
});
