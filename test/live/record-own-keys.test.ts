/**
 * record() reads the inputs file's maps by own key only: a tool or example named after an
 * Object.prototype member (`constructor`, `toString`) is not taken for an input or a volatile list.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LiveSession } from 'mcpdesc-toolkit/internal/live/connect.js';
import { record, volatileExtension } from 'mcpdesc-toolkit/internal/live/record.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';

/** A session answering every request with an empty result, counting the requests. */
function answeringSession(): LiveSession & { sent: string[] } {
  const sent: string[] = [];
  return {
    revision: '2025-11-25',
    capabilities: {},
    sent,
    async request(method: string) {
      sent.push(method);
      return { ok: true, result: { content: [] } };
    },
  } as unknown as LiveSession & { sent: string[] };
}

test('record: a tool named constructor that no input names is not synthesized for (an info), not "not called"', async () => {
  const view: JsonObject = { tools: [{ name: 'constructor', inputSchema: { type: 'object' } }] };
  const session = answeringSession();
  const { recordings, findings } = await record(session, view, { synthesize: {} });
  assert.deepEqual(recordings, []);
  assert.deepEqual(session.sent, []);
  assert.deepEqual(
    findings.map((f) => [f.code, f.severity]),
    [['not-synthesized', 'info']],
  );
  assert.match(findings[0]!.message, /"constructor"/);
});

test('record: an example named toString of a tool named constructor is recorded without a volatile list', async () => {
  const view: JsonObject = {
    tools: [{ name: 'constructor', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
  };
  const session = answeringSession();
  const { recordings, findings } = await record(session, view, {
    inputs: { tools: { constructor: { toString: {} } }, prompts: {}, resourceTemplates: {}, volatile: { tools: {} } },
  });
  assert.deepEqual(findings, []);
  assert.deepEqual(session.sent, ['tools/call']);
  assert.deepEqual(
    recordings.map((r) => [r.id, r.name, volatileExtension in r.example]),
    [['constructor', 'toString', false]],
  );
});
