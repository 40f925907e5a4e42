import { getAtPointer, joinPointer } from '../../model/json-pointer.js';
import { formatRevisions } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { dialectFromUri } from '../../schema/dialect.js';
import { forEachSubschema } from '../../schema/keywords.js';
import { findUnresolvedLocalRefs } from '../../schema/resolve.js';
import { namedByToolsSection, raw, type ReportOptions, type Rule, type RuleContext, type RuleDocs } from '../rule.js';
import type { Dialect } from '../schema-service.js';
import type { ToolSchemaNode } from '../walk.js';
import { dialectRevisions, schemaUseNote } from '../mcp/tool-schema-facts.js';

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
      ...schemaUseNote(node),
    });
    ctx.markIncomplete(`external reference ${ref.ref} in ${node.via ?? node.pointer} was not retrieved`);
  }
}

/**
 * Embedded schema resources (a subschema with `$id`) that declare their own `$schema`: the
 * declared dialect is held to the same fixed set as the root's (9.2).
 */
function reportEmbeddedDialects(
  node: ToolSchemaNode,
  revisions: string,
  once: (code: string, pointer: string, options: ReportOptions) => void,
): void {
  forEachSubschema(node.value, '', (subschema, pointer) => {
    if (pointer === '' || !hasOwn(subschema, '$id') || !hasOwn(subschema, '$schema')) return;
    if (dialectFromUri(subschema.$schema) !== undefined) return;
    once('unsupported-dialect', node.pointer + joinPointer(pointer, '$schema'), {
      values: { value: subschema.$schema, revisions: raw(revisions) },
      ...schemaUseNote(node),
    });
  });
}

export function docs(): RuleDocs {
  return {
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
  };
}

export const rule: Rule = {
  id: 'json-schema.tool-schema.valid',
  kind: 'conformance',
  spec: '9.2',
  namedBy: namedByToolsSection,
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
        const concerned = dialectRevisions(node.scope);
        let dialect: Dialect = '2020-12';
        if (concerned.length) {
          const selection = isObject(schema) ? ctx.schemas.dialectOf(schema) : { dialect: '2020-12' as Dialect };
          if ('unsupported' in selection) {
            once('unsupported-dialect', joinPointer(node.pointer, '$schema'), {
              values: {
                value: isObject(schema) ? schema.$schema : selection.unsupported,
                revisions: raw(formatRevisions(concerned)),
              },
              ...schemaUseNote(node),
            });
            reportExternalRefs(ctx, node, dialect, once);
            return;
          }
          dialect = selection.dialect;
          const facts = ctx.schemas.facts(schema);
          if (facts.embeddedDialect) reportEmbeddedDialects(node, formatRevisions(concerned), once);
          const problems = ctx.schemas.validity(schema, dialect);
          // Made only for an invalid schema: this runs for every Tool schema.
          let refProblems: Set<string> | undefined;
          for (const problem of problems) {
            if (problem.keyword === '$ref' || problem.keyword === '$dynamicRef')
              (refProblems ??= new Set()).add(problem.pointer);
            once('invalid-schema', node.pointer + problem.pointer, {
              values: { role, dialect: raw(dialect), detail: raw(problem.message) },
              ...schemaUseNote(node),
            });
          }
          for (const site of facts.references ? findUnresolvedLocalRefs(schema, dialect) : []) {
            const at = joinPointer(site.pointer, site.keyword);
            if (refProblems !== undefined && (refProblems.has(at) || refProblems.has(site.pointer))) continue;
            // The OpenAPI habit: a $ref into the document's components; a description uses $componentRef.
            const use = schemaUseNote(node).note;
            const habit = site.ref.startsWith('#/components/')
              ? `a tool schema cannot $ref the document; use "$componentRef": "${site.ref.split('/').pop()}" instead`
              : undefined;
            const note = [habit, use].filter((n) => n !== undefined).join('; ');
            once('unresolved-ref', node.pointer + at, {
              values: { keyword: raw(site.keyword), value: site.ref, role, dialect: raw(dialect) },
              ...(note !== '' ? { note } : {}),
            });
          }
        }
        reportExternalRefs(ctx, node, dialect, once);
      },
    };
  },
};
