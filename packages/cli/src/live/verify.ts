/**
 * verify: checks a running server against a description, per revision of the description:
 * drift (primitives, fields, capabilities, server info), contract checks (named examples of
 * read-only tools called; resource examples read; prompt examples got; negative inputs), and
 * protocol hygiene (cache fields, stable order, invalid cursor, x-mcp-header consistency).
 */
import { checkLiveArguments } from './entry-checks.js';
import { fieldGate, type NodeName } from 'mcpdesc-core/internal/model/shape-tree.js';
import { fitToRevision } from 'mcpdesc-core/internal/operations/fit-to-revision.js';
import { nativeForm } from 'mcpdesc-core/internal/operations/native-form.js';
import { wireToFormat } from 'mcpdesc-core/internal/operations/wire-to-format.js';
import {
  appliesTo,
  implementationFields,
  primitiveKinds,
  rootScopeOf,
  toolAnnotationHintDefaults,
  type PrimitiveCollection,
  type PrimitiveKindInfo,
} from 'mcpdesc-core/internal/model/document.js';
import { defines, formatRevisions, isRevision, revisionFeatures } from 'mcpdesc-core/internal/model/revisions.js';
import { isObject, type JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { inlineReferences } from 'mcpdesc-core/internal/operations/components.js';
import {
  implementationOf,
  nativePayloads,
  prepareNative,
  serverCapabilities,
  type NativeSource,
} from 'mcpdesc-core/internal/operations/native.js';
import type { OperationResult } from 'mcpdesc-core/internal/operations/operation-result.js';
import { declarationView } from 'mcpdesc-core/internal/operations/project.js';
import { dialectOf, evaluate } from 'mcpdesc-core/internal/schema/index.js';
import {
  connect,
  ConnectError,
  deadlineOf,
  type ConnectOptions,
  type ConnectTarget,
  type LiveSession,
} from './connect.js';
import { Redactor } from './redaction.js';
import { finding, show, type LiveFinding } from './findings.js';
import { checkInvalidCursor, compareOrder, identityOf, listAll } from './raw-list.js';
import type { PathPattern } from './result-compare.js';
import { isCompared, parseIgnorePaths, resultFindings, type ResultsOptions } from './results.js';
import { canonicalJson, compareCodeUnits } from 'mcpdesc-core/internal/model/json.js';
import { firstDifference } from 'mcpdesc-core/internal/operations/equivalent.js';

export type CallPolicy = 'read-only' | 'all' | 'none';

export interface VerifyOptions extends ConnectOptions {
  /** Revisions to check (default: every revision of the description). */
  revisions?: readonly string[];
  /** Which tools may be called: read-only ones (default), all (dangerous), none. */
  call?: CallPolicy;
  maxPages?: number;
  maxItems?: number;
  maxBytes?: number;
  /** Most requests the contract (and results) checks make per revision (default 1000). */
  maxCalls?: number;
  /** Compare live results with the recorded examples (--results). */
  results?: ResultsOptions;
}

/** The contract checks' request bound per revision when --max-calls is not given. */
export const defaultVerifyMaxCalls = 1000;

export interface VerifyResult {
  ok: boolean;
  revisions: string[];
  findings: LiveFinding[];
  /** Tools called, by name (for audits and tests). */
  called: string[];
  /** What was checked per revision: drift, contract, hygiene (the report's summary). */
  checks: VerifyCheck[];
}

/** One check of one revision, with its outcome and the findings it produced. */
export interface VerifyCheck {
  revision: string;
  check: 'drift' | 'contract' | 'results' | 'hygiene';
  status: 'passed' | 'failed' | 'skipped';
  /** What was compared, called or checked; for a skipped check, why. */
  detail: string;
  findings: LiveFinding[];
}

/** What one revision's verification covered, counted as it runs. */
interface Tally {
  /** Per collection: listed by the server, declarations compared. */
  listed: Map<PrimitiveCollection, number>;
  compared: Map<PrimitiveCollection, number>;
  capabilities: boolean;
  calls: { examples: number; negative: number; reads: number; gets: number; completions: number };
  /** verify --results: examples compared, and examples not compared (not recorded). */
  results: { compared: number; drifted: number; unrecorded: number };
  /** Reasons tools were not called, with the tools. */
  notCalled: Map<string, string[]>;
  hygiene: string[];
}

function newTally(): Tally {
  return {
    listed: new Map(),
    compared: new Map(),
    capabilities: false,
    calls: { examples: 0, negative: 0, reads: 0, gets: 0, completions: 0 },
    results: { compared: 0, drifted: 0, unrecorded: 0 },
    notCalled: new Map(),
    hygiene: [],
  };
}

function skip(tally: Tally, reason: string, tool: string): void {
  const tools = tally.notCalled.get(reason) ?? [];
  tools.push(tool);
  tally.notCalled.set(reason, tools);
}

/** The check a finding belongs to, by its rule. */
function checkOf(rule: string): VerifyCheck['check'] {
  if (rule.startsWith('verify.contract.') || rule === 'verify.bounds') return 'contract';
  if (rule.startsWith('verify.hygiene.')) return 'hygiene';
  if (rule.startsWith('verify.results.')) return 'results';
  return 'drift';
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The three checks of one revision, from its tally and its findings. */
function checksOf(
  revision: string,
  tally: Tally,
  findings: LiveFinding[],
  policy: CallPolicy,
  results: boolean,
): VerifyCheck[] {
  const of = (check: VerifyCheck['check']) => findings.filter((f) => checkOf(f.rule) === check);
  const status = (list: LiveFinding[]): VerifyCheck['status'] =>
    list.some((f) => f.severity === 'error') ? 'failed' : 'passed';
  const lists = primitiveKinds
    .filter((info) => tally.listed.has(info.collection))
    .map(
      (info) =>
        `${info.collection} ${tally.compared.get(info.collection) ?? 0} declared / ${tally.listed.get(info.collection)} listed`,
    );
  const drift = of('drift');
  const out: VerifyCheck[] = [
    {
      revision,
      check: 'drift',
      status: status(drift),
      detail: `${lists.length > 0 ? lists.join(', ') : 'no list advertised'}; capabilities ${tally.capabilities ? 'compared' : 'not compared (no Capabilities Object for this revision)'}; server info and instructions compared`,
      findings: drift,
    },
  ];
  const contract = of('contract');
  const { examples, negative, reads, gets } = tally.calls;
  const notCalled = [...tally.notCalled].map(([reason, tools]) => `${plural(tools.length, 'tool')} ${reason}`);
  if (policy === 'none') {
    out.push({
      revision,
      check: 'contract',
      status: 'skipped',
      detail: '--call none: no call, read or get',
      findings: contract,
    });
  } else {
    out.push({
      revision,
      check: 'contract',
      status: status(contract),
      detail: `${plural(examples, 'example call')}, ${plural(negative, 'invalid-input call')}, ${plural(reads, 'resource read')}, ${plural(gets, 'prompt get')}${notCalled.length > 0 ? `; not called: ${notCalled.join(', ')}` : ''}`,
      findings: contract,
    });
  }
  if (results) {
    const compared = of('results');
    const { compared: n, drifted, unrecorded } = tally.results;
    out.push({
      revision,
      check: 'results',
      status: policy === 'none' ? 'skipped' : status(compared),
      detail:
        policy === 'none'
          ? '--call none: no result to compare'
          : `${plural(n, 'recorded result')} compared (${drifted} drifted)${tally.calls.completions > 0 ? `, ${plural(tally.calls.completions, 'completion')} asked` : ''}${unrecorded > 0 ? `; ${plural(unrecorded, 'example')} not recorded, not compared` : ''}`,
      findings: compared,
    });
  }
  const hygiene = of('hygiene');
  out.push({
    revision,
    check: 'hygiene',
    status: tally.hygiene.length === 0 ? 'skipped' : status(hygiene),
    detail: tally.hygiene.length === 0 ? 'no list to check' : tally.hygiene.join(', '),
    findings: hygiene,
  });
  return out;
}

/**
 * Fields compared per primitive kind: the native fields but the identity, the Tool schemas and
 * Tool annotations (those are compared semantically).
 */
function comparedFields(info: PrimitiveKindInfo): string[] {
  return info.nativeFields.filter(
    (key) =>
      key !== info.identity &&
      !(info.schemaRoles as readonly string[]).includes(key) &&
      !(info.kind === 'tool' && key === 'annotations'),
  );
}

/** Semantic form of a JSON Schema: key order ignored, `required` and `type` arrays as sets. */
function normalizeSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeSchema);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort(compareCodeUnits)) {
    const v = value[key];
    if ((key === 'required' || key === 'type') && Array.isArray(v) && v.every((x) => typeof x === 'string'))
      out[key] = [...new Set(v as string[])].sort(compareCodeUnits);
    else out[key] = normalizeSchema(v);
  }
  return out;
}

