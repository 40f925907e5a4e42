/**
 * capture --record and its replay: server-everything recorded with a fixture inputs file (its
 * resources, prompts and read-only tools), the recording validated and replayed through `mock`
 * to the v1 SDK client, which must get every recorded answer back; a server that logs its calls
 * shows that --record calls a destructive or unannotated tool only with --call all.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parse as parseYaml } from 'yaml';
import { capture } from 'mcpdesc-toolkit/internal/live/capture.js';
import type { ConnectTarget } from 'mcpdesc-toolkit/internal/live/connect.js';
import { startMock } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { verify } from 'mcpdesc-toolkit/internal/live/verify.js';
import { MOCK_META_KEY } from 'mcpdesc-toolkit/internal/live/mock/selection.js';
import {
  parseRecordInputs,
  recordedExtension,
  recordedName,
  type RecordInputs,
} from 'mcpdesc-toolkit/internal/live/record.js';
import { cloneJson } from 'mcpdesc-core/internal/model/json.js';
import { isObject, type JsonObject } from 'mcpdesc-core/internal/model/values.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { everythingStdio, repoRoot, runCli, testServerStdio } from './helpers.js';

const fixtures = `${repoRoot}test/fixtures/live/record/`;
const everythingInputsFile = `${fixtures}everything-inputs.yaml`;
const callLogServer = `${fixtures}call-log-server.mjs`;
const scratch = mkdtempSync(join(tmpdir(), 'mcpdesc-record-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function inputsOf(value: unknown): RecordInputs {
  const parsed = parseRecordInputs(value);
  assert.deepEqual(parsed.problems, []);
  return parsed.inputs!;
}
const everythingInputs = () => inputsOf(parseYaml(readFileSync(everythingInputsFile, 'utf8')));

type Declaration = JsonObject & { examples?: Record<string, JsonObject> };
const listOf = (document: JsonObject, collection: string) => (document[collection] ?? []) as Declaration[];

/** A replayed result without the mock's own marker (its `_meta` dropped when nothing else was in it). */
function withoutMockMarker(result: unknown): JsonObject {
  const out = cloneJson(result) as JsonObject;
  if (isObject(out._meta)) {
    delete out._meta[MOCK_META_KEY];
    if (Object.keys(out._meta).length === 0) delete out._meta;
  }
  return out;
}

test('parseRecordInputs: the fixture is accepted; a bad name, a non-object input, a non-string argument and an unknown member are named by pointer', () => {
  assert.ok(parseRecordInputs(parseYaml(readFileSync(everythingInputsFile, 'utf8'))).inputs);
  const { inputs, problems } = parseRecordInputs({
    tools: { echo: { 'bad name': { message: 'x' }, fine: 'not an object' } },
    prompts: { p: { one: { city: 3 } } },
    resourceTemplates: { 't://{id}': { one: 7 } },
    extra: {},
  });
  assert.equal(inputs, undefined);
  assert.deepEqual(problems, [
    '/extra: unknown member (tools, prompts, resourceTemplates, completions, volatile)',
    '/tools/echo/bad name: an example name must match ^[A-Za-z0-9._-]+$',
    '/tools/echo/fine: expected an arguments object, found "not an object"',
    '/prompts/p/one: expected a map of string arguments, found {"city":3}',
    '/resourceTemplates/t:~1~1{id}/one: expected a URI string, found 7',
  ]);
});

