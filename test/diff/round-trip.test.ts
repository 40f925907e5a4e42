/**
 * Operations that keep the meaning of a description produce no diff: merging its Effective
 * Protocol Views back (scoped variants instead of one declaration) and resolving its components.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diffDocuments } from 'mcpdesc-core/internal/diff/diff.js';
import { merge, projectView, resolve } from 'mcpdesc-core/internal/operations/index.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { sharedRoot } from '../helpers/paths.js';

const examples = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0', 'examples');

test('conformance examples: merge(projections) and resolve() are not changes', async (t) => {
  for (const file of readdirSync(examples).sort()) {
    await t.test(file, () => {
      const result = validate(readFileSync(join(examples, file)), { filename: file });
      assert.ok(result.valid);
      const document = result.document as JsonObject;
      assert.deepEqual(diffDocuments(document, document).changes, []);
      const views = (document.protocolVersions as string[]).map((r) => projectView(document, r));
      const merged = merge(views);
      assert.ok(merged.ok, 'merge succeeds');
      assert.deepEqual(
        diffDocuments(document, merged.value as JsonObject).changes.map((c) => c.message),
        [],
      );
      const resolved = resolve(document);
      assert.ok(resolved.ok, 'resolve succeeds');
      assert.deepEqual(
        diffDocuments(document, resolved.value as JsonObject).changes.map((c) => c.message),
        [],
      );
    });
  }
});
