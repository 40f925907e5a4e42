/**
 * verify: checks a running server against a description, per revision of the description:
 * drift (primitives, fields, capabilities, server info), contract checks (named examples of
 * read-only tools called; resource examples read; prompt examples got; negative inputs), and
 * protocol hygiene (cache fields, stable order, invalid cursor, x-mcp-header consistency).
 */
import { primitiveKinds, rootScopeOf, type PrimitiveKindInfo, type JsonObject } from 'mcpdesc-core/model';
import { prepareNative, type NativeSource, type OperationResult } from 'mcpdesc-core/operations';
import { authorizeFirst, connect, ConnectError, deadlineOf, type ConnectTarget, type LiveSession } from './connect.js';
import { Redactor } from './redaction.js';
import { checkVerifyArguments } from './entry-checks.js';
import { finding, show, type LiveFinding } from './findings.js';
import { identityOf, listAll } from './raw-list.js';
import { type PathPattern } from './result-compare.js';
import { parseIgnorePaths } from './results.js';
import {
  type CallPolicy,
  type VerifyOptions,
  defaultVerifyMaxCalls,
  type VerifyResult,
  type VerifyCheck,
  type Tally,
  newTally,
  type Push,
  listBoundsOf,
  type VerifyContext,
} from './verify/context.js';
import { compareCapabilities, compareServerInfo, listNotAdvertised, compareListed } from './verify/drift.js';
import { callBudget, contractChecks } from './verify/contract.js';
import { expectation } from './verify/expectation.js';
import { completionChecks, resultsComparer } from './verify/results.js';
import { listHygiene } from './verify/hygiene.js';
import { verifyConnectRule } from './rules/verify.connect.js';
import { verifyProtocolRule } from './rules/verify.protocol.js';

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
  checkVerifyArguments(document, target, options);
  const all: readonly string[] = rootScopeOf(document);
  const plan = options.revisions ?? all;
  const findings: LiveFinding[] = [];
  const called: string[] = [];
  const checks: VerifyCheck[] = [];
  const prepared = prepareNative(document);
  // OAuth's browser step, if any, before the operation's deadline starts.
  await authorizeFirst(target, options);
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
          rule: verifyProtocolRule,
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
      const failure = {
        message: `cannot verify MCP ${revision}: ${(e as Error).message}`,
        pointer: '/protocolVersions',
        expected: revision,
      };
      findings.push(
        unreachable
          ? finding({ rule: verifyConnectRule, code: 'connect-failed', ...failure })
          : finding({ rule: verifyProtocolRule, code: 'unsupported', ...failure }),
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
  const push: Push = (init) => findings.push(finding({ ...init, revision }));
  compareServerInfo(document, session, push);
  const context: VerifyContext = {
    options,
    session,
    revision,
    push,
    add: (f) => findings.push(f),
    called,
    tally,
    budget: callBudget(options.maxCalls ?? defaultVerifyMaxCalls, push),
    expected: expectation(document, prepared, revision, push),
  };
  compareCapabilities(context);
  tally.capabilities = context.expected.capabilities !== undefined;
  const liveTools = new Map<string, JsonObject>();
  for (const info of primitiveKinds) await verifyCollection(context, info, liveTools);

  if ((options.call ?? 'read-only') === 'none') return;
  if (options.results) context.compare = resultsComparer(context, results);
  await contractChecks(context, liveTools);
  if (context.compare && 'completions' in session.capabilities) await completionChecks(context);
}

/** One primitive collection: listed once (drift, hygiene), the tools kept for the contract room. */
async function verifyCollection(
  context: VerifyContext,
  info: PrimitiveKindInfo,
  liveTools: Map<string, JsonObject>,
): Promise<void> {
  const kind = info.collection;
  const decl = context.expected.declared[kind];
  if (!(info.listCapability in context.session.capabilities)) return listNotAdvertised(context, info);
  // A list method answering -32601 is the server's lapse, but drift when the description declares the kind.
  const strict = (decl?.size ?? 0) > 0;
  const first = await listAll(context.session, kind, { ...listBoundsOf(context.options), namespace: 'verify', strict });
  for (const item of first.findings) context.add(item);
  const liveById = new Map<string, JsonObject>();
  for (const item of first.items) {
    const id = identityOf(kind, item);
    if (id !== undefined && !liveById.has(id)) liveById.set(id, item);
  }
  if (info.kind === 'tool') for (const [k, v] of liveById) liveTools.set(k, v);
  context.tally.listed.set(kind, liveById.size);
  context.tally.compared.set(kind, [...(decl?.keys() ?? [])].filter((id) => liveById.has(id)).length);
  compareListed(context, info, first.complete, liveById);
  await listHygiene(context, info, first);
}
