/**
 * The JSON-Schema-Test-Suite as data (../shared/standard-suites/json-schema-test-suite/, see PROVENANCE.md):
 * every required test of draft 2020-12 and draft-07, and the optional format tests of every format the
 * engine asserts, through the evaluator with the folder's dialect. Each verdict must equal the suite's
 * `valid`. Cases that need a document from `remotes/` are never fetched: the engine must report them
 * incomplete (an external reference to the suite's remote server), which is asserted instead of a verdict.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSERTED_FORMATS, evaluate, type Dialect } from 'mcpdesc-core/internal/schema/index.js';
import { sharedRoot } from '../helpers/paths.js';

const SUITE = join(sharedRoot, 'standard-suites', 'json-schema-test-suite');
const REMOTE_BASE = 'http://localhost:1234/';

interface SuiteCase {
  description: string;
  data: unknown;
  valid: boolean;
}

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: SuiteCase[];
}

/** Cases not run, by `folder/file | group | case`, with why. None today: a case the engine cannot decide is reported incomplete. */
const SKIPPED: ReadonlyMap<string, string> = new Map();

const DRAFTS: { folder: string; dialect: Dialect }[] = [
  { folder: 'draft2020-12', dialect: '2020-12' },
  { folder: 'draft7', dialect: 'draft-07' },
];

/** The required files of a draft, then the optional format files of the asserted formats. */
function suiteFiles(folder: string): { file: string; formats: boolean }[] {
  const required = readdirSync(join(SUITE, 'tests', folder))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => ({ file, formats: false }));
  const formats = ASSERTED_FORMATS.map((format) => `optional/format/${format}.json`)
    .filter((file) => existsSync(join(SUITE, 'tests', folder, file)))
    .map((file) => ({ file, formats: true }));
  return [...required, ...formats];
}

/** Reasons that name a document of remotes/: an external reference, or a custom meta-schema (its $vocabulary). */
const REMOTE_REASONS = [
  /^external \$(?:ref|dynamicRef) "[^"]*" \((http:\/\/localhost:1234\/[^)#]*)[^)]*\) not resolved/,
  /^meta-schema \$schema "(http:\/\/localhost:1234\/[^"#]*)#?" is not a known dialect and is never fetched/,
];

/** Why an incomplete evaluation is not a remote case, or undefined when every reason names a document in remotes/. */
function notARemoteCase(incomplete: string[]): string | undefined {
  for (const reason of incomplete) {
    const match = REMOTE_REASONS.map((pattern) => pattern.exec(reason)).find((found) => found !== null);
    if (match === undefined) return reason;
    const remote = join(SUITE, 'remotes', match[1]!.slice(REMOTE_BASE.length));
    if (!existsSync(remote)) return `${reason} (no such file in remotes/)`;
  }
  return undefined;
}

const usedSkips = new Set<string>();
const summaries: string[] = [];

for (const { folder, dialect } of DRAFTS) {
  test(`JSON-Schema-Test-Suite ${folder}: verdicts equal the suite's`, () => {
    const failures: string[] = [];
    let run = 0;
    let passed = 0;
    let remote = 0;
    let skipped = 0;
    for (const { file, formats } of suiteFiles(folder)) {
      const groups = JSON.parse(readFileSync(join(SUITE, 'tests', folder, file), 'utf8')) as SuiteGroup[];
      for (const group of groups) {
        for (const suiteCase of group.tests) {
          const key = `${folder}/${file} | ${group.description} | ${suiteCase.description}`;
          if (SKIPPED.has(key)) {
            usedSkips.add(key);
            skipped++;
            continue;
          }
          run++;
          const result = evaluate(group.schema, suiteCase.data, dialect, { formats });
          if (result.incomplete !== undefined) {
            const problem = notARemoteCase(result.incomplete);
            if (problem === undefined) remote++;
            else failures.push(`${key}: incomplete without a remote reference: ${problem}`);
            continue;
          }
          if (file === 'refRemote.json') failures.push(`${key}: needs remotes/ but was evaluated as complete`);
          else if (result.valid === suiteCase.valid) passed++;
          else failures.push(`${key}: expected valid=${suiteCase.valid}, got ${result.valid}`);
        }
      }
    }
    summaries.push(`${folder} run ${run} / passed ${passed} / not evaluable (remotes/) ${remote} / skipped ${skipped}`);
    assert.deepEqual(failures, []);
    assert.ok(passed > 1000, `${folder}: only ${passed} cases passed`);
  });
}

test('JSON-Schema-Test-Suite: every skip-table entry names a case that exists', () => {
  console.log(`JSON-Schema-Test-Suite: ${summaries.join('; ')}`);
  assert.deepEqual(
    [...SKIPPED.keys()].filter((key) => !usedSkips.has(key)),
    [],
  );
});
