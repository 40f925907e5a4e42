/**
 * capture --record: after the shape, read what is safe to read and call what is safe to call,
 * and keep the answers as named examples (9.3, 10.4, 11.3, 11.4) with an `x-mcpdesc-recorded`
 * provenance extension. Every listed resource is read; resource templates are read for the URIs
 * the inputs file names; prompts are got with the inputs file's arguments (a prompt without a
 * required argument is also got with none); completions are asked for the inputs file's requests
 * (completion examples 10.4.6, 11.4); tools are called only with the inputs file's inputs,
 * only when read-only annotated unless `--call all` (the rule verify follows), each input first
 * validated against the inputSchema. JSON-RPC errors are findings, never examples (0.8.0 has no
 * error examples); an example the validator rejects (an answer breaking its own outputSchema) is
 * left out with the reason.
 */
import {
  primitiveCollections,
  toolAnnotationHintDefaults,
  type PrimitiveCollection,
  escapePointerToken,
  parsePointer,
  unescapePointerToken,
  compareCodeUnits,
  setOwn,
  isObject,
  ownEntry,
  type JsonObject,
} from 'mcpdesc-core/model';
import { dialectOf, evaluate } from 'mcpdesc-core/schema';
import { validate } from 'mcpdesc-core/validate';
import type { LiveSession } from './connect.js';
import { finding, show, type LiveFinding } from './findings.js';
import { synthesize } from './mock/synthesize.js';
import { identityOf } from './raw-list.js';
import { checkRecordArguments } from './entry-checks.js';
import { captureRecordRule } from './rules/capture.record.js';

/** The extension on every recorded example. */
export const recordedExtension = 'x-mcpdesc-recorded';
/** The example name of a listed resource's read, and of a prompt got without arguments. */
export const recordedName = 'recorded';
/** Calls (reads, gets, tool calls) one recording makes at most, unless --max-calls says otherwise. */
export const defaultMaxCalls = 100;
/** The largest answer stored, in bytes of its JSON text, unless --max-answer-bytes says otherwise (1 MiB). */
export const defaultMaxAnswerBytes = 1024 * 1024;
/** The example name of a tool call with synthesized input. */
export const synthesizedName = 'synthesized';
/** The seed of synthesized inputs unless --seed says otherwise (each tool's values also depend on its name). */
export const defaultSynthesisSeed = 'mcpdesc-record';

/** Where a recorded example's input came from (the provenance's `inputSource`). */
export type InputSource = 'inputs-file' | 'existing-example' | 'synthesized' | 'listed' | 'none';

const exampleName = /^[A-Za-z0-9._-]+$/;

/** A completion request's argument and optional context (the request half of a Completion Example Object). */
export interface CompletionInput {
  argument: { name: string; value: string };
  context?: { arguments: Record<string, string> };
}

/**
 * The --inputs file: named inputs per tool, named arguments per prompt, named URIs per resource
 * template, named completion requests per prompt and per resource template.
 */
export interface RecordInputs {
  tools: Record<string, Record<string, JsonObject>>;
  prompts: Record<string, Record<string, Record<string, string>>>;
  resourceTemplates: Record<string, Record<string, string>>;
  completions?: {
    prompts: Record<string, Record<string, CompletionInput>>;
    resourceTemplates: Record<string, Record<string, CompletionInput>>;
  };
  /**
   * Volatile paths per recorded example (JSON Pointers into the result, `*` for array items),
   * written as the example's `x-mcpdesc-volatile` so `verify --results` accepts their changes.
   */
  volatile?: Partial<Record<PrimitiveCollection, Record<string, Record<string, string[]>>>>;
}

/** The extension listing an example's volatile result paths (verify --results skips their values). */
export const volatileExtension = 'x-mcpdesc-volatile';

export type RecordCallPolicy = 'read-only' | 'all';

