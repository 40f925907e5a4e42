import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';

/** Invalid (info.version missing: an error) and, for lint, a few infos. */
const today = { mcpdesc: '0.8.0', info: { name: 'x' }, protocolVersions: ['2025-11-25'] };
const compact = JSON.stringify(today);
/** The same findings on other lines: a baseline never records lines. */
const reformatted = JSON.stringify(today, null, 4);

async function writeBaseline(files: Record<string, string>, args: string[] = Object.keys(files)) {
  const run = await runCli(['lint', '--write-baseline', 'ci/baseline.json', ...args], { files, filesOnly: true });
  return { ...run, baseline: run.written['ci/baseline.json']! };
}

test('lint --write-baseline records every finding by file, rule, code and place, sorted and stable', async () => {
  const { code, stderr, stdout, baseline } = await writeBaseline({
    'b.mcpdesc.json': compact,
    'a.mcpdesc.json': compact,
  });
  assert.equal(code, 0, 'everything recorded is suppressed');
  assert.match(
    stderr,
    /^mcpdesc: recorded \d+ findings in baseline ci\/baseline\.json; the report above leaves them out\n$/,
  );
  assert.match(stdout, /no problems/);
  const parsed = JSON.parse(baseline);
  assert.equal(parsed.version, 1);
  assert.deepEqual(Object.keys(parsed.files), ['../a.mcpdesc.json', '../b.mcpdesc.json'], 'relative to the baseline');
  const entries = parsed.files['../a.mcpdesc.json'];
  assert.ok(
    entries.some((e: { rule: string; code: string }) => e.rule === 'mcpdesc.document.schema'),
    'validation errors are recorded as well as lint findings',
  );
  assert.ok(
    entries.every((e: object) => Object.keys(e).join() === 'rule,code,pointer,count'),
    'never a line',
  );
  const keys = entries.map((e: { rule: string; code: string; pointer: string }) =>
    JSON.stringify([e.rule, e.code, e.pointer]),
  );
  assert.deepEqual(keys, [...keys].sort());
  assert.equal((await writeBaseline({ 'a.mcpdesc.json': compact, 'b.mcpdesc.json': compact })).baseline, baseline);
});

test('lint --baseline reports only new findings and says how many were suppressed', async () => {
  const { baseline } = await writeBaseline({ 'a.mcpdesc.json': compact });
  const recorded = JSON.parse(baseline).files['../a.mcpdesc.json'].length;
  const same = await runCli(['lint', '--baseline', 'ci/baseline.json', 'a.mcpdesc.json'], {
    files: { 'a.mcpdesc.json': reformatted, 'ci/baseline.json': baseline },
    filesOnly: true,
  });
  assert.equal(same.code, 0, 'the invalid document passes: its error is recorded');
  assert.match(same.stderr, new RegExp(`^mcpdesc: ${recorded} findings suppressed by baseline ci/baseline\\.json\\n$`));
  const grown = { ...today, tools: [{ name: 'x', inputSchema: { type: 'array' } }] };
  const worse = await runCli(['lint', '--baseline', 'ci/baseline.json', '--format', 'json', 'a.mcpdesc.json'], {
    files: { 'a.mcpdesc.json': JSON.stringify(grown), 'ci/baseline.json': baseline },
    filesOnly: true,
  });
  assert.equal(worse.code, 1);
  const reported = JSON.parse(worse.stdout).files[0].diagnostics as { pointer: string }[];
  assert.ok(reported.length > 0);
  assert.ok(
    reported.every((d) => d.pointer.startsWith('/tools')),
    'only the new findings',
  );
});

test('lint --baseline lists stale entries; --fail-on-stale makes them fail', async () => {
  const { baseline } = await writeBaseline({ 'a.mcpdesc.json': compact, 'b.mcpdesc.json': compact });
  const fixed = JSON.stringify({ ...today, info: { name: 'x', version: '1' } });
  const files = { 'a.mcpdesc.json': fixed, 'ci/baseline.json': baseline };
  const run = await runCli(['lint', '--baseline', 'ci/baseline.json', 'a.mcpdesc.json'], { files, filesOnly: true });
  assert.equal(run.code, 0, 'stale entries alone do not fail');
  assert.match(
    run.stderr,
    /baseline entr(y is|ies are) stale \(no longer found\); --write-baseline ci\/baseline\.json drops them:\n {2}\.\.\/a\.mcpdesc\.json {2}\S+\/\S+ at \//,
  );
  assert.doesNotMatch(run.stderr, /b\.mcpdesc\.json/, 'a file not checked in this run has no stale entries');
  const strict = await runCli(['lint', '--baseline', 'ci/baseline.json', '--fail-on-stale', 'a.mcpdesc.json'], {
    files,
    filesOnly: true,
  });
  assert.equal(strict.code, 1);
});

