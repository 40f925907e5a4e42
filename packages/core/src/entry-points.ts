/**
 * The library's entry points with their arguments checked: a JavaScript caller (no type checker)
 * who passes the wrong kind of value gets a TypeError that names the function, the argument and
 * what was expected, never an internal TypeError from deep inside. The modules below them trust
 * their (typed) callers; only what `index.ts` exports goes through here.
 */
import {
  getAtPointer as getAtPointerUnchecked,
  joinPointer as joinPointerUnchecked,
  parsePointer as parsePointerUnchecked,
} from './model/json-pointer.js';
import {
  compareDiagnostics as compareDiagnosticsUnchecked,
  hasErrors as hasErrorsUnchecked,
} from './model/diagnostic.js';
import { checkConfig as checkConfigUnchecked, effectiveSettings as effectiveSettingsUnchecked } from './lint/config.js';
import { subjectLabel as subjectLabelUnchecked } from './diff/change-collector.js';
import {
  parseDescription as parseDescriptionUnchecked,
  serializeDescription as serializeDescriptionUnchecked,
} from './source/index.js';
import { validate as validateUnchecked } from './validate/validate.js';
import { lint as lintUnchecked } from './lint/lint.js';
import {
  formatReport as formatReportUnchecked,
  formatReportPieces as formatReportPiecesUnchecked,
  formatters,
  pieceFormatters,
} from './report/index.js';
import { renderHtml as renderHtmlUnchecked, renderMarkdown as renderMarkdownUnchecked } from './render/index.js';
import { project as projectUnchecked, projectView as projectViewUnchecked } from './operations/project.js';
import {
  bundle as bundleUnchecked,
  pruneComponents as pruneComponentsUnchecked,
  resolve as resolveUnchecked,
} from './operations/components.js';
import { merge as mergeUnchecked } from './operations/merge.js';
import { migrate as migrateUnchecked } from './operations/migrate.js';
import { native as nativeUnchecked } from './operations/native.js';
import { compat as compatUnchecked } from './operations/compat.js';
import {
  compareDocuments as compareDocumentsUnchecked,
  equivalent as equivalentUnchecked,
} from './operations/equivalent.js';
import { diff as diffUnchecked, diffDocuments as diffDocumentsUnchecked } from './diff/diff.js';
import { diffSchemas as diffSchemasUnchecked } from './diff/schema-diff.js';
import { parseSemver as parseSemverUnchecked, suggestVersion as suggestVersionUnchecked } from './diff/semver.js';
import { renderDiffText as renderDiffTextUnchecked } from './diff/render-text.js';
import { renderDiffMarkdown as renderDiffMarkdownUnchecked } from './diff/render-markdown.js';
import { renderDiffJson as renderDiffJsonUnchecked } from './diff/render-json.js';
import {
  classificationEntry as classificationEntryUnchecked,
  classify as classifyUnchecked,
} from './diff/classification.js';
import {
  formatMigrationReportJson as formatMigrationReportJsonUnchecked,
  formatMigrationSummary as formatMigrationSummaryUnchecked,
} from './operations/migrate-report.js';
import { assertWalkable, describeValue } from './model/caller-values.js';

function fail(fn: string, argument: string, expected: string, value: unknown): never {
  throw new TypeError(`${fn}: expected ${argument} to be ${expected}, got ${describeValue(value)}`);
}

const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

function text(fn: string, value: unknown, argument = 'the input'): void {
  if (typeof value !== 'string' && !(value instanceof Uint8Array))
    fail(fn, argument, 'a string or a Uint8Array (the document text)', value);
}

function options(fn: string, value: unknown, argument = 'options'): void {
  if (value !== undefined && !isPlainObject(value)) fail(fn, argument, 'an object or undefined', value);
}

/**
 * A function of (input, options?) whose options are checked first. Its calls are marked pure, so a
 * bundle that uses only `validate` leaves the other wrapped functions out.
 */
function optionsChecked<F extends (input: never, given?: never) => unknown>(fn: string, unchecked: F): F {
  return ((input: never, given?: unknown) => {
    options(fn, given);
    return unchecked(input, given as never);
  }) as F;
}