function effectiveAnnotations(value: unknown): JsonObject {
  const a = isObject(value) ? value : {};
  const out: JsonObject = { ...toolAnnotationHintDefaults };
  for (const key of Object.keys(a)) out[key] = a[key];
  return out;
}

interface Declared {
  /** The declaration's view for the revision, components resolved (examples for the contract checks). */
  entry: JsonObject;
  /** Its native form (what a server lists): MCP Description-only fields and `x-*` removed. */
  wire: JsonObject;
  pointer: string;
}

/** What the description says about one revision, in the form a server can be compared with. */
interface Expectation {
  declared: Record<PrimitiveCollection, Map<string, Declared> | undefined>;
  /** The Capabilities Object applying to the revision, as MCP ServerCapabilities (no protocolVersions, no x-*). */
  capabilities?: { index: number; value: JsonObject };
}

/**
 * The expectation for one revision. Components are resolved first (17.3: "Resolution substitutes
 * the referenced JSON value before every contextual structural and semantic rule at the use
 * site"), and declarations are compared in their native form, the payloads of `mcpdesc native`
 * (native.ts): `x-*` is "MCP Description-specific vendor metadata" (14.7) that no MCP message
 * carries, and examples, tags, security, elicitations... are MCP Description-only fields.
 */
function expectation(
  document: JsonObject,
  prepared: OperationResult<NativeSource>,
  revision: string,
  push: Push,
): Expectation {
  const root = rootScopeOf(document);
  // prepareNative validated the description and resolved its components once, for every revision.
  const built = prepared.ok && isRevision(revision) ? nativePayloads(prepared.value!, revision) : undefined;
  const problems = !isRevision(revision) ? [] : prepared.ok ? built!.diagnostics : prepared.diagnostics;
  const first = problems.find((d) => d.severity === 'error');
  if (first) {
    push({
      rule: 'verify.description',
      code: 'no-native-form',
      severity: 'warning',
      message: `the description has no native form for this revision (${first.message}); its declarations are compared without MCP Description-only fields and x-* members, unchecked`,
      pointer: first.pointer,
      expected: first.message,
    });
  }
  const payloads = first ? undefined : built?.payloads;
  const resolved = prepared.ok ? prepared.value!.document : (inlineReferences(document, false).document as JsonObject);
  const declared = {} as Expectation['declared'];
  for (const info of primitiveKinds) {
    const kind = info.collection;
    const list = resolved[kind];
    if (!Array.isArray(list)) {
      declared[kind] = undefined; // no declaration: no claim about the runtime list (3.4)
      continue;
    }
    const items = payloads ? ((payloads[info.listMethod]?.[kind] as JsonObject[] | undefined) ?? []) : undefined;
    const out = new Map<string, Declared>();
    let k = 0;
    list.forEach((raw, index) => {
      // The same selection as native(): one native item per in-scope declaration, in order.
      if (!isObject(raw) || !appliesTo(raw, root, revision)) return;
      const entry = declarationView(raw, kind, revision);
      // The native form when `native()` could not build one (the description has errors).
      const wire = items?.[k++] ?? (nativeForm(info.node, entry) as JsonObject);
      const id = identityOf(kind, entry);
      if (id !== undefined && !out.has(id)) out.set(id, { entry, wire, pointer: `/${kind}/${index}` });
    });
    declared[kind] = out;
  }
  let capabilities: Expectation['capabilities'];
  if (Array.isArray(resolved.capabilities)) {
    const index = resolved.capabilities.findIndex((c) => isObject(c) && appliesTo(c, root, revision));
    if (index >= 0) capabilities = { index, value: serverCapabilities(resolved.capabilities[index] as JsonObject) };
  }
  return { declared, ...(capabilities ? { capabilities } : {}) };
}

