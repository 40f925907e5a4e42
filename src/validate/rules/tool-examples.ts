import { getAtPointer, joinPointer } from '../../model/json-pointer.js';
import { jsonEqual } from '../../model/json.js';
import { formatRevisions, having, lacking, type Revision } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { checkContentList, contentCodes } from '../mcp/content.js';
import { checkMeta } from '../mcp/meta.js';
import { raw, type ReportOptions, type Rule, type RuleContext } from '../rule.js';
import type { ExampleNode, PrimitiveNode } from '../walk.js';

/**
 * Named Tool Examples (9.3) and the `input`/`result` of Tool Interaction Examples (9.4), which
 * follow the same rules: input schema conformance, completed Tool Result shape per revision,
 * completed-result form, execution-error results and structured content.
 */

// ---------------------------------------------------------------------------
// Shared helpers (also used by interaction-examples.ts)
// ---------------------------------------------------------------------------

/** Tool examples and interaction examples: both carry `input` and `result`. */
export function isToolExample(node: ExampleNode): boolean {
  return (node.kind === 'tool' || node.kind === 'toolInteraction') && isObject(node.value);
}

/** The completed result of a Tool or interaction example, with its pointer, when it is an object. */
function toolExampleResult(node: ExampleNode): { result: JsonObject; at: string } | undefined {
  if (!isToolExample(node)) return undefined;
  const result = (node.value as JsonObject).result;
  return isObject(result) ? { result, at: joinPointer(node.pointer, 'result') } : undefined;
}

/** Appends the use site of a referenced example to messages. */
export function viaNote(node: { via?: string }): Pick<ReportOptions, 'note'> {
  return node.via ? { note: `example used at ${node.via}` } : {};
}

/** The Tool's schema for `role`, after `$componentRef` resolution; undefined when absent, unresolvable or not an object. */
export function toolSchema(
  ctx: RuleContext,
  tool: PrimitiveNode,
  role: 'inputSchema' | 'outputSchema',
): { value: JsonObject; pointer: string } | undefined {
  const value = tool.value[role];
  if (value === undefined) return undefined;
  const resolution = ctx.components.resolve(value, joinPointer(tool.pointer, role), 'schemas');
  if (!resolution.ok || !isObject(resolution.value)) return undefined;
  return { value: resolution.value, pointer: resolution.pointer };
}

export interface Mismatch {
  instancePointer: string;
  schemaPointer: string;
  keyword: string;
  message: string;
  revisions: Revision[];
}

export interface Compatibility {
  mismatches: Mismatch[];
  /** Reasons evaluation under the dialect revisions was incomplete. */
  incomplete: string[];
  /** Revisions checked without an embedded-schema dialect (before 2025-11-25). */
  undialected: Revision[];
}

/**
 * Evaluates `instance` against a Tool schema for every revision of `scope` (9.3): revisions with
 * an embedded-schema dialect (2025-11-25+) get complete evaluation under the declared or default
 * dialect; earlier revisions only what can be interpreted without a dialect (type, required,
 * properties, additionalProperties: false, enum, const). Mismatches found for several revisions
 * are merged, one per location.
 */
export function toolSchemaCompatibility(
  ctx: RuleContext,
  schema: JsonObject,
  instance: unknown,
  scope: readonly Revision[],
): Compatibility {
  const found = new Map<string, Mismatch>();
  const add = (m: Omit<Mismatch, 'revisions'>, revisions: readonly Revision[]): void => {
    const key = `${m.instancePointer}\u0000${m.keyword}\u0000${m.schemaPointer}`;
    const existing = found.get(key);
    if (existing) existing.revisions.push(...revisions.filter((r) => !existing.revisions.includes(r)));
    else found.set(key, { ...m, revisions: [...revisions] });
  };
  const incomplete: string[] = [];
  const dialected = having(scope, 'tool-schema.dialect');
  if (dialected.length) {
    const d = ctx.schemas.dialectOf(schema);
    if ('dialect' in d && ctx.schemas.validity(schema, d.dialect).length === 0) {
      const evaluation = ctx.schemas.evaluate(schema, instance, d.dialect);
      for (const e of evaluation.errors) add(e, dialected);
      if (evaluation.incomplete) incomplete.push(...evaluation.incomplete);
    }
  }
  const undialected = lacking(scope, 'tool-schema.dialect');
  if (undialected.length) {
    const errors: Omit<Mismatch, 'revisions'>[] = [];
    interpretWithoutDialect(schema, instance, '', '', errors, 0);
    for (const e of errors) add(e, undialected);
  }
  return { mismatches: [...found.values()], incomplete, undialected };
}