function string(fn: string, value: unknown, argument: string): void {
  if (typeof value !== 'string') fail(fn, argument, 'a string', value);
}

function object(fn: string, value: unknown, argument: string, expected = 'an object'): void {
  if (!isPlainObject(value)) fail(fn, argument, expected, value);
}

export const parseDescription = ((input: unknown, given?: unknown) => {
  text('parseDescription', input);
  options('parseDescription', given);
  return parseDescriptionUnchecked(input as string, given as undefined);
}) as typeof parseDescriptionUnchecked;

export const serializeDescription = ((document: unknown, given: unknown) => {
  if (!isPlainObject(given)) fail('serializeDescription', 'options', 'an object such as { format: "json" }', given);
  const format = (given as { format?: unknown }).format;
  if (format !== 'json' && format !== 'yaml')
    fail('serializeDescription', 'options.format', '"json" or "yaml"', format);
  return serializeDescriptionUnchecked(document, given as Parameters<typeof serializeDescriptionUnchecked>[1]);
}) as typeof serializeDescriptionUnchecked;

/**
 * Like optionsChecked, for the checks that take text or a decoded value: a caller's value must be
 * a JSON value (no cycle, not deeper than the walks take) even where no rule descends (`x-*`
 * values), or a document that is not JSON would pass as valid.
 */
function documentChecked<F extends (input: never, given?: never) => unknown>(fn: string, unchecked: F): F {
  return ((input: unknown, given?: unknown) => {
    options(fn, given);
    if (typeof input !== 'string' && !(input instanceof Uint8Array)) assertWalkable(input, fn);
    return unchecked(input as never, given as never);
  }) as unknown as F;
}

export const validate = /* @__PURE__ */ documentChecked('validate', validateUnchecked);

export const lint = /* @__PURE__ */ documentChecked('lint', lintUnchecked);

export const renderHtml = /* @__PURE__ */ optionsChecked('renderHtml', renderHtmlUnchecked);

export const renderMarkdown = /* @__PURE__ */ optionsChecked('renderMarkdown', renderMarkdownUnchecked);

export const project = ((document: unknown, revision: unknown, given?: unknown) => {
  string('project', revision, 'the revision');
  options('project', given);
  return projectUnchecked(document, revision as string, given as undefined);
}) as typeof projectUnchecked;

export const projectView = ((document: unknown, revision: unknown, given?: unknown) => {
  object('projectView', document, 'the document', 'an object (a decoded document)');
  string('projectView', revision, 'the revision');
  options('projectView', given);
  return projectViewUnchecked(document as never, revision as string, given as undefined);
}) as typeof projectViewUnchecked;

export const resolve = /* @__PURE__ */ optionsChecked('resolve', resolveUnchecked);

export const bundle = /* @__PURE__ */ optionsChecked('bundle', bundleUnchecked);

export const pruneComponents = ((document: unknown) => {
  object('pruneComponents', document, 'the document', 'an object (a decoded document)');
  return pruneComponentsUnchecked(document as never);
}) as typeof pruneComponentsUnchecked;

export const merge = ((documents: unknown, given?: unknown) => {
  if (!Array.isArray(documents)) fail('merge', 'the documents', 'an array of decoded documents', documents);
  options('merge', given);
  return mergeUnchecked(documents, given as undefined);
}) as typeof mergeUnchecked;

export const migrate = /* @__PURE__ */ optionsChecked('migrate', migrateUnchecked);

export const native = ((document: unknown, revision: unknown, given?: unknown) => {
  string('native', revision, 'the revision');
  options('native', given);
  return nativeUnchecked(document, revision as string, given as undefined);
}) as typeof nativeUnchecked;

export const compat = ((document: unknown, profile: unknown, revision: unknown, given?: unknown) => {
  string('compat', revision, 'the revision');
  options('compat', given);
  return compatUnchecked(document, profile, revision as string, given as undefined);
}) as typeof compatUnchecked;

export const diff = ((oldDocument: unknown, newDocument: unknown, given?: unknown) => {
  options('diff', given);
  return diffUnchecked(oldDocument, newDocument, given as undefined);
}) as typeof diffUnchecked;

