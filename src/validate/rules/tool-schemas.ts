import { getAtPointer, joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, having, lacking, type Revision } from '../../model/revisions.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { findUnresolvedLocalRefs } from '../../schema/resolve.js';
import { raw, type ReportOptions, type Rule, type RuleContext } from '../rule.js';
import type { Dialect } from '../schema-service.js';
import type { ToolSchemaNode } from '../walk.js';

/**
 * Embedded Tool schemas (9.2): object roots, the pre-dialect shape of the revisions before
 * MCP 2025-11-25, validity under the declared or default dialect, unresolved references, and
 * (0.9.0-rc.3) the native MCP Tool type restrictions that are warnings only.
 */

const revisionsText = (list: readonly Revision[]): ReturnType<typeof raw> => raw(formatRevisions(list));

/** Use-site note for a schema reached through `$componentRef`. */
function viaNote(node: ToolSchemaNode): Pick<ReportOptions, 'note'> {
  return node.via ? { note: `used by ${node.via}` } : {};
}

/** `type` keyword facts of a schema root. */
function typeFacts(schema: JsonObject): {
  present: boolean;
  exactObject: boolean;
  containsObject: boolean;
  wellFormed: boolean;
} {
  if (!hasOwn(schema, 'type')) return { present: false, exactObject: false, containsObject: false, wellFormed: true };
  const type = schema.type;
  if (typeof type === 'string')
    return { present: true, exactObject: type === 'object', containsObject: type === 'object', wellFormed: true };
  if (Array.isArray(type))
    return { present: true, exactObject: false, containsObject: type.includes('object'), wellFormed: true };
  return { present: true, exactObject: false, containsObject: false, wellFormed: false };
}

const legacy = (scope: readonly Revision[]): Revision[] => lacking(scope, 'tool-schema.dialect');
const dialectScope = (scope: readonly Revision[]): Revision[] => having(scope, 'tool-schema.dialect');

export const inputSchemaObjectRootRule: Rule = {
  id: 'mcp.tool.input-schema.object-root',
  kind: 'conformance',
  spec: '9.2',
  severity: 'error',
  codes: {
    'not-object-root':
      'inputSchema root declares type {value}; the root MUST describe an object (type "object" or a type array containing "object")',
    'object-type-required':
      'inputSchema root must declare "type": "object" for MCP {revisions}, whose Tool schema shape is object-rooted; found {found}',
  },
  docs: {
    summary: 'A Tool inputSchema root describes an object; before MCP 2025-11-25 it declares "type": "object".',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'array' } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'object' } }],
    },
  },
  create(ctx) {
    return {
      toolSchema(node) {
        if (node.role !== 'inputSchema' || !isObject(node.value) || node.scope.length === 0) return;
        const facts = typeFacts(node.value);
        if (facts.present && facts.wellFormed && !facts.containsObject) {
          ctx.report('not-object-root', joinPointer(node.pointer, 'type'), {
            values: { value: node.value.type },
            ...viaNote(node),
          });
          return;
        }
        const early = legacy(node.scope);
        if (early.length && !facts.exactObject) {
          ctx.report('object-type-required', facts.present ? joinPointer(node.pointer, 'type') : node.pointer, {
            values: { revisions: revisionsText(early), found: facts.present ? node.value.type : raw('no type') },
            ...viaNote(node),
          });
        }
      },
    };
  },
};