export interface RecordOptions {
  inputs?: RecordInputs;
  /**
   * Where each input came from, keyed by inputSourceKey (absent: the inputs file); see
   * record-inputs.ts, which adds the --merge-into description's examples.
   */
  sources?: ReadonlyMap<string, InputSource>;
  /** Synthesize an input from the inputSchema for every callable tool no input names (--synthesize-inputs). */
  synthesize?: { seed?: string };
  /** Answers larger than this (bytes of JSON text) are reported, not stored. */
  maxAnswerBytes?: number;
  /** Called before each request (the CLI draws a progress line on a terminal). */
  progress?: (done: number, max: number, what: string) => void;
  call?: RecordCallPolicy;
  maxCalls?: number;
  /** The recording time (a parameter so tests can fix it). */
  now?: Date;
  /** The capture's deadline (ms since the epoch): once passed, nothing more is asked. */
  deadline?: number;
}

/** The key of an input in RecordOptions.sources. */
export function inputSourceKey(section: string, target: string, name: string): string {
  return `${section}\u0000${target}\u0000${name}`;
}

/** One example to add to the declaration `id` of `collection`. */
export interface Recording {
  collection: PrimitiveCollection;
  id: string;
  property: 'examples' | 'completionExamples';
  name: string;
  example: JsonObject;
}

/**
 * Reads an --inputs document; every problem names its JSON pointer. Names must be example names
 * (they become the examples' names); tool inputs are objects, prompt arguments maps of strings,
 * template entries URIs.
 */
export function parseRecordInputs(value: unknown): { inputs?: RecordInputs; problems: string[] } {
  const problems: string[] = [];
  if (!isObject(value))
    return { problems: ['the inputs file must be an object with tools, prompts, resourceTemplates'] };
  const inputs: RecordInputs = { tools: {}, prompts: {}, resourceTemplates: {} };
  for (const key of Object.keys(value))
    if (!(key in inputs) && key !== 'completions' && key !== 'volatile')
      problems.push(
        `/${escapePointerToken(key)}: unknown member (tools, prompts, resourceTemplates, completions, volatile)`,
      );
  const section = <T>(
    parent: JsonObject,
    base: string,
    key: string,
    check: (entry: unknown) => string | undefined,
    into: Record<string, Record<string, T>>,
  ) => {
    const map = parent[key];
    if (map === undefined) return;
    if (!isObject(map)) return void problems.push(`${base}/${key}: expected an object, found ${show(map)}`);
    for (const target of Object.keys(map)) {
      const named = map[target];
      const at = `${base}/${key}/${escapePointerToken(target)}`;
      if (!isObject(named) || Object.keys(named).length === 0) {
        problems.push(`${at}: expected a non-empty map from example name to input, found ${show(named)}`);
        continue;
      }
      const out: Record<string, T> = {};
      for (const name of Object.keys(named)) {
        const where = `${at}/${escapePointerToken(name)}`;
        if (!exampleName.test(name)) problems.push(`${where}: an example name must match ^[A-Za-z0-9._-]+$`);
        const problem = check(named[name]);
        if (problem !== undefined) problems.push(`${where}: ${problem}, found ${show(named[name])}`);
        else setOwn(out, name, named[name]);
      }
      setOwn(into, target, out);
    }
  };
  const stringMap = (v: unknown) => isObject(v) && Object.values(v).every((s) => typeof s === 'string');
  section(value, '', 'tools', (v) => (isObject(v) ? undefined : 'expected an arguments object'), inputs.tools);
  section(
    value,
    '',
    'prompts',
    (v) => (stringMap(v) ? undefined : 'expected a map of string arguments'),
    inputs.prompts,
  );
  section(
    value,
    '',
    'resourceTemplates',
    (v) => (typeof v === 'string' ? undefined : 'expected a URI string'),
    inputs.resourceTemplates,
  );
  const completions = value.completions;
  if (completions !== undefined && !isObject(completions))
    problems.push(`/completions: expected an object, found ${show(completions)}`);
  else if (completions !== undefined) {
    inputs.completions = { prompts: {}, resourceTemplates: {} };
    for (const key of Object.keys(completions))
      if (key !== 'prompts' && key !== 'resourceTemplates')
        problems.push(`/completions/${escapePointerToken(key)}: unknown member (prompts, resourceTemplates)`);
    const request = (v: unknown) =>
      isObject(v) &&
      Object.keys(v).every((k) => k === 'argument' || k === 'context') &&
      isObject(v.argument) &&
      Object.keys(v.argument).length === 2 &&
      typeof v.argument.name === 'string' &&
      typeof v.argument.value === 'string' &&
      (v.context === undefined || (isObject(v.context) && stringMap(v.context.arguments)))
        ? undefined
        : 'expected {argument: {name, value}, context?: {arguments: {NAME: VALUE}}}';
    section(completions, '/completions', 'prompts', request, inputs.completions.prompts);
    section(completions, '/completions', 'resourceTemplates', request, inputs.completions.resourceTemplates);
  }
  const volatile = value.volatile;
  if (volatile !== undefined && !isObject(volatile))
    problems.push(`/volatile: expected an object, found ${show(volatile)}`);
  else if (volatile !== undefined) {
    inputs.volatile = {};
    for (const key of Object.keys(volatile))
      if (!(primitiveCollections as readonly string[]).includes(key))
        problems.push(`/volatile/${escapePointerToken(key)}: unknown member (${primitiveCollections.join(', ')})`);
    const pointers = (v: unknown) =>
      Array.isArray(v) && v.length > 0 && v.every((p) => typeof p === 'string' && parsePointer(p) !== undefined)
        ? undefined
        : 'expected a non-empty array of JSON Pointers into the result';
    for (const key of primitiveCollections) {
      const into: Record<string, Record<string, string[]>> = {};
      section(volatile, '/volatile', key, pointers, into);
      if (Object.keys(into).length > 0) inputs.volatile[key] = into;
    }
  }
  return problems.length > 0 ? { problems } : { inputs, problems };
}