test('server-everything: --record stores its resources, prompts and read-only tools as valid named examples; mock replays every one to the v1 SDK client; verify of the recording against the server finds no error', async () => {
  const inputs = everythingInputs();
  const now = new Date('2026-01-02T03:04:05.000Z');
  const result = await capture(everythingStdio(), { timeout: 60000, record: { inputs, now } });
  assert.ok(result.ok, JSON.stringify(result.diagnostics.filter((d) => d.severity === 'error')));
  const document = result.value!;
  assert.deepEqual(
    validate(document).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
  const revision = result.revisions[0]!;

  // Which tools were recorded: exactly the read-only ones the inputs name, with every named input.
  const tools = listOf(document, 'tools');
  for (const tool of tools) {
    const named = inputs.tools[tool.name as string] ?? {};
    const readOnly = isObject(tool.annotations) && tool.annotations.readOnlyHint === true;
    const expected = readOnly ? Object.keys(named).sort() : [];
    assert.deepEqual(Object.keys(tool.examples ?? {}).sort(), expected, `tool ${String(tool.name)}`);
    for (const name of expected) assert.deepEqual(tool.examples![name]!.input, named[name]);
  }
  assert.ok(
    result.diagnostics.some(
      (d) => d.rule === 'capture.record' && d.code === 'not-called' && d.message.includes('toggle-simulated-logging'),
    ),
  );
  for (const resource of listOf(document, 'resources'))
    assert.deepEqual(Object.keys(resource.examples ?? {}), [recordedName], `resource ${String(resource.uri)}`);
  for (const template of listOf(document, 'resourceTemplates'))
    assert.deepEqual(
      Object.keys(template.examples ?? {}).sort(),
      Object.keys(inputs.resourceTemplates[template.uriTemplate as string] ?? {}).sort(),
    );
  for (const prompt of listOf(document, 'prompts')) {
    const required = ((prompt.arguments ?? []) as JsonObject[]).some((a) => a.required === true);
    const expected = Object.keys(inputs.prompts[prompt.name as string] ?? {});
    if (!required) expected.push(recordedName);
    assert.deepEqual(Object.keys(prompt.examples ?? {}).sort(), expected.sort(), `prompt ${String(prompt.name)}`);
  }
  const completed = (['prompts', 'resourceTemplates'] as const).flatMap((c) =>
    listOf(document, c).flatMap((d) => {
      const id = (c === 'prompts' ? d.name : d.uriTemplate) as string;
      const examples = (d.completionExamples ?? {}) as Record<string, JsonObject>;
      assert.deepEqual(
        Object.keys(examples).sort(),
        Object.keys(inputs.completions![c][id] ?? {}).sort(),
        `${c} ${id}`,
      );
      return Object.values(examples).map((example) => ({
        ref: c === 'prompts' ? { type: 'ref/prompt', name: id } : { type: 'ref/resource', uri: id },
        example,
      }));
    }),
  );
  assert.equal(completed.length, 3);
  const recorded = [
    ...['tools', 'resources', 'resourceTemplates', 'prompts'].flatMap((c) =>
      listOf(document, c).flatMap((d) => Object.values(d.examples ?? {})),
    ),
    ...completed.map(({ example }) => example),
  ];
  assert.ok(recorded.length >= 20, `${recorded.length} examples recorded`);
  for (const example of recorded)
    assert.deepEqual(example[recordedExtension], {
      recordedAt: now.toISOString(),
      protocolVersion: revision,
      inputSource: (example[recordedExtension] as JsonObject).inputSource,
    });

  // Replay: every recorded input gets its recorded answer back through a client we did not write.
  const mock = await startMock(document, { transport: 'http' });
  const client = new Client({ name: 'record-replay-test', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(mock.url!)));
    let replayed = 0;
    for (const tool of tools)
      for (const [name, example] of Object.entries(tool.examples ?? {})) {
        const got = await client.callTool({ name: tool.name as string, arguments: example.input as JsonObject });
        assert.deepEqual(withoutMockMarker(got), example.result, `tool ${String(tool.name)} example ${name}`);
        replayed++;
      }
    // Byte for byte: the answer's text on the wire, key order included, is the recorded result's.
    for (const tool of tools)
      for (const [name, example] of Object.entries(tool.examples ?? {})) {
        const response = await fetch(mock.url!, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': revision,
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: tool.name, arguments: example.input },
          }),
        });
        const { result } = JSON.parse(await response.text()) as { result: JsonObject };
        assert.equal(
          JSON.stringify(withoutMockMarker(result)),
          JSON.stringify(example.result),
          `tool ${String(tool.name)} example ${name} on the wire`,
        );
      }
    for (const resource of listOf(document, 'resources')) {
      const got = await client.readResource({ uri: resource.uri as string });
      assert.deepEqual(withoutMockMarker(got), resource.examples![recordedName]!.result, String(resource.uri));
      replayed++;
    }
    for (const template of listOf(document, 'resourceTemplates'))
      for (const example of Object.values(template.examples ?? {})) {
        const got = await client.readResource({ uri: example.uri as string });
        assert.deepEqual(withoutMockMarker(got), example.result, String(example.uri));
        replayed++;
      }
    for (const prompt of listOf(document, 'prompts'))
      for (const [name, example] of Object.entries(prompt.examples ?? {})) {
        const got = await client.getPrompt({
          name: prompt.name as string,
          ...(example.arguments ? { arguments: example.arguments as Record<string, string> } : {}),
        });
        assert.deepEqual(withoutMockMarker(got), example.result, `prompt ${String(prompt.name)} example ${name}`);
        replayed++;
      }
    for (const { ref, example } of completed) {
      const got = await client.complete({
        ref,
        argument: example.argument,
        ...(example.context ? { context: example.context } : {}),
      } as Parameters<Client['complete']>[0]);
      assert.deepEqual(withoutMockMarker(got), example.result, JSON.stringify(example.argument));
      replayed++;
    }
    assert.equal(replayed, recorded.length);
  } finally {
    await client.close();
    await mock.close();
  }

  // The recording's examples hold against the live server too: verify's contract calls find no error
  // (its warnings are the server's own: the v1 SDK accepts an invalid cursor).
  const checked = await verify(document, everythingStdio(), { timeout: 60000 });
  assert.deepEqual(
    checked.findings.filter(
      (f) => f.severity === 'error' || (f.severity === 'warning' && f.rule !== 'verify.hygiene.invalid-cursor'),
    ),
    [],
  );
  const recordedTools = tools.filter((t) => t.examples !== undefined).map((t) => t.name);
  assert.deepEqual(
    [...new Set(checked.called)].filter((name) => recordedTools.includes(name)).sort(),
    recordedTools.sort(),
  );
});

