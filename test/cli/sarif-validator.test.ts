/**
 * Our SARIF checked by a validator we did not write: Microsoft's SARIF Multitool (`validate`,
 * pinned as a dev dependency; the SARIF SDK's own checker of the 2.1.0 schema and its SARIF1xxx /
 * SARIF2xxx rules). It reads the golden SARIF files and fresh reports: lint of the bundled
 * example and of the corpus's invalid fixtures, findings with fixes (§3.55), and plugin and
 * declarative rules under `--jobs 2`. Any error or warning it reports fails the test. The
 * Multitool ships for Linux, macOS and Windows on x64; elsewhere the test is skipped, saying why.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { binPath, repoRoot, sharedRoot } from '../helpers/paths.js';

const platformPackages: Partial<Record<NodeJS.Platform, string>> = {
  linux: '@microsoft/sarif-multitool-linux',
  darwin: '@microsoft/sarif-multitool-darwin',
  win32: '@microsoft/sarif-multitool-win32',
};

/** The Multitool's executable, or why there is none here. */
function multitool(): { path: string } | { skip: string } {
  const name = platformPackages[process.platform];
  if (!name || process.arch !== 'x64')
    return { skip: `no SARIF Multitool build for ${process.platform}-${process.arch}` };
  const require = createRequire(join(repoRoot, 'package.json'));
  let folder: string;
  try {
    folder = dirname(require.resolve(`${name}/package.json`));
  } catch {
    return { skip: `${name} is not installed (an optional dependency of @microsoft/sarif-multitool)` };
  }
  const path = join(folder, process.platform === 'win32' ? 'Sarif.Multitool.exe' : 'Sarif.Multitool');
  return existsSync(path) ? { path } : { skip: `${path} is missing` };
}

const tool = multitool();
const work = mkdtempSync(join(tmpdir(), 'mcpdesc-sarif-validator-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs the CLI; the SARIF goes to `out` (the exit code is the report's verdict, not checked here). */
function report(out: string, args: string[], cwd = repoRoot): string {
  const run = spawnSync(process.execPath, [binPath, ...args, '--format', 'sarif', '-o', out], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.ok(run.status === 0 || run.status === 1, `mcpdesc ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return out;
}

interface ValidatorResult {
  ruleId: string;
  level?: string;
  message: { text?: string; id?: string; arguments?: string[] };
  locations?: { physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number } } }[];
}

/**
 * The validator's advice we do not follow, each with why. Everything else it reports at level
 * error or warning fails the test.
 */
const notFollowed: Record<string, string> = {
  // "The 'region' property is absent": a finding whose place in the text is unknown (a report
  // built without a source, or a file that could not be read) gets no region rather than an
  // invented one; every finding with a range has its region.
  SARIF2017: 'a result without a known source range has no region',
};

/** The Multitool's findings on `file` at level error or warning (its log is itself SARIF). */
function validatorFindings(path: string, file: string): string[] {
  const log = join(work, `${Math.random().toString(36).slice(2)}.validation.sarif`);
  const run = spawnSync(path, ['validate', file, '--output', log], { encoding: 'utf8', timeout: 120_000 });
  assert.ok(existsSync(log), `the SARIF Multitool wrote no log (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  const results = (JSON.parse(readFileSync(log, 'utf8')) as { runs: { results?: ValidatorResult[] }[] }).runs.flatMap(
    (r) => r.results ?? [],
  );
  return results
    .filter((r) => (r.level === undefined || r.level === 'error' || r.level === 'warning') && !notFollowed[r.ruleId])
    .map((r) => {
      const region = r.locations?.[0]?.physicalLocation?.region?.startLine;
      return `${r.ruleId} ${r.level ?? 'warning'} at line ${region ?? '?'}: ${r.message.text ?? r.message.arguments?.join(' | ') ?? ''}`;
    });
}

const invalidFixtures = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0', 'fixtures', 'expected-invalid');

/** Every SARIF this test checks: the golden files and fresh reports. */
function sarifFiles(): string[] {
  const golden = [
    join(repoRoot, 'test/golden/report/sarif.sarif.json'),
    join(repoRoot, 'test/golden/lint/fix/fixes.sarif.json'),
  ];
  const example = report(join(work, 'bookshelf.sarif'), ['lint', join(repoRoot, 'examples/bookshelf.mcpdesc.yaml')]);
  const invalid = readdirSync(invalidFixtures)
    .filter((name) => /\.(json|ya?ml)$/.test(name))
    .slice(0, 40)
    .map((name) => join(invalidFixtures, name));
  const corpus = report(join(work, 'invalid.sarif'), ['validate', ...invalid]);
  const fixes = report(join(work, 'fixes.sarif'), [
    'lint',
    join(repoRoot, 'test/fixtures/fix/server.mcpdesc.yaml'),
    join(repoRoot, 'test/fixtures/fix/server.mcpdesc.json'),
  ]);
  // A project whose configuration brings a declarative rule, checked by two workers.
  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(
    join(project, 'mcpdesc.config.json'),
    JSON.stringify({
      extends: 'recommended',
      rules: {
        'team/name-prefix': {
          given: 'tools[*].name',
          then: { function: 'pattern', functionOptions: { match: '^acme_' } },
        },
      },
    }),
  );
  writeFileSync(join(project, 'a.mcpdesc.yaml'), readFileSync(join(repoRoot, 'examples/bookshelf.mcpdesc.yaml')));
  writeFileSync(join(project, 'b.mcpdesc.yaml'), readFileSync(join(repoRoot, 'examples/bookshelf.mcpdesc.yaml')));
  const jobs = report(join(work, 'jobs.sarif'), ['lint', '--jobs', '2', 'a.mcpdesc.yaml', 'b.mcpdesc.yaml'], project);
  return [...golden, example, corpus, fixes, jobs];
}

test('the SARIF Multitool finds no error or warning in our SARIF', { skip: 'skip' in tool ? tool.skip : false }, () => {
  const path = (tool as { path: string }).path;
  const problems = sarifFiles().flatMap((file) => validatorFindings(path, file).map((p) => `${file}: ${p}`));
  assert.deepEqual(problems, []);
});

test(
  'the check can fail: a SARIF log without its version is reported',
  { skip: 'skip' in tool ? tool.skip : false },
  () => {
    const path = (tool as { path: string }).path;
    const broken = join(work, 'broken.sarif');
    const golden = JSON.parse(readFileSync(join(repoRoot, 'test/golden/report/sarif.sarif.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    delete golden.version;
    writeFileSync(broken, JSON.stringify(golden, null, 2));
    assert.notDeepEqual(validatorFindings(path, broken), []);
  },
);
