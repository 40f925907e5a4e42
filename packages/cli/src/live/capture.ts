/**
 * capture: connects to a server and writes the MCP Description 0.8.0 it exposes — one view per
 * revision, merged with the merge operation when several revisions are captured.
 */
import {
  hasErrors,
  descriptionOnlyFields,
  effectiveScope,
  primitiveKinds,
  rootScopeOf,
  getAtPointer,
  formatRevisions,
  isRevision,
  revisionFeatures,
  nodeTypes,
  isObject,
  type JsonObject,
  canonicalJson,
  cloneJson,
  compareCodeUnits,
  setOwn,
  defaultSpecVersion,
  schemaUriOf,
} from 'mcpdesc-core/model';
import { fitToRevision, type Removal, wireToFormat, type WireChange, merge } from 'mcpdesc-core/operations';
import { validate } from 'mcpdesc-core/validate';
import {
  connect,
  ConnectError,
  authorizeFirst,
  deadlineOf,
  splitUserinfo,
  supportedRevisions,
  type ConnectOptions,
  type ConnectTarget,
  type LiveSession,
} from './connect.js';
import { finding, show, type LiveFinding } from './findings.js';
import { identityOf, listAll, type ListOptions } from './raw-list.js';
import { Redactor, redactedMark } from './redaction.js';
import { applyRecordings, pruneRecorded, record, type Recording, type RecordOptions } from './record.js';
import { checkOptions, checkTarget } from './entry-checks.js';
import { captureConnectRule, probeUnanswered } from './rules/capture.connect.js';
import { captureMergeRule } from './rules/capture.merge.js';
import { capturePrimitiveRule } from './rules/capture.primitive.js';
import { captureRecordRule } from './rules/capture.record.js';
import { captureRevisionFitRule } from './rules/capture.revision-fit.js';
import { captureSecretRule } from './rules/capture.secret.js';
import { captureServerInfoRule } from './rules/capture.server-info.js';
import { captureWireMappingRule } from './rules/capture.wire-mapping.js';

/** Captures are written in the latest stable MCP Description version. */
const capturedSpecVersion = defaultSpecVersion;

export interface CaptureOptions extends ConnectOptions {
  /** 'auto' (default), a revision, or 'all' (once per revision the server supports). */
  protocol?: string;
  maxPages?: number;
  maxItems?: number;
  maxBytes?: number;
  /** An existing description whose curated fields are kept (--merge-into). */
  mergeInto?: JsonObject;
  /** Record examples after the shape (--record): reads, gets and safe tool calls, per revision. */
  record?: RecordOptions;
  /** The `info.version` written when the server's is empty or absent (--info-version). */
  infoVersion?: string;
  /** The servers' own lapses (a list method an advertised capability needs answering -32601) are errors (--strict). */
  strict?: boolean;
}

export interface CaptureChange {
  pointer: string;
  kind: 'added' | 'removed' | 'changed' | 'kept';
  message: string;
}

export interface CaptureResult {
  ok: boolean;
  /** The captured description (present unless nothing could be captured). */
  value?: JsonObject;
  /** The revisions captured. */
  revisions: string[];
  diagnostics: LiveFinding[];
  /** With mergeInto: every change made to the existing description. */
  changes: CaptureChange[];
}

/** The transport entry of a captured description: no secrets (env names keep placeholder values, no headers). */
export function describeTransport(target: ConnectTarget): JsonObject {
  if (target.kind === 'stdio') {
    const t: JsonObject = { type: 'stdio', command: target.command };
    if (target.args.length > 0) t.args = [...target.args];
    const names = Object.keys(target.env ?? {}).sort(compareCodeUnits);
    if (names.length > 0) t.env = Object.fromEntries(names.map((n) => [n, `\${${n}}`]));
    return t;
  }
  const { url } = splitUserinfo(target.url);
  return { type: target.sse ? 'sse' : 'streamable-http', url: url.toString() };
}

/** What captureView needs besides the session: list bounds and the user's choices. */
export type ViewOptions = Pick<ListOptions, 'maxPages' | 'maxItems' | 'maxBytes' | 'strict'> &
  Pick<CaptureOptions, 'infoVersion'>;

/**
 * One revision's view, read from a live session. What the server sends is mapped from MCP's wire
 * form to the format's (wireToFormat, as the shape tree says), and every mapping is reported.
 */
