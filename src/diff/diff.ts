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
import { ComponentResolver } from '../model/components.js';
import type { ComponentNamespace } from '../model/document.js';
import { effectiveScope, rootScopeOf } from '../model/document.js';
import {
  failure,
  success,
  validateInput,
  type OperationDiagnostic,
  type OperationOptions,
  type OperationResult,
} from '../operations/operation-result.js';
import { classify, type ChangeClass, type DiffConfig } from './classification.js';
import { diffSchemas } from './schema-diff.js';
import { suggestVersion } from './semver.js';
import type { ChangeSide, ChangeSubject, DiffChange, DiffReport, RawChange, SubjectKind } from './types.js';
import { canonicalJson, jsonEqual } from '../model/json.js';

export interface DiffOptions extends OperationOptions {
  /** Report a removed and an added Tool with equal schemas and annotations as one rename. */
  detectRenames?: boolean;
  /** Classification overrides and settings (`diff` section of the configuration file). */
  config?: DiffConfig;
}

type PrimitiveKind = 'tool' | 'resource' | 'resourceTemplate' | 'prompt';
const primitiveKinds: { kind: PrimitiveKind; collection: string; identity: string; area: string }[] = [
  { kind: 'tool', collection: 'tools', identity: 'name', area: 'tool' },
  { kind: 'resource', collection: 'resources', identity: 'uri', area: 'resource' },
  { kind: 'resourceTemplate', collection: 'resourceTemplates', identity: 'uriTemplate', area: 'resource-template' },
  { kind: 'prompt', collection: 'prompts', identity: 'name', area: 'prompt' },
];
const exampleNamespace: Record<PrimitiveKind, ComponentNamespace> = {
  tool: 'toolExamples',
  resource: 'resourceExamples',
  resourceTemplate: 'resourceTemplateExamples',
  prompt: 'promptExamples',
};

interface Declaration {
  value: JsonObject;
  pointer: string;
  scope: Revision[];
}

interface PrimitiveDeclaration extends Declaration {
  kind: PrimitiveKind;
  identity: string;
}

interface TransportDeclaration extends Declaration {
  key: string;
}

/** A document indexed once: declarations with their source pointers and effective scopes. */
interface IndexedDocument {
  document: JsonObject;
  resolver: ComponentResolver;
  revisions: Revision[];
  primitives: PrimitiveDeclaration[];
  transports: TransportDeclaration[];
  capabilities: Declaration[];
}

/** The Effective Protocol View of one revision, as positions in the source document. */
interface View {
  source: IndexedDocument;
  primitives: Record<PrimitiveKind, Map<string, PrimitiveDeclaration>>;
  transports: Map<string, TransportDeclaration>;
  capabilities?: Declaration;
}

function indexDocument(document: JsonObject): IndexedDocument {
  const revisions = rootScopeOf(document);
  const out: IndexedDocument = {
    document,
    resolver: new ComponentResolver(document),
    revisions,
    primitives: [],
    transports: [],
    capabilities: [],
  };
  const each = (collection: string, fn: (value: JsonObject, pointer: string, scope: Revision[]) => void): void => {
    const list = document[collection];
    if (!Array.isArray(list)) return;
    list.forEach((value, index) => {
      if (isObject(value)) fn(value, joinPointer('', collection, index), effectiveScope(value, revisions));
    });
  };
  for (const { kind, collection, identity } of primitiveKinds) {
    each(collection, (value, pointer, scope) => {
      if (typeof value[identity] === 'string')
        out.primitives.push({ kind, identity: value[identity] as string, value, pointer, scope });
    });
  }
  each('transports', (value, pointer, scope) =>
    out.transports.push({ key: transportKey(value), value, pointer, scope }),
  );
  each('capabilities', (value, pointer, scope) => out.capabilities.push({ value, pointer, scope }));
  return out;
}

/** A transport's identity: its type and endpoint (url, or command for stdio). */
function transportKey(t: JsonObject): string {
  const endpoint = t.type === 'stdio' ? t.command : t.url;
  return `${String(t.type)} ${typeof endpoint === 'string' ? endpoint : ''}`.trim();
}

