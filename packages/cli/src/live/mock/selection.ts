/**
 * The example-selection policy of `mcpdesc mock` (pure). Declarations are Effective Protocol
 * View declarations with components resolved, so examples are inline objects.
 *
 * tools/call, in this order (the first step that applies wins):
 *   1. an example whose `input` equals the arguments (JSON equality: key order ignored,
 *      numbers by value); among several, the first by example name (code-unit order);
 *   2. the example named by the request's `_meta["io.mcpdesc/example"]`, else by the
 *      `--example TOOL=NAME` option;
 *   3. when the Tool declares `outputSchema`: a result synthesized to be valid against it
 *      (deterministic, seeded with the tool name and the canonical arguments), with a text block
 *      carrying its JSON;
 *   4. a text result saying that no example matched.
 * prompts/get: the same with `arguments` (omitted = `{}`), without step 3.
 * resources/read: a static Resource's example (named one first, else the first by name); a
 *   Resource Template example whose `uri` equals the request (first by name).
 * completion/complete: an example whose argument and context equal the request's; else one
 *   whose argument equals; else an empty completion.
 *
 * Every result carries `_meta["io.mcpdesc/mock"]` saying it is a mock result from the
 * description and how it was selected: never a prediction of live behaviour.
 */
import {
  type ExampleMap,
  isObject,
  type JsonObject,
  defines,
  type Revision,
  canonicalJson,
  cloneJson,
  compareCodeUnits,
  jsonEqual,
} from 'mcpdesc-core/model';
import { synthesize } from './synthesize.js';

/** The request `_meta` key naming an example. */
export const EXAMPLE_META_KEY = 'io.mcpdesc/example';
/** The result `_meta` key marking mock results. */
export const MOCK_META_KEY = 'io.mcpdesc/mock';
export const MOCK_NOTE =
  "Mock result served by mcpdesc mock from the description's examples; not a prediction of live behaviour.";

export type SelectionKind = 'input' | 'named' | 'synthesized' | 'none';

export interface Selection {
  kind: SelectionKind;
  /** The example used (input, named). */
  example?: string;
  /** Where the name came from (named). */
  via?: 'meta' | 'option';
  /** A requested example name that does not exist. */
  missing?: string;
  /** Synthesized results: whether the value validates, and placeholder pointers. */
  valid?: boolean;
  placeholders?: string[];
  result: JsonObject;
}

export interface SelectOptions {
  /** Name from the request's `_meta["io.mcpdesc/example"]`. */
  requested?: string;
  /** Name from `--example TOOL=NAME`. */
  configured?: string;
  revision: Revision;
}

/** The examples of a declaration, sorted by name (entry order is not semantic). */
export function namedExamples(
  declaration: JsonObject,
  key: ExampleMap['property'] = 'examples',
): [string, JsonObject][] {
  const map = declaration[key];
  if (!isObject(map)) return [];
  return Object.keys(map)
    .sort(compareCodeUnits)
    .filter((name) => isObject(map[name]))
    .map((name) => [name, map[name] as JsonObject]);
}

function marker(selection: Omit<Selection, 'result'>): JsonObject {
  const out: JsonObject = { mock: true, selection: selection.kind, note: MOCK_NOTE };
  if (selection.example !== undefined) out.example = selection.example;
  if (selection.via !== undefined) out.via = selection.via;
  if (selection.missing !== undefined) out.missingExample = selection.missing;
  if (selection.valid !== undefined) out.valid = selection.valid;
  if (selection.placeholders && selection.placeholders.length > 0) out.placeholders = selection.placeholders;
  return out;
}

/** A copy of a result with the mock marker added to its `_meta`. */
export function markResult(result: JsonObject, selection: Omit<Selection, 'result'>): JsonObject {
  const out = cloneJson(result);
  const meta = isObject(out._meta) ? out._meta : {};
  out._meta = { ...meta, [MOCK_META_KEY]: marker(selection) };
  return out;
}

function byName(
  examples: [string, JsonObject][],
  options: SelectOptions,
): { name: string; example: JsonObject; via: 'meta' | 'option' } | { missing: string } | undefined {
  for (const [name, via] of [
    [options.requested, 'meta'],
    [options.configured, 'option'],
  ] as const) {
    if (name === undefined) continue;
    const found = examples.find(([n]) => n === name);
    if (found) return { name, example: found[1], via };
    return { missing: name };
  }
  return undefined;
}

/** Per declaration (model objects are immutable once built): sorted examples and their canonical inputs. */
const exampleIndex = new WeakMap<JsonObject, { examples: [string, JsonObject][]; inputs: string[] }>();
function indexed(tool: JsonObject): { examples: [string, JsonObject][]; inputs: string[] } {
  let entry = exampleIndex.get(tool);
  if (!entry) {
    const examples = namedExamples(tool);
    entry = { examples, inputs: examples.map(([, e]) => (isObject(e.result) ? canonicalJson(e.input ?? {}) : '')) };
    exampleIndex.set(tool, entry);
  }
  return entry;
}

