/**
 * verify's contract room: named examples called (tools), read (resources) and got (prompts),
 * negative inputs, and the --max-calls budget.
 */
import { isObject, type JsonObject, canonicalJson, compareCodeUnits, joinPointer } from 'mcpdesc-core/model';
import { dialectOf, evaluate } from 'mcpdesc-core/schema';
import { show } from '../findings.js';
import { skip, type Declared, type Push, type VerifyContext } from './context.js';
import { effectiveAnnotations } from './drift.js';
import { verifyBoundsRule } from '../rules/verify.bounds.js';
import { verifyContractNegativeInputRule } from '../rules/verify.contract.negative-input.js';
import { verifyContractPromptGetRule } from '../rules/verify.contract.prompt-get.js';
import { verifyContractResourceReadRule } from '../rules/verify.contract.resource-read.js';
import { verifyContractToolCallRule } from '../rules/verify.contract.tool-call.js';
import { verifyContractToolResultRule } from '../rules/verify.contract.tool-result.js';

export function callBudget(max: number, push: Push): () => boolean {
  let used = 0;
  return () => {
    if (used < max) return ++used > 0;
    if (used++ === max)
      push({
        rule: verifyBoundsRule,
        code: 'max-calls',
        severity: 'warning',
        message: `--max-calls ${max} reached: the remaining contract calls, reads and gets were not made`,
        pointer: '',
      });
    return false;
  };
}

/** Named examples (components already resolved), by name. */
export function examplesOf(entry: JsonObject): [string, JsonObject][] {
  if (!isObject(entry.examples)) return [];
  const out: [string, JsonObject][] = [];
  for (const name of Object.keys(entry.examples).sort(compareCodeUnits)) {
    const ex = entry.examples[name];
    if (isObject(ex)) out.push([name, ex]);
  }
  return out;
}

export function contentTypes(result: unknown): string[] {
  if (!isObject(result) || !Array.isArray(result.content)) return [];
  return [...new Set(result.content.map((c) => (isObject(c) && typeof c.type === 'string' ? c.type : '?')))].sort(
    compareCodeUnits,
  );
}