export const diffDocuments = ((oldDocument: unknown, newDocument: unknown, given?: unknown) => {
  object('diffDocuments', oldDocument, 'the old document', 'an object (a decoded document)');
  object('diffDocuments', newDocument, 'the new document', 'an object (a decoded document)');
  options('diffDocuments', given);
  return diffDocumentsUnchecked(oldDocument as never, newDocument as never, given as undefined);
}) as typeof diffDocumentsUnchecked;

export const equivalent = ((a: unknown, b: unknown, given?: unknown) => {
  options('equivalent', given);
  return equivalentUnchecked(a, b, given as undefined);
}) as typeof equivalentUnchecked;

export const compareDocuments = ((a: unknown, b: unknown, given?: unknown) => {
  options('compareDocuments', given);
  return compareDocumentsUnchecked(a, b, given as undefined);
}) as typeof compareDocumentsUnchecked;

export const getAtPointer = ((root: unknown, pointer: unknown) => {
  string('getAtPointer', pointer, 'the pointer');
  return getAtPointerUnchecked(root, pointer as string);
}) as typeof getAtPointerUnchecked;

export const parsePointer = ((pointer: unknown) => {
  string('parsePointer', pointer, 'the pointer');
  return parsePointerUnchecked(pointer as string);
}) as typeof parsePointerUnchecked;

export const joinPointer = ((base: unknown, ...tokens: unknown[]) => {
  string('joinPointer', base, 'the base pointer');
  tokens.forEach((token, i) => {
    if (typeof token !== 'string' && typeof token !== 'number')
      fail('joinPointer', `token ${i + 1}`, 'a string or a number', token);
  });
  return joinPointerUnchecked(base as string, ...(tokens as (string | number)[]));
}) as typeof joinPointerUnchecked;

export const hasErrors = ((diagnostics: unknown) => {
  if (!Array.isArray(diagnostics)) fail('hasErrors', 'the diagnostics', 'an array', diagnostics);
  return hasErrorsUnchecked(diagnostics);
}) as typeof hasErrorsUnchecked;

export const formatReport = ((name: unknown, report: unknown, given?: unknown) => {
  if (typeof name !== 'string' || !Object.hasOwn(formatters, name))
    fail('formatReport', 'the format name', `one of ${Object.keys(formatters).join(', ')}`, name);
  object('formatReport', report, 'the report');
  options('formatReport', given);
  return formatReportUnchecked(name as never, report as never, given as undefined);
}) as typeof formatReportUnchecked;

export const formatReportPieces = ((name: unknown, report: unknown, given?: unknown) => {
  if (typeof name !== 'string' || !Object.hasOwn(pieceFormatters, name))
    fail('formatReportPieces', 'the format name', `one of ${Object.keys(pieceFormatters).join(', ')}`, name);
  object('formatReportPieces', report, 'the report');
  options('formatReportPieces', given);
  return formatReportPiecesUnchecked(name as never, report as never, given as undefined);
}) as typeof formatReportPiecesUnchecked;

/** A report of ours handed back: an object with the arrays and objects its renderers read. */
function report(fn: string, value: unknown, kind: string, arrays: string[], objects: string[]): void {
  object(fn, value, `the ${kind}`);
  assertWalkable(value, fn);
  const members = value as Record<string, unknown>;
  for (const key of arrays)
    if (!Array.isArray(members[key])) fail(fn, `the ${kind}'s ${key}`, 'an array', members[key]);
  for (const key of objects)
    if (!isPlainObject(members[key])) fail(fn, `the ${kind}'s ${key}`, 'an object', members[key]);
}

const diffReport = (fn: string, value: unknown): void =>
  report(fn, value, 'diff report', ['changes'], ['revisions', 'info', 'summary', 'version']);

export const renderDiffText = ((value: unknown, given?: unknown) => {
  diffReport('renderDiffText', value);
  options('renderDiffText', given);
  return renderDiffTextUnchecked(value as never, given as undefined);
}) as typeof renderDiffTextUnchecked;

export const renderDiffMarkdown = ((value: unknown, given?: unknown) => {
  diffReport('renderDiffMarkdown', value);
  options('renderDiffMarkdown', given);
  return renderDiffMarkdownUnchecked(value as never, given as undefined);
}) as typeof renderDiffMarkdownUnchecked;