export async function captureView(
  session: LiveSession,
  target: ConnectTarget,
  options: ViewOptions = {},
): Promise<{ document: JsonObject; findings: LiveFinding[] }> {
  const findings: LiveFinding[] = [];
  const changes: WireChange[] = [];
  const chosen = options.infoVersion !== undefined ? { 'Info.version': options.infoVersion } : undefined;
  const mappedInfo = wireToFormat(session.serverInfo, 'Info', { pointer: '/info', ...(chosen ? { chosen } : {}) });
  changes.push(...mappedInfo.changes);
  const info = cloneJson(mappedInfo.value);
  if (typeof info.name !== 'string' || info.name === '') {
    findings.push(
      finding({
        rule: captureServerInfoRule,
        code: 'missing-name',
        message: `the server's implementation info has no name (found ${show(session.serverInfo.name)})`,
        pointer: '/info/name',
        live: session.serverInfo.name,
        revision: session.revision,
      }),
    );
  }
  if (typeof info.version !== 'string') {
    // MCP requires Implementation.version: the server breaks MCP itself, unless the user names one.
    if (options.infoVersion !== undefined && options.infoVersion !== '') {
      info.version = options.infoVersion;
      findings.push(
        finding({
          rule: captureServerInfoRule,
          code: 'version-chosen',
          severity: 'info',
          message: `the server's implementation info has no version (found ${show(session.serverInfo.version)}, which MCP requires); info.version is ${show(options.infoVersion)} from --info-version`,
          pointer: '/info/version',
          live: session.serverInfo.version,
          revision: session.revision,
        }),
      );
    } else {
      findings.push(
        finding({
          rule: captureServerInfoRule,
          code: 'missing-version',
          message: `the server's implementation info has no version (found ${show(session.serverInfo.version)}, which MCP requires); name one with --info-version V`,
          pointer: '/info/version',
          live: session.serverInfo.version,
          revision: session.revision,
        }),
      );
    }
  } else if (options.infoVersion !== undefined && !changes.some((c) => c.what === 'empty-string')) {
    findings.push(
      finding({
        rule: captureServerInfoRule,
        code: 'version-option-unused',
        severity: 'info',
        message: `--info-version ${show(options.infoVersion)} was not used: the server states its version ${show(info.version)}`,
        pointer: '/info/version',
        revision: session.revision,
      }),
    );
  }
  const document: JsonObject = {
    $schema: schemaUriOf(capturedSpecVersion),
    mcpdesc: capturedSpecVersion,
    info,
    protocolVersions: [session.revision],
  };
  if (typeof session.instructions === 'string' && session.instructions !== '')
    document.instructions = session.instructions;
  document.transports = [describeTransport(target)];
  const mappedCapabilities = wireToFormat(session.capabilities, 'Capabilities', { pointer: '/capabilities/0' });
  changes.push(...mappedCapabilities.changes);
  const capabilities = cloneJson(mappedCapabilities.value);
  if (Object.keys(capabilities).length > 0) document.capabilities = [capabilities];
  for (const { collection: kind, listCapability, node } of primitiveKinds) {
    if (!(listCapability in session.capabilities)) continue;
    const list = await listAll(session, kind, { ...options, namespace: 'capture' });
    for (const item of list.findings) findings.push(item);
    const byId = new Map<string, JsonObject>();
    for (const item of list.items) {
      const id = identityOf(kind, item);
      if (id === undefined) {
        findings.push(
          finding({
            rule: capturePrimitiveRule,
            code: 'no-identity',
            severity: 'warning',
            message: `a ${kind} entry has no identity and was skipped: ${show(item)}`,
            pointer: `/${kind}`,
            live: item,
            revision: session.revision,
          }),
        );
        continue;
      }
      if (byId.has(id)) {
        findings.push(
          finding({
            rule: capturePrimitiveRule,
            code: 'duplicate',
            severity: 'warning',
            message: `${kind} lists ${show(id)} more than once; the first entry was kept`,
            pointer: `/${kind}`,
            live: item,
            revision: session.revision,
          }),
        );
        continue;
      }
      const mapped = wireToFormat(item, node, { pointer: `/${kind}/${byId.size}` });
      changes.push(...mapped.changes);
      byId.set(id, cloneJson(mapped.value));
    }
    // The server's order is kept: it is what clients see (and MCP gives no other).
    if (byId.size > 0) document[kind] = [...byId.values()];
  }
  findings.push(...wireFindings(changes, session.revision));
  return { document, findings };
}

