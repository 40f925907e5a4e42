/**
 * `mcpdesc diff OLD NEW`: a semantic diff of two MCP Description documents, per MCP protocol
 * revision. For every revision both documents cover, the Effective Protocol Views (4.12) are
 * compared, so moving a declaration into a scoped variant is not a change; `$componentRef` use
 * sites are compared by their resolved values. Every change keeps the pointers of the actual
 * declarations in both documents (not view indexes). Identical changes across revisions are
 * reported once, with the revisions they apply to.
 */
import { joinPointer } from '../model/json-pointer.js';
import { sortRevisions, type Revision } from '../model/revisions.js';
import { isObject, type JsonObject } from '../model/values.js';
import { primitiveKinds } from '../model/document.js';
import {
  failure,
  success,
  validateInput,
  withRunBudget,
  type OperationDiagnostic,
  type OperationOptions,
  type OperationResult,
} from '../operations/operation-result.js';
import { compareCapabilities } from './capability-comparison.js';
import { Collector } from './change-collector.js';
import type { DiffConfig } from './classification.js';
import {
  collectionPointer,
  indexDocument,
  viewOf,
  type IndexedDocument,
  type PrimitiveDeclaration,
  type View,
} from './declaration-index.js';
import { compareExtensions, present, sides, unionKeys, verbOf } from './member-changes.js';
import { comparePrimitive } from './primitive-comparison.js';
import { compareSecurity, transportSecurity } from './security.js';
import { suggestVersion } from './semver.js';
import type { ChangeSubject, DiffReport, RawChange } from './types.js';
import { canonicalJson, jsonEqual } from '../model/json.js';
import { assertWalkable } from '../model/caller-values.js';

export interface DiffOptions extends OperationOptions {
  /** Report a removed and an added Tool with equal schemas and annotations as one rename. */
  detectRenames?: boolean;
  /** Classification overrides and settings (`diff` section of the configuration file). */
  config?: DiffConfig;
}

/** Validates both documents, then compares them. */
export function diff(
  oldDocument: unknown,
  newDocument: unknown,
  options: DiffOptions = {},
): OperationResult<DiffReport> {
  const run = withRunBudget(options);
  const a = validateInput('diff', oldDocument, 0, 'diff', run);
  const b = validateInput('diff', newDocument, 1, 'diff', run);
  const diagnostics: OperationDiagnostic[] = [...a.diagnostics, ...b.diagnostics];
  if (!a.valid || !b.valid) return failure(diagnostics);
  return success(diffDocuments(oldDocument as JsonObject, newDocument as JsonObject, options), diagnostics);
}

/** The comparison core, without validation (the caller guarantees two valid documents). */
export function diffDocuments(oldDocument: JsonObject, newDocument: JsonObject, options: DiffOptions = {}): DiffReport {
  assertWalkable(oldDocument, 'diffDocuments (old document)');
  assertWalkable(newDocument, 'diffDocuments (new document)');
  const oldIndex = indexDocument(oldDocument);
  const newIndex = indexDocument(newDocument);
  const all = sortRevisions([...oldIndex.revisions, ...newIndex.revisions]);
  const compared = all.filter((r) => oldIndex.revisions.includes(r) && newIndex.revisions.includes(r));
  const collector = new Collector();

  // Protocol coverage.
  for (const r of all) {
    if (compared.includes(r)) continue;
    const removed = oldIndex.revisions.includes(r);
    const list = (removed ? oldDocument : newDocument).protocolVersions as unknown[];
    const pointer = joinPointer('/protocolVersions', list.indexOf(r));
    collector.add([r], {
      id: removed ? 'diff.protocol.revision-removed' : 'diff.protocol.revision-added',
      subject: { kind: 'protocol', name: r },
      detail: `protocol revision ${r} ${removed ? 'removed' : 'added'}`,
      old: removed ? { pointer, value: r } : { pointer: '/protocolVersions' },
      new: removed ? { pointer: '/protocolVersions' } : { pointer, value: r },
    });
  }

  // Unscoped document metadata: applies to every revision of either document.
  compareDocumentLevel(oldDocument, newDocument, (c) => collector.add(all, c));

  for (const revision of compared) {
    const emit = (c: RawChange): void => collector.add([revision], c);
    compareViews(viewOf(oldIndex, revision), viewOf(newIndex, revision), revision, options, emit);
  }

  const changes = collector.finish(options.config ?? {});
  const summary = {
    breaking: changes.filter((c) => c.class === 'breaking').length,
    nonBreaking: changes.filter((c) => c.class === 'non-breaking').length,
    informational: changes.filter((c) => c.class === 'informational').length,
  };
  const infoOf = (d: JsonObject): { name?: string; version?: string } => {
    const info = isObject(d.info) ? d.info : {};
    return {
      ...(typeof info.name === 'string' ? { name: info.name } : {}),
      ...(typeof info.version === 'string' ? { version: info.version } : {}),
    };
  };
  const info = { old: infoOf(oldDocument), new: infoOf(newDocument) };
  return {
    revisions: { old: oldIndex.revisions, new: newIndex.revisions, compared },
    info,
    changes,
    summary,
    version: suggestVersion(info.old.version, info.new.version, summary),
  };
}