export const outputSchemaObjectRootRule: Rule = {
  id: 'mcp.tool.output-schema.object-root',
  kind: 'conformance',
  spec: '9.2',
  severity: 'error',
  codes: {
    'not-object-root':
      'outputSchema root declares type {value}; before MCP 2026-07-28 structured output is an object, and this Tool applies to MCP {revisions}',
    'object-type-required': 'outputSchema root must declare "type": "object" for MCP {revisions}; found {found}',
  },
  docs: {
    summary: 'Before MCP 2026-07-28 a Tool outputSchema declares an object root; MCP 2026-07-28 permits any root.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [
        { name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } },
      ],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2026-07-28'],
      tools: [
        { name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } },
      ],
    },
  },
  create(ctx) {
    return {
      toolSchema(node) {
        if (node.role !== 'outputSchema' || !isObject(node.value)) return;
        // Revisions that define outputSchema (others: mcp.declaration.field.protocol-version) and require an object root.
        const concerned = lacking(having(node.scope, 'tool.outputSchema'), 'tool-schema.output-any-root');
        if (concerned.length === 0) return;
        const facts = typeFacts(node.value);
        if (facts.present && facts.wellFormed && !facts.containsObject) {
          ctx.report('not-object-root', joinPointer(node.pointer, 'type'), {
            values: { value: node.value.type, revisions: revisionsText(concerned) },
            ...viaNote(node),
          });
          return;
        }
        // Pre-dialect revisions: exactly "type": "object". 0.8.0 "MUST declare an object root" for every
        // concerned revision; 0.9.0-rc.3 lets an MCP 2025-11-25 root omit `type` (native-shape warning).
        const strict = concerned.filter((r) => !dialectScope([r]).length || ctx.specVersion === '0.8.0');
        const failing = strict.filter((r) => (dialectScope([r]).length ? !facts.containsObject : !facts.exactObject));
        if (failing.length) {
          ctx.report('object-type-required', facts.present ? joinPointer(node.pointer, 'type') : node.pointer, {
            values: { revisions: revisionsText(failing), found: facts.present ? node.value.type : raw('no type') },
            ...viaNote(node),
          });
        }
      },
    };
  },
};

export const legacySchemaShapeRule: Rule = {
  id: 'mcp.tool.schema.legacy-shape',
  kind: 'conformance',
  spec: '9.2',
  severity: 'error',
  codes: {
    'properties-not-object': '{role} properties must be an object for MCP {revisions}; found {value}',
    'property-not-object': '{role} property {name} must be an object schema for MCP {revisions}; found {value}',
    'required-not-array': '{role} required must be an array of strings for MCP {revisions}; found {value}',
    'required-entry-not-string': '{role} required entries must be strings for MCP {revisions}; found {value}',
  },
  docs: {
    summary:
      'Before MCP 2025-11-25, Tool schema properties is an object of objects and required an array of strings; no dialect is inferred.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-06-18'],
      tools: [{ name: 't', inputSchema: { type: 'object', required: 'value' } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-06-18'],
      tools: [
        {
          name: 't',
          inputSchema: {
            type: 'object',
            required: ['value'],
            properties: { value: { type: 'number', exclusiveMinimum: true } },
          },
        },
      ],
    },
  },
  create(ctx) {
    return {
      toolSchema(node) {
        if (!isObject(node.value)) return;
        let concerned = legacy(node.scope);
        if (node.role === 'outputSchema') concerned = having(concerned, 'tool.outputSchema');
        if (concerned.length === 0) return;
        const schema = node.value;
        const common = { role: raw(node.role), revisions: revisionsText(concerned) };
        if (hasOwn(schema, 'properties')) {
          const properties = schema.properties;
          if (!isObject(properties)) {
            ctx.report('properties-not-object', joinPointer(node.pointer, 'properties'), {
              values: { ...common, value: properties },
              ...viaNote(node),
            });
          } else {
            for (const name of Object.keys(properties)) {
              if (!isObject(properties[name])) {
                ctx.report('property-not-object', joinPointer(node.pointer, 'properties', name), {
                  values: { ...common, name, value: properties[name] },
                  ...viaNote(node),
                });
              }
            }
          }
        }
        if (hasOwn(schema, 'required')) {
          const required = schema.required;
          if (!Array.isArray(required)) {
            ctx.report('required-not-array', joinPointer(node.pointer, 'required'), {
              values: { ...common, value: required },
              ...viaNote(node),
            });
          } else {
            required.forEach((entry, index) => {
              if (typeof entry !== 'string') {
                ctx.report('required-entry-not-string', joinPointer(node.pointer, 'required', index), {
                  values: { ...common, value: entry },
                  ...viaNote(node),
                });
              }
            });
          }
        }
      },
    };
  },
};

