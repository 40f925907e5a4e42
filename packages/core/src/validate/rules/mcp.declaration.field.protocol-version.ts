import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking, type Revision, type RevisionFeature } from '../../model/revisions.js';
import { hasOwn, isObject } from '../../model/values.js';
import { definingRevisions } from '../mcp/revision-facts.js';
import { namedByToolsSection, raw, type Rule, type RuleContext, type RuleDocs } from '../rule.js';
import { primitiveKind, type PrimitiveKind } from '../../model/document.js';

/**
 * Declaration fields the specification marks "Since MCP X" or "MCP X only" (3.5, 9.1, 9.2,
 * 10.1.1, 10.2.1, 10.3, 11.1, 11.2): such a field may appear only when every revision of the
 * declaration's effective scope defines it. The facts come from model/revisions.ts.
 */

/** Gated fields on the primitive declaration itself, by kind, in MCP type order (the table's nativeFields order). */
function gatedFieldsOf(kind: PrimitiveKind): [field: string, feature: RevisionFeature][] {
  const { nativeFields, gatedFields } = primitiveKind[kind];
  return nativeFields.filter((field) => hasOwn(gatedFields, field)).map((field) => [field, gatedFields[field]!]);
}

/** The table read once: the rule visits every declaration. */
const primitiveFields = new Map(
  (Object.keys(primitiveKind) as PrimitiveKind[]).map((kind) => [kind, gatedFieldsOf(kind)] as const),
);

function report(
  ctx: RuleContext,
  pointer: string,
  field: string,
  object: string,
  missing: readonly Revision[],
  scope: readonly Revision[],
  feature: RevisionFeature,
  note?: string,
): void {
  ctx.report('field-not-in-revision', pointer, {
    key: true,
    values: {
      field,
      object: raw(object),
      missing: raw(formatRevisions(missing)),
      scope: raw(formatRevisions(scope)),
      defined: raw(definingRevisions(feature)),
    },
    ...(note ? { note } : {}),
  });
}

export function docs(): RuleDocs {
  return {
    summary:
      'Declaration fields marked "Since MCP X" or "MCP X only" (title, outputSchema, annotations, execution, icons, _meta, Tool schema $schema, Resource Annotations lastModified, Prompt Argument title) appear only when every revision of the effective scope defines them.',
    bad: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2026-07-28'],
      tools: [{ name: 'run_job', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }],
    },
    good: {
      mcpdesc: '0.8.0',
      info: { name: 'x', version: '1' },
      protocolVersions: ['2025-11-25'],
      tools: [{ name: 'run_job', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }],
    },
  };
}

export const rule: Rule = {
  id: 'mcp.declaration.field.protocol-version',
  kind: 'conformance',
  spec: '9.1',
  namedBy: namedByToolsSection,
  severity: 'error',
  codes: {
    'field-not-in-revision':
      '{field} on a {object} is not defined by MCP {missing} (effective scope {scope}); it is defined only in MCP {defined}. Remove it or narrow protocolVersions',
  },
  create(ctx) {
    const check = (
      container: Record<string, unknown>,
      field: string,
      feature: RevisionFeature,
      pointer: string,
      object: string,
      scope: readonly Revision[],
      note?: string,
    ): void => {
      if (!hasOwn(container, field)) return;
      const missing = lacking(scope, feature);
      if (missing.length === 0) return;
      report(ctx, joinPointer(pointer, field), field, object, missing, scope, feature, note);
    };
    return {
      primitive(node) {
        const object = primitiveKind[node.kind].objectName;
        for (const [field, feature] of primitiveFields.get(node.kind)!)
          check(node.value, field, feature, node.pointer, object, node.scope);
        if (node.kind === 'resource' || node.kind === 'resourceTemplate') {
          const annotations = node.value.annotations;
          if (isObject(annotations)) {
            check(
              annotations,
              'lastModified',
              'resource-annotations.lastModified',
              joinPointer(node.pointer, 'annotations'),
              `${object}'s Resource Annotations`,
              node.scope,
            );
          }
        }
        if (node.kind === 'prompt' && Array.isArray(node.value.arguments)) {
          node.value.arguments.forEach((argument, index) => {
            if (isObject(argument)) {
              check(
                argument,
                'title',
                'prompt-argument.title',
                joinPointer(node.pointer, 'arguments', index),
                'Prompt Argument',
                node.scope,
              );
            }
          });
        }
      },
      toolSchema(node) {
        // 9.2: "Earlier revisions do not define that property on Tool schemas."
        if (!isObject(node.value)) return;
        check(
          node.value,
          '$schema',
          'tool-schema.dialect',
          node.pointer,
          `Tool ${node.role}`,
          node.scope,
          node.via ? `used by ${node.via}` : undefined,
        );
      },
    };
  },
};
