import assert from 'node:assert/strict';
import { diff, type DiffOptions } from 'mcpdesc-core/internal/diff/diff.js';
import type { DiffChange, DiffReport } from 'mcpdesc-core/internal/diff/types.js';

/** A minimal valid document: `doc({ tools: [...] })`. */
export function doc(
  extra: Record<string, unknown> = {},
  protocolVersions: string[] = ['2025-11-25'],
): Record<string, unknown> {
  return { mcpdesc: '0.8.0', info: { name: 'test-server', version: '1.0.0' }, protocolVersions, ...extra };
}

export function tool(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, inputSchema: { type: 'object' }, ...extra };
}

/** Diffs two documents through the library entry point (both must be valid). */
export function run(oldDoc: unknown, newDoc: unknown, options: DiffOptions = {}): DiffReport {
  const result = diff(oldDoc, newDoc, options);
  assert.ok(
    result.ok,
    'both documents are valid: ' +
      result.diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.rule} ${d.pointer} ${d.message}`)
        .join('; '),
  );
  return result.value!;
}

export interface Expected {
  id: string;
  old: string;
  new: string;
  revisions?: string[];
}

/** Ids seen by `expectChanges` in this process (for the every-kind coverage test). */
export const testedIds = new Set<string>();

const line = (c: { id: string; old?: { pointer: string }; new?: { pointer: string } }): string =>
  `${c.id} ${c.old?.pointer ?? '-'} -> ${c.new?.pointer ?? '-'}`;

/** Asserts exactly these changes (id and both pointers), in any order. */
export function expectChanges(report: DiffReport, expected: Expected[]): DiffChange[] {
  const actual = report.changes.map(line).sort();
  assert.deepEqual(
    actual,
    expected.map((e) => line({ id: e.id, old: { pointer: e.old }, new: { pointer: e.new } })).sort(),
  );
  for (const e of expected) {
    testedIds.add(e.id);
    if (e.revisions) {
      const c = report.changes.find((x) => x.id === e.id && x.old?.pointer === e.old && x.new?.pointer === e.new)!;
      assert.deepEqual(c.revisions, e.revisions, `revisions of ${e.id}`);
    }
  }
  return report.changes;
}