export const renderDiffJson = ((value: unknown, given?: unknown) => {
  diffReport('renderDiffJson', value);
  options('renderDiffJson', given);
  return renderDiffJsonUnchecked(value as never, given as undefined);
}) as typeof renderDiffJsonUnchecked;

export const suggestVersion = ((from: unknown, actual: unknown, summary: unknown) => {
  if (from !== undefined) string('suggestVersion', from, 'the old version');
  if (actual !== undefined) string('suggestVersion', actual, 'the new version');
  object('suggestVersion', summary, 'the diff summary');
  return suggestVersionUnchecked(from as string, actual as string, summary as never);
}) as typeof suggestVersionUnchecked;

export const parseSemver = ((version: unknown) => {
  string('parseSemver', version, 'the version');
  return parseSemverUnchecked(version as string);
}) as typeof parseSemverUnchecked;

export const classify = ((id: unknown, config?: unknown) => {
  string('classify', id, 'the change id');
  options('classify', config, 'the diff configuration');
  return classifyUnchecked(id as string, config as undefined);
}) as typeof classifyUnchecked;

export const classificationEntry = ((id: unknown) => {
  string('classificationEntry', id, 'the change id');
  return classificationEntryUnchecked(id as string);
}) as typeof classificationEntryUnchecked;

export const diffSchemas = ((
  direction: unknown,
  subject: unknown,
  label: unknown,
  old: unknown,
  next: unknown,
  emit: unknown,
) => {
  string('diffSchemas', direction, 'the direction');
  object('diffSchemas', subject, 'the subject');
  string('diffSchemas', label, 'the label');
  object('diffSchemas', old, 'the old schema ({ value, pointer })');
  object('diffSchemas', next, 'the new schema ({ value, pointer })');
  if (typeof emit !== 'function') fail('diffSchemas', 'emit', 'a function', emit);
  assertWalkable((old as { value?: unknown }).value, 'diffSchemas (old schema)');
  assertWalkable((next as { value?: unknown }).value, 'diffSchemas (new schema)');
  return diffSchemasUnchecked(
    direction as never,
    subject as never,
    label as string,
    old as never,
    next as never,
    emit as never,
  );
}) as typeof diffSchemasUnchecked;

const migrationReport = (fn: string, value: unknown): void =>
  report(
    fn,
    value,
    'migration report',
    ['protocolVersions', 'changes', 'defaults', 'approvals', 'openQuestions', 'securitySchemes'],
    [],
  );

export const formatMigrationReportJson = ((value: unknown) => {
  migrationReport('formatMigrationReportJson', value);
  return formatMigrationReportJsonUnchecked(value as never);
}) as typeof formatMigrationReportJsonUnchecked;

export const formatMigrationSummary = ((value: unknown) => {
  migrationReport('formatMigrationSummary', value);
  return formatMigrationSummaryUnchecked(value as never);
}) as typeof formatMigrationSummaryUnchecked;

export const compareDiagnostics = ((a: unknown, b: unknown) => {
  object('compareDiagnostics', a, 'the first diagnostic');
  object('compareDiagnostics', b, 'the second diagnostic');
  return compareDiagnosticsUnchecked(a as never, b as never);
}) as typeof compareDiagnosticsUnchecked;

/** The configuration itself may be anything (checking it is the point); the rules, when given, are rule objects. */
export const checkConfig = ((value?: unknown, rules?: unknown) => {
  if (rules !== undefined && !(Array.isArray(rules) && rules.every(isPlainObject)))
    fail('checkConfig', 'the rules', 'an array of rule objects or undefined', rules);
  return checkConfigUnchecked(value, rules as undefined);
}) as typeof checkConfigUnchecked;

export const effectiveSettings = ((config?: unknown, given?: unknown) => {
  options('effectiveSettings', config, 'the configuration');
  options('effectiveSettings', given);
  return effectiveSettingsUnchecked(config as undefined, given as undefined);
}) as typeof effectiveSettingsUnchecked;

export const subjectLabel = ((subject: unknown) => {
  object('subjectLabel', subject, 'the change subject');
  return subjectLabelUnchecked(subject as never);
}) as typeof subjectLabelUnchecked;