/** A declaration of the captured view by identity, with its index in its collection. */
interface ListedDeclaration {
  entry: JsonObject;
  index: number;
}

/** One recording over one session: the options, the view's declarations, the call budget spent, and what was found. */
interface RecordRun {
  session: LiveSession;
  options: RecordOptions;
  inputs: RecordInputs;
  policy: RecordCallPolicy;
  maxCalls: number;
  maxAnswerBytes: number;
  /** The recording time of every example's provenance. */
  recordedAt: string;
  revision: string;
  /** The view's declarations by identity, per collection. */
  tools: Map<string, ListedDeclaration>;
  resources: Map<string, ListedDeclaration>;
  resourceTemplates: Map<string, ListedDeclaration>;
  prompts: Map<string, ListedDeclaration>;
  recordings: Recording[];
  findings: LiveFinding[];
  /** Requests sent so far (--max-calls). */
  calls: number;
  /** Set once the deadline or --max-calls stopped the recording: nothing more is asked. */
  stopped: boolean;
}

/** Records the examples of one revision's captured view over its open session. */
export async function record(
  session: LiveSession,
  view: JsonObject,
  options: RecordOptions = {},
): Promise<{ recordings: Recording[]; findings: LiveFinding[] }> {
  checkRecordArguments(session, view, options);
  const run = startRecording(session, view, options);
  await recordTools(run);
  await recordResources(run);
  await recordResourceTemplates(run);
  await recordPrompts(run);
  await recordCompletions(run);
  return { recordings: run.recordings, findings: run.findings };
}

function startRecording(session: LiveSession, view: JsonObject, options: RecordOptions): RecordRun {
  return {
    session,
    options,
    inputs: options.inputs ?? { tools: {}, prompts: {}, resourceTemplates: {} },
    policy: options.call ?? 'read-only',
    maxCalls: options.maxCalls ?? defaultMaxCalls,
    maxAnswerBytes: options.maxAnswerBytes ?? defaultMaxAnswerBytes,
    recordedAt: (options.now ?? new Date()).toISOString(),
    revision: session.revision,
    tools: listed(view, 'tools'),
    resources: listed(view, 'resources'),
    resourceTemplates: listed(view, 'resourceTemplates'),
    prompts: listed(view, 'prompts'),
    recordings: [],
    findings: [],
    calls: 0,
    stopped: false,
  };
}