export async function contractChecks(context: VerifyContext, liveTools: Map<string, JsonObject>): Promise<void> {
  const { expected, session, push, called, tally } = context;
  const policy = context.options.call ?? 'read-only';
  const none = new Map<string, Declared>();
  const tools = expected.declared.tools ?? none;
  for (const [name, d] of tools) {
    if (!liveTools.has(name)) {
      skip(tally, 'not listed', name);
      continue;
    }
    // readOnlyHint alone decides: the guide gives destructiveHint meaning only when readOnlyHint
    // is false, so a tool marked both read-only and destructive is read-only (docs/live.md).
    const readOnly =
      effectiveAnnotations(d.wire.annotations).readOnlyHint === true &&
      effectiveAnnotations(liveTools.get(name)!.annotations).readOnlyHint === true;
    if (!readOnly && policy !== 'all') {
      skip(tally, 'not read-only (--call read-only)', name);
      continue;
    }
    const outputSchema = d.wire.outputSchema;
    const calls = examplesOf(d.entry).filter(
      (entry): entry is [string, JsonObject & { input: JsonObject; result: JsonObject }] =>
        isObject(entry[1].input) && isObject(entry[1].result),
    );
    if (calls.length === 0) skip(tally, 'without a named example (input and result)', name);
    for (const [exampleName, example] of calls) {
      const pointer = joinPointer(d.pointer, 'examples', exampleName);
      if (!context.budget()) return;
      called.push(name);
      tally.calls.examples++;
      const outcome = await session.request('tools/call', { name, arguments: example.input });
      if (!outcome.ok) {
        push({
          rule: verifyContractToolCallRule,
          code: 'call-failed',
          message: `tool ${show(name)} example ${show(exampleName)}: tools/call failed with ${outcome.error.code} ${outcome.error.message}`,
          pointer,
          live: outcome.error,
          expected: example.result,
        });
        continue;
      }
      const result = outcome.result;
      context.compare?.(`tool ${show(name)} example ${show(exampleName)}`, pointer, example, result, 'ToolResult');
      const wantError = example.result.isError === true;
      const gotError = result.isError === true;
      if (wantError !== gotError) {
        push({
          rule: verifyContractToolResultRule,
          code: wantError ? 'expected-error' : 'unexpected-error',
          message: `tool ${show(name)} example ${show(exampleName)}: the example shows ${wantError ? 'an execution error' : 'success'} but the server returned ${gotError ? `an execution error ${show(result.content, 80)}` : 'success'}`,
          pointer: `${pointer}/result`,
          live: result,
          expected: example.result,
        });
        continue;
      }
      const want = contentTypes(example.result);
      const got = contentTypes(result);
      if (canonicalJson(want) !== canonicalJson(got)) {
        push({
          rule: verifyContractToolResultRule,
          code: 'content-types',
          message: `tool ${show(name)} example ${show(exampleName)}: content block types ${show(got)}, expected ${show(want)} as the example shows`,
          pointer: `${pointer}/result/content`,
          live: got,
          expected: want,
        });
      }
      if (!gotError && outputSchema !== undefined) {
        if (result.structuredContent === undefined) {
          push({
            rule: verifyContractToolResultRule,
            code: 'structured-content-missing',
            message: `tool ${show(name)} example ${show(exampleName)}: the tool declares outputSchema but the result has no structuredContent`,
            pointer: `${pointer}/result`,
            live: result,
            expected: 'structuredContent',
          });
        } else {
          const selection = dialectOf(outputSchema);
          if ('dialect' in selection) {
            const r = evaluate(outputSchema, result.structuredContent, selection.dialect);
            if (!r.valid)
              push({
                rule: verifyContractToolResultRule,
                code: 'structured-content-invalid',
                message: `tool ${show(name)} example ${show(exampleName)}: structuredContent does not validate against outputSchema: ${r.errors
                  .slice(0, 3)
                  .map((e) => JSON.stringify(e))
                  .join('; ')}`,
                pointer: `${d.pointer}/outputSchema`,
                live: result.structuredContent,
                expected: outputSchema,
              });
          }
        }
      }
    }
    // Generated negative inputs: only read-only tools, whatever --call says.
    if (readOnly) tally.calls.negative += await negativeInputs(context, name, d);
  }
  const resources = expected.declared.resources ?? none;
  for (const [uri, d] of resources) {
    for (const [exampleName, example] of examplesOf(d.entry)) {
      if (!context.budget()) return;
      tally.calls.reads++;
      const pointer = joinPointer(d.pointer, 'examples', exampleName);
      const live = await checkRead(context, uri, example.result, pointer);
      if (live)
        context.compare?.(
          `resource ${show(uri)} example ${show(exampleName)}`,
          pointer,
          example,
          live,
          'ReadResourceResult',
        );
    }
  }
  const templates = expected.declared.resourceTemplates ?? none;
  for (const [, d] of templates) {
    for (const [exampleName, example] of examplesOf(d.entry)) {
      if (typeof example.uri !== 'string') continue;
      if (!context.budget()) return;
      tally.calls.reads++;
      const pointer = joinPointer(d.pointer, 'examples', exampleName);
      const live = await checkRead(context, example.uri, example.result, pointer);
      if (live)
        context.compare?.(
          `resource template URI ${show(example.uri)} example ${show(exampleName)}`,
          pointer,
          example,
          live,
          'ReadResourceResult',
        );
    }
  }
  const prompts = expected.declared.prompts ?? none;
  for (const [name, d] of prompts) {
    for (const [exampleName, example] of examplesOf(d.entry)) {
      const pointer = joinPointer(d.pointer, 'examples', exampleName);
      if (!context.budget()) return;
      tally.calls.gets++;
      const outcome = await session.request('prompts/get', {
        name,
        ...(isObject(example.arguments) ? { arguments: example.arguments } : {}),
      });
      if (!outcome.ok) {
        push({
          rule: verifyContractPromptGetRule,
          code: 'get-failed',
          message: `prompt ${show(name)} example ${show(exampleName)}: prompts/get failed with ${outcome.error.code} ${outcome.error.message}`,
          pointer,
          live: outcome.error,
        });
        continue;
      }
      context.compare?.(
        `prompt ${show(name)} example ${show(exampleName)}`,
        pointer,
        example,
        outcome.result,
        'GetPromptResult',
      );
      const shape = (r: unknown) =>
        isObject(r) && Array.isArray(r.messages)
          ? r.messages.map((m) => (isObject(m) ? `${m.role}:${isObject(m.content) ? m.content.type : '?'}` : '?'))
          : [];
      const want = shape(example.result);
      const got = shape(outcome.result);
      if (canonicalJson(want) !== canonicalJson(got))
        push({
          rule: verifyContractPromptGetRule,
          code: 'messages-shape',
          message: `prompt ${show(name)} example ${show(exampleName)}: messages ${show(got)}, expected ${show(want)}`,
          pointer: `${pointer}/result/messages`,
          live: got,
          expected: want,
        });
    }
  }
}