export async function verify(
  document: JsonObject,
  target: ConnectTarget,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  checkLiveArguments('verify', { document, target, options, hasDocument: true });
  const all: readonly string[] = rootScopeOf(document);
  const plan = options.revisions ?? all;
  const findings: LiveFinding[] = [];
  const called: string[] = [];
  const checks: VerifyCheck[] = [];
  const prepared = prepareNative(document);
  options = { ...options, deadline: deadlineOf(options) };
  const redactor = Redactor.of(target);
  let ignorePaths: PathPattern[] = [];
  if (options.results) {
    const parsed = parseIgnorePaths(options.results.ignorePaths ?? []);
    if ('invalid' in parsed) throw new TypeError(`--ignore-path ${show(parsed.invalid)} is not a JSON Pointer`);
    ignorePaths = parsed.patterns;
  }
  for (const revision of plan) {
    if (!all.includes(revision)) {
      findings.push(
        finding({
          rule: 'verify.protocol',
          code: 'not-described',
          message: `MCP ${revision} is not among the description's protocolVersions ${show(all)}`,
          pointer: '/protocolVersions',
          expected: all,
        }),
      );
      continue;
    }
    let session: LiveSession;
    try {
      session = await connect(target, revision, options);
    } catch (e) {
      const unreachable = e instanceof ConnectError && e.kind === 'connection';
      findings.push(
        finding({
          rule: unreachable ? 'verify.connect' : 'verify.protocol',
          code: unreachable ? 'connect-failed' : 'unsupported',
          message: `cannot verify MCP ${revision}: ${(e as Error).message}`,
          pointer: '/protocolVersions',
          expected: revision,
        }),
      );
      if (unreachable) break; // the next revision would fail the same way, after the same wait
      continue;
    }
    const start = findings.length;
    const tally = newTally();
    try {
      await verifyRevision(document, prepared, session, options, findings, called, tally, { redactor, ignorePaths });
    } finally {
      await session.close();
    }
    for (const check of checksOf(
      revision,
      tally,
      findings.slice(start),
      options.call ?? 'read-only',
      options.results !== undefined,
    ))
      checks.push(check);
  }
  // The findings, checks and names quote what the server sent: every one passes the redactor.
  return {
    ok: !findings.some((f) => f.severity === 'error'),
    revisions: plan.filter((r) => all.includes(r)),
    findings: findings.map((f) => redactor.finding(f)),
    called: called.map((name) => redactor.text(name)),
    checks: checks.map((c) => redactor.value(c)),
  };
}