const maxDepth = 64;

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true; // unknown type names are the schema rules' business
  }
}

function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The keywords whose meaning does not depend on a JSON Schema dialect. */
function interpretWithoutDialect(
  schema: unknown,
  instance: unknown,
  at: string,
  schemaAt: string,
  errors: Omit<Mismatch, 'revisions'>[],
  depth: number,
): void {
  if (!isObject(schema) || depth > maxDepth) return;
  const type = schema.type;
  const types =
    typeof type === 'string'
      ? [type]
      : Array.isArray(type) && type.every((t) => typeof t === 'string')
        ? (type as string[])
        : undefined;
  if (types && !types.some((t) => typeMatches(t, instance))) {
    errors.push({
      instancePointer: at,
      schemaPointer: joinPointer(schemaAt, 'type'),
      keyword: 'type',
      message: `expected ${types.join(' or ')}, found ${jsonTypeName(instance)}`,
    });
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => jsonEqual(v, instance))) {
    errors.push({
      instancePointer: at,
      schemaPointer: joinPointer(schemaAt, 'enum'),
      keyword: 'enum',
      message: 'expected one of the enumerated values',
    });
  }
  if (hasOwn(schema, 'const') && !jsonEqual(schema.const, instance)) {
    errors.push({
      instancePointer: at,
      schemaPointer: joinPointer(schemaAt, 'const'),
      keyword: 'const',
      message: `expected ${JSON.stringify(schema.const)}`,
    });
  }
  if (!isObject(instance)) return;
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && !hasOwn(instance, name)) {
        errors.push({
          instancePointer: at,
          schemaPointer: joinPointer(schemaAt, 'required'),
          keyword: 'required',
          message: `required property ${JSON.stringify(name)} is missing`,
        });
      }
    }
  }
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (properties) {
    for (const name of Object.keys(properties)) {
      if (hasOwn(instance, name))
        interpretWithoutDialect(
          properties[name],
          instance[name],
          joinPointer(at, name),
          joinPointer(schemaAt, 'properties', name),
          errors,
          depth + 1,
        );
    }
  }
  if (schema.additionalProperties === false && schema.patternProperties === undefined) {
    for (const name of Object.keys(instance)) {
      if (!properties || !hasOwn(properties, name)) {
        errors.push({
          instancePointer: joinPointer(at, name),
          schemaPointer: joinPointer(schemaAt, 'additionalProperties'),
          keyword: 'additionalProperties',
          message: `property ${JSON.stringify(name)} is not declared`,
        });
      }
    }
  }
}

/** Reports a compatibility result for one instance under the codes every compatibility rule shares. */
function reportCompatibility(
  ctx: RuleContext,
  result: Compatibility,
  instance: unknown,
  instanceBase: string,
  schemaPointer: string,
  what: string,
  note: Pick<ReportOptions, 'note'>,
): void {
  for (const m of result.mismatches) {
    ctx.report('schema-mismatch', instanceBase + m.instancePointer, {
      ...note,
      values: {
        what: raw(what),
        value: getAtPointer(instance, m.instancePointer),
        keyword: m.keyword,
        schema: raw(schemaPointer + m.schemaPointer),
        message: raw(m.message),
        revisions: raw(formatRevisions(m.revisions)),
      },
    });
  }
  if (result.incomplete.length) {
    ctx.report('incomplete-evaluation', instanceBase, {
      ...note,
      values: { what: raw(what), reason: raw(result.incomplete.join('; ')) },
    });
    ctx.markIncomplete(`${what} at ${instanceBase} could not be evaluated completely`);
  }
  if (result.undialected.length) {
    ctx.report('incomplete-compatibility', instanceBase, {
      ...note,
      values: { what: raw(what), revisions: raw(formatRevisions(result.undialected)) },
    });
    ctx.markIncomplete(`${what} at ${instanceBase} is checked without an embedded-schema dialect`);
  }
}

const compatibilityCodes = (what: string, section: string) => ({
  'schema-mismatch': `{what} value {value} does not validate against the Tool's ${what === 'structuredContent' ? 'outputSchema' : 'inputSchema'} under MCP {revisions}: {keyword} at {schema} ({message})`,
  'incomplete-evaluation': {
    severity: 'warning' as const,
    message: `{what} could not be evaluated completely: {reason}; compatibility validation is incomplete (${section})`,
  },
  'incomplete-compatibility': {
    severity: 'warning' as const,
    message: `no embedded-schema dialect is defined for MCP {revisions}: {what} is checked only against type, required, properties, additionalProperties: false, enum and const; complete compatibility validation is not possible (9.3)`,
  },
});

