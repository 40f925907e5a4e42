import type { Severity } from 'mcpdesc-core/model';
import {
  operationRules,
  serializationRules,
  structuralRule,
  documentedValidationRules,
  type DocumentedRule,
} from 'mcpdesc-core/validate';
import { documentedLintRules } from 'mcpdesc-core/lint';
import { classificationTable, type ClassificationEntry } from 'mcpdesc-core/diff';
import { ruleHelpUri, specReference } from 'mcpdesc-core/report';
import { liveRules } from '../live/rules/index.js';
import type { ConfiguredRule } from './configured-rules.js';

export interface CatalogueEntry {
  id: string;
  kind: 'serialization' | 'conformance' | 'lint' | 'operation' | 'live' | 'diff';
  /** diff entries: the default change class (breaking, non-breaking, informational). */
  changeClass?: string;
  severity: Severity;
  spec: string;
  summary: string;
  /** The rule's stable reference page (SARIF's helpUri). */
  reference: string;
  codes: { code: string; severity: Severity; message: string }[];
  versions?: readonly string[];
  /** The specification versions whose text names the rule id. */
  namedBy?: readonly string[];
  bad?: unknown;
  good?: unknown;
  /** A plugin's rule: the plugin's namespace (its id starts with it). */
  plugin?: string;
  /** A rule the configuration defines declaratively (given/then). */
  declarative?: true;
}

function entryOf(rule: DocumentedRule, kind: CatalogueEntry['kind']): CatalogueEntry {
  return {
    id: rule.id,
    kind,
    severity: rule.severity,
    spec: rule.spec,
    summary: rule.docs.summary,
    reference: ruleHelpUri(rule.id),
    codes: Object.entries(rule.codes).map(([code, entry]) =>
      typeof entry === 'string'
        ? { code, severity: rule.severity, message: entry }
        : { code, severity: entry.severity, message: entry.message },
    ),
    ...(rule.versions ? { versions: rule.versions } : {}),
    ...(rule.namedBy ? { namedBy: rule.namedBy } : {}),
    ...(rule.docs.bad !== undefined ? { bad: rule.docs.bad } : {}),
    ...(rule.docs.good !== undefined ? { good: rule.docs.good } : {}),
  };
}

/** The rules a configuration brings, its plugins' and its declarative ones, listed after ours. */
export function configuredEntries(configured: readonly ConfiguredRule[]): CatalogueEntry[] {
  return configured.map(({ rule, plugin, docs }) => {
    const entry = entryOf({ ...rule, docs }, 'lint');
    entry.reference = docs.url ?? (plugin !== undefined ? `plugin ${plugin} (no reference page)` : 'the configuration');
    if (plugin !== undefined) entry.plugin = plugin;
    else entry.declarative = true;
    return entry;
  });
}

/** A `mcpdesc diff` change kind: its class shows as the code (severity: error for breaking, info otherwise). */
function diffEntryOf(e: ClassificationEntry): CatalogueEntry {
  const severity: Severity = e.class === 'breaking' ? 'error' : 'info';
  return {
    id: e.id,
    kind: 'diff',
    changeClass: e.class,
    severity,
    spec: 'diff',
    summary: e.summary,
    reference: ruleHelpUri(e.id),
    codes: [{ code: e.class, severity, message: e.reason }],
  };
}

/** Every rule that exists, and only those: decoding, structure, semantic rules, lint rules, live rules, diff change kinds. */
export function catalogueEntries(): CatalogueEntry[] {
  return [
    ...serializationRules.map((r) => entryOf(r, 'serialization')),
    entryOf(structuralRule, 'conformance'),
    ...documentedValidationRules.map((r) => entryOf(r, 'conformance')),
    ...operationRules.map((r) => entryOf(r, 'operation')),
    ...documentedLintRules.map((r) => entryOf(r, 'lint')),
    ...liveRules.map((r) => entryOf(r, 'live')),
    ...classificationTable.map(diffEntryOf),
  ];
}