export const toolSchemaValidRule: Rule = {
  id: 'json-schema.tool-schema.valid',
  kind: 'conformance',
  spec: '9.2',
  severity: 'error',
  codes: {
    'unsupported-dialect':
      '$schema {value} is not a supported dialect; a Tool schema for MCP {revisions} must declare JSON Schema 2020-12 ("https://json-schema.org/draft/2020-12/schema") or draft-07 ("http://json-schema.org/draft-07/schema#"), or omit $schema for 2020-12',
    'invalid-schema': '{role} is not a valid JSON Schema {dialect} schema: {detail}',
    'unresolved-ref':
      '{keyword} {value} does not resolve to a location or anchor within the schema; the {role} is not a valid JSON Schema {dialect} schema',
    'external-ref-unresolved': {
      severity: 'warning',
      message:
        '{keyword} {value} targets an external resource that is never retrieved; complete embedded-schema validation of this {role} was not possible',
    },
  },
  docs: {
    summary:
      'From MCP 2025-11-25, every Tool schema is valid under its declared (2020-12 or draft-07) or default (2020-12) dialect; external $ref targets are never fetched and leave validation incomplete.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2026-07-28'],
      tools: [{ name: 't', inputSchema: { type: 'object', required: 'query' } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2026-07-28'],
      tools: [{ name: 't', inputSchema: { type: 'object', required: ['query'] } }],
    },
  },
  create(ctx) {
    // A component schema shared by several Tools is reported once per location.
    const reported = new Set<string>();
    const once = (code: string, pointer: string, options: ReportOptions): void => {
      const key = code + '\u0000' + pointer;
      if (reported.has(key)) return;
      reported.add(key);
      ctx.report(code, pointer, options);
    };
    return {
      toolSchema(node) {
        const schema = node.value;
        if (!isObject(schema) && typeof schema !== 'boolean') return; // structural
        const role = raw(node.role);
        const concerned = dialectScope(node.scope);
        let dialect: Dialect = '2020-12';
        if (concerned.length) {
          const selection = isObject(schema) ? ctx.schemas.dialectOf(schema) : { dialect: '2020-12' as Dialect };
          if ('unsupported' in selection) {
            once('unsupported-dialect', joinPointer(node.pointer, '$schema'), {
              values: {
                value: isObject(schema) ? schema.$schema : selection.unsupported,
                revisions: revisionsText(concerned),
              },
              ...viaNote(node),
            });
            reportExternalRefs(ctx, node, dialect, once);
            return;
          }
          dialect = selection.dialect;
          const problems = ctx.schemas.validity(schema, dialect);
          const refProblems = new Set<string>();
          for (const problem of problems) {
            if (problem.keyword === '$ref' || problem.keyword === '$dynamicRef') refProblems.add(problem.pointer);
            once('invalid-schema', node.pointer + problem.pointer, {
              values: { role, dialect: raw(dialect), detail: raw(problem.message) },
              ...viaNote(node),
            });
          }
          for (const site of findUnresolvedLocalRefs(schema, dialect)) {
            const at = joinPointer(site.pointer, site.keyword);
            if (refProblems.has(at) || refProblems.has(site.pointer)) continue;
            once('unresolved-ref', node.pointer + at, {
              values: { keyword: raw(site.keyword), value: site.ref, role, dialect: raw(dialect) },
              ...viaNote(node),
            });
          }
        }
        reportExternalRefs(ctx, node, dialect, once);
      },
    };
  },
};