function listed(view: JsonObject, collection: PrimitiveCollection): Map<string, ListedDeclaration> {
  return new Map(
    (Array.isArray(view[collection]) ? (view[collection] as unknown[]) : [])
      .filter(isObject)
      .map((entry, index) => [identityOf(collection, entry) ?? '', { entry, index }] as const),
  );
}

function sourceOf(run: RecordRun, section: string, target: string, name: string): InputSource {
  return run.options.sources?.get(inputSourceKey(section, target, name)) ?? 'inputs-file';
}

type RecordCode = keyof typeof captureRecordRule.codes;

function warn(run: RecordRun, code: RecordCode, message: string, pointer: string, live?: unknown): void {
  run.findings.push(
    finding({ rule: captureRecordRule, code, severity: 'warning', message, pointer, live, revision: run.revision }),
  );
}

function inform(run: RecordRun, code: RecordCode, message: string, pointer: string): void {
  run.findings.push(
    finding({ rule: captureRecordRule, code, severity: 'info', message, pointer, revision: run.revision }),
  );
}

/** One request within --max-calls and the deadline; its result, or undefined (the reason is a finding). */
async function send(
  run: RecordRun,
  method: string,
  params: JsonObject,
  what: string,
  pointer: string,
): Promise<unknown> {
  if (run.stopped) return undefined;
  if (run.options.deadline !== undefined && Date.now() >= run.options.deadline) {
    run.stopped = true;
    warn(run, 'timeout', `the --timeout deadline passed before ${what}; the rest was not recorded`, pointer);
    return undefined;
  }
  if (run.calls >= run.maxCalls) {
    run.stopped = true;
    warn(run, 'max-calls', `--max-calls ${run.maxCalls} reached before ${what}; the rest was not recorded`, pointer);
    return undefined;
  }
  run.options.progress?.(run.calls, run.maxCalls, what);
  run.calls++;
  const outcome = await run.session.request(method, params);
  if (!outcome.ok) {
    warn(
      run,
      'request-failed',
      `${what}: ${method} failed with ${outcome.error.code} ${show(outcome.error.message)}; no example was recorded (0.8.0 has no error examples)`,
      pointer,
      outcome.error,
    );
    return undefined;
  }
  const size = new TextEncoder().encode(JSON.stringify(outcome.result)).length;
  if (size > run.maxAnswerBytes) {
    warn(
      run,
      'answer-too-large',
      `${what}: the answer is ${size} bytes, more than --max-answer-bytes ${run.maxAnswerBytes}; it was not stored`,
      pointer,
    );
    return undefined;
  }
  return outcome.result;
}

function provenance(run: RecordRun, inputSource: InputSource): JsonObject {
  return { recordedAt: run.recordedAt, protocolVersion: run.revision, inputSource };
}

/** Keeps one example, with the volatile paths the inputs file gives for it. */
function keep(
  run: RecordRun,
  collection: PrimitiveCollection,
  id: string,
  name: string,
  example: JsonObject,
  property: Recording['property'] = 'examples',
): void {
  const byId = property === 'examples' ? run.inputs.volatile?.[collection] : undefined;
  const byName = byId && ownEntry(byId, id);
  const volatile = byName && ownEntry(byName, name);
  if (volatile) example[volatileExtension] = [...volatile];
  run.recordings.push({ collection, id, property, name, example });
}

/**
 * Tools, by name: the inputs file's inputs (or a synthesized one) of each tool the call policy
 * allows; the read-only-only policy names the tools it left without a synthesized input.
 */