// ---------------------------------------------------------------------------------------------
// Document-level metadata

function compareDocumentLevel(o: JsonObject, n: JsonObject, emit: (c: RawChange) => void): void {
  const doc: ChangeSubject = { kind: 'document' };
  for (const key of ['mcpdesc', '$schema']) {
    if (!jsonEqual(o[key], n[key]))
      emit({
        id: 'diff.document.format-changed',
        subject: doc,
        detail: `${key} ${verbOf(o, n, key)}`,
        ...sides(o, n, '', '', key),
      });
  }
  const oi = isObject(o.info) ? o.info : {};
  const ni = isObject(n.info) ? n.info : {};
  for (const key of unionKeys(oi, ni)) {
    // info.version is what the suggestion is computed from, not a change of the server.
    if (key === 'version' || jsonEqual(oi[key], ni[key])) continue;
    const shown =
      typeof oi[key] === 'string' && typeof ni[key] === 'string'
        ? ` from ${JSON.stringify(oi[key])} to ${JSON.stringify(ni[key])}`
        : '';
    emit({
      id: 'diff.info.changed',
      subject: doc,
      detail: `info.${key} ${verbOf(oi, ni, key)}${shown}`,
      ...sides(oi, ni, '/info', '/info', key),
    });
  }
  if (!jsonEqual(o.instructions, n.instructions)) {
    emit({
      id: 'diff.instructions.changed',
      subject: doc,
      detail: `instructions ${verbOf(o, n, 'instructions')}`,
      ...sides(o, n, '', '', 'instructions'),
    });
  }
  if (!jsonEqual(o.tags, n.tags))
    emit({
      id: 'diff.tags.changed',
      subject: doc,
      detail: `tags ${verbOf(o, n, 'tags')}`,
      ...sides(o, n, '', '', 'tags'),
    });
  compareExtensions(o, n, '', '', doc, emit);
  // Security schemes by name.
  const os = isObject(o.securitySchemes) ? o.securitySchemes : {};
  const ns = isObject(n.securitySchemes) ? n.securitySchemes : {};
  for (const name of unionKeys(os, ns)) {
    const subject: ChangeSubject = { kind: 'securityScheme', name };
    const s = sides(os, ns, '/securitySchemes', '/securitySchemes', name);
    if (!present(os, name) || !present(ns, name)) {
      emit({
        id: present(ns, name) ? 'diff.security.scheme-added' : 'diff.security.scheme-removed',
        subject,
        detail: present(ns, name) ? 'added' : 'removed',
        ...s,
      });
      continue;
    }
    const a = os[name];
    const b = ns[name];
    if (jsonEqual(a, b)) continue;
    const strip = (v: unknown): unknown =>
      isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'description')) : v;
    if (jsonEqual(strip(a), strip(b))) {
      emit({
        id: 'diff.security.scheme-description-changed',
        subject,
        detail: 'description changed',
        ...sides(a as JsonObject, b as JsonObject, s.old.pointer, s.new.pointer, 'description'),
      });
    } else {
      emit({ id: 'diff.security.scheme-changed', subject, detail: 'definition changed', ...s });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// One revision

function compareViews(o: View, n: View, revision: Revision, options: DiffOptions, emit: (c: RawChange) => void): void {
  compareTransports(o, n, emit);
  compareCapabilities(o, n, emit);
  for (const { kind, area, collection } of primitiveKinds) {
    const oldMap = o.primitives[kind];
    const newMap = n.primitives[kind];
    const removed = [...oldMap.values()].filter((p) => !newMap.has(p.identity));
    const added = [...newMap.values()].filter((p) => !oldMap.has(p.identity));
    const renamed = new Map<PrimitiveDeclaration, PrimitiveDeclaration>();
    if (kind === 'tool' && options.detectRenames) {
      const byShape = new Map<string, PrimitiveDeclaration[]>();
      for (const p of added) {
        const key = toolShape(n.source, p);
        const list = byShape.get(key);
        if (list) list.push(p);
        else byShape.set(key, [p]);
      }
      for (const p of removed) {
        const candidates = byShape.get(toolShape(o.source, p));
        const match = candidates?.shift();
        if (match) renamed.set(p, match);
      }
    }
    const renamedTargets = new Set(renamed.values());
    for (const p of removed) {
      const target = renamed.get(p);
      if (target) {
        emit({
          id: 'diff.tool.renamed',
          subject: { kind, name: p.identity },
          detail: `renamed to ${JSON.stringify(target.identity)}`,
          old: { pointer: joinPointer(p.pointer, 'name'), value: p.identity },
          new: { pointer: joinPointer(target.pointer, 'name'), value: target.identity },
        });
        comparePrimitive(o, n, p, target, revision, emit);
        continue;
      }
      emit({
        id: `diff.${area}.removed`,
        subject: { kind, name: p.identity },
        detail: 'removed',
        old: { pointer: p.pointer, value: p.identity },
        new: { pointer: collectionPointer(n, collection) },
      });
    }
    for (const p of added) {
      if (renamedTargets.has(p)) continue;
      emit({
        id: `diff.${area}.added`,
        subject: { kind, name: p.identity },
        detail: 'added',
        old: { pointer: collectionPointer(o, collection) },
        new: { pointer: p.pointer, value: p.identity },
      });
    }
    for (const p of oldMap.values()) {
      const q = newMap.get(p.identity);
      if (q) comparePrimitive(o, n, p, q, revision, emit);
    }
  }
}

/** The rename signature of a Tool: resolved schemas and annotations. */
function toolShape(source: IndexedDocument, p: PrimitiveDeclaration): string {
  const resolved = (key: string): unknown => {
    if (!present(p.value, key)) return null;
    const r = source.resolver.resolve(p.value[key], joinPointer(p.pointer, key), 'schemas');
    return r.ok ? r.value : p.value[key];
  };
  return canonicalJson({ i: resolved('inputSchema'), o: resolved('outputSchema'), a: p.value.annotations ?? null });
}

function compareTransports(o: View, n: View, emit: (c: RawChange) => void): void {
  for (const [key, t] of o.transports) {
    const u = n.transports.get(key);
    const subject: ChangeSubject = { kind: 'transport', name: key };
    if (!u) {
      emit({
        id: 'diff.transport.removed',
        subject,
        detail: 'removed',
        old: { pointer: t.pointer, value: key },
        new: { pointer: collectionPointer(n, 'transports') },
      });
      continue;
    }
    for (const field of unionKeys(t.value, u.value)) {
      if (['type', 'url', 'command', 'protocolVersions', 'security'].includes(field) || field.startsWith('x-'))
        continue;
      if (jsonEqual(t.value[field], u.value[field])) continue;
      emit({
        id: 'diff.transport.changed',
        subject,
        detail: `${field} ${verbOf(t.value, u.value, field)}`,
        ...sides(t.value, u.value, t.pointer, u.pointer, field),
      });
    }
    compareExtensions(t.value, u.value, t.pointer, u.pointer, subject, emit);
    compareSecurity(subject, transportSecurity(o, t), transportSecurity(n, u), '', emit);
  }
  for (const [key, u] of n.transports) {
    if (!o.transports.has(key))
      emit({
        id: 'diff.transport.added',
        subject: { kind: 'transport', name: key },
        detail: 'added',
        old: { pointer: collectionPointer(o, 'transports') },
        new: { pointer: u.pointer, value: key },
      });
  }
}