function reportExternalRefs(
  ctx: RuleContext,
  node: ToolSchemaNode,
  _dialect: Dialect,
  once: (code: string, pointer: string, options: ReportOptions) => void,
): void {
  for (const ref of ctx.schemas.externalRefs(node.value)) {
    const holder = getAtPointer(node.value, ref.pointer);
    const keyword =
      isObject(holder) && holder.$ref === ref.ref
        ? '$ref'
        : isObject(holder) && holder.$dynamicRef === ref.ref
          ? '$dynamicRef'
          : '$ref';
    once('external-ref-unresolved', node.pointer + joinPointer(ref.pointer, keyword), {
      values: { keyword: raw(keyword), value: ref.ref, role: raw(node.role) },
      ...viaNote(node),
    });
    ctx.markIncomplete(`external reference ${ref.ref} in ${node.via ?? node.pointer} was not retrieved`);
  }
}

export const nativeShapeRule: Rule = {
  id: 'mcp.tool.schema.native-shape',
  kind: 'conformance',
  spec: '9.2',
  severity: 'warning',
  versions: ['0.9.0-rc.3'],
  codes: {
    'root-type-not-object':
      '{role} root gives {found} instead of "type": "object", which the MCP Tool type of {revisions} requires; native projection fails for {revisions}',
    'property-not-object':
      '{role} property {name} is {value}, but the MCP Tool type of {revisions} requires an object for every top-level properties entry (write {suggestion}); native projection fails for {revisions}',
  },
  docs: {
    summary:
      '0.9.0-rc.3: a dialect-valid Tool schema that misses a restriction of the MCP Tool type (object type at the root, object property schemas) is a warning naming the revisions concerned.',
    bad: {
      mcpdesc: '0.9.0-rc.3',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'object', properties: { anything: true } } }],
    },
    good: {
      mcpdesc: '0.9.0-rc.3',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 't', inputSchema: { type: 'object', properties: { anything: {} } } }],
    },
  },
  create(ctx) {
    const reported = new Set<string>();
    return {
      toolSchema(node) {
        if (!isObject(node.value)) return;
        const concerned = dialectScope(node.scope);
        if (concerned.length === 0) return;
        const schema = node.value;
        const role = raw(node.role);
        const rootRevisions = having(
          concerned,
          node.role === 'inputSchema'
            ? 'tool-schema.native.input-object-type'
            : 'tool-schema.native.output-object-type',
        );
        const facts = typeFacts(schema);
        // A declared type without "object" is an error of the object-root rules, not a warning.
        if (rootRevisions.length && !facts.exactObject && (!facts.present || facts.containsObject)) {
          const at = facts.present ? joinPointer(node.pointer, 'type') : node.pointer;
          if (!reported.has('root' + at)) {
            reported.add('root' + at);
            ctx.report('root-type-not-object', at, {
              values: {
                role,
                found: facts.present ? schema.type : raw('no type'),
                revisions: revisionsText(rootRevisions),
              },
              ...viaNote(node),
            });
          }
        }
        const propertyRevisions = having(concerned, 'tool-schema.native.object-properties');
        const properties = schema.properties;
        if (propertyRevisions.length && isObject(properties)) {
          for (const name of Object.keys(properties)) {
            const value = properties[name];
            if (typeof value !== 'boolean') continue; // non-schema values are invalid schemas, reported elsewhere
            const at = joinPointer(node.pointer, 'properties', name);
            if (reported.has('prop' + at)) continue;
            reported.add('prop' + at);
            ctx.report('property-not-object', at, {
              values: {
                role,
                name,
                value,
                suggestion: raw(value ? '{}' : '{ "not": {} }'),
                revisions: revisionsText(propertyRevisions),
              },
              ...viaNote(node),
            });
          }
        }
      },
    };
  },
};

export const toolSchemaRules: readonly Rule[] = [
  inputSchemaObjectRootRule,
  outputSchemaObjectRootRule,
  legacySchemaShapeRule,
  toolSchemaValidRule,
  nativeShapeRule,
];