async function recordTools(run: RecordRun): Promise<void> {
  const toolNames = new Set([...Object.keys(run.inputs.tools), ...(run.options.synthesize ? run.tools.keys() : [])]);
  const notSynthesized: string[] = [];
  for (const name of [...toolNames].sort(compareCodeUnits)) {
    // Own members only: a tool named `constructor` is not given Object's constructor as its inputs.
    const given = ownEntry(run.inputs.tools, name);
    const tool = run.tools.get(name);
    if (!tool) {
      warn(run, 'not-listed', `the inputs file names tool ${show(name)}, which the server does not list`, '/tools');
      continue;
    }
    const annotations: JsonObject = {
      ...toolAnnotationHintDefaults,
      ...(isObject(tool.entry.annotations) ? tool.entry.annotations : {}),
    };
    if (annotations.readOnlyHint !== true && run.policy !== 'all') {
      if (!given) {
        notSynthesized.push(name);
        continue;
      }
      warn(
        run,
        'not-called',
        `tool ${show(name)} is not annotated readOnlyHint: true; it was not called (--call all calls it)`,
        `/tools/${tool.index}/annotations`,
        tool.entry.annotations,
      );
      continue;
    }
    for (const [example, input, source] of toolInputs(run, name, tool, given))
      await callTool(run, name, tool, example, input, source);
  }
  if (notSynthesized.length > 0)
    inform(
      run,
      'not-synthesized',
      `${notSynthesized.length} tool${notSynthesized.length === 1 ? ' is' : 's are'} not annotated readOnlyHint: true and got no synthesized input (--call all calls them): ${notSynthesized.map((n) => show(n)).join(', ')}`,
      '/tools',
    );
}

/** A callable tool's named inputs, by name; without any, one synthesized from its inputSchema (none when that fails). */
function toolInputs(
  run: RecordRun,
  name: string,
  tool: ListedDeclaration,
  given: Record<string, JsonObject> | undefined,
): [string, JsonObject, InputSource][] {
  const named: [string, JsonObject, InputSource][] = Object.keys(given ?? {})
    .sort(compareCodeUnits)
    .map((example) => [example, given![example]!, sourceOf(run, 'tools', name, example)]);
  if (named.length > 0) return named;
  const seed = `${run.options.synthesize?.seed ?? defaultSynthesisSeed}:${name}`;
  const synthesized = synthesize(tool.entry.inputSchema, { seed });
  if (!synthesized.valid || !isObject(synthesized.value)) {
    warn(
      run,
      'synthesis-failed',
      `tool ${show(name)}: no input valid against the inputSchema could be synthesized${synthesized.placeholders.length > 0 ? ` (at ${synthesized.placeholders.map((p) => show(p === '' ? '/' : p)).join(', ')})` : ''}; it was not called`,
      `/tools/${tool.index}/inputSchema`,
    );
    return [];
  }
  return [[synthesizedName, synthesized.value, 'synthesized']];
}

/** Calls the tool with one input, once the input validates against its inputSchema. */
async function callTool(
  run: RecordRun,
  name: string,
  tool: ListedDeclaration,
  example: string,
  input: JsonObject,
  source: InputSource,
): Promise<void> {
  const at = `/tools/${tool.index}`;
  const selection = dialectOf(tool.entry.inputSchema);
  if ('dialect' in selection) {
    const checked = evaluate(tool.entry.inputSchema, input, selection.dialect);
    if (!checked.valid) {
      warn(
        run,
        'input-invalid',
        `tool ${show(name)} input ${show(example)} does not validate against the inputSchema (${checked.errors
          .slice(0, 3)
          .map((e) => JSON.stringify(e))
          .join('; ')}); it was not called`,
        `${at}/inputSchema`,
        input,
      );
      return;
    }
  }
  const result = await send(
    run,
    'tools/call',
    { name, arguments: input },
    `tool ${show(name)} input ${show(example)}`,
    at,
  );
  if (result) keep(run, 'tools', name, example, { input, result, [recordedExtension]: provenance(run, source) });
}

/** Every listed resource, read. */
async function recordResources(run: RecordRun): Promise<void> {
  for (const [uri, resource] of run.resources) {
    const result = await send(run, 'resources/read', { uri }, `resource ${show(uri)}`, `/resources/${resource.index}`);
    if (result) keep(run, 'resources', uri, recordedName, { result, [recordedExtension]: provenance(run, 'listed') });
  }
}