// ---------------------------------------------------------------------------
// Documentation examples
// ---------------------------------------------------------------------------

const base = { mcpdesc: '0.8.0', info: { name: 'x', version: '1' }, protocolVersions: ['2026-07-28'] };
const toolDoc = (tool: JsonObject, protocolVersions = ['2026-07-28']) => ({
  ...base,
  protocolVersions,
  tools: [{ name: 't', inputSchema: { type: 'object' }, ...tool }],
});
const ok = { resultType: 'complete', content: [{ type: 'text', text: 'done' }] };

// ---------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------

/** `input` validates against the resolved inputSchema under every applicable revision (9.3, 9.4). */
export const toolExampleSchemaConformanceRule: Rule = {
  id: 'mcpdesc.tool.example.schema-conformance',
  kind: 'conformance',
  spec: '9.3',
  severity: 'error',
  codes: compatibilityCodes('input', '9.2, 9.3'),
  docs: {
    summary: 'Tool example input validates against the Tool inputSchema under every applicable revision.',
    bad: toolDoc({
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      examples: { e: { input: { n: 'one' }, result: ok } },
    }),
    good: toolDoc({
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
      examples: { e: { input: { n: 1 }, result: ok } },
    }),
  },
  create(ctx) {
    return {
      example(node) {
        if (!isToolExample(node)) return;
        const input = (node.value as JsonObject).input;
        if (!isObject(input)) return; // structural
        const schema = toolSchema(ctx, node.owner, 'inputSchema');
        if (!schema) return;
        const result = toolSchemaCompatibility(ctx, schema.value, input, node.scope);
        reportCompatibility(
          ctx,
          result,
          input,
          joinPointer(node.pointer, 'input'),
          schema.pointer,
          'input',
          viaNote(node),
        );
      },
    };
  },
};

/** Members a completed Tool Result may have in some revision (others are reported as unknown). */
const resultMembers = new Set(['content', 'structuredContent', 'isError', '_meta', 'resultType']);
/** Members that mark a non-completed form (reported by the completed-result-form rule). */
const envelopeMembers = new Set(['jsonrpc', 'id', 'result', 'error', 'method', 'params']);
const taskMembers = new Set(['task']);
const inputRequiredMembers = new Set(['inputRequests', 'requestState']);

/** The completed Tool Result members and their types (9.3). */
export const exampleResultMembersRule: Rule = {
  id: 'mcp.example-result.members',
  kind: 'conformance',
  spec: '9.3',
  severity: 'error',
  codes: {
    'missing-content':
      'the completed Tool Result lacks content; content is required, also when structuredContent is present',
    'member-type': '{member} of the completed Tool Result must be {expected}; found {value}',
    'unknown-member':
      '{value} is not a member of a completed Tool Result; expected content, structuredContent, isError, _meta and (MCP 2026-07-28) resultType',
  },
  docs: {
    summary:
      'A Tool example result has the members of a completed Tool Result: content (required), structuredContent, isError, _meta, resultType.',
    bad: toolDoc({ examples: { e: { input: {}, result: { resultType: 'complete', text: 'done' } } } }),
    good: toolDoc({ examples: { e: { input: {}, result: ok } } }),
  },
  create(ctx) {
    return {
      example(node) {
        if (!isToolExample(node)) return;
        const result = (node.value as JsonObject).result;
        if (!isObject(result)) return; // structural
        const at = joinPointer(node.pointer, 'result');
        const note = viaNote(node);
        if (result.content === undefined) ctx.report('missing-content', at, note);
        else if (!Array.isArray(result.content)) {
          ctx.report('member-type', joinPointer(at, 'content'), {
            ...note,
            values: { member: 'content', expected: raw('an array of content blocks'), value: result.content },
          });
        }
        if (result.isError !== undefined && typeof result.isError !== 'boolean') {
          ctx.report('member-type', joinPointer(at, 'isError'), {
            ...note,
            values: { member: 'isError', expected: raw('a boolean'), value: result.isError },
          });
        }
        if (result._meta !== undefined && !isObject(result._meta)) {
          ctx.report('member-type', joinPointer(at, '_meta'), {
            ...note,
            values: { member: '_meta', expected: raw('an object'), value: result._meta },
          });
        }
        const sc = result.structuredContent;
        if (
          sc !== undefined &&
          !isObject(sc) &&
          lacking(having(node.scope, 'tool-result.structuredContent'), 'tool-schema.output-any-root').length
        ) {
          ctx.report('member-type', joinPointer(at, 'structuredContent'), {
            ...note,
            values: { member: 'structuredContent', expected: raw('an object before MCP 2026-07-28'), value: sc },
          });
        }
        // 0.9.0-rc.3 sends fields a revision does not define to its Section 3.6 (carried MCP values), which is not known here.
        if (ctx.specVersion !== '0.8.0') return;
        for (const key of Object.keys(result)) {
          if (
            resultMembers.has(key) ||
            envelopeMembers.has(key) ||
            taskMembers.has(key) ||
            inputRequiredMembers.has(key)
          )
            continue;
          ctx.report('unknown-member', joinPointer(at, key), { ...note, key: true, values: { value: key } });
        }
      },
    };
  },
};