function viewOf(source: IndexedDocument, revision: Revision): View {
  const view: View = {
    source,
    primitives: { tool: new Map(), resource: new Map(), resourceTemplate: new Map(), prompt: new Map() },
    transports: new Map(),
  };
  for (const p of source.primitives) {
    if (p.scope.includes(revision) && !view.primitives[p.kind].has(p.identity))
      view.primitives[p.kind].set(p.identity, p);
  }
  for (const t of source.transports)
    if (t.scope.includes(revision) && !view.transports.has(t.key)) view.transports.set(t.key, t);
  for (const c of source.capabilities) if (c.scope.includes(revision) && !view.capabilities) view.capabilities = c;
  return view;
}

/** Validates both documents, then compares them. */
export function diff(
  oldDocument: unknown,
  newDocument: unknown,
  options: DiffOptions = {},
): OperationResult<DiffReport> {
  const a = validateInput('diff', oldDocument, 0, 'diff', options);
  const b = validateInput('diff', newDocument, 1, 'diff', options);
  const diagnostics: OperationDiagnostic[] = [...a.diagnostics, ...b.diagnostics];
  if (!a.valid || !b.valid) return failure(diagnostics);
  return success(diffDocuments(oldDocument as JsonObject, newDocument as JsonObject, options), diagnostics);
}

