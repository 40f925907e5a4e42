/**
 * verify: checks a running server against a description, per revision of the description:
 * drift (primitives, fields, capabilities, server info), contract checks (named examples of
 * read-only tools called; resource examples read; prompt examples got; negative inputs), and
 * protocol hygiene (cache fields, stable order, invalid cursor, x-mcp-header consistency).
 */
import { fitToRevision } from 'mcpdesc-core/internal/operations/fit-to-revision.js';
import { wireToFormat } from 'mcpdesc-core/internal/operations/wire-to-format.js';
import { implementationFields, primitiveKinds, rootScopeOf } from 'mcpdesc-core/internal/model/document.js';
import { defines, formatRevisions, isRevision, revisionFeatures } from 'mcpdesc-core/internal/model/revisions.js';
import { type JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { implementationOf, prepareNative, type NativeSource } from 'mcpdesc-core/internal/operations/native.js';
import { type OperationResult } from 'mcpdesc-core/internal/operations/operation-result.js';
import { connect, ConnectError, deadlineOf, type ConnectTarget, type LiveSession } from './connect.js';
import { Redactor } from './redaction.js';
import { finding, show, type LiveFinding } from './findings.js';
import { checkInvalidCursor, compareOrder, identityOf, listAll } from './raw-list.js';
import { type PathPattern } from './result-compare.js';
import { isCompared, parseIgnorePaths, resultFindings } from './results.js';
import { canonicalJson } from 'mcpdesc-core/internal/model/json.js';
import {
  type CallPolicy,
  type VerifyOptions,
  defaultVerifyMaxCalls,
  type VerifyResult,
  type VerifyCheck,
  type Tally,
  newTally,
  type Declared,
  listBoundsOf,
} from './verify/context.js';
import { expectation } from './verify/expectation.js';
import { compareCapabilities, compareDeclaration } from './verify/drift.js';
import { checkHeaders } from './verify/hygiene.js';
import { type ContractContext, callBudget, contractChecks } from './verify/contract.js';
import { completionChecks } from './verify/results.js';

export { defaultVerifyMaxCalls } from './verify/context.js';
export type { CallPolicy, VerifyOptions, VerifyResult, VerifyCheck } from './verify/context.js';
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

export async function verify(
  document: JsonObject,
  target: ConnectTarget,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
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