export async function checkRead(
  { session, push }: VerifyContext,
  uri: string,
  expected: unknown,
  pointer: string,
): Promise<JsonObject | undefined> {
  const outcome = await session.request('resources/read', { uri });
  if (!outcome.ok) {
    push({
      rule: verifyContractResourceReadRule,
      code: 'read-failed',
      message: `resources/read ${show(uri)} failed with ${outcome.error.code} ${outcome.error.message}`,
      pointer,
      live: outcome.error,
    });
    return undefined;
  }
  const shape = (r: unknown) =>
    isObject(r) && Array.isArray(r.contents)
      ? r.contents.map((c) =>
          isObject(c)
            ? `${typeof c.text === 'string' ? 'text' : typeof c.blob === 'string' ? 'blob' : '?'}:${c.mimeType ?? ''}`
            : '?',
        )
      : [];
  const want = shape(expected);
  const got = shape(outcome.result);
  if (canonicalJson(want) !== canonicalJson(got))
    push({
      rule: verifyContractResourceReadRule,
      code: 'contents-shape',
      message: `resources/read ${show(uri)}: contents ${show(got)}, expected ${show(want)}`,
      pointer: `${pointer}/result/contents`,
      live: got,
      expected: want,
    });
  return outcome.result;
}

export const wrongValue: Record<string, unknown> = {
  string: 12345,
  number: 'not-a-number',
  integer: 'not-an-integer',
  boolean: 'not-a-boolean',
  object: 'not-an-object',
  array: 'not-an-array',
};

/** A missing required property and a wrong type must come back as an execution error or -32602. */
/** An accepted negative input's code, and the code when the server rejects it with another error than MCP asks. */
const wrongErrorCode = {
  'missing-required-accepted': 'missing-required-wrong-error-code',
  'wrong-type-accepted': 'wrong-type-wrong-error-code',
} as const;

export async function negativeInputs(
  { session, push, called, budget }: VerifyContext,
  name: string,
  d: Declared,
): Promise<number> {
  const schema = d.wire.inputSchema;
  if (!isObject(schema) || !isObject(schema.properties)) return 0;
  const base =
    examplesOf(d.entry)
      .map(([, e]) => e.input)
      .find(isObject) ?? {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
  const cases: { code: keyof typeof wrongErrorCode; input: JsonObject; what: string }[] = [];
  if (required.length > 0) {
    const input: JsonObject = { ...base };
    delete input[required[0]!];
    cases.push({
      code: 'missing-required-accepted',
      input,
      what: `without the required property ${show(required[0])}`,
    });
  }
  const typed = Object.entries(schema.properties).find(
    ([, p]) => isObject(p) && typeof p.type === 'string' && p.type in wrongValue,
  );
  if (typed) {
    const [prop, p] = typed as [string, JsonObject];
    cases.push({
      code: 'wrong-type-accepted',
      input: { ...base, [prop]: wrongValue[p.type as string] },
      what: `with ${show(prop)} of the wrong type (${show(wrongValue[p.type as string])} for ${show(p.type)})`,
    });
  }
  let made = 0;
  for (const c of cases) {
    if (!budget()) break;
    made++;
    called.push(name);
    const outcome = await session.request('tools/call', { name, arguments: c.input });
    if (!outcome.ok && outcome.error.code === -32602) continue;
    if (outcome.ok && outcome.result.isError === true) continue;
    if (!outcome.ok && typeof outcome.error.code === 'number') {
      // Rejected, but not as MCP asks: the input was refused, only the code is wrong.
      push({
        rule: verifyContractNegativeInputRule,
        code: wrongErrorCode[c.code],
        severity: 'warning',
        message: `tool ${show(name)} called ${c.what}: the server rejected it with ${outcome.error.code} ${show(outcome.error.message, 80)}; MCP expects a tool execution error (isError: true) or -32602 for invalid arguments`,
        pointer: `${d.pointer}/inputSchema`,
        live: outcome.error,
        expected: 'isError: true or -32602',
      });
      continue;
    }
    push({
      rule: verifyContractNegativeInputRule,
      code: c.code,
      message: `tool ${show(name)} called ${c.what}: ${outcome.ok ? 'the server returned success' : `the server answered ${outcome.error.code}`}; expected a tool execution error (isError: true) or -32602`,
      pointer: `${d.pointer}/inputSchema`,
      live: outcome.ok ? outcome.result : outcome.error,
      expected: 'isError: true or -32602',
    });
  }
  return made;
}
