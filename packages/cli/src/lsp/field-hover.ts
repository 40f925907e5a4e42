import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import { DEFINITION_INFO } from 'mcpdesc-core/internal/validate/structural-schema.js';
import { cursorContext, valueAtPath } from './cursor.js';
import { fieldDocTable } from './field-docs.generated.js';
import { availability, fieldFeature, scopeAt } from './revision-gates.js';
import { schemaSiteAt, structuralVersionOf } from './schema-path.js';

/** Where the specification says it: "MCP Description 0.8.0, section 9.1" (`A` is Appendix A). */
function sectionLabel(section: string): string {
  return /^[A-Z]$/.test(section) ? `appendix ${section}` : `section ${section}`;
}

/**
 * A field's documentation: the row of the specification's property table (type, required,
 * default, description) with its section; a field the tables leave out (described in prose)
 * names its object's section instead.
 */
export function fieldMarkdown(definition: string, key: string, note?: string): string {
  const doc = fieldDocTable[definition]?.[key];
  const object = DEFINITION_INFO[definition];
  const lines: string[] = [];
  const facts = [
    doc?.type,
    doc?.required ? `required: ${doc.required}` : undefined,
    doc?.default ? `default: ${doc.default}` : undefined,
  ];
  lines.push(
    `**\`${key}\`**${object ? ` — ${object.title}` : ''}${facts.some(Boolean) ? ` (${facts.filter(Boolean).join(', ')})` : ''}`,
  );
  if (doc?.description) lines.push(doc.description);
  if (note) lines.push(`Note: ${note}.`);
  const section = doc?.section ?? object?.spec;
  if (section) lines.push(`MCP Description specification, ${sectionLabel(section)}.`);
  return lines.join('\n\n');
}

/**
 * Hover on a member name: the field's documentation for the object it belongs to (a Tool's
 * `name` is not an Info's). Read from the text at the cursor, so it works while the text does
 * not decode. Null on anything but a key the structural schema defines.
 */
export function keyHover(
  text: string,
  offset: number,
  format: 'json' | 'yaml',
  document: unknown,
  positionAt: (offset: number) => Position,
): Hover | null {
  const context = cursorContext(text, offset, format);
  if (!context || (context.kind !== 'key' && context.kind !== 'item')) return null;
  const path = context.kind === 'item' ? [...context.path, context.key!] : context.path;
  const key = text.slice(context.start, context.end);
  if (key === '') return null;
  const site = schemaSiteAt(structuralVersionOf(document), path, (p) => valueAtPath(document, p));
  const definition = site?.definition;
  if (!site || !definition || !Object.prototype.hasOwnProperty.call(site.properties, key)) return null;
  const offered = availability(fieldFeature(definition, key), scopeAt(document, path));
  const note = offered.offer ? offered.note : 'not defined by any MCP revision of this scope';
  return {
    contents: { kind: MarkupKind.Markdown, value: fieldMarkdown(definition, key, note) },
    range: { start: positionAt(context.start), end: positionAt(context.end) },
  };
}