async function verifyRevision(
  document: JsonObject,
  prepared: OperationResult<NativeSource>,
  session: LiveSession,
  options: VerifyOptions,
  findings: LiveFinding[],
  called: string[],
  tally: Tally,
  results: { redactor: Redactor; ignorePaths: readonly PathPattern[] },
): Promise<void> {
  const revision = session.revision;
  const push = (init: Parameters<typeof finding>[0]) => findings.push(finding({ ...init, revision }));

  // Server info (Info is author metadata, 5: differences are warnings) and instructions.
  // Icon Objects may carry x-* (14.2), which MCP Implementation icons never have.
  const implementation = implementationOf(document.info);
  // Through capture's mapping: a server stating the version "" makes no claim the description's could break.
  const chosen: Record<string, string> =
    typeof implementation.version === 'string' ? { 'Info.version': implementation.version } : {};
  const serverInfo = wireToFormat(session.serverInfo, 'Info', { chosen }).value;
  for (const key of implementationFields) {
    const live = serverInfo[key];
    const want = implementation[key];
    if (live === undefined || want === undefined) continue;
    if (canonicalJson(live) !== canonicalJson(want)) {
      push({
        rule: 'verify.drift.server-info',
        code: 'info-differs',
        severity: 'warning',
        message: `info.${key} is ${show(want)} but the server reports ${show(live)}`,
        pointer: `/info/${key}`,
        live,
        expected: want,
      });
    }
  }
  if (
    typeof document.instructions === 'string' &&
    session.instructions !== undefined &&
    session.instructions !== document.instructions
  ) {
    push({
      rule: 'verify.drift.instructions',
      code: 'instructions-differ',
      severity: 'warning',
      message: `instructions differ from the server's (${show(session.instructions, 60)})`,
      pointer: '/instructions',
      live: session.instructions,
      expected: document.instructions,
    });
  }

  const expected = expectation(document, prepared, revision, push);
  compareCapabilities(expected, session.capabilities, push);
  tally.capabilities = expected.capabilities !== undefined;

  // Primitives.
  const liveTools = new Map<string, JsonObject>();
  for (const info of primitiveKinds) {
    const kind = info.collection;
    const decl = expected.declared[kind];
    const advertised = info.listCapability in session.capabilities;
    if (!advertised) {
      if (decl && decl.size > 0) {
        const [first] = decl.values();
        push({
          rule: 'verify.drift.missing',
          code: 'list-not-advertised',
          message: `the description declares ${kind} but the server does not advertise the ${info.listCapability} capability`,
          pointer: first!.pointer,
          expected: info.listCapability,
        });
      }
      continue;
    }
    // A list method answering -32601 is the server's lapse, but drift when the description declares the kind.
    const strict = (decl?.size ?? 0) > 0;
    const first = await listAll(session, kind, { ...listBoundsOf(options), namespace: 'verify', strict });
    for (const item of first.findings) findings.push(item);
    const liveById = new Map<string, JsonObject>();
    for (const item of first.items) {
      const id = identityOf(kind, item);
      if (id !== undefined && !liveById.has(id)) liveById.set(id, item);
    }
    if (info.kind === 'tool') for (const [k, v] of liveById) liveTools.set(k, v);
    tally.listed.set(kind, liveById.size);
    tally.compared.set(kind, [...(decl?.keys() ?? [])].filter((id) => liveById.has(id)).length);
    // Drift.
    for (const [id, d] of decl ?? new Map<string, Declared>()) {
      const live = liveById.get(id);
      if (!live) {
        if (first.complete)
          push({
            rule: 'verify.drift.missing',
            code: 'primitive-missing',
            message: `${kind} ${show(id)} is declared but the server does not list it`,
            pointer: d.pointer,
            expected: id,
          });
        continue;
      }
      compareDeclaration(info, id, d, live, revision, push);
    }
    if (first.complete) {
      for (const [id, live] of liveById) {
        if (decl?.has(id)) continue;
        push({
          rule: 'verify.drift.undeclared',
          code: 'primitive-undeclared',
          severity: decl ? 'error' : 'warning',
          message: `the server lists ${kind} ${show(id)}, which the description does not declare${decl ? '' : ` (the description has no ${kind} collection)`}`,
          pointer: `/${kind}`,
          live,
        });
      }
    }
    // Hygiene.
    if (isRevision(revision) && defines(revision, 'result.cacheable')) {
      tally.hygiene.push(`${info.listMethod} cache fields`);
      first.pages.forEach((page, i) => {
        const missing = ['ttlMs', 'cacheScope'].filter((k) => page[k] === undefined);
        if (missing.length > 0)
          push({
            rule: 'verify.hygiene.cache-fields',
            code: 'cache-fields-missing',
            message: `${info.listMethod} page ${i + 1} has no ${missing.join(' and ')} (required on MCP ${formatRevisions(revisionFeatures['result.cacheable'])} list results)`,
            pointer: `/${kind}`,
            live: page,
            expected: missing,
          });
      });
    }
    if (first.complete && first.items.length > 0) {
      tally.hygiene.push(`${info.listMethod} invalid cursor`);
      const invalid = await checkInvalidCursor(session, kind);
      if (invalid) findings.push(invalid);
    }
    if (info.kind === 'tool' && first.complete) {
      const second = await listAll(session, 'tools', { ...listBoundsOf(options), namespace: 'verify' });
      if (second.complete) {
        tally.hygiene.push('tools/list order');
        const order = compareOrder('tools', first.items, second.items, revision);
        if (order) findings.push(order);
        // x-mcp-header is a 2026-07-28 annotation (Streamable HTTP Mcp-Param-* headers); earlier revisions give it no meaning.
        if (isRevision(revision) && defines(revision, 'tool-schema.x-mcp-header')) {
          tally.hygiene.push('x-mcp-header uniqueness and stability');
          checkHeaders(first.items, second.items, decl, push);
        }
      }
    }
  }

  // Contract checks.
  const policy = options.call ?? 'read-only';
  if (policy === 'none') return;
  const context: ContractContext = {
    budget: callBudget(options.maxCalls ?? defaultVerifyMaxCalls, push),
  };
  if (options.results) {
    context.compare = (label, pointer, example, live, result) => {
      if (!isCompared(example)) return void tally.results.unrecorded++;
      tally.results.compared++;
      // The recording was fitted to the revision (capture leaves out what it does not define): so is the live answer.
      const fitted = isRevision(revision) ? fitToRevision(live, revision, result).value : live;
      const drift = resultFindings(label, pointer, example, fitted, results.ignorePaths, results.redactor);
      if (drift.some((f) => (f.severity ?? 'error') === 'error')) tally.results.drifted++;
      for (const f of drift) push(f);
    };
  }
  await contractChecks(expected, session, policy, liveTools, push, called, tally, context);
  if (context.compare && 'completions' in session.capabilities)
    await completionChecks(expected, session, push, tally, context);
}

type Push = (init: Parameters<typeof finding>[0]) => void;

/** What the contract checks share: the request bound, and the results comparison when --results is on. */
interface ContractContext {
  /** Takes one request from the budget; false once --max-calls is spent (reported once). */
  budget: () => boolean;
  /** Compares a live result of kind `result` (a kind of the shape tree) with the example's recording. */
  compare?: (label: string, pointer: string, example: JsonObject, live: JsonObject, result: NodeName) => void;
}

function callBudget(max: number, push: Push): () => boolean {
  let used = 0;
  return () => {
    if (used < max) return ++used > 0;
    if (used++ === max)
      push({
        rule: 'verify.bounds',
        code: 'max-calls',
        severity: 'warning',
        message: `--max-calls ${max} reached: the remaining contract calls, reads and gets were not made`,
        pointer: '',
      });
    return false;
  };
}

function listBoundsOf(options: VerifyOptions): Pick<VerifyOptions, 'maxPages' | 'maxItems' | 'maxBytes'> {
  return { maxPages: options.maxPages, maxItems: options.maxItems, maxBytes: options.maxBytes };
}

