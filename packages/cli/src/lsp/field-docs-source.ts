import { defaultSpecVersion } from 'mcpdesc-core/internal/model/spec-versions.js';
import { DEFINITION_INFO, structuralSchema } from 'mcpdesc-core/internal/validate/structural-schema.js';

/** One row of a specification property table, as the hover shows it. */
export interface FieldDoc {
  /** The section whose table holds the row (`9.1`, `A` for an appendix). */
  section: string;
  type: string;
  /** The Required column (`Yes`, `No`, `For http`…); absent when the table has none. */
  required?: string;
  /** The Default column of tables that have one. */
  default?: string;
  description: string;
}

interface Table {
  section: string;
  rows: Map<string, Omit<FieldDoc, 'section'>>;
}

/** `### 9.1 Tool Object` → `9.1`; `## 5. Info Object` → `5`; `## Appendix A: Icon Object` → `A`. */
const sectionHeading = /^#{2,4} (?:(\d+(?:\.\d+)*)\.? |Appendix ([A-Z]):)/;

/** Markdown links become their text (the hover is not the place for the site's URLs); escaped `<` `>` are unescaped. */
function plain(cell: string): string {
  return cell
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([<>|])/g, '$1')
    .replace(/\*\*/g, '')
    .trim();
}

/** Splits a table row on unescaped `|`. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  for (let i = 1; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && line[i + 1] === '|') {
      cell += '\\|';
      i++;
    } else if (c === '|') {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  return out;
}

/** Every `| Property | Type | … |` table of the specification, with the section it sits in. */
function propertyTables(specification: string): Table[] {
  const tables: Table[] = [];
  let section = '';
  let table: { columns: string[]; rows: Table['rows'] } | undefined;
  for (const line of specification.split('\n')) {
    const heading = sectionHeading.exec(line);
    if (heading) section = heading[1] ?? heading[2]!;
    if (!line.startsWith('|')) {
      table = undefined;
      continue;
    }
    const row = cells(line).map((c) => c.trim());
    if (!table) {
      if (row[0] !== 'Property') continue;
      table = { columns: row.map((c) => c.toLowerCase()), rows: new Map() };
      tables.push({ section, rows: table.rows });
      continue;
    }
    const name = /^`([^`]+)`$/.exec(row[0] ?? '');
    if (!name) continue;
    const column = (label: string): string | undefined => {
      const index = table!.columns.indexOf(label);
      return index < 0 ? undefined : plain(row[index] ?? '');
    };
    const required = column('required');
    const fallback = column('default');
    table.rows.set(name[1]!, {
      type: column('type') ?? '',
      ...(required !== undefined ? { required } : {}),
      ...(fallback !== undefined ? { default: fallback } : {}),
      description: column('description') ?? '',
    });
  }
  return tables;
}

type Schema = Record<string, unknown>;

/** The `$defs` names a schema refers to directly or through `if`/`then`/`else`/`allOf` (not through properties). */
function referencedDefinitions(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Schema;
  const out: string[] = [];
  if (typeof s.$ref === 'string') out.push(s.$ref.replace('#/$defs/', ''));
  for (const key of ['then', 'else', 'items', 'additionalProperties']) out.push(...referencedDefinitions(s[key]));
  if (Array.isArray(s.allOf)) for (const part of s.allOf) out.push(...referencedDefinitions(part));
  return out;
}

/**
 * The field table: for each structural definition, each of its properties with the row of the
 * specification table that describes it. Rows are looked up in the definition's section first,
 * then its subsections; a nested object documented in its parent's table as `parent.field`
 * (8.2 `tools.listChanged`, 8.3 `tasks.list`) is found under that dotted name.
 */
export function fieldDocs(specification: string): Record<string, Record<string, FieldDoc>> {
  const tables = propertyTables(specification);
  // The specification read is the default version's (the stable one): its structural schema matches its tables.
  const defs = (structuralSchema(defaultSpecVersion) as { $defs: Record<string, Schema> }).$defs;
  const parents = new Map<string, string[]>();
  for (const parent of Object.values(defs)) {
    const properties = (parent.properties ?? {}) as Record<string, unknown>;
    for (const [property, schema] of Object.entries(properties))
      for (const child of referencedDefinitions(schema)) parents.set(child, [...(parents.get(child) ?? []), property]);
  }
  const out: Record<string, Record<string, FieldDoc>> = {};
  for (const [name, schema] of Object.entries(defs)) {
    const info = DEFINITION_INFO[name];
    const properties = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
    if (!info || properties.length === 0) continue;
    const candidates = [
      ...tables.filter((t) => t.section === info.spec),
      ...tables.filter((t) => t.section.startsWith(`${info.spec}.`)),
    ];
    const entries: Record<string, FieldDoc> = {};
    for (const property of properties) {
      const names = [property, ...(parents.get(name) ?? []).map((parent) => `${parent}.${property}`)];
      for (const table of candidates) {
        const row = names.map((n) => table.rows.get(n)).find((r) => r !== undefined);
        if (row) {
          entries[property] = { section: table.section, ...row };
          break;
        }
      }
    }
    if (Object.keys(entries).length > 0) out[name] = entries;
  }
  return out;
}

/** The committed module's text (before formatting): `scripts/lsp-field-docs.mjs` writes it, a test compares it. */
export function fieldDocsModule(specification: string): string {
  return [
    "// Generated by scripts/lsp-field-docs.mjs from the MCP Description 0.8.0 specification's property",
    '// tables and the structural schema. Do not edit: run `npx tsc -b && node scripts/lsp-field-docs.mjs`.',
    "import type { FieldDoc } from './field-docs-source.js';",
    '',
    `export const fieldDocTable: Readonly<Record<string, Readonly<Record<string, FieldDoc>>>> = ${JSON.stringify(fieldDocs(specification), null, 2)};`,
    '',
  ].join('\n');
}
