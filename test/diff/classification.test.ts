import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkDiffConfig, classificationTable, classify } from 'mcpdesc-core/internal/diff/classification.js';
import { parseSemver, suggestVersion } from 'mcpdesc-core/internal/diff/semver.js';
import { doc, run, tool } from './helpers.js';

test('the table: unique diff.* ids, a class and a reason each', () => {
  const ids = classificationTable.map((e) => e.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const e of classificationTable) {
    assert.match(e.id, /^diff\.[a-z-]+(\.[a-z-]+)+$/);
    assert.ok(['breaking', 'non-breaking', 'informational'].includes(e.class));
    assert.ok(e.reason.length > 5 && e.summary.length > 5, e.id);
  }
});

test('examples of the issue classify as it says', () => {
  const cls = (id: string): string => classify(id).class;
  assert.equal(cls('diff.input.property.required-added'), 'breaking');
  assert.equal(cls('diff.output.property.removed'), 'breaking');
  assert.equal(cls('diff.input.enum.value-removed'), 'breaking');
  assert.equal(cls('diff.input.enum.value-added'), 'non-breaking');
  assert.equal(cls('diff.output.enum.value-added'), 'breaking');
  assert.equal(cls('diff.annotation.read-only-removed'), 'breaking');
  assert.equal(cls('diff.annotation.destructive-added'), 'breaking');
  assert.equal(cls('diff.client-requirements.added'), 'breaking');
  assert.equal(cls('diff.tool.removed'), 'breaking');
  assert.equal(cls('diff.primitive.deprecated'), 'informational');
  assert.equal(cls('diff.protocol.revision-removed'), 'breaking');
  // Direction: narrowing breaks inputs, widening breaks outputs.
  assert.equal(cls('diff.input.type.narrowed'), 'breaking');
  assert.equal(cls('diff.input.type.widened'), 'non-breaking');
  assert.equal(cls('diff.output.type.narrowed'), 'non-breaking');
  assert.equal(cls('diff.output.type.widened'), 'breaking');
});

test('configuration: per-id overrides and strictOutputEnums', () => {
  assert.deepEqual(
    classify('diff.tool.removed', { rules: { 'diff.tool.removed': 'informational' } }).class,
    'informational',
  );
  assert.match(
    classify('diff.tool.removed', { rules: { 'diff.tool.removed': 'informational' } }).reason,
    /configuration/,
  );
  assert.equal(classify('diff.output.enum.value-added', { strictOutputEnums: false }).class, 'non-breaking');
  // An explicit rule wins over strictOutputEnums.
  assert.equal(
    classify('diff.output.enum.value-added', {
      strictOutputEnums: false,
      rules: { 'diff.output.enum.value-added': 'informational' },
    }).class,
    'informational',
  );
  const a = doc({ tools: [tool('t')] });
  const b = doc({});
  const report = run(a, b, { config: { rules: { 'diff.tool.removed': 'non-breaking' } } });
  assert.equal(report.changes[0]!.class, 'non-breaking');
  assert.equal(report.summary.breaking, 0);
  assert.equal(report.summary.nonBreaking, 1);
});

test('configuration problems are named', () => {
  assert.deepEqual(checkDiffConfig(undefined), []);
  assert.deepEqual(checkDiffConfig({ rules: { 'diff.tool.removed': 'breaking' }, strictOutputEnums: false }), []);
  assert.deepEqual(checkDiffConfig({ rules: { 'diff.nope': 'breaking', 'diff.tool.removed': 'fatal' }, extra: 1 }), [
    'unknown diff setting "extra" (expected "rules" or "strictOutputEnums")',
    'unknown change id "diff.nope" (see `mcpdesc rules`, ids diff.*)',
    '"diff.tool.removed": expected "breaking", "non-breaking" or "informational", got "fatal"',
  ]);
  assert.deepEqual(checkDiffConfig({ strictOutputEnums: 'yes' }), ['"strictOutputEnums" must be true or false']);
  assert.deepEqual(checkDiffConfig([]), ['"diff" must be an object']);
});

test('semver suggestion', () => {
  const s = (breaking: number, nonBreaking: number, informational: number) => ({
    breaking,
    nonBreaking,
    informational,
  });
  assert.deepEqual(suggestVersion('1.4.2', '1.5.0', s(1, 0, 0)), {
    bump: 'major',
    from: '1.4.2',
    actual: '1.5.0',
    suggested: '2.0.0',
    sufficient: false,
  });
  assert.deepEqual(suggestVersion('1.4.2', '1.5.0', s(0, 2, 1)), {
    bump: 'minor',
    from: '1.4.2',
    actual: '1.5.0',
    suggested: '1.5.0',
    sufficient: true,
  });
  assert.deepEqual(suggestVersion('1.4.2', '1.4.2', s(0, 0, 1)), {
    bump: 'patch',
    from: '1.4.2',
    actual: '1.4.2',
    suggested: '1.4.3',
    sufficient: false,
  });
  assert.deepEqual(suggestVersion('1.4.2', '1.4.2', s(0, 0, 0)), {
    bump: 'none',
    from: '1.4.2',
    actual: '1.4.2',
    suggested: '1.4.2',
    sufficient: true,
  });
  // 0.x: breaking -> minor, anything else -> patch.
  const zero = suggestVersion('0.3.1', '0.4.0', s(1, 0, 0));
  assert.equal(zero.bump, 'minor');
  assert.equal(zero.suggested, '0.4.0');
  assert.equal(zero.sufficient, true);
  assert.equal(suggestVersion('0.3.1', undefined, s(0, 1, 0)).suggested, '0.3.2');
  // Invalid old version: the bump, no number, and why.
  const bad = suggestVersion('v1', '2', s(1, 0, 0));
  assert.equal(bad.bump, 'major');
  assert.equal(bad.suggested, undefined);
  assert.match(bad.note!, /"v1" is not a semantic version/);
  // Prereleases: computed from the release part.
  assert.equal(suggestVersion('1.0.0-rc.1', undefined, s(0, 1, 0)).suggested, '1.1.0');
  assert.deepEqual(parseSemver('1.2.3-beta.1+build.5'), { major: 1, minor: 2, patch: 3, prerelease: 'beta.1' });
  assert.equal(parseSemver('01.2.3'), undefined);
});