/** Revision fidelity of a completed Tool Result: resultType, structuredContent, _meta and content forms per revision (9.3, 3.5). */
export const exampleResultProtocolFidelityRule: Rule = {
  id: 'mcpdesc.example.result.protocol-fidelity',
  kind: 'conformance',
  spec: '9.3',
  severity: 'error',
  codes: {
    'result-type-missing':
      'the completed Tool Result lacks resultType; a result for MCP {revisions} must contain resultType: "complete"',
    'result-type-revision':
      'resultType is not defined by MCP {revisions}; earlier revisions must not contain it (split the Tool into protocol-scoped variants)',
    'structured-content-revision': 'structuredContent is not defined by MCP {revisions}',
    'meta-revision': '_meta on a completed Tool Result is not defined by MCP {revisions}',
    ...contentCodes,
  },
  docs: {
    summary: 'A Tool example result uses only the result fields, content forms and _meta of every applicable revision.',
    bad: toolDoc({ examples: { e: { input: {}, result: { content: [{ type: 'text', text: 'done' }] } } } }),
    good: toolDoc({ examples: { e: { input: {}, result: ok } } }),
  },
  create(ctx) {
    return {
      example(node) {
        const found = toolExampleResult(node);
        if (!found) return;
        const { result, at } = found;
        const note = viaNote(node);
        const scope = node.scope;
        if (hasOwn(result, 'resultType')) {
          const without = lacking(scope, 'result.resultType');
          // 0.8.0 only: 0.9.0-rc.3 sends undefined fields to its Section 3.6 (carried MCP values), not known here.
          if (without.length && ctx.specVersion === '0.8.0')
            ctx.report('result-type-revision', joinPointer(at, 'resultType'), {
              ...note,
              key: true,
              values: { revisions: raw(formatRevisions(without)) },
            });
        } else {
          const requiring = having(scope, 'result.resultType');
          if (requiring.length)
            ctx.report('result-type-missing', at, { ...note, values: { revisions: raw(formatRevisions(requiring)) } });
        }
        if (hasOwn(result, 'structuredContent')) {
          const without = lacking(scope, 'tool-result.structuredContent');
          if (without.length)
            ctx.report('structured-content-revision', joinPointer(at, 'structuredContent'), {
              ...note,
              key: true,
              values: { revisions: raw(formatRevisions(without)) },
            });
        }
        if (hasOwn(result, '_meta')) {
          const without = lacking(scope, 'result._meta');
          if (without.length)
            ctx.report('meta-revision', joinPointer(at, '_meta'), {
              ...note,
              key: true,
              values: { revisions: raw(formatRevisions(without)) },
            });
          checkMeta(ctx, result._meta, joinPointer(at, '_meta'), having(scope, 'result._meta'), 'result');
        }
        if (Array.isArray(result.content))
          checkContentList(ctx, result.content, joinPointer(at, 'content'), scope, 'result');
      },
    };
  },
};