/** The comparison core, without validation (the caller guarantees two valid documents). */
export function diffDocuments(oldDocument: JsonObject, newDocument: JsonObject, options: DiffOptions = {}): DiffReport {
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
// Grouping and classification

const classOrder: Record<ChangeClass, number> = { breaking: 0, 'non-breaking': 1, informational: 2 };
const subjectOrder: Record<SubjectKind, number> = {
  protocol: 0,
  document: 1,
  securityScheme: 2,
  transport: 3,
  capabilities: 4,
  tool: 5,
  resource: 6,
  resourceTemplate: 7,
  prompt: 8,
};

class Collector {
  private readonly groups = new Map<string, { change: RawChange; revisions: Set<Revision>; order: number }>();

  add(revisions: readonly Revision[], change: RawChange): void {
    const key = [
      change.id,
      change.subject.kind,
      change.subject.name ?? '',
      change.path ?? '',
      change.detail,
      sideKey(change.old),
      sideKey(change.new),
    ].join('\u0000');
    const group = this.groups.get(key);
    if (group) for (const r of revisions) group.revisions.add(r);
    else this.groups.set(key, { change, revisions: new Set(revisions), order: this.groups.size });
  }

  finish(config: DiffConfig): DiffChange[] {
    const out = [...this.groups.values()].map(({ change, revisions, order }) => {
      const { class: cls, reason } = classify(change.id, config);
      const c: DiffChange = {
        ...change,
        class: cls,
        reason,
        message: `${subjectLabel(change.subject)}: ${change.detail}`,
        revisions: sortRevisions(revisions),
      };
      return { c, order };
    });
    out.sort(
      (a, b) =>
        classOrder[a.c.class] - classOrder[b.c.class] ||
        subjectOrder[a.c.subject.kind] - subjectOrder[b.c.subject.kind] ||
        compareStrings(a.c.subject.name ?? '', b.c.subject.name ?? '') ||
        a.order - b.order,
    );
    return out.map((x) => x.c);
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sideKey(side: ChangeSide | undefined): string {
  if (!side) return '-';
  return side.pointer + '\u0001' + ('value' in side ? canonicalJson(side.value) : '(absent)');
}

const subjectNames: Record<SubjectKind, string> = {
  document: 'document',
  protocol: 'protocol',
  transport: 'transport',
  capabilities: 'capabilities',
  securityScheme: 'security scheme',
  tool: 'tool',
  resource: 'resource',
  resourceTemplate: 'resource template',
  prompt: 'prompt',
};

export function subjectLabel(subject: ChangeSubject): string {
  if (subject.kind === 'document' || subject.kind === 'protocol' || subject.kind === 'capabilities')
    return subjectNames[subject.kind];
  return `${subjectNames[subject.kind]} ${JSON.stringify(subject.name ?? '')}`;
}

// ---------------------------------------------------------------------------------------------
// Document-level metadata

function present(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Sides for `key` of two objects at `oldBase`/`newBase`. */
function sides(
  o: JsonObject,
  n: JsonObject,
  oldBase: string,
  newBase: string,
  key: string,
): { old: ChangeSide; new: ChangeSide } {
  return {
    old: present(o, key) ? { pointer: joinPointer(oldBase, key), value: o[key] } : { pointer: oldBase },
    new: present(n, key) ? { pointer: joinPointer(newBase, key), value: n[key] } : { pointer: newBase },
  };
}

function verbOf(o: JsonObject, n: JsonObject, key: string): string {
  return !present(o, key) ? 'added' : !present(n, key) ? 'removed' : 'changed';
}

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

function unionKeys(a: JsonObject, b: JsonObject): string[] {
  const out = Object.keys(a);
  const seen = new Set(out);
  for (const k of Object.keys(b)) if (!seen.has(k)) out.push(k);
  return out;
}

function compareExtensions(
  o: JsonObject,
  n: JsonObject,
  oldBase: string,
  newBase: string,
  subject: ChangeSubject,
  emit: (c: RawChange) => void,
): void {
  for (const key of unionKeys(o, n)) {
    if (!key.startsWith('x-') || jsonEqual(o[key], n[key])) continue;
    emit({
      id: 'diff.extension.changed',
      subject,
      detail: `${key} ${verbOf(o, n, key)}`,
      ...sides(o, n, oldBase, newBase, key),
    });
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

/** A root collection's pointer, or the root when the document has none (the nearest container). */
function collectionPointer(view: View, collection: string): string {
  return present(view.source.document, collection) ? '/' + collection : '';
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

// ---------------------------------------------------------------------------------------------
// Security

interface EffectiveSecurity {
  /** The requirement array, or undefined when nothing declares one. */
  value: unknown;
  pointer: string;
  /** Where it comes from. */
  from: 'primitive' | 'transport' | 'root' | 'none';
}

function rootSecurity(view: View, fallback: string): EffectiveSecurity {
  const d = view.source.document;
  return present(d, 'security')
    ? { value: d.security, pointer: '/security', from: 'root' }
    : { value: undefined, pointer: fallback, from: 'none' };
}

function transportSecurity(view: View, t: TransportDeclaration): EffectiveSecurity {
  if (present(t.value, 'security'))
    return { value: t.value.security, pointer: joinPointer(t.pointer, 'security'), from: 'transport' };
  return rootSecurity(view, t.pointer);
}

function primitiveSecurity(view: View, p: PrimitiveDeclaration, transport: string | undefined): EffectiveSecurity {
  if (present(p.value, 'security'))
    return { value: p.value.security, pointer: joinPointer(p.pointer, 'security'), from: 'primitive' };
  const t = transport === undefined ? undefined : view.transports.get(transport);
  if (t && present(t.value, 'security')) return transportSecurity(view, t);
  return rootSecurity(view, p.pointer);
}

/** Alternatives (OR) of conjunctions (AND) of scheme -> scopes; no declaration or [] accept anonymous access. */
function alternatives(value: unknown): Map<string, Set<string>>[] {
  if (!Array.isArray(value) || value.length === 0) return [new Map()];
  return value
    .filter(isObject)
    .map(
      (req) =>
        new Map(
          Object.entries(req).map(([scheme, scopes]) => [
            scheme,
            new Set(Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : []),
          ]),
        ),
    );
}

/** Whether requirement `a` demands no more than `b` (a client meeting `b` meets `a`). */
function demandsNoMore(a: Map<string, Set<string>>, b: Map<string, Set<string>>): boolean {
  for (const [scheme, scopes] of a) {
    const other = b.get(scheme);
    if (!other) return false;
    for (const s of scopes) if (!other.has(s)) return false;
  }
  return true;
}

function compareSecurity(
  subject: ChangeSubject,
  a: EffectiveSecurity,
  b: EffectiveSecurity,
  via: string,
  emit: (c: RawChange) => void,
): void {
  if (jsonEqual(a.value, b.value)) return;
  const oldAlts = alternatives(a.value);
  const newAlts = alternatives(b.value);
  const tightened = oldAlts.some((x) => !newAlts.some((y) => demandsNoMore(y, x)));
  const relaxed = newAlts.some((y) => !oldAlts.some((x) => demandsNoMore(x, y)));
  const id = tightened ? 'diff.security.tightened' : relaxed ? 'diff.security.relaxed' : 'diff.security.restated';
  const show = (s: EffectiveSecurity): string =>
    s.value === undefined ? 'none declared' : `${canonicalJson(s.value)} (${s.from})`;
  emit({
    id,
    subject,
    detail: `effective security${via} changed from ${show(a)} to ${show(b)}`,
    old: a.value === undefined ? { pointer: a.pointer } : { pointer: a.pointer, value: a.value },
    new: b.value === undefined ? { pointer: b.pointer } : { pointer: b.pointer, value: b.value },
  });
}

// ---------------------------------------------------------------------------------------------
// Capabilities and client requirements (nested capability objects)

type NestedIds = { added: string; removed: string; changed: string; restated?: string };

function compareNested(
  subject: ChangeSubject,
  ids: NestedIds,
  label: string,
  a: unknown,
  b: unknown,
  oldPointer: string,
  newPointer: string,
  path: string,
  depth: number,
  emit: (c: RawChange) => void,
): void {
  if (!isObject(a) || !isObject(b) || depth > 32) return;
  for (const key of unionKeys(a, b)) {
    if (depth === 0 && key === 'protocolVersions') continue;
    const p = path === '' ? key : `${path}.${key}`;
    const s = sides(a, b, oldPointer, newPointer, key);
    if (key.startsWith('x-')) {
      if (!jsonEqual(a[key], b[key]))
        emit({ id: 'diff.extension.changed', subject, path: p, detail: `${label} ${p} ${verbOf(a, b, key)}`, ...s });
      continue;
    }
    const inA = present(a, key);
    const inB = present(b, key);
    if (inA && inB) {
      if (jsonEqual(a[key], b[key])) continue;
      if (isObject(a[key]) && isObject(b[key])) {
        compareNested(subject, ids, label, a[key], b[key], s.old.pointer, s.new.pointer, p, depth + 1, emit);
      } else if (typeof a[key] === 'boolean' && typeof b[key] === 'boolean') {
        emit({
          id: b[key] ? ids.added : ids.removed,
          subject,
          path: p,
          detail: `${label} ${p} changed from ${a[key]} to ${b[key]}`,
          ...s,
        });
      } else {
        emit({ id: ids.changed, subject, path: p, detail: `${label} ${p} changed`, ...s });
      }
    } else {
      const value = inA ? a[key] : b[key];
      if (value === false && ids.restated) {
        emit({ id: ids.restated, subject, path: p, detail: `${label} ${p}: false ${inA ? 'removed' : 'added'}`, ...s });
      } else {
        emit({
          id: inB ? ids.added : ids.removed,
          subject,
          path: p,
          detail: `${label} ${p} ${inB ? 'added' : 'removed'}`,
          ...s,
        });
      }
    }
  }
}

function compareCapabilities(o: View, n: View, emit: (c: RawChange) => void): void {
  const a = o.capabilities;
  const b = n.capabilities;
  if (!a && !b) return;
  compareNested(
    { kind: 'capabilities' },
    {
      added: 'diff.capability.added',
      removed: 'diff.capability.removed',
      changed: 'diff.capability.changed',
      restated: 'diff.capability.restated',
    },
    'capability',
    a?.value ?? {},
    b?.value ?? {},
    a?.pointer ?? '',
    b?.pointer ?? '',
    '',
    0,
    emit,
  );
}

// ---------------------------------------------------------------------------------------------
// Primitives

const documentationFields: Record<string, string> = {
  title: 'diff.primitive.title-changed',
  description: 'diff.primitive.description-changed',
};
/** Fields compared by dedicated functions (or identities). */
const dedicatedFields = new Set([
  'protocolVersions',
  'name',
  'uri',
  'uriTemplate',
  'inputSchema',
  'outputSchema',
  'annotations',
  'execution',
  'examples',
  'arguments',
  'elicitations',
  'security',
  'clientRequirements',
  'deprecated',
  'mimeType',
  'size',
]);

function comparePrimitive(
  o: View,
  n: View,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  revision: Revision,
  emit: (c: RawChange) => void,
): void {
  const subject: ChangeSubject = { kind: p.kind, name: q.identity };
  const a = p.value;
  const b = q.value;
  const s = (key: string): { old: ChangeSide; new: ChangeSide } => sides(a, b, p.pointer, q.pointer, key);

  if (p.kind !== 'tool' && !jsonEqual(a.name, b.name)) {
    emit({
      id: p.kind === 'prompt' ? 'diff.primitive.metadata-changed' : 'diff.resource.name-changed',
      subject,
      detail: `name changed from ${JSON.stringify(a.name)} to ${JSON.stringify(b.name)}`,
      ...s('name'),
    });
  }
  for (const key of unionKeys(a, b)) {
    if (dedicatedFields.has(key) || key.startsWith('x-') || jsonEqual(a[key], b[key])) continue;
    const id = documentationFields[key] ?? 'diff.primitive.metadata-changed';
    emit({ id, subject, detail: `${key} ${verbOf(a, b, key)}`, ...s(key) });
  }
  compareExtensions(a, b, p.pointer, q.pointer, subject, emit);

  // Deprecation (absent means not deprecated).
  const wasDeprecated = a.deprecated === true;
  const isDeprecated = b.deprecated === true;
  if (wasDeprecated !== isDeprecated) {
    emit({
      id: isDeprecated ? 'diff.primitive.deprecated' : 'diff.primitive.undeprecated',
      subject,
      detail: isDeprecated ? 'deprecated' : 'no longer deprecated',
      ...s('deprecated'),
    });
  }

  // Examples, compared by resolved value per name.
  compareExamples(o, n, p, q, subject, emit);

  if (p.kind === 'tool') {
    for (const role of ['inputSchema', 'outputSchema'] as const) {
      const x = resolveSchema(o.source, p, role);
      const y = resolveSchema(n.source, q, role);
      diffSchemas(role === 'inputSchema' ? 'input' : 'output', subject, role, x, y, emit);
    }
    compareToolAnnotations(subject, p, q, emit);
    compareExecution(subject, p, q, emit);
  } else if (!jsonEqual(a.annotations, b.annotations)) {
    emit({
      id: 'diff.resource.annotations-changed',
      subject,
      detail: `annotations ${verbOf(a, b, 'annotations')}`,
      ...s('annotations'),
    });
  }
  if (p.kind === 'resource' || p.kind === 'resourceTemplate') {
    if (!jsonEqual(a.mimeType, b.mimeType))
      emit({
        id: 'diff.resource.mime-type-changed',
        subject,
        detail: `mimeType ${verbOf(a, b, 'mimeType')}${typeof a.mimeType === 'string' && typeof b.mimeType === 'string' ? ` from ${JSON.stringify(a.mimeType)} to ${JSON.stringify(b.mimeType)}` : ''}`,
        ...s('mimeType'),
      });
    if (!jsonEqual(a.size, b.size))
      emit({ id: 'diff.resource.size-changed', subject, detail: `size ${verbOf(a, b, 'size')}`, ...s('size') });
  }
  if (p.kind === 'prompt') comparePromptArguments(subject, p, q, emit);

  compareElicitations(o, n, p, q, revision, subject, emit);

  // Effective security per transport both views declare (or root inheritance when none).
  const transports = [...o.transports.keys()].filter((k) => n.transports.has(k));
  const contexts: (string | undefined)[] = transports.length > 0 ? transports : [undefined];
  for (const t of contexts) {
    const x = primitiveSecurity(o, p, t);
    const y = primitiveSecurity(n, q, t);
    const via =
      t !== undefined && (x.from === 'transport' || y.from === 'transport')
        ? ` through transport ${JSON.stringify(t)}`
        : '';
    compareSecurity(subject, x, y, via, emit);
  }

  if (!jsonEqual(a.clientRequirements, b.clientRequirements)) {
    const ids = {
      added: 'diff.client-requirements.added',
      removed: 'diff.client-requirements.removed',
      changed: 'diff.client-requirements.changed',
    };
    const base = (d: PrimitiveDeclaration): string =>
      present(d.value, 'clientRequirements') ? joinPointer(d.pointer, 'clientRequirements') : d.pointer;
    compareNested(
      subject,
      ids,
      'client requirement',
      a.clientRequirements ?? {},
      b.clientRequirements ?? {},
      base(p),
      base(q),
      '',
      0,
      emit,
    );
  }
}

function resolveSchema(
  source: IndexedDocument,
  p: PrimitiveDeclaration,
  role: string,
): { value: unknown; pointer: string } {
  if (!present(p.value, role)) return { value: undefined, pointer: p.pointer };
  const r = source.resolver.resolve(p.value[role], joinPointer(p.pointer, role), 'schemas');
  return r.ok
    ? { value: r.value, pointer: r.pointer }
    : { value: p.value[role], pointer: joinPointer(p.pointer, role) };
}

function compareExamples(
  o: View,
  n: View,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  subject: ChangeSubject,
  emit: (c: RawChange) => void,
): void {
  const a = isObject(p.value.examples) ? p.value.examples : {};
  const b = isObject(q.value.examples) ? q.value.examples : {};
  const ns = exampleNamespace[p.kind];
  for (const name of unionKeys(a, b)) {
    const resolve = (
      source: IndexedDocument,
      d: PrimitiveDeclaration,
      map: JsonObject,
    ): { value: unknown; pointer: string } | undefined => {
      if (!present(map, name)) return undefined;
      const at = joinPointer(d.pointer, 'examples', name);
      const r = source.resolver.resolve(map[name], at, ns);
      return r.ok ? { value: r.value, pointer: r.pointer } : { value: map[name], pointer: at };
    };
    const x = resolve(o.source, p, a);
    const y = resolve(n.source, q, b);
    if (x && y && jsonEqual(x.value, y.value)) continue;
    emit({
      id: 'diff.primitive.metadata-changed',
      subject,
      detail: `example ${JSON.stringify(name)} ${!x ? 'added' : !y ? 'removed' : 'changed'}`,
      old: x ? { pointer: x.pointer, value: x.value } : { pointer: p.pointer },
      new: y ? { pointer: y.pointer, value: y.value } : { pointer: q.pointer },
    });
  }
}

const hintDefaults: { key: string; default: boolean; on: string; off: string }[] = [
  {
    key: 'readOnlyHint',
    default: false,
    on: 'diff.annotation.read-only-added',
    off: 'diff.annotation.read-only-removed',
  },
  {
    key: 'destructiveHint',
    default: true,
    on: 'diff.annotation.destructive-added',
    off: 'diff.annotation.destructive-removed',
  },
  {
    key: 'idempotentHint',
    default: false,
    on: 'diff.annotation.idempotent-added',
    off: 'diff.annotation.idempotent-removed',
  },
  {
    key: 'openWorldHint',
    default: true,
    on: 'diff.annotation.open-world-added',
    off: 'diff.annotation.open-world-removed',
  },
];

function compareToolAnnotations(
  subject: ChangeSubject,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  emit: (c: RawChange) => void,
): void {
  const a = isObject(p.value.annotations) ? p.value.annotations : {};
  const b = isObject(q.value.annotations) ? q.value.annotations : {};
  if (jsonEqual(a, b)) return;
  const oldBase = present(p.value, 'annotations') ? joinPointer(p.pointer, 'annotations') : p.pointer;
  const newBase = present(q.value, 'annotations') ? joinPointer(q.pointer, 'annotations') : q.pointer;
  const hints = new Set(hintDefaults.map((h) => h.key));
  for (const h of hintDefaults) {
    if (jsonEqual(a[h.key], b[h.key])) continue;
    const x = typeof a[h.key] === 'boolean' ? (a[h.key] as boolean) : h.default;
    const y = typeof b[h.key] === 'boolean' ? (b[h.key] as boolean) : h.default;
    const shown = (obj: JsonObject, v: boolean): string => (present(obj, h.key) ? String(v) : `${v} (default)`);
    const detail = `annotations.${h.key} ${shown(a, x)} -> ${shown(b, y)}`;
    emit({
      id: x === y ? 'diff.annotation.changed' : y ? h.on : h.off,
      subject,
      detail,
      ...sides(a, b, oldBase, newBase, h.key),
    });
  }
  for (const key of unionKeys(a, b)) {
    if (hints.has(key) || jsonEqual(a[key], b[key])) continue;
    emit({
      id: 'diff.annotation.changed',
      subject,
      detail: `annotations.${key} ${verbOf(a, b, key)}`,
      ...sides(a, b, oldBase, newBase, key),
    });
  }
}

function compareExecution(
  subject: ChangeSubject,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  emit: (c: RawChange) => void,
): void {
  const a = isObject(p.value.execution) ? p.value.execution : {};
  const b = isObject(q.value.execution) ? q.value.execution : {};
  if (jsonEqual(a, b)) return;
  const oldBase = present(p.value, 'execution') ? joinPointer(p.pointer, 'execution') : p.pointer;
  const newBase = present(q.value, 'execution') ? joinPointer(q.pointer, 'execution') : q.pointer;
  const x = typeof a.taskSupport === 'string' ? a.taskSupport : 'forbidden';
  const y = typeof b.taskSupport === 'string' ? b.taskSupport : 'forbidden';
  if (x !== y) {
    emit({
      id: y === 'required' && x !== 'required' ? 'diff.tool.task-support-required' : 'diff.tool.task-support-changed',
      subject,
      detail: `execution.taskSupport ${JSON.stringify(x)} -> ${JSON.stringify(y)}`,
      ...sides(a, b, oldBase, newBase, 'taskSupport'),
    });
  }
  compareExtensions(a, b, oldBase, newBase, subject, emit);
}

function comparePromptArguments(
  subject: ChangeSubject,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  emit: (c: RawChange) => void,
): void {
  const list = (d: PrimitiveDeclaration): Map<string, { value: JsonObject; pointer: string }> => {
    const out = new Map<string, { value: JsonObject; pointer: string }>();
    if (Array.isArray(d.value.arguments)) {
      d.value.arguments.forEach((arg, i) => {
        if (isObject(arg) && typeof arg.name === 'string' && !out.has(arg.name))
          out.set(arg.name, { value: arg, pointer: joinPointer(d.pointer, 'arguments', i) });
      });
    }
    return out;
  };
  const a = list(p);
  const b = list(q);
  const container = (d: PrimitiveDeclaration): string =>
    present(d.value, 'arguments') ? joinPointer(d.pointer, 'arguments') : d.pointer;
  for (const [name, x] of a) {
    const y = b.get(name);
    if (!y) {
      emit({
        id: 'diff.prompt.argument-removed',
        subject,
        path: name,
        detail: `argument ${JSON.stringify(name)} removed`,
        old: { pointer: x.pointer, value: x.value },
        new: { pointer: container(q) },
      });
      continue;
    }
    const wasRequired = x.value.required === true;
    const isRequired = y.value.required === true;
    if (wasRequired !== isRequired) {
      emit({
        id: isRequired ? 'diff.prompt.argument-required-added' : 'diff.prompt.argument-required-removed',
        subject,
        path: name,
        detail: `argument ${JSON.stringify(name)} ${isRequired ? 'became required' : 'is no longer required'}`,
        ...sides(x.value, y.value, x.pointer, y.pointer, 'required'),
      });
    }
    for (const key of unionKeys(x.value, y.value)) {
      if (key === 'name' || key === 'required' || jsonEqual(x.value[key], y.value[key])) continue;
      emit({
        id: key.startsWith('x-') ? 'diff.extension.changed' : 'diff.prompt.argument-documentation-changed',
        subject,
        path: name,
        detail: `argument ${JSON.stringify(name)} ${key} ${verbOf(x.value, y.value, key)}`,
        ...sides(x.value, y.value, x.pointer, y.pointer, key),
      });
    }
  }
  for (const [name, y] of b) {
    if (a.has(name)) continue;
    const required = y.value.required === true;
    emit({
      id: required ? 'diff.prompt.argument-required-added' : 'diff.prompt.argument-added',
      subject,
      path: name,
      detail: `argument ${JSON.stringify(name)} added${required ? ' as required' : ''}`,
      old: { pointer: container(p) },
      new: { pointer: y.pointer, value: y.value },
    });
  }
}

function compareElicitations(
  o: View,
  n: View,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  revision: Revision,
  subject: ChangeSubject,
  emit: (c: RawChange) => void,
): void {
  // The elicitations of this revision: nested scopes inherit the primitive's scope.
  const list = (d: PrimitiveDeclaration): Map<string, { value: JsonObject; pointer: string; scope: Revision[] }> => {
    const out = new Map<string, { value: JsonObject; pointer: string; scope: Revision[] }>();
    if (Array.isArray(d.value.elicitations)) {
      d.value.elicitations.forEach((e, i) => {
        if (!isObject(e) || typeof e.name !== 'string' || out.has(e.name)) return;
        const scope = effectiveScope(e, d.scope);
        if (scope.includes(revision))
          out.set(e.name, { value: e, pointer: joinPointer(d.pointer, 'elicitations', i), scope });
      });
    }
    return out;
  };
  const a = list(p);
  const b = list(q);
  const container = (d: PrimitiveDeclaration): string =>
    present(d.value, 'elicitations') ? joinPointer(d.pointer, 'elicitations') : d.pointer;
  const strip = (e: JsonObject, source: IndexedDocument, pointer: string): unknown => {
    const copy: JsonObject = {};
    for (const k of Object.keys(e)) if (k !== 'protocolVersions') copy[k] = e[k];
    if (present(e, 'requestedSchema')) {
      const r = source.resolver.resolve(e.requestedSchema, joinPointer(pointer, 'requestedSchema'), 'schemas');
      if (r.ok) copy.requestedSchema = r.value;
    }
    return copy;
  };
  for (const [name, x] of a) {
    const y = b.get(name);
    if (!y) {
      emit({
        id: 'diff.elicitation.removed',
        subject,
        path: name,
        detail: `elicitation ${JSON.stringify(name)} removed`,
        old: { pointer: x.pointer, value: x.value },
        new: { pointer: container(q) },
      });
    } else if (!jsonEqual(strip(x.value, o.source, x.pointer), strip(y.value, n.source, y.pointer))) {
      const keys = unionKeys(x.value, y.value).filter(
        (k) => k !== 'protocolVersions' && !jsonEqual(x.value[k], y.value[k]),
      );
      emit({
        id: 'diff.elicitation.changed',
        subject,
        path: name,
        detail: `elicitation ${JSON.stringify(name)} changed (${keys.join(', ')})`,
        old: { pointer: x.pointer, value: x.value },
        new: { pointer: y.pointer, value: y.value },
      });
    }
  }
  for (const [name, y] of b) {
    if (!a.has(name))
      emit({
        id: 'diff.elicitation.added',
        subject,
        path: name,
        detail: `elicitation ${JSON.stringify(name)} added`,
        old: { pointer: container(p) },
        new: { pointer: y.pointer, value: y.value },
      });
  }
}
