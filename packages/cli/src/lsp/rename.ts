import type { Range as LspRange, TextEdit } from 'vscode-languageserver';
import { componentNamePattern } from 'mcpdesc-core/model';
import { isPlainSafeString } from 'mcpdesc-core/source';
import { occurrences, type NameKind, type NameSite } from './names.js';

export type RenameOutcome = { ok: true; edits: TextEdit[] } | { ok: false; message: string };

const kindLabel: Readonly<Record<NameKind, string>> = {
  component: 'component',
  tag: 'tag',
  securityScheme: 'security scheme',
  elicitation: 'elicitation declaration',
};

/** Why `name` cannot name a thing of `kind`, if it cannot (the grammars of 7.1, 12.2, 13.1, 17.1). */
export function invalidName(kind: NameKind, name: string): string | undefined {
  if (kind === 'tag') {
    if (name.length === 0) return 'a tag name must not be empty';
    if (/[\u0000-\u001f\u007f]/.test(name)) return 'a tag name must not contain control characters';
    return undefined;
  }
  if (!componentNamePattern.test(name))
    return `a ${kindLabel[kind]} name must match ^[A-Za-z0-9._-]+$ (letters, digits, ".", "_", "-"); found ${JSON.stringify(name)}`;
  return undefined;
}

/** The scalar `value` written as the source wrote the scalar it replaces: same quotes, plain when YAML allows. */
function encode(value: string, format: 'json' | 'yaml', original: string): string {
  if (format === 'json') return JSON.stringify(value);
  if (original.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  if (original.startsWith('"')) return JSON.stringify(value);
  return isPlainSafeString(value) ? value : JSON.stringify(value);
}

/**
 * Rename of a component, tag, security scheme or elicitation declaration: one edit per
 * occurrence (the declaration and every reference), refused for a name the grammar rejects or
 * one already declared for the same kind in the same scope.
 */
export function renameEdits(
  sites: readonly NameSite[],
  at: NameSite,
  newName: string,
  format: 'json' | 'yaml',
  textOf: (range: LspRange) => string,
): RenameOutcome {
  const invalid = invalidName(at.kind, newName);
  if (invalid)
    return { ok: false, message: `cannot rename ${kindLabel[at.kind]} ${JSON.stringify(at.name)}: ${invalid}` };
  if (newName === at.name) return { ok: true, edits: [] };
  const newId =
    at.kind === 'component' || at.kind === 'elicitation' ? at.id.slice(0, -at.name.length) + newName : newName;
  if (sites.some((site) => site.kind === at.kind && site.id === newId && site.role === 'declaration'))
    return {
      ok: false,
      message: `cannot rename ${kindLabel[at.kind]} ${JSON.stringify(at.name)}: ${JSON.stringify(newName)} is already declared`,
    };
  const edits = occurrences(sites, at).map((site) => ({
    range: site.range,
    newText: encode((site.pointerPrefix ?? '') + newName, format, textOf(site.range)),
  }));
  return { ok: true, edits };
}