/**
 * Capabilities, when a Capabilities Object applies to the revision. Omission is no claim: "Omission
 * of any optional section means that the document makes no declaration for that section. Unless a
 * property's definition explicitly states otherwise, omission MUST NOT be interpreted as proof that
 * the server does not support, expose, or use the corresponding runtime behavior." (3.3). So a
 * capability (or a capability member) the server advertises and the description omits is never an
 * error: nothing when a declared collection of this revision needs it (tools, resources or
 * resource templates, prompts are reachable only through it), otherwise informational (the spec
 * names no warning condition for it). A declared capability or member the server does not
 * advertise, or advertises with another value, is drift.
 */
function compareCapabilities(expected: Expectation, live: JsonObject, push: Push): void {
  if (!expected.capabilities) return;
  const { index, value: want } = expected.capabilities;
  const implied = (key: string) =>
    primitiveKinds.some((info) => info.listCapability === key && (expected.declared[info.collection]?.size ?? 0) > 0);
  const base = `/capabilities/${index}`;
  for (const key of [...new Set([...Object.keys(want), ...Object.keys(live)])].sort(compareCodeUnits)) {
    const w = want[key];
    const l = live[key];
    if (w === undefined) {
      if (l === undefined || implied(key)) continue;
      push({
        rule: 'verify.drift.capabilities',
        code: 'capability-undeclared',
        severity: 'info',
        message: `the server advertises the ${key} capability ${show(l)}, which the description's Capabilities Object omits (omission makes no declaration)`,
        pointer: base,
        live: l,
      });
      continue;
    }
    if (l === undefined) {
      push({
        rule: 'verify.drift.capabilities',
        code: 'capability-missing',
        message: `the description declares the ${key} capability but the server does not advertise it`,
        pointer: `${base}/${key}`,
        expected: w,
      });
      continue;
    }
    if (isObject(w) && isObject(l)) {
      for (const member of [...new Set([...Object.keys(w), ...Object.keys(l)])].sort(compareCodeUnits)) {
        if (!(member in w)) {
          push({
            rule: 'verify.drift.capabilities',
            code: 'capability-member-undeclared',
            severity: 'info',
            message: `the server advertises ${key}.${member} ${show(l[member])}, which the description omits (omission makes no declaration)`,
            pointer: `${base}/${key}`,
            live: l[member],
          });
        } else if (canonicalJson(w[member]) !== canonicalJson(l[member] ?? null)) {
          push({
            rule: 'verify.drift.capabilities',
            code: 'capability-differs',
            message: `capability ${key}.${member} is ${show(w[member])} in the description but the server advertises ${show(l[member])}`,
            pointer: `${base}/${key}/${member.replace(/~/g, '~0').replace(/\//g, '~1')}`,
            live: l[member],
            expected: w[member],
          });
        }
      }
      continue;
    }
    if (canonicalJson(w) !== canonicalJson(l)) {
      push({
        rule: 'verify.drift.capabilities',
        code: 'capability-differs',
        message: `capability ${key} is ${show(w)} in the description but the server advertises ${show(l)}`,
        pointer: `${base}/${key}`,
        live: l,
        expected: w,
      });
    }
  }
}

/**
 * A listed item as the revision defines it: what the server sent that the revision gives no
 * meaning to, and that a description of the revision therefore cannot declare, is left out of the
 * comparison, as capture leaves it out of the revision's view (both fit through the shape tree).
 */
function liveView(info: PrimitiveKindInfo, item: JsonObject, revision: string): JsonObject {
  // Mapped to the format's form as capture maps it (an empty `arguments`, a member MCP does not define).
  const mapped = wireToFormat(item, info.node).value;
  return isRevision(revision) ? fitToRevision(mapped, revision, info.node).value : mapped;
}

/** Where two differing values first differ, for a message (empty when they are scalars). */
function differenceNote(want: unknown, got: unknown): string {
  if (!isObject(want) && !Array.isArray(want)) return '';
  if (!isObject(got) && !Array.isArray(got)) return '';
  const difference = firstDifference(want, got, '');
  if (!difference || difference.path === '') return '';
  return ` (first difference at ${show(difference.path)}: ${show(difference.a, 60)} vs ${show(difference.b, 60)})`;
}

function compareDeclaration(
  info: PrimitiveKindInfo,
  id: string,
  d: Declared,
  live: JsonObject,
  revision: string,
  push: Push,
): void {
  const label = `${info.label} ${show(id)}`;
  const defined = (key: string) => {
    const feature = fieldGate(info.node, key);
    return feature === undefined || !isRevision(revision) || defines(revision, feature);
  };
  live = liveView(info, live, revision);
  for (const key of comparedFields(info)) {
    if (!defined(key)) continue;
    const want = d.wire[key];
    const got = live[key];
    if (canonicalJson(want ?? null) === canonicalJson(got ?? null)) continue;
    push({
      rule: 'verify.drift.field',
      code: `${key.replace(/^_/, '')}-differs`,
      message: `${label}: ${key} is ${show(want)} in the description but ${show(got)} on the server${differenceNote(want, got)}`,
      pointer: `${d.pointer}/${key}`,
      live: got,
      expected: want,
    });
  }
  if (info.kind === 'tool') {
    for (const key of info.schemaRoles) {
      if (!defined(key)) continue;
      const want = d.wire[key];
      const got = live[key];
      const difference = firstDifference(normalizeSchema(want ?? null), normalizeSchema(got ?? null), '');
      if (!difference) continue;
      push({
        rule: 'verify.drift.schema',
        code: `${key === 'inputSchema' ? 'input' : 'output'}-schema-differs`,
        message: `${label}: ${key} differs semantically from the server's at ${show(difference.path === '' ? '/' : difference.path)}: ${show(difference.a, 60)} in the description, ${show(difference.b, 60)} on the server`,
        pointer: `${d.pointer}/${key}`,
        live: got,
        expected: want,
      });
    }
    if (!defined('annotations')) return;
    const want = effectiveAnnotations(d.wire.annotations);
    const got = effectiveAnnotations(live.annotations);
    for (const key of [...new Set([...Object.keys(want), ...Object.keys(got)])].sort(compareCodeUnits)) {
      if (canonicalJson(want[key] ?? null) === canonicalJson(got[key] ?? null)) continue;
      push({
        rule: 'verify.drift.annotations',
        code: 'annotation-differs',
        message: `${label}: annotations.${key} is effectively ${show(want[key])} in the description but ${show(got[key])} on the server`,
        pointer: `${d.pointer}/annotations${isObject(d.wire.annotations) && key in d.wire.annotations ? `/${key}` : ''}`,
        live: got[key],
        expected: want[key],
      });
    }
  }
}