const callLog = (name: string) => join(scratch, `${name}.jsonl`);
const callLogTarget = (log: string): ConnectTarget => ({
  kind: 'stdio',
  command: process.execPath,
  args: [callLogServer],
  env: { MCPDESC_TEST_CALL_LOG: log },
});
const calledTools = (log: string): string[] =>
  existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { name: string }).name)
    : [];
const wordInputs = (word: string): RecordInputs => ({
  tools: { measure: { w: { word } }, erase: { w: { word } }, touch: { w: { word } } },
  prompts: {},
  resourceTemplates: {},
});

test('--record calls only the read-only tool by default: the destructive and the unannotated ones are never called', async () => {
  const log = callLog('read-only');
  const result = await capture(callLogTarget(log), { record: { inputs: wordInputs('abc') } });
  assert.ok(result.ok);
  assert.deepEqual(calledTools(log), ['measure']);
  const measure = listOf(result.value!, 'tools').find((t) => t.name === 'measure')!;
  const stored = measure.examples!.w!.result as JsonObject;
  assert.deepEqual([stored.content, stored.structuredContent], [[{ type: 'text', text: '3' }], { length: 3 }]);
  const skipped = result.diagnostics.filter((d) => d.code === 'not-called').map((d) => d.pointer);
  assert.equal(skipped.length, 2);
  for (const tool of listOf(result.value!, 'tools').filter((t) => t.name !== 'measure'))
    assert.equal(tool.examples, undefined);
});

