/**
 * Every finding's range covers what it names (issue 13, item 6): for each rule's documented
 * failing example, written as JSON and as YAML, the source text under each diagnostic's range
 * contains the offending key or value, derived from the diagnostic's pointer alone. A pointer
 * to something absent (a missing member) names its nearest present ancestor.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Diagnostic, Range } from 'mcpdesc-core/internal/model/diagnostic.js';
import { parsePointer } from 'mcpdesc-core/internal/model/json-pointer.js';
import { isObject } from 'mcpdesc-core/internal/model/values.js';
import { lint } from 'mcpdesc-core/internal/lint/lint.js';
import { settingOf } from 'mcpdesc-core/internal/lint/presets.js';
import { documentedRules } from 'mcpdesc-core/internal/lint/rule-pages.js';
import { serializeDescription } from 'mcpdesc-core/internal/source/serialize.js';
import type { RuleMeta } from 'mcpdesc-core/internal/validate/rule.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { repoRoot } from '../helpers/paths.js';

const checkedRules = documentedRules().filter((r) => r.docs.bad !== undefined);

/** The source text from a range's start to its end (lines and UTF-16 columns count from 1). */
function textOf(lines: string[], range: Range): string {
  const { start, end } = range;
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1);
  return [
    lines[start.line - 1]!.slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    lines[end.line - 1]!.slice(0, end.column - 1),
  ].join('\n');
}

/**
 * What the text under the range must contain: the key of the deepest present member on the
 * pointer when its value is an object or array (named by its key); a scalar's key or value; an
 * array item's first key when it is an object.
 */
function offending(document: unknown, pointer: string): string[] | undefined {
  const tokens = parsePointer(pointer)!;
  let value: unknown = document;
  let present = 0;
  for (const token of tokens) {
    if (Array.isArray(value) && /^\d+$/.test(token) && Number(token) < value.length) value = value[Number(token)];
    else if (isObject(value) && Object.hasOwn(value, token)) value = value[token];
    else break;
    present++;
  }
  if (present === 0) return undefined; // the root: every range contains it
  const last = tokens[present - 1]!;
  const parent = tokens.slice(0, present - 1).reduce<unknown>((v, t) => (v as Record<string, unknown>)[t], document);
  const underKey = isObject(parent);
  if (underKey && (isObject(value) || Array.isArray(value))) return [last];
  if (isObject(value)) return Object.keys(value).slice(0, 1);
  if (Array.isArray(value)) return value.length > 0 && !isObject(value[0]) ? [String(value[0])] : ['-', '['];
  // A scalar: its value, or its key when the rule points at the key.
  return [...(underKey ? [last] : []), String(value), JSON.stringify(value)];
}

/** Asserts the highlighted text of each diagnostic contains what its pointer names; returns how many were checked. */
function checkHighlights(text: string, diagnostics: Diagnostic[]): number {
  const lines = text.split(/\r\n|\r|\n/);
  const document = validate(text).document;
  for (const d of diagnostics) {
    assert.ok(d.range, `${d.rule}/${d.code} at ${d.pointer} has a range`);
    const expected = offending(document, d.pointer);
    if (expected === undefined) continue;
    const highlighted = textOf(lines, d.range);
    assert.ok(
      expected.some((e) => highlighted.includes(e)),
      `${d.rule}/${d.code} at ${d.pointer}: the highlighted ${JSON.stringify(highlighted.slice(0, 120))} contains none of ${JSON.stringify(expected)}`,
    );
  }
  return diagnostics.length;
}

function findings(rule: RuleMeta, text: string): Diagnostic[] {
  const diagnostics =
    rule.kind === 'lint'
      ? lint(text, { config: { rules: { [rule.id]: settingOf(rule.severity) } } }).diagnostics
      : validate(text).diagnostics;
  return diagnostics.filter((d) => d.rule === rule.id);
}

test('the documented failing examples of both catalogues are checked', () => {
  assert.ok(checkedRules.some((r) => r.kind === 'lint'));
  assert.ok(checkedRules.filter((r) => r.kind === 'conformance').length > 30);
});

for (const rule of checkedRules) {
  test(`${rule.id}: each finding on its failing example highlights the key or value it names`, () => {
    const bad = rule.docs.bad;
    const texts =
      typeof bad === 'string'
        ? [bad]
        : [serializeDescription(bad, { format: 'json' }), serializeDescription(bad, { format: 'yaml' })];
    let checked = 0;
    for (const text of texts) checked += checkHighlights(text, findings(rule, text));
    assert.ok(checked > 0, `the failing example of ${rule.id} yields a finding`);
  });
}

test('every finding on the real-server corpus highlights the key or value it names', () => {
  const corpus = join(repoRoot, 'test', 'fixtures', 'real-servers');
  let checked = 0;
  for (const name of readdirSync(corpus).filter((n) => n.endsWith('.mcpdesc.yaml'))) {
    const text = readFileSync(join(corpus, name), 'utf8');
    checked += checkHighlights(text, lint(text, { preset: 'strict' }).diagnostics);
  }
  assert.ok(checked > 100, `${checked} findings checked`);
});
