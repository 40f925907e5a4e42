import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { exampleDocument, exampleTool } from 'mcpdesc-core/internal/lint/example-document.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import type { Rule, RuleContext } from 'mcpdesc-core/internal/validate/rule.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { sharedRoot } from '../helpers/paths.js';

const corpus = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0', 'fixtures');

function corpusFiles(): string[] {
  const files: string[] = [];
  for (const folder of readdirSync(corpus))
    for (const file of readdirSync(join(corpus, folder)))
      if (/\.(json|ya?ml)$/.test(file)) files.push(join(folder, file));
  return files;
}

test('lint reports the validation findings exactly as validate does: same diagnostics, order, valid and complete', () => {
  const files = corpusFiles();
  assert.ok(files.length > 20, 'the corpus is there');
  for (const file of files) {
    const bytes = readFileSync(join(corpus, file));
    const validation = validate(bytes, { filename: file });
    const linted = lint(bytes, { filename: file });
    const validationFindings = linted.diagnostics.filter((d) => !d.rule.startsWith('lint.'));
    assert.deepEqual(validationFindings, validation.diagnostics, file);
    assert.equal(linted.complete, validation.complete, file);
    assert.equal(linted.specification, validation.specification, file);
    if (!linted.diagnostics.some((d) => d.rule.startsWith('lint.') && d.severity === 'error'))
      assert.equal(linted.valid, validation.valid, file);
  }
});

/** A lint rule that records its context and claims the check was incomplete. */
function probe(contexts: RuleContext[]): Rule {
  return {
    id: 'lint.test.probe',
    kind: 'lint',
    spec: 'lint',
    severity: 'warning',
    codes: { seen: 'document seen' },
    create(context) {
      contexts.push(context);
      return {
        document() {
          context.markIncomplete('a lint rule cannot make validation incomplete');
          context.report('seen', '');
        },
      };
    },
  };
}

test('validation and lint rules share one walk and one resolver; only conformance rules count for completeness', () => {
  const contexts: RuleContext[] = [];
  const conformanceProbe: Rule = { ...probe(contexts), id: 'mcpdesc.test.probe', kind: 'conformance' };
  const document = exampleDocument({ tools: [exampleTool()] });

  const linted = lint(document, { rules: [conformanceProbe], lintRules: [probe(contexts)] });
  assert.equal(contexts.length, 2);
  assert.equal(contexts[0]!.components, contexts[1]!.components, 'one ComponentResolver');
  assert.equal(linted.complete, false, 'the conformance rule counts');

  contexts.length = 0;
  const lintOnly = lint(document, { rules: [], lintRules: [probe(contexts)] });
  assert.equal(lintOnly.complete, true, "a lint rule's markIncomplete changes nothing");
  assert.deepEqual(
    lintOnly.diagnostics.map((d) => `${d.severity} ${d.rule} ${d.code}`),
    ['warning lint.test.probe seen'],
  );
  const switchedOff = lint(document, {
    rules: [],
    lintRules: [probe(contexts)],
    config: { rules: { 'lint.test.probe': 'off' } },
  });
  assert.deepEqual(switchedOff.diagnostics, [], 'the policy switches a lint rule off');
});