/** Only completed results: no JSON-RPC envelope, task or input-required forms (9.3). */
export const completedResultFormRule: Rule = {
  id: 'mcpdesc.example.completed-result-form',
  kind: 'conformance',
  spec: '9.3',
  severity: 'error',
  codes: {
    'json-rpc-envelope':
      '{value} is a JSON-RPC envelope or protocol-error member; a Tool example result is the completed Tool Result payload without the envelope',
    'task-form': '{value} marks a task-augmented result; task forms are not Tool Examples',
    'input-required-form':
      '{value} marks an input-required result; only completed results are Tool Examples (use interactionExamples for client-input steps)',
    'non-completed-result':
      'resultType {value} is not a completed result; a Tool example result must have resultType "complete"',
  },
  docs: {
    summary:
      'A Tool example result is a completed Tool Result, not a JSON-RPC envelope, error, task or input-required form.',
    bad: toolDoc({ examples: { e: { input: {}, result: { jsonrpc: '2.0', id: 1, ...ok } } } }),
    good: toolDoc({ examples: { e: { input: {}, result: ok } } }),
  },
  create(ctx) {
    return {
      example(node) {
        const found = toolExampleResult(node);
        if (!found) return;
        const { result, at } = found;
        const note = viaNote(node);
        for (const key of Object.keys(result)) {
          const code = envelopeMembers.has(key)
            ? 'json-rpc-envelope'
            : taskMembers.has(key)
              ? 'task-form'
              : inputRequiredMembers.has(key)
                ? 'input-required-form'
                : undefined;
          if (code) ctx.report(code, joinPointer(at, key), { ...note, key: true, values: { value: key } });
        }
        if (typeof result.resultType === 'string' && result.resultType !== 'complete') {
          ctx.report('non-completed-result', joinPointer(at, 'resultType'), {
            ...note,
            values: { value: result.resultType },
          });
        }
      },
    };
  },
};

/** Execution-error results: isError true, content, no structuredContent (9.3). */
export const errorResultRule: Rule = {
  id: 'mcpdesc.tool.example.error-result',
  kind: 'conformance',
  spec: '9.3',
  severity: 'error',
  codes: {
    'structured-content-in-error':
      'an execution-error result (isError: true) must not contain structuredContent; outputSchema does not describe error content',
  },
  docs: {
    summary:
      'A Tool execution-error example sets isError: true, carries unstructured content and no structuredContent.',
    bad: toolDoc({
      examples: { e: { input: {}, result: { ...ok, structuredContent: { code: 'x' }, isError: true } } },
    }),
    good: toolDoc({ examples: { e: { input: {}, result: { ...ok, isError: true } } } }),
  },
  create(ctx) {
    return {
      example(node) {
        if (!isToolExample(node)) return;
        const result = (node.value as JsonObject).result;
        if (!isObject(result) || result.isError !== true) return;
        if (hasOwn(result, 'structuredContent')) {
          ctx.report('structured-content-in-error', joinPointer(node.pointer, 'result', 'structuredContent'), {
            ...viaNote(node),
            key: true,
          });
        }
      },
    };
  },
};

/** A successful result of a Tool with outputSchema contains structuredContent valid against it (9.3). */
export const structuredContentOutputSchemaRule: Rule = {
  id: 'mcp.tool.structured-content.output-schema',
  kind: 'conformance',
  spec: '9.3',
  severity: 'error',
  codes: {
    'missing-structured-content':
      'the Tool declares outputSchema, so a successful result must contain structuredContent (MCP {revisions})',
    ...compatibilityCodes('structuredContent', '9.2, 9.3'),
  },
  docs: {
    summary:
      'A successful example result of a Tool with outputSchema contains structuredContent that validates against it.',
    bad: toolDoc({ outputSchema: { type: 'object', required: ['total'] }, examples: { e: { input: {}, result: ok } } }),
    good: toolDoc({
      outputSchema: { type: 'object', required: ['total'] },
      examples: { e: { input: {}, result: { ...ok, structuredContent: { total: 1 } } } },
    }),
  },
  create(ctx) {
    return {
      example(node) {
        if (!isToolExample(node)) return;
        const result = (node.value as JsonObject).result;
        if (!isObject(result) || result.isError === true) return;
        const scope = having(node.scope, 'tool-result.structuredContent');
        if (!scope.length) return; // outputSchema and structuredContent are 2025-06-18+ (reported by their revision rules)
        const schema = toolSchema(ctx, node.owner, 'outputSchema');
        if (!schema) return;
        const at = joinPointer(node.pointer, 'result');
        const note = viaNote(node);
        if (!hasOwn(result, 'structuredContent')) {
          ctx.report('missing-structured-content', at, { ...note, values: { revisions: raw(formatRevisions(scope)) } });
          return;
        }
        const value = result.structuredContent;
        const compatibility = toolSchemaCompatibility(ctx, schema.value, value, scope);
        reportCompatibility(
          ctx,
          compatibility,
          value,
          joinPointer(at, 'structuredContent'),
          schema.pointer,
          'structuredContent',
          note,
        );
      },
    };
  },
};

export const toolExampleRules: readonly Rule[] = [
  toolExampleSchemaConformanceRule,
  exampleResultMembersRule,
  exampleResultProtocolFidelityRule,
  completedResultFormRule,
  errorResultRule,
  structuredContentOutputSchemaRule,
];
