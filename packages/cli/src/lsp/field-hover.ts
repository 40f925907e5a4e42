import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import { fieldOf, nodeShape, type NodeName } from 'mcpdesc-core/model';
import { cursorContext } from './cursor.js';
import { fieldDocTable } from './field-docs.generated.js';
import { availability, fieldFeature, scopeAt } from './revision-gates.js';
import { definedByLabel, originLabel, treeSiteAt, typeLabel } from './tree-site.js';

/** Where the specification says it: "MCP Description 0.8.0, section 9.1" (`A` is Appendix A). */
function sectionLabel(section: string): string {
  return /^[A-Z]$/.test(section) ? `appendix ${section}` : `section ${section}`;
}

/**
 * A field's documentation. From the shape tree: its type, required or optional, native MCP or
 * description-only, and the MCP revisions that define it. From the specification's property
 * table (the prose the tree does not hold, `field-docs.generated.ts`): its description, its
 * Default column, a Required column that is a condition (`For http`), and the row's section; a
 * field the tables leave out names its object's section instead.
 */
export function fieldMarkdown(kind: NodeName, key: string, note?: string): string {
  const field = fieldOf(kind, key);
  const doc = fieldDocTable[kind]?.[key];
  const object = nodeShape(kind);
  const conditional = doc?.required && !/^(Yes|No)$/.test(doc.required) ? `required: ${doc.required}` : undefined;
  const facts = field
    ? [
        typeLabel(field),
        conditional ?? (field.required ? 'required' : 'optional'),
        originLabel(field),
        doc?.default ? `default: ${doc.default}` : undefined,
      ]
    : [];
  const lines = [`**\`${key}\`** — ${object.title}${facts.length ? ` (${facts.filter(Boolean).join(', ')})` : ''}`];
  const definedBy = field && definedByLabel(field);
  if (definedBy) lines.push(`Defined by ${definedBy}.`);
  if (doc?.description) lines.push(doc.description);
  if (note) lines.push(`Note: ${note}.`);
  lines.push(`MCP Description specification, ${sectionLabel(doc?.section ?? object.spec)}.`);
  return lines.join('\n\n');
}

/**
 * Hover on a member name: the field's documentation for the object kind it belongs to (a Tool's
 * `name` is not an Info's), from the shape tree. Read from the text at the cursor, so it works
 * while the text does not decode. Null on anything but a key the tree defines.
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
  const kind = treeSiteAt(document, path)?.kind;
  if (!kind || !fieldOf(kind, key)) return null;
  const offered = availability(fieldFeature(kind, key), scopeAt(document, path));
  const note = offered.offer ? offered.note : 'not defined by any MCP revision of this scope';
  return {
    contents: { kind: MarkupKind.Markdown, value: fieldMarkdown(kind, key, note) },
    range: { start: positionAt(context.start), end: positionAt(context.end) },
  };
}
