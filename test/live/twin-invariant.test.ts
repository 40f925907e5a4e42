/**
 * The twin invariant (issue 12, item 2): for every official example and every valid corpus
 * document with primitives (../shared/conformance/mcpdesc-0.8.0), for each declared revision and
 * for `--protocol auto`, `capture` of `mock D` yields the same native lists as `native D` (every
 * field the wire carries, in order), and `verify D` against `mock D` has no error and no warning.
 * The mock runs in-process over Streamable HTTP, one instance per document.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import { startMock, type MockHandle } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import { primitiveKinds, rootScopeOf } from 'mcpdesc-core/internal/model/document.js';
import { canonicalJson } from 'mcpdesc-core/internal/model/json.js';
import { sortRevisions } from 'mcpdesc-core/internal/model/revisions.js';
import { isObject, type JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { native } from 'mcpdesc-core/internal/operations/native.js';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { repoRoot } from './helpers.js';

const corpus = join(repoRoot, '../shared/conformance/mcpdesc-0.8.0');
const files = [
  ...readdirSync(join(corpus, 'examples')).map((f) => `examples/${f}`),
  ...readdirSync(join(corpus, 'fixtures/expected-valid')).map((f) => `fixtures/expected-valid/${f}`),
  ...readdirSync(join(corpus, 'fixtures/expected-warning')).map((f) => `fixtures/expected-warning/${f}`),
].sort();

function load(file: string): JsonObject | undefined {
  const parsed = parseDescription(readFileSync(join(corpus, file)), { filename: file });
  return isObject(parsed.document) ? parsed.document : undefined;
}

const hasPrimitives = (d: JsonObject) =>
  primitiveKinds.some(({ collection }) => Array.isArray(d[collection]) && d[collection].length > 0);

/** The first difference between the native lists of `revision` and a captured document, or undefined. */
function listDifference(document: JsonObject, revision: string, captured: JsonObject | undefined): string | undefined {
  if (!captured) return 'nothing was captured';
  const built = native(document, revision);
  if (!built.ok) return `native failed: ${built.diagnostics.find((d) => d.severity === 'error')?.message}`;
  for (const info of primitiveKinds) {
    const payload = built.value![info.listMethod];
    const want = (payload?.[info.collection] as JsonObject[] | undefined) ?? [];
    const got = (captured[info.collection] as JsonObject[] | undefined) ?? [];
    if (want.length !== got.length)
      return `${info.collection}: native lists ${want.length}, capture ${got.length} (${canonicalJson(got.map((g) => g[info.identity]))})`;
    for (let i = 0; i < want.length; i++) {
      if (canonicalJson(want[i]) !== canonicalJson(got[i]))
        return `${info.collection}[${i}]: native ${canonicalJson(want[i]).slice(0, 300)} but captured ${canonicalJson(got[i]).slice(0, 300)}`;
    }
  }
  return undefined;
}

const mocks: MockHandle[] = [];
after(async () => {
  for (const m of mocks) await m.close();
});

for (const file of files) {
  const document = load(file);
  if (!document || !hasPrimitives(document)) continue;
  if (!native(document, rootScopeOf(document)[0] ?? '').ok) continue; // not servable: no native form
  const revisions = [...rootScopeOf(document), 'auto'];
  let mock: Promise<MockHandle> | undefined;
  const target = async () => {
    mock ??= startMock(document, { transport: 'http', port: 0 }).then((m) => (mocks.push(m), m));
    return { kind: 'http' as const, url: (await mock).url! };
  };
  for (const revision of revisions) {
    const name = `${file} ${revision}`;
    test(`twin: ${name}`, async () => {
      const url = await target();
      const captured = await capture(url, { protocol: revision, timeout: 20000 });
      let problem: string | undefined;
      const negotiated = captured.revisions[0];
      const newest = sortRevisions(rootScopeOf(document)).at(-1)!;
      if (!negotiated) problem = `capture failed: ${captured.diagnostics.map((d) => d.message).join('; ')}`;
      else if (revision === 'auto' && negotiated !== newest)
        problem = `auto negotiated MCP ${negotiated}; the description's newest revision is ${newest}`;
      else problem = listDifference(document, negotiated, captured.value);
      if (problem === undefined) {
        const checked = await verify(document, url, {
          timeout: 20000,
          ...(revision === 'auto' ? {} : { revisions: [revision] }),
        });
        const loud = checked.findings.filter((f) => f.severity !== 'info');
        if (loud.length > 0) problem = `verify: ${loud.map((f) => `${f.rule}/${f.code} ${f.message}`).join('; ')}`;
      }
      assert.equal(problem, undefined);
    });
  }
}
