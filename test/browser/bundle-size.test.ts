/**
 * The size of the core's validate bundle for the browser (esbuild, minified, gzipped), against
 * a budget, and what it holds: none of ajv's run-time compiler (the validators are generated
 * ahead of time) and none of the rules' documentation (validate never reads it). Figures per
 * part are in bench/RESULTS.md.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentedValidationRules } from 'mcpdesc-core/internal/validate/rule-documentation.js';
import { bundleCore, bytesByPart, validateEntry } from './bundle.js';

/**
 * Gzipped bytes the validate bundle may reach: issue 16's target (measured 149,490 on 2026-12-01:
 * see bench/RESULTS.md). The YAML fast path (source/yaml-common-subset.ts, issue 19) took it to
 * 151,944; the generated validators' shared error helper and their reading only the parts of
 * schema objects they use brought it to 147,395 (2026-12-02). The shape tree (model/shape-tree.ts,
 * issue 33), which the gated-field rule and the content checks now read instead of their own
 * tables, took it to 150,722 (2026-12-05) with the structural schema's definition names read
 * from the tree. validate's refusal of a caller value that is not JSON (a cycle anywhere, issue
 * 39: model/caller-values.ts) added 763 bytes (151,491). Issue 35's did-you-mean for unknown
 * properties (model/did-you-mean.ts, read by the structural messages) and issue 36's fixes carried
 * on validation findings (the `$schema` alias, duplicates, the YAML quoting fix) added 1,183
 * (152,674, 2026-12-05). The tasks capability's nested objects as kinds of the tree and named
 * structural definitions (issue 33), the evaluator's pointer-free first pass over examples
 * (issue 37) and message templates split once added 511 (153,185, 2026-12-06): the budget is
 * 153,500 until the structural schema itself is derived from the tree and its own copy of every
 * field list leaves the bundle.
 */
const VALIDATE_GZIP_BUDGET = 153_500;

/** ajv's compiler: code generation, its vocabularies and the Ajv classes. */
const ajvCompiler = /node_modules\/ajv\/dist\/(compile|vocabularies|core\.js|2020\.js|ajv\.js)/;

test('the validate bundle stays within its gzipped budget and holds no ajv compiler', async () => {
  const bundle = await bundleCore(validateEntry);
  const parts = bytesByPart(bundle);
  const listing = parts.map(([part, bytes]) => `${part} ${bytes}`).join(', ');
  assert.ok(
    parts.some(([part]) => part === 'core/generated'),
    `the generated validators are in the bundle: ${listing}`,
  );
  assert.deepEqual(
    Object.keys(bundle.inputs).filter((path) => ajvCompiler.test(path)),
    [],
    'no module of the ajv compiler is bundled',
  );
  for (const rule of documentedValidationRules)
    assert.ok(!bundle.code.includes(rule.docs.summary), `the documentation of ${rule.id} is not bundled`);
  assert.ok(
    bundle.gzipBytes <= VALIDATE_GZIP_BUDGET,
    `validate bundle: ${bundle.gzipBytes} bytes gzipped > budget ${VALIDATE_GZIP_BUDGET} (${listing})`,
  );
});