export function renderCatalogue(entries: CatalogueEntry[]): string {
  const width = Math.max(...entries.map((e) => e.id.length));
  const namedBy = (e: CatalogueEntry): string => (e.namedBy?.length ? e.namedBy.join(', ') : '-');
  const namedWidth = Math.max('named by'.length, ...entries.map((e) => namedBy(e).length));
  const lines = [`${'rule'.padEnd(width)}  severity  spec    ${'named by'.padEnd(namedWidth)}  summary`];
  for (const e of entries)
    lines.push(
      `${e.id.padEnd(width)}  ${e.severity.padEnd(8)}  ${e.spec.padEnd(6)}  ${namedBy(e).padEnd(namedWidth)}  ${e.summary}${origin(e)}`,
    );
  lines.push('', `${entries.length} rules. \`mcpdesc rules <id>\` shows codes and examples.`);
  return lines.join('\n') + '\n';
}

/** Where a rule comes from when it is not ours. */
function origin(e: CatalogueEntry): string {
  if (e.plugin !== undefined) return ` [plugin ${e.plugin}]`;
  return e.declarative ? ' [declarative, configuration]' : '';
}

export function renderRule(e: CatalogueEntry): string {
  const lines = [
    e.id,
    '',
    e.summary,
    '',
    `kind: ${e.kind}`,
    e.changeClass
      ? `default class: ${e.changeClass} (\`mcpdesc diff --config\` overrides)`
      : `default severity: ${e.severity}`,
    ...(e.plugin !== undefined
      ? [`plugin: ${e.plugin}`]
      : e.declarative
        ? ['defined by: the configuration (declarative)']
        : []),
    `spec section: ${e.kind === 'diff' || e.spec === 'live' ? e.spec : e.spec === '' ? 'none' : specReference(e.spec)}`,
    `reference: ${e.reference}`,
  ];
  if (e.versions) lines.push(`applies to: mcpdesc ${e.versions.join(', ')}`);
  lines.push(
    `named by: ${e.namedBy?.length ? `mcpdesc ${e.namedBy.join(', ')}` : 'no specification text (a toolkit id)'}`,
  );
  lines.push('', 'codes:');
  for (const c of e.codes) lines.push(`  ${c.code} (${c.severity}): ${c.message}`);
  const show = (label: string, value: unknown): void => {
    if (value === undefined) return;
    lines.push(
      '',
      `${label}:`,
      ...(typeof value === 'string' ? value : JSON.stringify(value, null, 2)).split('\n').map((l) => '  ' + l),
    );
  };
  show('fails', e.bad);
  show('passes', e.good);
  return lines.join('\n') + '\n';
}

/** One code of one rule, as every diagnostic names it (`rule/code`). */
export interface CodeEntry {
  id: string;
  code: string;
  severity: Severity;
  message: string;
  rule: CatalogueEntry;
}

/** Looks up `rule/code`; undefined when the text has no `/` (a plain rule id). Unknown ones are messages. */
export function findCode(entries: CatalogueEntry[], query: string): CodeEntry | string | undefined {
  const slash = query.lastIndexOf('/');
  // A plugin's rule id holds a "/" itself (acme/tool-prefix): the whole text is then a rule id.
  if (slash < 0 || entries.some((e) => e.id === query)) return undefined;
  const id = query.slice(0, slash);
  const code = query.slice(slash + 1);
  const rule = entries.find((e) => e.id === id);
  if (!rule) return `no rule "${id}"; run \`mcpdesc rules\` for the list`;
  const found = rule.codes.find((c) => c.code === code);
  if (!found) return `rule "${id}" has no code "${code}"; its codes: ${rule.codes.map((c) => c.code).join(', ')}`;
  return { id, code, severity: found.severity, message: found.message, rule };
}

export function renderCode(c: CodeEntry): string {
  return (
    [`${c.id}/${c.code}`, '', `severity: ${c.severity}`, `message: ${c.message}`, '', ''].join('\n') +
    renderRule(c.rule)
  );
}
