/**
 * capture --record's input sources and bounds, and verify's call bound: --synthesize-inputs
 * (deterministic per seed, validated, read-only tools only unless --call all), --max-answer-bytes,
 * the progress line on a terminal only, the inputs file's volatile section, verify --max-calls.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cli } from 'mcpdesc-toolkit/internal/cli/program.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import type { ConnectTarget } from 'mcpdesc-toolkit/internal/live/connect.js';
import {
  parseRecordInputs,
  recordedExtension,
  synthesizedName,
  type RecordOptions,
} from 'mcpdesc-toolkit/internal/live/record.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import type { JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { repoRoot } from './helpers.js';

const callLogServer = `${repoRoot}test/fixtures/live/record/call-log-server.mjs`;
const scratch = mkdtempSync(join(tmpdir(), 'mcpdesc-record-bounds-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let logs = 0;
function logged(): { target: ConnectTarget; calls: () => { name: string; arguments: JsonObject }[] } {
  const log = join(scratch, `calls-${logs++}.jsonl`);
  return {
    target: { kind: 'stdio', command: process.execPath, args: [callLogServer], env: { MCPDESC_TEST_CALL_LOG: log } },
    calls: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => JSON.parse(line) as { name: string; arguments: JsonObject })
        : [],
  };
}

type Tool = JsonObject & { name: string; examples?: Record<string, JsonObject> };
const toolsOf = (document: JsonObject | undefined) => (document?.tools ?? []) as Tool[];

async function recordWith(record: RecordOptions) {
  const server = logged();
  const result = await capture(server.target, { record });
  return { result, calls: server.calls() };
}

test('--synthesize-inputs: only the read-only tool gets an input synthesized from its inputSchema, valid, stored as "synthesized", the same for the same seed', async () => {
  const { result, calls } = await recordWith({ synthesize: {} });
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  assert.deepEqual(
    calls.map((c) => c.name),
    ['measure'],
  );
  const word = calls[0]!.arguments.word;
  assert.equal(typeof word, 'string');
  const measure = toolsOf(result.value).find((t) => t.name === 'measure')!;
  assert.deepEqual(Object.keys(measure.examples!), [synthesizedName]);
  const example = measure.examples![synthesizedName]!;
  assert.deepEqual(example.input, { word });
  assert.equal((example[recordedExtension] as JsonObject).inputSource, 'synthesized');
  assert.deepEqual(
    validate(result.value!).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const info = result.diagnostics.find((d) => d.code === 'not-synthesized')!;
  assert.match(info.message, /2 tools are not annotated readOnlyHint: true .*"erase", "touch"/);

  const again = await recordWith({ synthesize: {} });
  assert.deepEqual(again.calls, calls);
  const seeded = await Promise.all(['one', 'two', 'three'].map((seed) => recordWith({ synthesize: { seed } })));
  const words = new Set([word, ...seeded.map((s) => s.calls[0]!.arguments.word)]);
  assert.ok(words.size > 1, 'another seed gives another value');
});

test('--synthesize-inputs with --call all synthesizes for every tool; an inputs file input wins over synthesis', async () => {
  const { calls } = await recordWith({ synthesize: {}, call: 'all' });
  assert.deepEqual(calls.map((c) => c.name).sort(), ['erase', 'measure', 'touch']);
  const given = await recordWith({
    synthesize: {},
    inputs: { tools: { measure: { given: { word: 'given' } } }, prompts: {}, resourceTemplates: {} },
  });
  assert.deepEqual(given.calls, [{ name: 'measure', arguments: { word: 'given' } }]);
  assert.deepEqual(Object.keys(toolsOf(given.result.value).find((t) => t.name === 'measure')!.examples!), ['given']);
});

test('--max-answer-bytes: a larger answer is reported, not stored', async () => {
  const inputs = { tools: { measure: { long: { word: 'abcdefghij' } } }, prompts: {}, resourceTemplates: {} };
  const { result, calls } = await recordWith({ inputs, maxAnswerBytes: 20 });
  assert.equal(calls.length, 1);
  const warning = result.diagnostics.find((d) => d.code === 'answer-too-large')!;
  assert.match(
    warning.message,
    /^tool "measure" input "long": the answer is \d+ bytes, more than --max-answer-bytes 20/,
  );
  assert.equal(toolsOf(result.value).find((t) => t.name === 'measure')!.examples, undefined);
  const roomy = await recordWith({ inputs, maxAnswerBytes: 1000 });
  assert.ok(toolsOf(roomy.result.value).find((t) => t.name === 'measure')!.examples!.long);
});

test('CLI: a progress line is drawn on a terminal standard error only, and erased; --seed needs --synthesize-inputs', async () => {
  const run = async (stderrIsTTY: boolean, extra: string[] = []) => {
    let stdout = '';
    let stderr = '';
    const io: CliIO = {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      readFile: async (path) => new Uint8Array(readFileSync(path)),
      writeFile: async () => undefined,
      cwd: process.cwd(),
      env: process.env,
      isTTY: false,
      stderrIsTTY,
    };
    const args = ['capture', '--stdio', `"${process.execPath}" "${callLogServer}"`, '--record', ...extra];
    const code = await cli([...args, '--synthesize-inputs'], io);
    return { code, stdout, stderr };
  };
  const tty = await run(true);
  assert.equal(tty.code, 0, tty.stderr);
  assert.ok(tty.stderr.includes('\r\u001b[2Krecording 1/100: tool "measure" input "synthesized"'), tty.stderr);
  // The last line drawn is erased before anything else is written.
  assert.match(tty.stderr.slice(tty.stderr.lastIndexOf('recording ')), /^recording [^\r\n]*\r\u001b\[2K/);
  const pipe = await run(false);
  assert.equal(pipe.code, 0);
  assert.ok(!pipe.stderr.includes('recording 1/'), pipe.stderr);
  const untimed = (text: string) => text.replace(/recordedAt: "[^"]*"/g, 'recordedAt: <when>');
  assert.equal(untimed(tty.stdout), untimed(pipe.stdout));
  const lone = await cli(
    ['capture', '--stdio', `"${process.execPath}" "${callLogServer}"`, '--record', '--seed', 'x'],
    {
      ...ioSink(),
    },
  );
  assert.equal(lone, 2);
});

function ioSink(): CliIO {
  return {
    stdout: () => undefined,
    stderr: () => undefined,
    readFile: async (path) => new Uint8Array(readFileSync(path)),
    writeFile: async () => undefined,
    cwd: process.cwd(),
    env: process.env,
    isTTY: false,
  };
}

test('inputs file volatile section: written as x-mcpdesc-volatile on the named recorded example; bad entries named by pointer', async () => {
  const parsed = parseRecordInputs({
    tools: { measure: { w: { word: 'abc' } } },
    volatile: { tools: { measure: { w: ['/structuredContent/length', '/content/*/text'] } } },
  });
  assert.deepEqual(parsed.problems, []);
  const { result } = await recordWith({ inputs: parsed.inputs! });
  const example = toolsOf(result.value).find((t) => t.name === 'measure')!.examples!.w!;
  assert.deepEqual(example['x-mcpdesc-volatile'], ['/structuredContent/length', '/content/*/text']);
  assert.deepEqual(
    validate(result.value!).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  assert.deepEqual(
    parseRecordInputs({
      volatile: { tools: { measure: { w: ['no-slash'], v: [] } }, components: {} },
    }).problems,
    [
      '/volatile/components: unknown member (tools, resources, resourceTemplates, prompts)',
      '/volatile/tools/measure/w: expected a non-empty array of JSON Pointers into the result, found ["no-slash"]',
      '/volatile/tools/measure/v: expected a non-empty array of JSON Pointers into the result, found []',
    ],
  );
});

test('verify --max-calls: the contract and results checks stop at the bound, with one warning', async () => {
  const inputs = {
    tools: { measure: { a: { word: 'a' }, b: { word: 'bb' }, c: { word: 'ccc' } } },
    prompts: {},
    resourceTemplates: {},
  };
  const { result } = await recordWith({ inputs });
  const server = logged();
  const checked = await verify(result.value!, server.target, { maxCalls: 2, results: {} });
  assert.equal(server.calls().length, 2);
  const bound = checked.findings.filter((f) => f.rule === 'verify.bounds');
  assert.deepEqual(
    bound.map((f) => [f.code, f.severity]),
    [['max-calls', 'warning']],
  );
  assert.match(checked.checks.find((c) => c.check === 'results')!.detail, /^2 recorded results compared \(0 drifted\)/);
});
