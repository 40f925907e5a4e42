import { isNodeName, nodeNames, nodeTypes } from 'mcpdesc-core/model';

/**
 * What the hover takes from a row of a specification property table: the prose the shape tree
 * does not hold. The field's type, whether it is required, native or description-only and the
 * revisions that define it come from the tree (tree-site.ts).
 */
export interface FieldDoc {
  /** The section whose table holds the row (`9.1`, `A` for an appendix). */
  section: string;
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
      ...(required !== undefined ? { required } : {}),
      ...(fallback !== undefined ? { default: fallback } : {}),
      description: column('description') ?? '',
    });
  }
  return tables;
}

/**
 * The field table: for each object kind of the shape tree (the MCP payloads inside examples
 * aside: MCP's own types, not the format's tables), each of its fields with the row of the
 * specification table that describes it. Rows are looked up in the kind's section first, then its
 * subsections; a nested object documented in an enclosing object's table under a dotted name (8.2
 * `tools.listChanged`, 8.3 `tasks.list` and `tasks.requests.tools.call`) is found under it.
 */
export function fieldDocs(specification: string): Record<string, Record<string, FieldDoc>> {
  const tables = propertyTables(specification);
  const kinds = nodeNames.filter((name) => !nodeTypes[name].payload);
  const parents = new Map<string, { parent: string; field: string }[]>();
  for (const parent of kinds)
    for (const [field, shape] of Object.entries(nodeTypes[parent].fields)) {
      if (!isNodeName(shape.type)) continue;
      const children = [shape.type, ...Object.values(nodeTypes[shape.type].variants?.kinds ?? {})];
      for (const child of children) parents.set(child, [...(parents.get(child) ?? []), { parent, field }]);
    }
  /** The dotted names a kind's object goes by in the tables above it, nearest first: `tools`, `capabilities.tools`. */
  const dottedNames = (kind: string, seen: ReadonlySet<string> = new Set([kind])): string[] => {
    const near = (parents.get(kind) ?? []).map(({ field }) => field);
    const far = (parents.get(kind) ?? []).flatMap(({ parent, field }) =>
      seen.has(parent) ? [] : dottedNames(parent, new Set([...seen, parent])).map((above) => `${above}.${field}`),
    );
    return [...near, ...far];
  };
  const out: Record<string, Record<string, FieldDoc>> = {};
  for (const name of kinds) {
    const { spec, fields } = nodeTypes[name];
    const candidates = [
      ...tables.filter((t) => t.section === spec),
      ...tables.filter((t) => t.section.startsWith(`${spec}.`)),
    ];
    const entries: Record<string, FieldDoc> = {};
    for (const property of Object.keys(fields)) {
      const names = [property, ...dottedNames(name).map((above) => `${above}.${property}`)];
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
    '// tables, for the kinds of the shape tree. Do not edit: run `npx tsc -b && node scripts/lsp-field-docs.mjs`.',
    "import type { FieldDoc } from './field-docs-source.js';",
    '',
    `export const fieldDocTable: Readonly<Record<string, Readonly<Record<string, FieldDoc>>>> = ${JSON.stringify(fieldDocs(specification), null, 2)};`,
    '',
  ].join('\n');
}