/** The tools/call result for `args` (already validated against inputSchema). */
export function selectToolResult(tool: JsonObject, args: JsonObject, options: SelectOptions): Selection {
  const { examples, inputs } = indexed(tool);
  const wanted = canonicalJson(args);
  const at = inputs.findIndex((input, i) => input !== '' && input === wanted && isObject(examples[i]![1].result));
  const match = at >= 0 ? examples[at] : undefined;
  if (match) return finish({ kind: 'input', example: match[0] }, match[1].result as JsonObject);
  const named = byName(examples, options);
  if (named && 'name' in named && isObject(named.example.result))
    return finish({ kind: 'named', example: named.name, via: named.via }, named.example.result);
  const missing = named && 'missing' in named ? named.missing : undefined;
  const name = typeof tool.name === 'string' ? tool.name : '';
  if (tool.outputSchema !== undefined && defines(options.revision, 'tool-result.structuredContent')) {
    const synthesis = synthesize(tool.outputSchema, { seed: `${name}\u0000${canonicalJson(args)}` });
    const result: JsonObject = {
      content: [{ type: 'text', text: JSON.stringify(synthesis.value) }],
      structuredContent: synthesis.value as JsonObject,
    };
    return finish(
      {
        kind: 'synthesized',
        valid: synthesis.valid,
        placeholders: synthesis.placeholders,
        ...(missing !== undefined ? { missing } : {}),
      },
      result,
    );
  }
  const text =
    missing !== undefined
      ? `mcpdesc mock: tool ${JSON.stringify(name)} has no example named ${JSON.stringify(missing)}, and no example input equals the arguments.`
      : `mcpdesc mock: no example of tool ${JSON.stringify(name)} matches the arguments.`;
  return finish({ kind: 'none', ...(missing !== undefined ? { missing } : {}) }, { content: [{ type: 'text', text }] });
}

/** The prompts/get result for `args` (omitted = {}). */
export function selectPromptResult(prompt: JsonObject, args: JsonObject, options: SelectOptions): Selection {
  const examples = namedExamples(prompt);
  const match = examples.find(
    ([, e]) => isObject(e.result) && jsonEqual(isObject(e.arguments) ? e.arguments : {}, args),
  );
  if (match) return finish({ kind: 'input', example: match[0] }, match[1].result as JsonObject);
  const named = byName(examples, options);
  if (named && 'name' in named && isObject(named.example.result))
    return finish({ kind: 'named', example: named.name, via: named.via }, named.example.result);
  const missing = named && 'missing' in named ? named.missing : undefined;
  const name = typeof prompt.name === 'string' ? prompt.name : '';
  return finish(
    { kind: 'none', ...(missing !== undefined ? { missing } : {}) },
    {
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `mcpdesc mock: no example of prompt ${JSON.stringify(name)} matches the arguments.`,
          },
        },
      ],
    },
  );
}

/**
 * The resources/read result of a static Resource: its example (named, else the first); without
 * one, a synthesized content so a client can read what it lists: one text item saying so, or an
 * empty blob when the declared mimeType is not textual.
 */
export function selectResourceResult(resource: JsonObject, options: SelectOptions): Selection {
  const examples = namedExamples(resource).filter(([, e]) => isObject(e.result));
  if (examples.length === 0) {
    const uri = String(resource.uri);
    const mimeType = typeof resource.mimeType === 'string' ? resource.mimeType : undefined;
    const textual = mimeType === undefined || /^text\/|[/+](?:json|xml|yaml)$/i.test(mimeType);
    const content: JsonObject = textual
      ? { uri, text: `mcpdesc mock: resource ${JSON.stringify(uri)} has no example.` }
      : { uri, blob: '' };
    if (mimeType !== undefined) content.mimeType = mimeType;
    return finish({ kind: 'synthesized' }, { contents: [content] });
  }
  const named = byName(examples, options);
  if (named && 'name' in named)
    return finish({ kind: 'named', example: named.name, via: named.via }, named.example.result as JsonObject);
  const [name, example] = examples[0]!;
  return finish({ kind: 'input', example: name }, example.result as JsonObject);
}

/** The resources/read result of a Resource Template example whose `uri` equals `uri`. */
export function selectTemplateResult(template: JsonObject, uri: string): Selection | undefined {
  const match = namedExamples(template).find(([, e]) => e.uri === uri && isObject(e.result));
  return match ? finish({ kind: 'input', example: match[0] }, match[1].result as JsonObject) : undefined;
}

/** The completion/complete result from `completionExamples`. */
export function selectCompletion(
  declaration: JsonObject,
  argument: { name: string; value: string },
  context: JsonObject | undefined,
): Selection {
  const examples = namedExamples(declaration, 'completionExamples').filter(
    ([, e]) => isObject(e.result) && isObject(e.argument),
  );
  const sameArgument = (e: JsonObject) => {
    const a = e.argument as JsonObject;
    return a.name === argument.name && a.value === argument.value;
  };
  const ctx = (e: JsonObject) => (isObject(e.context) && isObject(e.context.arguments) ? e.context.arguments : {});
  const exact = examples.find(([, e]) => sameArgument(e) && jsonEqual(ctx(e), context ?? {}));
  const loose = exact ?? examples.find(([, e]) => sameArgument(e));
  if (loose) return finish({ kind: exact ? 'input' : 'named', example: loose[0] }, loose[1].result as JsonObject);
  return finish({ kind: 'none' }, { completion: { values: [] } });
}

function finish(selection: Omit<Selection, 'result'>, result: JsonObject): Selection {
  return { ...selection, result: markResult(result, selection) };
}