/**
 * The wire mappings in words, one finding per kind of change and place (a server sending
 * `"arguments": []` on every prompt is one fact): the server's value and name, what was written.
 */
export function wireFindings(changes: readonly WireChange[], revision: string): LiveFinding[] {
  const groups = new Map<string, { first: WireChange; pattern: string; count: number }>();
  for (const change of changes) {
    const pattern = change.pointer.replace(/\/\d+(?=\/|$)/g, '/*');
    const key = `${change.what} ${pattern}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { first: change, pattern, count: 1 });
  }
  const out: LiveFinding[] = [];
  for (const { first, pattern, count } of groups.values()) {
    const title = nodeTypes[first.node].title;
    const mcpName = nodeTypes[first.node].mcpType ?? title;
    const where = count === 1 ? first.pointer : `${pattern} (${count} times, first at ${first.pointer})`;
    const base = { pointer: first.pointer, live: first.value, revision };
    if (first.what === 'empty') {
      out.push(
        finding({
          ...base,
          rule: captureWireMappingRule,
          code: 'empty-omitted',
          severity: 'info',
          message: `the server sent an empty ${first.field} ${show(first.value)} at ${where}; an empty collection means what none means, and the format omits it (3.3), so it was left out`,
        }),
      );
    } else if (first.what === 'unknown') {
      out.push(
        finding({
          ...base,
          rule: captureWireMappingRule,
          code: 'member-omitted',
          severity: 'warning',
          message: `the server sent ${show(first.field)} (${show(first.value, 60)}) at ${where}: MCP's ${mcpName} does not define it and the ${title} is closed (3.8), so it was left out`,
        }),
      );
    } else if (first.what === 'below-minimum') {
      out.push(
        finding({
          ...base,
          rule: captureWireMappingRule,
          code: 'below-minimum',
          severity: 'warning',
          message: `the server sent ${first.field} ${show(first.value)} at ${where}, below what the ${title} allows; it was left out`,
        }),
      );
    } else if (first.node === 'Info' && first.field === 'version') {
      out.push(
        finding({
          ...base,
          rule: captureServerInfoRule,
          code: first.chosen ? 'version-chosen' : 'empty-version',
          severity: first.chosen ? 'info' : 'warning',
          message: first.chosen
            ? `the server's implementation info has the version "" (MCP allows it; 5.1 wants a non-empty info.version); info.version is ${show(first.written)} from --info-version`
            : `the server's implementation info has the version "" (MCP allows it; 5.1 wants a non-empty info.version); info.version is the placeholder ${show(first.written)}: name the version with --info-version V`,
        }),
      );
    } else {
      out.push(
        finding({
          ...base,
          rule: captureWireMappingRule,
          code: 'empty-string',
          severity: first.chosen ? 'info' : 'warning',
          message: `the server sent an empty ${first.field} at ${where}, which the ${title} does not allow; ${show(first.written)} was written`,
        }),
      );
    }
  }
  return out;
}

/** Captures the server: one connection per revision, views merged when there are several. */
export async function capture(target: ConnectTarget, options: CaptureOptions = {}): Promise<CaptureResult> {
  checkTarget('capture', target);
  checkOptions('capture', options);
  // Every way out passes the redactor: the findings quote what the server sent (names, values, messages).
  const redactor = Redactor.of(target);
  const progress = options.record?.progress;
  if (options.record && progress)
    options = {
      ...options,
      record: { ...options.record, progress: (done, max, what) => progress(done, max, redactor.text(what)) },
    };
  // OAuth's browser step, if any, before the operation's deadline starts.
  await authorizeFirst(target, options);
  const result = await captureRedactedDocument(target, options, redactor);
  return {
    ...result,
    diagnostics: result.diagnostics.map((d) => redactor.finding(d)),
    changes: result.changes.map((c) => redactor.value(c)),
  };
}