/** Resource templates, by URI template: each URI the inputs file names, read. */
async function recordResourceTemplates(run: RecordRun): Promise<void> {
  for (const uriTemplate of Object.keys(run.inputs.resourceTemplates).sort(compareCodeUnits)) {
    const template = run.resourceTemplates.get(uriTemplate);
    if (!template) {
      warn(
        run,
        'not-listed',
        `the inputs file names resource template ${show(uriTemplate)}, which the server does not list`,
        '/resourceTemplates',
      );
      continue;
    }
    const named = run.inputs.resourceTemplates[uriTemplate]!;
    for (const example of Object.keys(named).sort(compareCodeUnits)) {
      const uri = named[example]!;
      const result = await send(
        run,
        'resources/read',
        { uri },
        `resource template ${show(uriTemplate)} URI ${show(uri)}`,
        `/resourceTemplates/${template.index}`,
      );
      if (result)
        keep(run, 'resourceTemplates', uriTemplate, example, {
          uri,
          result,
          [recordedExtension]: provenance(run, sourceOf(run, 'resourceTemplates', uriTemplate, example)),
        });
    }
  }
}

/** Prompts, in the order listed; the inputs file's prompts that are not listed are reported first. */
async function recordPrompts(run: RecordRun): Promise<void> {
  for (const name of Object.keys(run.inputs.prompts))
    if (!run.prompts.has(name))
      warn(run, 'not-listed', `the inputs file names prompt ${show(name)}, which the server does not list`, '/prompts');
  for (const [name, prompt] of run.prompts) await recordPrompt(run, name, prompt);
}

/**
 * One prompt, got with each of the inputs file's arguments (by name) that supply its required
 * arguments; a prompt without required arguments is also got with none.
 */
async function recordPrompt(run: RecordRun, name: string, prompt: ListedDeclaration): Promise<void> {
  const at = `/prompts/${prompt.index}`;
  const declared = Array.isArray(prompt.entry.arguments) ? prompt.entry.arguments.filter(isObject) : [];
  const given = ownEntry(run.inputs.prompts, name) ?? {};
  const named: [string, Record<string, string> | undefined, InputSource][] = Object.keys(given)
    .sort(compareCodeUnits)
    .map((example) => [example, given[example], sourceOf(run, 'prompts', name, example)]);
  if (!declared.some((a) => a.required === true)) {
    if (!named.some(([example]) => example === recordedName)) named.push([recordedName, undefined, 'none']);
  } else if (named.length === 0) {
    inform(
      run,
      'no-arguments',
      `prompt ${show(name)} has required arguments and the inputs file gives none; it was not got`,
      `${at}/arguments`,
    );
  }
  for (const [example, args, source] of named) {
    const missing = declared.filter(
      (a) => a.required === true && !(args && typeof a.name === 'string' && a.name in args),
    );
    if (missing.length > 0) {
      warn(
        run,
        'arguments-missing',
        `prompt ${show(name)} arguments ${show(example)} lack the required ${missing.map((a) => show(a.name)).join(', ')}; it was not got`,
        `${at}/arguments`,
        args,
      );
      continue;
    }
    const params: JsonObject = { name };
    // Omission and {} both mean no arguments (11.3): an empty map is not sent or stored.
    if (args && Object.keys(args).length > 0) params.arguments = args;
    const result = await send(run, 'prompts/get', params, `prompt ${show(name)} arguments ${show(example)}`, at);
    if (result)
      keep(run, 'prompts', name, example, {
        ...(params.arguments ? { arguments: args } : {}),
        result,
        [recordedExtension]: provenance(run, source),
      });
  }
}