test('--record with --call all calls every tool the inputs name', async () => {
  const log = callLog('all');
  const result = await capture(callLogTarget(log), { record: { inputs: wordInputs('abc'), call: 'all' } });
  assert.ok(result.ok);
  assert.deepEqual(calledTools(log).sort(), ['erase', 'measure', 'touch']);
  for (const tool of listOf(result.value!, 'tools')) assert.deepEqual(Object.keys(tool.examples ?? {}), ['w']);
});

test('--record: an input the inputSchema rejects is not sent; a JSON-RPC error is reported, not stored; --max-calls stops the recording', async () => {
  const log = callLog('invalid');
  const inputs: RecordInputs = {
    tools: { measure: { bad: { word: 5 } as unknown as JsonObject, failing: { word: 'fail' }, good: { word: 'ok' } } },
    prompts: {},
    resourceTemplates: {},
  };
  const result = await capture(callLogTarget(log), { record: { inputs } });
  assert.ok(result.ok);
  assert.deepEqual(calledTools(log), ['measure', 'measure'], 'the invalid input is never sent');
  const codes = result.diagnostics.filter((d) => d.rule === 'capture.record').map((d) => d.code);
  assert.deepEqual(codes.sort(), ['input-invalid', 'request-failed']);
  assert.deepEqual(Object.keys(listOf(result.value!, 'tools')[0]!.examples!), ['good']);

  const bounded = await capture(callLogTarget(callLog('bounded')), { record: { inputs, maxCalls: 1 } });
  assert.deepEqual(calledTools(callLog('bounded')), ['measure']);
  assert.ok(bounded.diagnostics.some((d) => d.code === 'max-calls' && d.message.includes('--max-calls 1')));
});

test('--record: an answer that breaks its own outputSchema is reported and kept out; the recording still validates', async () => {
  const result = await capture(callLogTarget(callLog('broken')), {
    record: {
      inputs: {
        tools: { measure: { broken: { word: 'broken' }, fine: { word: 'fine' } } },
        prompts: {},
        resourceTemplates: {},
      },
    },
  });
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  const rejected = result.diagnostics.filter((d) => d.code === 'example-rejected');
  assert.equal(rejected.length, 1);
  assert.equal(rejected[0]!.pointer, '/tools/0/examples/broken');
  assert.match(rejected[0]!.message, /outputSchema|structuredContent/);
  assert.deepEqual(Object.keys(listOf(result.value!, 'tools')[0]!.examples!), ['fine']);
});