async function captureRedactedDocument(
  target: ConnectTarget,
  options: CaptureOptions,
  redactor: Redactor,
): Promise<CaptureResult> {
  const protocol = options.protocol ?? 'auto';
  options = { ...options, deadline: deadlineOf(options) };
  const diagnostics: LiveFinding[] = [];
  let plan: string[];
  if (protocol === 'all') {
    try {
      plan = await supportedRevisions(target, options);
    } catch (e) {
      if (!(e instanceof ConnectError)) throw e;
      diagnostics.push(finding({ rule: captureConnectRule, code: 'connect-failed', message: e.message }));
      return { ok: false, revisions: [], diagnostics, changes: [] };
    }
    if (plan.length === 0) {
      diagnostics.push(
        finding({
          rule: captureConnectRule,
          code: 'no-revision',
          message: 'the server accepted none of the MCP revisions this tool knows',
        }),
      );
      return { ok: false, revisions: [], diagnostics, changes: [] };
    }
  } else {
    plan = [protocol];
  }
  if (options.record && plan.length > 1 && options.mergeInto) {
    diagnostics.push(
      finding({
        rule: captureRecordRule,
        code: 'one-revision',
        message: `--record with --merge-into re-records one revision; --protocol all would capture ${plan.join(', ')} (name one revision, or auto)`,
      }),
    );
    return { ok: false, revisions: [], diagnostics, changes: [] };
  }
  const recordings: Recording[] = [];
  const views: JsonObject[] = [];
  const captured: string[] = [];
  for (const revision of plan) {
    let session: LiveSession;
    try {
      session = await connect(target, revision, options);
    } catch (e) {
      diagnostics.push(finding({ rule: captureConnectRule, code: 'connect-failed', message: (e as Error).message }));
      continue;
    }
    if (session.probeUnansweredMs !== undefined)
      diagnostics.push(
        finding({
          rule: captureConnectRule,
          code: 'probe-unanswered',
          message: probeUnanswered(session.probeUnansweredMs, session.revision),
        }),
      );
    try {
      const view = await captureView(session, target, options);
      for (const item of view.findings) diagnostics.push(item);
      for (const item of fitView(view.document, session.revision)) diagnostics.push(item);
      if (options.record) {
        const recorded = await record(session, view.document, { ...options.record, deadline: options.deadline });
        for (const item of recorded.findings) diagnostics.push(item);
        if (plan.length === 1) recordings.push(...recorded.recordings);
        else {
          // Each revision's answers on its own view: the merge keeps declarations whose examples
          // differ as disjoint scoped variants, as 10.4.4 requires of examples of different revisions.
          const pointers = applyRecordings(view.document, recorded.recordings);
          for (const item of fitView(view.document, session.revision)) diagnostics.push(item);
          for (const item of pruneRecorded(view.document, pointers)) diagnostics.push(item);
        }
      }
      views.push(view.document);
      captured.push(session.revision);
    } finally {
      await session.close();
    }
  }
  if (views.length === 0) return { ok: false, revisions: [], diagnostics, changes: [] };
  let value: JsonObject;
  if (views.length === 1) {
    value = views[0]!;
  } else {
    // Transports must cover every revision when present (6.5): when one revision's view could not
    // keep the transport used (its type is not defined there), no view declares one.
    if (views.some((v) => v.transports === undefined) && views.some((v) => v.transports !== undefined)) {
      const uncovered = captured.filter((_, i) => views[i]!.transports === undefined);
      for (const v of views) delete v.transports;
      diagnostics.push(
        finding({
          rule: captureRevisionFitRule,
          code: 'transports-omitted',
          severity: 'warning',
          message: `the transport used is not defined by MCP ${uncovered.join(', ')}; the description declares no transports (omission makes no transport declaration)`,
          pointer: '/transports',
        }),
      );
    }
    // Copied: the recordings, redaction and pruning below modify the merged document in place.
    const merged = merge(views, { labels: captured.map((r) => `MCP ${r} view`), copy: true });
    for (const d of merged.diagnostics) {
      if (d.severity !== 'error' && !d.rule.startsWith('operation.')) continue; // the output is validated below
      diagnostics.push(
        finding({
          rule: captureMergeRule,
          code: d.code,
          severity: d.severity,
          message: `${d.rule}: ${d.message}`,
          pointer: d.pointer,
        }),
      );
    }
    if (!merged.ok || !merged.value) return { ok: false, revisions: captured, diagnostics, changes: [] };
    value = merged.value;
  }
  // A server may have no primitives, but a capture of none is worth a look (a client missing a capability, a wrong revision).
  if (!primitiveKinds.some(({ collection }) => Array.isArray(value[collection]))) {
    const first = Array.isArray(value.capabilities) ? value.capabilities[0] : undefined;
    const advertised = isObject(first) ? Object.keys(first).filter((k) => k !== 'protocolVersions') : [];
    diagnostics.push(
      finding({
        rule: capturePrimitiveRule,
        code: 'none-listed',
        severity: 'warning',
        message: `the server listed no tools, resources, resource templates or prompts over MCP ${captured.join(', ')} (it advertises ${advertised.length > 0 ? `the capabilities ${advertised.join(', ')}` : 'no capability'}); the description declares none`,
        pointer: '',
      }),
    );
  }
  const changes: CaptureChange[] = [];
  if (options.mergeInto) value = mergeInto(options.mergeInto, value, changes);
  // Recorded after the merge, so an existing description's examples are kept beside the recorded ones.
  const recorded = applyRecordings(value, recordings);
  // The answers of a one-revision capture are fitted like its declarations were.
  if (recordings.length > 0 && captured.length === 1)
    for (const item of fitView(value, captured[0]!)) diagnostics.push(item);
  for (const item of redactDocument(value, redactor)) diagnostics.push(item);
  for (const item of pruneRecorded(value, recorded)) diagnostics.push(item);
  const checked = validate(value);
  for (const d of checked.diagnostics) diagnostics.push({ ...d });
  return { ok: !hasErrors(diagnostics), value, revisions: captured, diagnostics, changes };
}