/** Completions: the inputs file's completion requests of prompts, then of resource templates (10.4.6, 11.4). */
async function recordCompletions(run: RecordRun): Promise<void> {
  const completions = run.inputs.completions;
  const targets = [
    ['prompts', run.prompts, completions?.prompts ?? {}, (id: string) => ({ type: 'ref/prompt', name: id })],
    [
      'resourceTemplates',
      run.resourceTemplates,
      completions?.resourceTemplates ?? {},
      (id: string) => ({ type: 'ref/resource', uri: id }),
    ],
  ] as const;
  for (const [collection, declared, named, ref] of targets) {
    for (const id of Object.keys(named).sort(compareCodeUnits)) {
      const target = declared.get(id);
      if (!target) {
        warn(
          run,
          'not-listed',
          `the inputs file names ${collection} ${show(id)} for completion, which the server does not list`,
          `/${collection}`,
        );
        continue;
      }
      if (!('completions' in run.session.capabilities)) {
        warn(
          run,
          'no-completions',
          `the server does not declare the completions capability; ${show(id)} was not completed`,
          '/capabilities',
        );
        continue;
      }
      const at = `/${collection}/${target.index}`;
      for (const example of Object.keys(named[id]!).sort(compareCodeUnits)) {
        const { argument, context } = named[id]![example]!;
        const request: JsonObject = { argument: { ...argument } };
        if (context) request.context = { arguments: { ...context.arguments } };
        const result = await send(
          run,
          'completion/complete',
          { ref: ref(id), ...request },
          `completion ${show(example)} of ${show(id)}`,
          at,
        );
        if (result)
          keep(
            run,
            collection,
            id,
            example,
            {
              ...request,
              result,
              [recordedExtension]: provenance(run, sourceOf(run, `completions.${collection}`, id, example)),
            },
            'completionExamples',
          );
      }
    }
  }
}

/** The example map pointer of each recording applied to `document`. */
export function applyRecordings(document: JsonObject, recordings: readonly Recording[]): string[] {
  const pointers: string[] = [];
  for (const { collection, id, property, name, example } of recordings) {
    const list = Array.isArray(document[collection]) ? (document[collection] as unknown[]) : [];
    const index = list.findIndex((entry) => isObject(entry) && identityOf(collection, entry) === id);
    if (index < 0) continue;
    const declaration = list[index] as JsonObject;
    const map = isObject(declaration[property]) ? declaration[property] : {};
    // Re-recording keeps what the author added to the example (x-mcpdesc-volatile, other x-*).
    const earlier = map[name];
    if (isObject(earlier))
      for (const key of Object.keys(earlier))
        if (key.startsWith('x-') && !(key in example)) setOwn(example, key, earlier[key]);
    setOwn(map, name, example);
    declaration[property] = map;
    pointers.push(`/${collection}/${index}/${property}/${escapePointerToken(name)}`);
  }
  return pointers;
}

/**
 * Leaves out every recorded example the validator rejects (the server's answer breaks its own
 * outputSchema, a result shape the revision does not define), one warning each with the reason;
 * other examples are not touched.
 */
export function pruneRecorded(document: JsonObject, pointers: readonly string[]): LiveFinding[] {
  const out: LiveFinding[] = [];
  let remaining = [...pointers];
  for (let round = 0; round < 3 && remaining.length > 0; round++) {
    const errors = validate(document).diagnostics.filter((d) => d.severity === 'error');
    const rejected = remaining.filter((p) => errors.some((d) => d.pointer === p || d.pointer.startsWith(`${p}/`)));
    if (rejected.length === 0) break;
    for (const pointer of rejected) {
      const reasons = errors.filter((d) => d.pointer === pointer || d.pointer.startsWith(`${pointer}/`));
      const tokens = pointer.split('/');
      const name = unescapePointerToken(tokens.pop()!);
      const property = tokens.pop()!;
      const [, collection, index] = tokens;
      const declaration = (document[collection!] as JsonObject[])[Number(index)]!;
      const map = declaration[property] as JsonObject;
      const example = map[name];
      delete map[name];
      if (Object.keys(map).length === 0) delete declaration[property];
      out.push(
        finding({
          rule: captureRecordRule,
          code: 'example-rejected',
          severity: 'warning',
          message: `the recorded example ${show(name)} was left out: ${reasons
            .slice(0, 3)
            .map((d) => `${d.rule} at ${d.pointer}: ${d.message}`)
            .join('; ')}`,
          pointer,
          live: example,
        }),
      );
    }
    remaining = remaining.filter((p) => !rejected.includes(p));
  }
  return out;
}
