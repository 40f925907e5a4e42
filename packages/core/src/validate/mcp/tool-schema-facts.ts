import { having, lacking, type Revision } from '../../model/revisions.js';
import { hasOwn, type JsonObject } from '../../model/values.js';
import type { ReportOptions } from '../rule.js';

/** Facts about embedded Tool schemas (9.2) that several Tool schema rules share. */

/** Use-site note for a schema reached through `$componentRef`. */
export function schemaUseNote(node: { via?: string }): Pick<ReportOptions, 'note'> {
  return node.via ? { note: `used by ${node.via}` } : {};
}

/** `type` keyword facts of a schema root. */
export function rootTypeFacts(schema: JsonObject): {
  present: boolean;
  exactObject: boolean;
  containsObject: boolean;
  wellFormed: boolean;
} {
  if (!hasOwn(schema, 'type')) return { present: false, exactObject: false, containsObject: false, wellFormed: true };
  const type = schema.type;
  if (typeof type === 'string')
    return { present: true, exactObject: type === 'object', containsObject: type === 'object', wellFormed: true };
  if (Array.isArray(type))
    return { present: true, exactObject: false, containsObject: type.includes('object'), wellFormed: true };
  return { present: true, exactObject: false, containsObject: false, wellFormed: false };
}

/** The revisions of `scope` before Tool schemas had a JSON Schema dialect (the pre-dialect shape). */
export const preDialectRevisions = (scope: readonly Revision[]): readonly Revision[] =>
  lacking(scope, 'tool-schema.dialect');

/** The revisions of `scope` that validate Tool schemas under a JSON Schema dialect. */
export const dialectRevisions = (scope: readonly Revision[]): readonly Revision[] =>
  having(scope, 'tool-schema.dialect');