test('CLI: --inputs without --record and a malformed inputs file are usage errors; --record writes a description that validates', async () => {
  const target = ['--stdio', `"${process.execPath}" "${callLogServer}"`];
  const lone = await runCli(['capture', ...target, '--inputs', everythingInputsFile]);
  assert.equal(lone.code, 2);
  assert.match(lone.stderr, /--inputs needs --record/);
  const all = await runCli([
    'capture',
    ...target,
    '--record',
    '--protocol',
    'all',
    '--merge-into',
    everythingInputsFile,
  ]);
  assert.equal(all.code, 2);
  assert.match(all.stderr, /--record with --merge-into re-records one revision/);
  const badFile = join(scratch, 'bad-inputs.json');
  writeFileSync(badFile, JSON.stringify({ tools: { measure: ['word'] } }));
  const bad = await runCli(['capture', ...target, '--record', '--inputs', badFile]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /\/tools\/measure: expected a non-empty map/);
  const recorded = await runCli(['capture', ...target, '--record', '--max-calls', '5', '--to', 'json']);
  assert.equal(recorded.code, 0, recorded.stderr);
  assert.deepEqual(
    validate(JSON.parse(recorded.stdout)).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test('--record: a secret the server echoes in an answer (server-everything get-env) is redacted in the recorded example', async () => {
  const secret = 'record-test-secret-value';
  const target = { ...everythingStdio(), env: { MCPDESC_RECORD_SECRET: secret } } as ConnectTarget;
  const result = await capture(target, {
    timeout: 60000,
    record: { inputs: { tools: { 'get-env': { all: {} } }, prompts: {}, resourceTemplates: {} } },
  });
  const tool = listOf(result.value!, 'tools').find((t) => t.name === 'get-env')!;
  const text = JSON.stringify(tool.examples!.all);
  assert.ok(text.includes('MCPDESC_RECORD_SECRET'), 'the answer lists the variable');
  assert.ok(!JSON.stringify(result.value).includes(secret));
  assert.ok(
    result.diagnostics.some(
      (d) => d.rule === 'capture.secret' && d.pointer.startsWith('/tools/') && d.pointer.includes('/examples/all/'),
    ),
  );
});

test('--record: a completion is asked only of a server declaring completions, and only for a listed prompt or template', async () => {
  const result = await capture(testServerStdio(), {
    record: {
      inputs: {
        tools: {},
        prompts: { greet: { ada: { who: 'Ada' } } },
        resourceTemplates: {},
        completions: {
          prompts: { greet: { w: { argument: { name: 'who', value: 'A' } } } },
          resourceTemplates: { 'test://nowhere/{id}': { one: { argument: { name: 'id', value: '1' } } } },
        },
      },
    },
  });
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  const codes = result.diagnostics.filter((d) => d.rule === 'capture.record').map((d) => d.code);
  assert.deepEqual(codes.sort(), ['no-completions', 'not-listed']);
  const greet = listOf(result.value!, 'prompts')[0]!;
  assert.deepEqual(Object.keys(greet.examples!), ['ada']);
  assert.equal(greet.completionExamples, undefined);
});

test('--record stops at the --timeout deadline: the call cut by it is reported, nothing after it is asked', async () => {
  const result = await capture(everythingStdio(), {
    timeout: 8000,
    record: {
      inputs: {
        tools: { 'trigger-long-running-operation': { slow: { duration: 30, steps: 1 } } },
        prompts: {},
        resourceTemplates: {},
      },
    },
  });
  const codes = result.diagnostics
    .filter((d) => d.rule === 'capture.record' && d.severity === 'warning')
    .map((d) => d.code);
  assert.deepEqual(codes, ['request-failed', 'timeout']);
  for (const collection of ['tools', 'resources', 'prompts'])
    for (const declaration of listOf(result.value!, collection)) assert.equal(declaration.examples, undefined);
});

test('--request-timeout bounds one call: the slow call fails alone, with the bound named, and the rest is recorded', async () => {
  const started = Date.now();
  const result = await capture(everythingStdio(), {
    timeout: 60000,
    requestTimeout: 1500,
    record: {
      inputs: {
        tools: {
          'trigger-long-running-operation': { slow: { duration: 30, steps: 1 } },
          echo: { hello: { message: 'hello' } },
        },
        prompts: {},
        resourceTemplates: {},
      },
    },
  });
  assert.ok(Date.now() - started < 30000, 'the slow call did not hold the run for its 30 s');
  const failed = result.diagnostics.filter((d) => d.rule === 'capture.record' && d.code === 'request-failed');
  assert.equal(failed.length, 1, JSON.stringify(result.diagnostics));
  assert.match(failed[0]!.message, /trigger-long-running-operation/);
  assert.match(failed[0]!.message, /failed with timeout "no answer within 1500 ms"/);
  const tools = listOf(result.value!, 'tools');
  assert.equal(tools.find((tool) => tool.name === 'trigger-long-running-operation')!.examples, undefined);
  assert.deepEqual(Object.keys(tools.find((tool) => tool.name === 'echo')!.examples!), ['hello']);
  // The resources listed are still read after the cut call: the run went on.
  assert.ok(listOf(result.value!, 'resources').some((resource) => resource.examples !== undefined));
});
