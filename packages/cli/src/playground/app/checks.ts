/**
 * What the page computes from the editor's text, all by the core: the diagnostics of the chosen
 * check, the conversion, the docs page and the Effective Protocol View. Pure (no DOM), so the
 * tests run it in Node as well as in the page.
 */
import type { Diagnostic, SourceFormat } from 'mcpdesc-core';
import { rootScopeOf } from 'mcpdesc-core/model';
import { lint, presetNames, type PresetName, lintRules } from 'mcpdesc-core/lint';
import { project } from 'mcpdesc-core/operations';
import { renderHtml } from 'mcpdesc-core/render';
import { parseDescription, serializeDescription, sniffFormat } from 'mcpdesc-core/source';
import { validate } from 'mcpdesc-core/validate';

/** The checks the page offers: validation alone, or validation and lint with a preset. */
export const checkNames = ['validate', ...presetNames] as const;
export type CheckName = (typeof checkNames)[number];

export function isCheckName(value: string): value is CheckName {
  return (checkNames as readonly string[]).includes(value);
}

export interface CheckResult {
  format: SourceFormat;
  /** Sorted, with source ranges. */
  diagnostics: Diagnostic[];
  /**
   * The decoded document when validation found no error (the preview and the view need a valid
   * document; a lint error, under the strict preset, does not make it invalid).
   */
  valid?: unknown;
}

const lintRuleIds = new Set(lintRules.map((rule) => rule.id));

/** Validates (check `validate`) or validates and lints (a preset) the text; `format` as the file's name gives it, else sniffed. */
export function check(text: string, name: CheckName, given?: SourceFormat): CheckResult {
  const format = given ?? sniffFormat(text);
  const result = name === 'validate' ? validate(text, { format }) : lint(text, { format, preset: name as PresetName });
  const validationError = result.diagnostics.some((d) => d.severity === 'error' && !lintRuleIds.has(d.rule));
  return {
    format,
    diagnostics: result.diagnostics,
    ...(!validationError && result.document !== undefined ? { valid: result.document } : {}),
  };
}

export type Conversion = { ok: true; text: string } | { ok: false; diagnostics: Diagnostic[] };

/** The text in the other serialization (the data model kept, 15.5); refused while the text does not decode. */
export function convert(text: string, to: SourceFormat, from?: SourceFormat): Conversion {
  const parsed = parseDescription(text, { format: from ?? sniffFormat(text) });
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (parsed.document === undefined || errors.length > 0) return { ok: false, diagnostics: errors };
  return { ok: true, text: serializeDescription(parsed.document, { format: to }) };
}

/** The docs page of a valid document, exactly as `mcpdesc docs` writes it. */
export function docsPage(document: unknown): string {
  return renderHtml(document);
}

/** The root protocol revisions, the choices of the view's revision picker. */
export function revisionsOf(document: unknown): string[] {
  return rootScopeOf(document);
}

export type ProjectedView = { ok: true; text: string } | { ok: false; diagnostics: Diagnostic[] };

/** The Effective Protocol View (4.12) of a valid document for one revision, in `format`. */
export function effectiveView(document: unknown, revision: string, format: SourceFormat): ProjectedView {
  const result = project(document, revision);
  if (!result.ok || result.value === undefined) return { ok: false, diagnostics: result.diagnostics };
  return { ok: true, text: serializeDescription(result.value, { format }) };
}