const redactionMessages = {
  string: `it was replaced by ${show(redactedMark)}`,
  'key-renamed': `the server controls this name; it was renamed with ${show(redactedMark)}`,
  'entry-dropped': `the server controls this name, which cannot be renamed and stay valid; the entry was left out`,
} as const;

/**
 * Removes what the server echoed of the supplied secrets from the captured document (in place,
 * minding its structure: see Redactor.document); one warning per change, naming the pointer and
 * the option that supplied the value, never the value.
 */
export function redactDocument(document: JsonObject, redactor: Redactor): LiveFinding[] {
  return redactor.document(document).map((change) =>
    finding({
      rule: captureSecretRule,
      code: change.what === 'string' ? 'redacted' : change.what,
      severity: 'warning',
      message: `the server echoed the value of ${change.sources.join(' and ')}; ${redactionMessages[change.what]}`,
      pointer: change.pointer,
    }),
  );
}

/**
 * Each view must be a valid description of its revision: a field the server sent that the revision
 * does not define (servers often send every field on every revision), or a transport whose type
 * the revision lacks, is left out of the view, as the shape tree says (fitToRevision), with one
 * warning per kind of field naming it and the revisions that define it.
 */
export function fitView(document: JsonObject, revision: string): LiveFinding[] {
  if (!isRevision(revision)) return [];
  const fitted = fitToRevision(document, revision);
  if (fitted.removed.length === 0) return [];
  // The view is captured in place: the recording and the merge read it.
  for (const key of Object.keys(document)) delete document[key];
  for (const key of Object.keys(fitted.value)) setOwn(document, key, fitted.value[key]);
  const groups = new Map<string, { first: Removal; pattern: string; count: number }>();
  for (const removal of fitted.removed) {
    // One warning per kind of field, not per occurrence: a server sending `title` on every tool is one fact.
    const pattern = removal.pointer.replace(/\/\d+(?=\/|$)/g, '/*');
    const group = groups.get(pattern);
    if (group) group.count++;
    else groups.set(pattern, { first: removal, pattern, count: 1 });
  }
  const out: LiveFinding[] = [];
  for (const { first, pattern, count } of groups.values()) {
    const where =
      count === 1
        ? `${show(first.value, 60)} at ${first.pointer}`
        : `${pattern} ${count} times (first ${show(first.value, 60)} at ${first.pointer})`;
    const what =
      first.what === 'entry'
        ? `a ${nodeTypes[first.node].title} whose ${first.field} MCP ${revision} does not define`
        : `${first.field} on a ${nodeTypes[first.node].title}, which MCP ${revision} does not define`;
    out.push(
      finding({
        rule: captureRevisionFitRule,
        code: 'field-omitted',
        severity: 'warning',
        message: `the server sent ${where}: ${what} (it is defined only in MCP ${formatRevisions(revisionFeatures[first.feature])}); it was left out of the ${revision} view`,
        pointer: first.pointer,
        live: first.value,
        revision,
      }),
    );
  }
  return out;
}

