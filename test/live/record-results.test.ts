/**
 * Behavioural drift against real servers: `verify --results` re-issues what `capture --record`
 * recorded and compares the answers. server-everything recorded with the fixture inputs (which
 * declare its volatile paths) is clean; a recorded value or block type changed by hand is drift
 * at that path; server-filesystem recorded on a temporary directory reports a changed file at
 * the right path with both values, in every report format, and is clean again once re-recorded.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { MOCK_META_KEY } from 'mcpdesc-toolkit/internal/live/mock/selection.js';
import type { LiveFinding } from 'mcpdesc-toolkit/internal/live/findings.js';
import { parseRecordInputs, recordedExtension, volatileExtension } from 'mcpdesc-toolkit/internal/live/record.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import { cloneJson } from 'mcpdesc-core/internal/model/json.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { formatNames } from 'mcpdesc-core/internal/report/index.js';
import { assertGolden } from '../helpers/golden.js';
import { everythingStdio, repoRoot, runCli } from './helpers.js';

const everythingInputsFile = `${repoRoot}test/fixtures/live/record/everything-inputs.yaml`;
const filesystemEntry = `${repoRoot}node_modules/@modelcontextprotocol/server-filesystem/dist/index.js`;
const scratch = mkdtempSync(join(tmpdir(), 'mcpdesc-results-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

type Declaration = JsonObject & { examples?: Record<string, JsonObject> };
const listOf = (document: JsonObject, collection: string) => (document[collection] ?? []) as Declaration[];
const resultFindings = (findings: LiveFinding[]) => findings.filter((f) => f.rule.startsWith('verify.results.'));

async function recordEverything(): Promise<JsonObject> {
  const parsed = parseRecordInputs(parseYaml(readFileSync(everythingInputsFile, 'utf8')));
  assert.deepEqual(parsed.problems, []);
  const result = await capture(everythingStdio(), { timeout: 60000, record: { inputs: parsed.inputs! } });
  assert.ok(result.ok, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error')));
  return result.value!;
}

test('server-everything: the recording is clean under verify --results; the only volatile paths are the declared ones', async () => {
  const document = await recordEverything();
  // The fixture's volatile paths became the examples' x-mcpdesc-volatile.
  const tool = listOf(document, 'tools').find((t) => t.name === 'get-resource-reference')!;
  assert.deepEqual(tool.examples!.first![volatileExtension], ['/content/1/resource/text']);
  const declared = [
    '/tools/*/examples/first/result/content/1/resource/text',
    '/resourceTemplates/*/examples/one/result/contents/0/text',
    '/resourceTemplates/*/examples/two/result/contents/0/blob',
  ];
  const checked = await verify(document, everythingStdio(), { timeout: 60000, results: {} });
  assert.deepEqual(
    checked.findings.filter((f) => f.severity === 'error' || f.rule.startsWith('verify.results.')),
    [],
  );
  const results = checked.checks.find((c) => c.check === 'results')!;
  assert.equal(results.status, 'passed');
  assert.match(results.detail, /^2\d recorded results compared \(0 drifted\), 3 completions asked/);

  // Without the declarations, whatever drifts is a value at a declared path (a dynamic resource
  // made in another second), never anything else.
  const bare = cloneJson(document);
  for (const c of ['tools', 'resourceTemplates'])
    for (const d of listOf(bare, c)) for (const e of Object.values(d.examples ?? {})) delete e[volatileExtension];
  const strict = await verify(bare, everythingStdio(), { timeout: 60000, results: {} });
  for (const f of resultFindings(strict.findings)) {
    assert.equal(f.rule, 'verify.results.value', f.message);
    const generic = f.pointer.replace(/^\/(tools|resourceTemplates)\/\d+\//, '/$1/*/');
    assert.ok(declared.includes(generic), f.pointer);
  }
});