/** Header names by property path (escaped JSON Pointer tokens) for x-mcp-header annotations (properties chains only). */
function headerMap(schema: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (!isObject(schema) || !isObject(schema.properties)) return out;
  for (const [name, sub] of Object.entries(schema.properties)) {
    if (!isObject(sub)) continue;
    const p = `${path}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (typeof sub['x-mcp-header'] === 'string') out.set(p, sub['x-mcp-header']);
    headerMap(sub, p, out);
  }
  return out;
}

function checkHeaders(
  first: JsonObject[],
  second: JsonObject[],
  decl: Map<string, Declared> | undefined,
  push: Push,
): void {
  const secondById = new Map(second.map((t) => [identityOf('tools', t), t]));
  for (const tool of first) {
    const id = identityOf('tools', tool);
    if (id === undefined) continue;
    const a = headerMap(tool.inputSchema);
    const b = headerMap(secondById.get(id)?.inputSchema);
    if (a.size === 0 && b.size === 0) continue;
    if (canonicalJson([...a].sort()) !== canonicalJson([...b].sort())) {
      push({
        rule: 'verify.hygiene.x-mcp-header',
        code: 'headers-unstable',
        severity: 'warning',
        message: `tool ${show(id)}: x-mcp-header mappings changed between two listings`,
        pointer: decl?.get(id)?.pointer ?? '/tools',
        live: [...b],
        expected: [...a],
      });
    }
    // "MUST be case-insensitively unique among all x-mcp-header values in the inputSchema" (MCP 2026-07-28 Streamable HTTP; 0.8.0 section 9).
    const names = new Map<string, string>();
    const declared = decl?.get(id)?.pointer;
    for (const [path, h] of a) {
      const earlier = names.get(h.toLowerCase());
      if (earlier !== undefined) {
        const at =
          declared === undefined
            ? '/tools'
            : `${declared}/inputSchema${path
                .split('/')
                .slice(1)
                .map((p) => `/properties/${p}`)
                .join('')}/x-mcp-header`;
        push({
          rule: 'verify.hygiene.x-mcp-header',
          code: 'header-duplicate',
          message: `tool ${show(id)}: x-mcp-header ${show(h)} at ${show(path)} repeats ${show(a.get(earlier))} of ${show(earlier)} (header names must be unique case-insensitively)`,
          pointer: at,
          live: h,
          expected: 'a header name unique case-insensitively within the inputSchema',
        });
      } else {
        names.set(h.toLowerCase(), path);
      }
    }
  }
}

/** Named examples (components already resolved), by name. */
/** A JSON Pointer reference token. */
function token(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function examplesOf(entry: JsonObject): [string, JsonObject][] {
  if (!isObject(entry.examples)) return [];
  const out: [string, JsonObject][] = [];
  for (const name of Object.keys(entry.examples).sort(compareCodeUnits)) {
    const ex = entry.examples[name];
    if (isObject(ex)) out.push([name, ex]);
  }
  return out;
}

function contentTypes(result: unknown): string[] {
  if (!isObject(result) || !Array.isArray(result.content)) return [];
  return [...new Set(result.content.map((c) => (isObject(c) && typeof c.type === 'string' ? c.type : '?')))].sort(
    compareCodeUnits,
  );
}

async function contractChecks(
  expected: Expectation,
  session: LiveSession,
  policy: CallPolicy,
  liveTools: Map<string, JsonObject>,
  push: Push,
  called: string[],
  tally: Tally,
  context: ContractContext,
): Promise<void> {
  const none = new Map<string, Declared>();
  const tools = expected.declared.tools ?? none;
  for (const [name, d] of tools) {
    if (!liveTools.has(name)) {
      skip(tally, 'not listed', name);
      continue;
    }
    // readOnlyHint alone decides: the guide gives destructiveHint meaning only when readOnlyHint
    // is false, so a tool marked both read-only and destructive is read-only (docs/live.md).
    const readOnly =
      effectiveAnnotations(d.wire.annotations).readOnlyHint === true &&
      effectiveAnnotations(liveTools.get(name)!.annotations).readOnlyHint === true;
    if (!readOnly && policy !== 'all') {
      skip(tally, 'not read-only (--call read-only)', name);
      continue;
    }
    const outputSchema = d.wire.outputSchema;
    const calls = examplesOf(d.entry).filter(
      (entry): entry is [string, JsonObject & { input: JsonObject; result: JsonObject }] =>
        isObject(entry[1].input) && isObject(entry[1].result),
    );
    if (calls.length === 0) skip(tally, 'without a named example (input and result)', name);
    for (const [exampleName, example] of calls) {
      const pointer = `${d.pointer}/examples/${token(exampleName)}`;
      if (!context.budget()) return;
      called.push(name);
      tally.calls.examples++;
      const outcome = await session.request('tools/call', { name, arguments: example.input });
      if (!outcome.ok) {
        push({
          rule: 'verify.contract.tool-call',
          code: 'call-failed',
          message: `tool ${show(name)} example ${show(exampleName)}: tools/call failed with ${outcome.error.code} ${outcome.error.message}`,
          pointer,
          live: outcome.error,
          expected: example.result,
        });
        continue;
      }
      const result = outcome.result;
      context.compare?.(`tool ${show(name)} example ${show(exampleName)}`, pointer, example, result, 'ToolResult');
      const wantError = example.result.isError === true;
      const gotError = result.isError === true;
      if (wantError !== gotError) {
        push({
          rule: 'verify.contract.tool-result',
          code: wantError ? 'expected-error' : 'unexpected-error',
          message: `tool ${show(name)} example ${show(exampleName)}: the example shows ${wantError ? 'an execution error' : 'success'} but the server returned ${gotError ? `an execution error ${show(result.content, 80)}` : 'success'}`,
          pointer: `${pointer}/result`,
          live: result,
          expected: example.result,
        });
        continue;
      }
      const want = contentTypes(example.result);
      const got = contentTypes(result);
      if (canonicalJson(want) !== canonicalJson(got)) {
        push({
          rule: 'verify.contract.tool-result',
          code: 'content-types',
          message: `tool ${show(name)} example ${show(exampleName)}: content block types ${show(got)}, expected ${show(want)} as the example shows`,
          pointer: `${pointer}/result/content`,
          live: got,
          expected: want,
        });
      }
      if (!gotError && outputSchema !== undefined) {
        if (result.structuredContent === undefined) {
          push({
            rule: 'verify.contract.tool-result',
            code: 'structured-content-missing',
            message: `tool ${show(name)} example ${show(exampleName)}: the tool declares outputSchema but the result has no structuredContent`,
            pointer: `${pointer}/result`,
            live: result,
            expected: 'structuredContent',
          });
        } else {
          const selection = dialectOf(outputSchema);
          if ('dialect' in selection) {
            const r = evaluate(outputSchema, result.structuredContent, selection.dialect);
            if (!r.valid)
              push({
                rule: 'verify.contract.tool-result',
                code: 'structured-content-invalid',
                message: `tool ${show(name)} example ${show(exampleName)}: structuredContent does not validate against outputSchema: ${r.errors
                  .slice(0, 3)
                  .map((e) => JSON.stringify(e))
                  .join('; ')}`,
                pointer: `${d.pointer}/outputSchema`,
                live: result.structuredContent,
                expected: outputSchema,
              });
          }
        }
      }
    }
    // Generated negative inputs: only read-only tools, whatever --call says.
    if (readOnly) tally.calls.negative += await negativeInputs(session, name, d, push, called, context.budget);
  }
  const resources = expected.declared.resources ?? none;
  for (const [uri, d] of resources) {
    for (const [exampleName, example] of examplesOf(d.entry)) {
      if (!context.budget()) return;
      tally.calls.reads++;
      const pointer = `${d.pointer}/examples/${token(exampleName)}`;
      const live = await checkRead(session, uri, example.result, pointer, push);
      if (live)
        context.compare?.(
          `resource ${show(uri)} example ${show(exampleName)}`,
          pointer,
          example,
          live,
          'ReadResourceResult',
        );
    }
  }
  const templates = expected.declared.resourceTemplates ?? none;
  for (const [, d] of templates) {
    for (const [exampleName, example] of examplesOf(d.entry)) {
      if (typeof example.uri !== 'string') continue;
      if (!context.budget()) return;
      tally.calls.reads++;
      const pointer = `${d.pointer}/examples/${token(exampleName)}`;
      const live = await checkRead(session, example.uri, example.result, pointer, push);
      if (live)
        context.compare?.(
          `resource template URI ${show(example.uri)} example ${show(exampleName)}`,
          pointer,
          example,
          live,
          'ReadResourceResult',
        );
    }
  }
  const prompts = expected.declared.prompts ?? none;
  for (const [name, d] of prompts) {
    for (const [exampleName, example] of examplesOf(d.entry)) {
      const pointer = `${d.pointer}/examples/${token(exampleName)}`;
      if (!context.budget()) return;
      tally.calls.gets++;
      const outcome = await session.request('prompts/get', {
        name,
        ...(isObject(example.arguments) ? { arguments: example.arguments } : {}),
      });
      if (!outcome.ok) {
        push({
          rule: 'verify.contract.prompt-get',
          code: 'get-failed',
          message: `prompt ${show(name)} example ${show(exampleName)}: prompts/get failed with ${outcome.error.code} ${outcome.error.message}`,
          pointer,
          live: outcome.error,
        });
        continue;
      }
      context.compare?.(
        `prompt ${show(name)} example ${show(exampleName)}`,
        pointer,
        example,
        outcome.result,
        'GetPromptResult',
      );
      const shape = (r: unknown) =>
        isObject(r) && Array.isArray(r.messages)
          ? r.messages.map((m) => (isObject(m) ? `${m.role}:${isObject(m.content) ? m.content.type : '?'}` : '?'))
          : [];
      const want = shape(example.result);
      const got = shape(outcome.result);
      if (canonicalJson(want) !== canonicalJson(got))
        push({
          rule: 'verify.contract.prompt-get',
          code: 'messages-shape',
          message: `prompt ${show(name)} example ${show(exampleName)}: messages ${show(got)}, expected ${show(want)}`,
          pointer: `${pointer}/result/messages`,
          live: got,
          expected: want,
        });
    }
  }
}

/**
 * verify --results: the recorded completion examples of prompts and resource templates, asked
 * again (completions are never asked otherwise) and compared.
 */
async function completionChecks(
  expected: Expectation,
  session: LiveSession,
  push: Push,
  tally: Tally,
  context: ContractContext,
): Promise<void> {
  const targets = [
    ['prompts', (id: string) => ({ type: 'ref/prompt', name: id })],
    ['resourceTemplates', (id: string) => ({ type: 'ref/resource', uri: id })],
  ] as const;
  for (const [collection, ref] of targets) {
    for (const [id, d] of expected.declared[collection] ?? new Map<string, Declared>()) {
      const examples = isObject(d.entry.completionExamples) ? d.entry.completionExamples : {};
      for (const exampleName of Object.keys(examples).sort(compareCodeUnits)) {
        const example = examples[exampleName];
        if (!isObject(example) || !isObject(example.argument) || !isObject(example.result)) continue;
        if (!isCompared(example)) {
          tally.results.unrecorded++;
          continue;
        }
        if (!context.budget()) return;
        tally.calls.completions++;
        const pointer = `${d.pointer}/completionExamples/${token(exampleName)}`;
        const label = `completion ${show(exampleName)} of ${show(id)}`;
        const params: JsonObject = { ref: ref(id), argument: example.argument };
        if (isObject(example.context)) params.context = example.context;
        const outcome = await session.request('completion/complete', params);
        if (!outcome.ok) {
          push({
            rule: 'verify.results.completion',
            code: 'complete-failed',
            message: `${label}: completion/complete failed with ${outcome.error.code} ${outcome.error.message}; the recording has a result`,
            pointer,
            live: outcome.error,
          });
          continue;
        }
        context.compare?.(label, pointer, example, outcome.result, 'CompleteResult');
      }
    }
  }
}

async function checkRead(
  session: LiveSession,
  uri: string,
  expected: unknown,
  pointer: string,
  push: Push,
): Promise<JsonObject | undefined> {
  const outcome = await session.request('resources/read', { uri });
  if (!outcome.ok) {
    push({
      rule: 'verify.contract.resource-read',
      code: 'read-failed',
      message: `resources/read ${show(uri)} failed with ${outcome.error.code} ${outcome.error.message}`,
      pointer,
      live: outcome.error,
    });
    return undefined;
  }
  const shape = (r: unknown) =>
    isObject(r) && Array.isArray(r.contents)
      ? r.contents.map((c) =>
          isObject(c)
            ? `${typeof c.text === 'string' ? 'text' : typeof c.blob === 'string' ? 'blob' : '?'}:${c.mimeType ?? ''}`
            : '?',
        )
      : [];
  const want = shape(expected);
  const got = shape(outcome.result);
  if (canonicalJson(want) !== canonicalJson(got))
    push({
      rule: 'verify.contract.resource-read',
      code: 'contents-shape',
      message: `resources/read ${show(uri)}: contents ${show(got)}, expected ${show(want)}`,
      pointer: `${pointer}/result/contents`,
      live: got,
      expected: want,
    });
  return outcome.result;
}

const wrongValue: Record<string, unknown> = {
  string: 12345,
  number: 'not-a-number',
  integer: 'not-an-integer',
  boolean: 'not-a-boolean',
  object: 'not-an-object',
  array: 'not-an-array',
};

/** A missing required property and a wrong type must come back as an execution error or -32602. */
async function negativeInputs(
  session: LiveSession,
  name: string,
  d: Declared,
  push: Push,
  called: string[],
  budget: () => boolean,
): Promise<number> {
  const schema = d.wire.inputSchema;
  if (!isObject(schema) || !isObject(schema.properties)) return 0;
  const base =
    examplesOf(d.entry)
      .map(([, e]) => e.input)
      .find(isObject) ?? {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
  const cases: { code: string; input: JsonObject; what: string }[] = [];
  if (required.length > 0) {
    const input: JsonObject = { ...base };
    delete input[required[0]!];
    cases.push({
      code: 'missing-required-accepted',
      input,
      what: `without the required property ${show(required[0])}`,
    });
  }
  const typed = Object.entries(schema.properties).find(
    ([, p]) => isObject(p) && typeof p.type === 'string' && p.type in wrongValue,
  );
  if (typed) {
    const [prop, p] = typed as [string, JsonObject];
    cases.push({
      code: 'wrong-type-accepted',
      input: { ...base, [prop]: wrongValue[p.type as string] },
      what: `with ${show(prop)} of the wrong type (${show(wrongValue[p.type as string])} for ${show(p.type)})`,
    });
  }
  let made = 0;
  for (const c of cases) {
    if (!budget()) break;
    made++;
    called.push(name);
    const outcome = await session.request('tools/call', { name, arguments: c.input });
    if (!outcome.ok && outcome.error.code === -32602) continue;
    if (outcome.ok && outcome.result.isError === true) continue;
    if (!outcome.ok && typeof outcome.error.code === 'number') {
      // Rejected, but not as MCP asks: the input was refused, only the code is wrong.
      push({
        rule: 'verify.contract.negative-input',
        code: c.code.replace(/-accepted$/, '-wrong-error-code'),
        severity: 'warning',
        message: `tool ${show(name)} called ${c.what}: the server rejected it with ${outcome.error.code} ${show(outcome.error.message, 80)}; MCP expects a tool execution error (isError: true) or -32602 for invalid arguments`,
        pointer: `${d.pointer}/inputSchema`,
        live: outcome.error,
        expected: 'isError: true or -32602',
      });
      continue;
    }
    push({
      rule: 'verify.contract.negative-input',
      code: c.code,
      message: `tool ${show(name)} called ${c.what}: ${outcome.ok ? 'the server returned success' : `the server answered ${outcome.error.code}`}; expected a tool execution error (isError: true) or -32602`,
      pointer: `${d.pointer}/inputSchema`,
      live: outcome.ok ? outcome.result : outcome.error,
      expected: 'isError: true or -32602',
    });
  }
  return made;
}
