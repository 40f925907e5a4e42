import type { ReportOptions } from '../rule.js';

/** The use site of an example reached through `$componentRef`, appended to messages about it. */
export function exampleUseSite(node: { via?: string }): string | undefined {
  return node.via ? `example used at ${node.via}` : undefined;
}

/** The same use site as report options, to spread into a report. */
export function exampleNote(node: { via?: string }): Pick<ReportOptions, 'note'> {
  return node.via ? { note: `example used at ${node.via}` } : {};
}