test('server-everything: a recorded value and a recorded block type changed by hand are drift at their paths, with both values; --ignore-path accepts the value', async () => {
  const document = await recordEverything();
  const tools = listOf(document, 'tools');
  const index = tools.findIndex((t) => t.name === 'get-sum');
  const example = tools[index]!.examples!.small!;
  const content = (example.result as { content: JsonObject[] }).content;
  const truth = content[0]!.text as string;
  assert.match(truth, /5/);
  content[0]!.text = truth.replace('5', '6');
  const echo = tools.findIndex((t) => t.name === 'echo');
  const hello = (tools[echo]!.examples!.hello!.result as { content: JsonObject[] }).content;
  hello[0] = { type: 'resource_link', uri: 'demo://nowhere', name: 'nowhere' };
  assert.deepEqual(
    validate(document).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );

  const checked = await verify(document, everythingStdio(), { timeout: 60000, results: {} });
  assert.equal(checked.ok, false);
  const drift = resultFindings(checked.findings).map((f) => ({
    rule: f.rule,
    code: f.code,
    pointer: f.pointer,
    expected: f.expected,
    live: f.live,
  }));
  const block = `/tools/${echo}/examples/hello/result/content/0`;
  assert.deepEqual(drift, [
    {
      rule: 'verify.results.structure',
      code: 'block-type-differs',
      pointer: `${block}/type`,
      expected: 'resource_link',
      live: 'text',
    },
    {
      rule: 'verify.results.structure',
      code: 'member-missing',
      pointer: `${block}/uri`,
      expected: 'demo://nowhere',
      live: undefined,
    },
    {
      rule: 'verify.results.structure',
      code: 'member-missing',
      pointer: `${block}/name`,
      expected: 'nowhere',
      live: undefined,
    },
    {
      rule: 'verify.results.structure',
      code: 'member-added',
      pointer: `${block}/text`,
      expected: undefined,
      live: 'Echo: Hello, recorder',
    },
    {
      rule: 'verify.results.value',
      code: 'value-differs',
      pointer: `/tools/${index}/examples/small/result/content/0/text`,
      expected: truth.replace('5', '6'),
      live: truth,
    },
  ]);
  const results = checked.checks.find((c) => c.check === 'results')!;
  assert.equal(results.status, 'failed');
  assert.match(results.detail, /\(2 drifted\)/);

  // The value may be ignored; the structure may not.
  const ignoring = await verify(document, everythingStdio(), {
    timeout: 60000,
    results: { ignorePaths: ['/content/*/text'] },
  });
  assert.deepEqual(
    resultFindings(ignoring.findings).map((f) => f.code),
    ['block-type-differs', 'member-missing', 'member-missing', 'member-added'],
  );
});

const stdioOf = (dir: string) => ['--stdio', `"${process.execPath}" "${filesystemEntry}" "${dir}"`];

test('server-filesystem on a temporary directory: a changed file is drift at the right path with both values, in every report format; re-recorded with --merge-into, it is clean', async () => {
  const dir = mkdtempSync(join(scratch, 'files-'));
  writeFileSync(join(dir, 'notes.txt'), 'first version\n');
  writeFileSync(join(dir, 'other.txt'), 'unchanged\n');
  const inputsFile = join(scratch, 'filesystem-inputs.json');
  writeFileSync(
    inputsFile,
    JSON.stringify({
      tools: {
        read_text_file: { notes: { path: join(dir, 'notes.txt') } },
        list_directory: { root: { path: dir } },
        // Not read-only: never called without --call all.
        write_file: { clobber: { path: join(dir, 'notes.txt'), content: 'clobbered' } },
      },
    }),
  );
  const recordingFile = join(scratch, 'filesystem.mcpdesc.json');
  const recorded = await runCli(['capture', ...stdioOf(dir), '--record', '--inputs', inputsFile, '--to', 'json']);
  assert.equal(recorded.code, 0, recorded.stderr);
  assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'first version\n');
  writeFileSync(recordingFile, recorded.stdout);
  const document = JSON.parse(recorded.stdout) as JsonObject;
  const tools = listOf(document, 'tools');
  const read = tools.findIndex((t) => t.name === 'read_text_file');
  assert.deepEqual(Object.keys(tools[read]!.examples!), ['notes']);
  assert.equal(tools.find((t) => t.name === 'write_file')!.examples, undefined);

  const clean = await runCli(['verify', recordingFile, ...stdioOf(dir), '--results', '--format', 'json']);
  assert.equal(clean.code, 0, clean.stdout);

  writeFileSync(join(dir, 'notes.txt'), 'second version\n');
  const drifted = await runCli(['verify', recordingFile, ...stdioOf(dir), '--results', '--format', 'json']);
  assert.equal(drifted.code, 1, drifted.stderr);
  const report = JSON.parse(drifted.stdout) as { files: { diagnostics: JsonObject[] }[] };
  const found = report.files[0]!.diagnostics.filter((d) => String(d.rule).startsWith('verify.results.'));
  const at = `/tools/${read}/examples/notes/result`;
  assert.deepEqual(
    found.map((d) => [d.rule, d.code, d.pointer]),
    [
      ['verify.results.value', 'value-differs', `${at}/content/0/text`],
      ['verify.results.value', 'value-differs', `${at}/structuredContent/content`],
    ],
  );
  for (const d of found) {
    assert.match(String(d.message), /recorded "first version\\n", live "second version\\n"/);
    assert.ok(d.range, 'the finding has a line and column in the description');
  }
  // Every report format carries the drift.
  for (const format of formatNames.filter((f) => f !== 'github')) {
    const out = await runCli(['verify', recordingFile, ...stdioOf(dir), '--results', '--format', format]);
    assert.equal(out.code, 1, format);
    assert.ok(out.stdout.includes('verify.results.value'), format);
    assert.ok(out.stdout.includes('second version'), format);
  }
  const stylish = await runCli(['verify', recordingFile, ...stdioOf(dir), '--results', '--no-color']);
  assertGolden(
    'live/results-drift-stylish.txt',
    stylish.stdout.split(recordingFile).join('<recording>').split(dir).join('<dir>'),
  );

  // Re-recording from the description's own examples (no --inputs) makes it clean again.
  const again = await runCli(['capture', ...stdioOf(dir), '--record', '--merge-into', recordingFile, '--to', 'json']);
  assert.equal(again.code, 0, again.stderr);
  const rerecorded = JSON.parse(again.stdout) as JsonObject;
  const notes = listOf(rerecorded, 'tools').find((t) => t.name === 'read_text_file')!.examples!.notes!;
  assert.equal((notes[recordedExtension] as JsonObject).inputSource, 'existing-example');
  assert.deepEqual(notes.input, { path: join(dir, 'notes.txt') });
  writeFileSync(recordingFile, again.stdout);
  const cleanAgain = await runCli(['verify', recordingFile, ...stdioOf(dir), '--results']);
  assert.equal(cleanAgain.code, 0, cleanAgain.stdout);
  assert.equal(readFileSync(join(dir, 'notes.txt'), 'utf8'), 'second version\n');
});