// ---- --merge-into: keep the author's curated fields, update what the server reports ----

/**
 * Members of a primitive declaration that only the author writes (kept from the existing
 * description): the MCP Description-only fields, but the scope, which is captured.
 */
const curatedMembers = new Set<string>(descriptionOnlyFields.filter((key) => key !== 'protocolVersions'));
/** Members the server reports but an author may have curated (the existing value is kept when present). */
const curatedReported = new Set(['description', 'title']);
/** Root members only the author writes. */
const curatedRoot = ['securitySchemes', 'security', 'components', 'tags'];

function isCurated(key: string): boolean {
  return curatedMembers.has(key) || key.startsWith('x-');
}

function resolveRef(document: JsonObject, value: unknown): unknown {
  if (isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#')) {
    return getAtPointer(document, decodeURIComponent(value.$ref.slice(1)));
  }
  return value;
}

interface OldVariant {
  entry: JsonObject;
  index: number;
  /** Its effective scope in the existing description. */
  scope: Set<string>;
}

/**
 * The existing declaration whose curated fields a captured declaration takes: among the variants
 * of its identity, the one with the same effective scope, else the one sharing the most revisions
 * (the first on a tie); none when no variant shares a revision (a revision new to the
 * description starts without curated fields, unless the identity has a single declaration).
 */
function matchVariant(variants: OldVariant[] | undefined, scope: readonly string[]): OldVariant | undefined {
  if (!variants || variants.length === 0) return undefined;
  if (variants.length === 1) return variants[0];
  let best: OldVariant | undefined;
  let bestShared = 0;
  for (const v of variants) {
    const shared = scope.filter((r) => v.scope.has(r)).length;
    if (shared === scope.length && shared === v.scope.size) return v;
    if (shared > bestShared) {
      best = v;
      bestShared = shared;
    }
  }
  return best;
}

/**
 * Merges a captured description into an existing one: root metadata and author-only members are
 * kept, server-reported members are updated (title and description keep the author's text),
 * primitives the server no longer lists are removed and new ones added; every change is listed.
 */