test('lint --baseline: a missing, broken or combined baseline is a usage error, exit 2', async () => {
  const files = { 'a.mcpdesc.json': compact };
  const missing = await runCli(['lint', '--baseline', 'none.json', 'a.mcpdesc.json'], { files, filesOnly: true });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read baseline none\.json: no such file \(create it with --write-baseline\)/);
  const broken = await runCli(['lint', '--baseline', 'b.json', 'a.mcpdesc.json'], {
    files: { ...files, 'b.json': '{"version":1,"files":{"a":[{"rule":"r"}]}}' },
    filesOnly: true,
  });
  assert.equal(broken.code, 2);
  assert.match(
    broken.stderr,
    /baseline b\.json is invalid: files\["a"\]\[0\] is not \{ rule, code, primitive\?: \{ kind, name \}, pointer, count \}/,
  );
  const both = await runCli(['lint', '--baseline', 'b.json', '--write-baseline', 'b.json', 'a.mcpdesc.json'], {
    files,
    filesOnly: true,
  });
  assert.equal(both.code, 2);
  const unread = await runCli(['lint', '--write-baseline', 'b.json', 'a.mcpdesc.json', 'gone.mcpdesc.json'], {
    files,
    filesOnly: true,
  });
  assert.equal(unread.code, 2);
  assert.equal(unread.written['b.json'], undefined, 'a baseline missing a file is not written');
  assert.equal((await runCli(['validate', '--baseline', 'b.json', 'a.mcpdesc.json'], { files })).code, 2, 'lint only');
});

/** Two tools with findings (an array input schema); a third inserted before them must not unsuppress them. */
const tool = (name: string) => ({ name, inputSchema: { type: 'array' } });
const withTools = (...names: string[]) => JSON.stringify({ ...today, tools: names.map(tool) });

test('baseline entries name the tool a finding is in: inserting a tool at index 0 leaves every entry matching', async () => {
  const { baseline, stderr } = await writeBaseline({ 'a.mcpdesc.json': withTools('alpha', 'beta') });
  const entries = JSON.parse(baseline).files['../a.mcpdesc.json'] as { primitive?: { kind: string; name: string } }[];
  const named = entries.filter((e) => e.primitive).map((e) => `${e.primitive!.kind}/${e.primitive!.name}`);
  assert.ok(named.includes('tools/alpha') && named.includes('tools/beta'), JSON.stringify(entries));
  const recorded = entries.reduce((n, e) => n + (e as { count: number }).count, 0);
  assert.match(stderr, new RegExp(`^mcpdesc: recorded ${recorded} findings in baseline`));
  const inserted = await runCli(['lint', '--baseline', 'ci/baseline.json', '--format', 'json', 'a.mcpdesc.json'], {
    files: { 'a.mcpdesc.json': withTools('gamma', 'alpha', 'beta'), 'ci/baseline.json': baseline },
    filesOnly: true,
  });
  assert.doesNotMatch(inserted.stderr, /stale/, 'no entry went stale');
  const reported = JSON.parse(inserted.stdout).files[0].diagnostics as { pointer: string }[];
  assert.ok(reported.length > 0, 'the new tool has findings of its own');
  assert.ok(
    reported.every((d) => d.pointer.startsWith('/tools/0')),
    `only the inserted tool's findings are new: ${JSON.stringify(reported.map((d) => d.pointer))}`,
  );
});

test('a baseline keyed by index pointers (written before names) still matches', async () => {
  const { baseline } = await writeBaseline({ 'a.mcpdesc.json': withTools('alpha') });
  const old = JSON.parse(baseline);
  for (const entry of old.files['../a.mcpdesc.json']) {
    if (entry.primitive) entry.pointer = `/tools/0${entry.pointer}`;
    delete entry.primitive;
  }
  const run = await runCli(['lint', '--baseline', 'ci/baseline.json', 'a.mcpdesc.json'], {
    files: { 'a.mcpdesc.json': withTools('alpha'), 'ci/baseline.json': JSON.stringify(old) },
    filesOnly: true,
  });
  assert.equal(run.code, 0);
  assert.doesNotMatch(run.stderr, /stale/);
});