test('CLI: --ignore-path needs --results and a JSON Pointer; --max-calls a positive number; --call none skips the results check', async () => {
  const dir = mkdtempSync(join(scratch, 'cli-'));
  const file = join(scratch, 'cli.mcpdesc.json');
  const recorded = await runCli(['capture', ...stdioOf(dir), '--record', '--to', 'json']);
  assert.equal(recorded.code, 0, recorded.stderr);
  writeFileSync(file, recorded.stdout);
  const lone = await runCli(['verify', file, ...stdioOf(dir), '--ignore-path', '/content']);
  assert.equal(lone.code, 2);
  assert.match(lone.stderr, /--ignore-path needs --results/);
  const bad = await runCli(['verify', file, ...stdioOf(dir), '--results', '--ignore-path', 'content/0']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--ignore-path expects a JSON Pointer such as \/content\/\*\/text, got "content\/0"/);
  const zero = await runCli(['verify', file, ...stdioOf(dir), '--max-calls', '0']);
  assert.equal(zero.code, 2);
  assert.match(zero.stderr, /--max-calls expects a positive whole number/);
  const none = await runCli(['verify', file, ...stdioOf(dir), '--results', '--call', 'none', '--format', 'json']);
  assert.equal(none.code, 0, none.stdout);
  assert.match(none.stdout, /--call none: no result to compare/);
});

test("server-everything --protocol all: each revision is recorded on its own declarations, the document validates, verify --results is clean for every revision, mock replays a revision's answers", async () => {
  const parsed = parseRecordInputs(parseYaml(readFileSync(everythingInputsFile, 'utf8')));
  const result = await capture(everythingStdio(), {
    timeout: 90000,
    protocol: 'all',
    record: { inputs: parsed.inputs! },
  });
  assert.ok(result.ok, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error')));
  assert.ok(result.revisions.length >= 3, result.revisions.join(', '));
  const document = result.value!;
  assert.deepEqual(
    validate(document).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const seen = new Set<string>();
  for (const c of ['tools', 'resources', 'resourceTemplates', 'prompts'])
    for (const d of listOf(document, c))
      for (const example of Object.values(d.examples ?? {})) {
        // A recorded example sits on a declaration scoped to the revision it was recorded at.
        const revision = (example[recordedExtension] as JsonObject).protocolVersion as string;
        assert.deepEqual(d.protocolVersions, [revision], `${c} ${String(d.name ?? d.uri ?? d.uriTemplate)}`);
        seen.add(revision);
      }
  assert.deepEqual([...seen].sort(), [...result.revisions].sort());
  const checked = await verify(document, everythingStdio(), { timeout: 90000, results: {} });
  assert.deepEqual(
    checked.findings.filter((f) => f.severity === 'error' || f.rule.startsWith('verify.results.')),
    [],
  );
  const results = checked.checks.filter((c) => c.check === 'results');
  assert.deepEqual(
    results.map((c) => c.revision),
    result.revisions,
  );
  for (const c of results) assert.match(c.detail, /^[1-9]\d* recorded results compared \(0 drifted\)/, c.revision);

  // Replay: the v1 SDK client gets the recorded answers of the revision it negotiates.
  const mock = await startMock(document, { transport: 'http' });
  const client = new Client({ name: 'record-results-test', version: '1.0.0' });
  try {
    const transport = new StreamableHTTPClientTransport(new URL(mock.url!));
    await client.connect(transport);
    const revision = transport.protocolVersion!;
    assert.ok(result.revisions.includes(revision), revision);
    let replayed = 0;
    for (const tool of listOf(document, 'tools')) {
      if (!(tool.protocolVersions as string[]).includes(revision)) continue;
      for (const [name, example] of Object.entries(tool.examples ?? {})) {
        const got = (await client.callTool({
          name: tool.name as string,
          arguments: example.input as JsonObject,
        })) as JsonObject;
        delete (got._meta as JsonObject | undefined)?.[MOCK_META_KEY];
        if (got._meta !== undefined && Object.keys(got._meta as JsonObject).length === 0) delete got._meta;
        assert.deepEqual(got, example.result, `tool ${String(tool.name)} example ${name}`);
        replayed++;
      }
    }
    assert.ok(replayed >= 7, `${replayed} replayed`);
  } finally {
    await client.close();
    await mock.close();
  }
});