export function mergeInto(existing: JsonObject, captured: JsonObject, changes: CaptureChange[]): JsonObject {
  const out = cloneJson(captured);
  const oldRoot = rootScopeOf(existing);
  const newRoot = rootScopeOf(captured);
  // Root: info keeps curated members (contact, license, id, and an authored description/title).
  const oldInfo = isObject(existing.info) ? existing.info : {};
  const newInfo = isObject(out.info) ? out.info : {};
  for (const key of Object.keys(oldInfo)) {
    if (
      !(key in newInfo) ||
      curatedReported.has(key) ||
      key === 'contact' ||
      key === 'license' ||
      key === 'id' ||
      key.startsWith('x-')
    ) {
      if (key in newInfo && canonicalJson(newInfo[key]) !== canonicalJson(oldInfo[key])) {
        changes.push({
          pointer: `/info/${key}`,
          kind: 'kept',
          message: `kept the curated ${key} ${show(oldInfo[key])} (the server reports ${show(newInfo[key])})`,
        });
      }
      newInfo[key] = cloneJson(oldInfo[key]);
    } else if (canonicalJson(newInfo[key]) !== canonicalJson(oldInfo[key])) {
      changes.push({
        pointer: `/info/${key}`,
        kind: 'changed',
        message: `${key}: ${show(oldInfo[key])} → ${show(newInfo[key])}`,
      });
    }
  }
  for (const key of Object.keys(newInfo))
    if (!(key in oldInfo))
      changes.push({ pointer: `/info/${key}`, kind: 'added', message: `${key}: ${show(newInfo[key])}` });
  out.info = newInfo;
  if (
    typeof existing.instructions === 'string' &&
    typeof out.instructions === 'string' &&
    existing.instructions !== out.instructions
  ) {
    changes.push({
      pointer: '/instructions',
      kind: 'changed',
      message: `instructions: ${show(existing.instructions, 60)} → ${show(out.instructions, 60)}`,
    });
  }
  for (const key of curatedRoot) if (existing[key] !== undefined) out[key] = cloneJson(existing[key]);
  for (const key of Object.keys(existing)) if (key.startsWith('x-')) out[key] = cloneJson(existing[key]);
  if (existing.transports !== undefined) out.transports = cloneJson(existing.transports);
  if (existing.$schema !== undefined) out.$schema = existing.$schema;
  if (canonicalJson(existing.capabilities) !== canonicalJson(out.capabilities)) {
    changes.push({
      pointer: '/capabilities',
      kind: 'changed',
      message: `capabilities: ${show(existing.capabilities)} → ${show(out.capabilities)}`,
    });
  }
  for (const { collection: kind } of primitiveKinds) {
    const oldList = Array.isArray(existing[kind]) ? (existing[kind] as unknown[]).filter(isObject) : [];
    const newList = Array.isArray(out[kind]) ? (out[kind] as JsonObject[]) : [];
    // Scoped variants (4.10): one identity may have several declarations with disjoint scopes.
    const oldById = new Map<string, OldVariant[]>();
    oldList.forEach((entry, index) => {
      const id = identityOf(kind, entry);
      if (id === undefined) return;
      const variants = oldById.get(id) ?? [];
      variants.push({ entry, index, scope: new Set(effectiveScope(entry, oldRoot)) });
      oldById.set(id, variants);
    });
    const newIds = new Set<string>();
    const used = new Set<OldVariant>();
    const merged: JsonObject[] = [];
    for (const fresh of newList) {
      const id = identityOf(kind, fresh)!;
      newIds.add(id);
      const old = matchVariant(oldById.get(id), effectiveScope(fresh, newRoot));
      if (old) used.add(old);
      if (!old) {
        changes.push({ pointer: `/${kind}/${merged.length}`, kind: 'added', message: `${kind}: added ${show(id)}` });
        merged.push(fresh);
        continue;
      }
      const result: JsonObject = {};
      const base = `/${kind}/${old.index}`;
      for (const key of Object.keys(fresh)) {
        const was = old.entry[key];
        if ((curatedReported.has(key) || isCurated(key)) && was !== undefined) {
          if (canonicalJson(was) !== canonicalJson(fresh[key]))
            changes.push({
              pointer: `${base}/${key}`,
              kind: 'kept',
              message: `${show(id)} ${key}: kept the curated value (the server reports ${show(fresh[key], 60)})`,
            });
          result[key] = cloneJson(was);
        } else if (was !== undefined && canonicalJson(resolveRef(existing, was)) === canonicalJson(fresh[key])) {
          result[key] = cloneJson(was); // keeps a Reference Object that resolves to the same value
        } else {
          if (was === undefined)
            changes.push({
              pointer: `${base}/${key}`,
              kind: 'added',
              message: `${show(id)} ${key}: ${show(fresh[key], 60)}`,
            });
          else
            changes.push({
              pointer: `${base}/${key}`,
              kind: 'changed',
              message: `${show(id)} ${key}: ${show(was, 60)} → ${show(fresh[key], 60)}`,
            });
          result[key] = fresh[key];
        }
      }
      for (const key of Object.keys(old.entry)) {
        if (key in fresh) continue;
        if (isCurated(key) || key === 'protocolVersions') {
          if (key !== 'protocolVersions') result[key] = cloneJson(old.entry[key]);
        } else {
          changes.push({
            pointer: `${base}/${key}`,
            kind: 'removed',
            message: `${show(id)} ${key}: the server no longer reports ${show(old.entry[key], 60)}`,
          });
        }
      }
      merged.push(result);
    }
    for (const [id, variants] of oldById) {
      for (const old of variants) {
        if (!newIds.has(id)) {
          changes.push({
            pointer: `/${kind}/${old.index}`,
            kind: 'removed',
            message: `${kind}: ${show(id)} is no longer listed by the server${variants.length > 1 ? ` (the variant for MCP ${[...old.scope].join(', ')})` : ''}`,
          });
        } else if (!used.has(old)) {
          changes.push({
            pointer: `/${kind}/${old.index}`,
            kind: 'removed',
            message: `${kind}: ${show(id)}: the variant for MCP ${[...old.scope].join(', ')} matches no captured revision; its curated fields were not carried over`,
          });
        }
      }
    }
    if (merged.length > 0) out[kind] = merged;
    else delete out[kind];
  }
  return out;
}
