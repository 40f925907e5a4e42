import { joinPointer } from '../../model/json-pointer.js';
import { formatRevisions, lacking, type Revision, type RevisionFeature } from '../../model/revisions.js';
import { gatedFieldsOf, isNodeName, nodeTypes, type FieldShape, type NodeName } from '../../model/shape-tree.js';
import { hasOwn, isObject, type JsonObject } from '../../model/values.js';
import { definingRevisions } from '../mcp/revision-facts.js';
import { namedByToolsSection, raw, type Rule, type RuleContext, type RuleDocs } from '../rule.js';
import { primitiveKind } from '../../model/document.js';

/**
 * Declaration fields the specification marks "Since MCP X" or "MCP X only" (3.5, 9.1, 9.2,
 * 10.1.1, 10.2.1, 10.3, 11.1, 11.2): such a field may appear only when every revision of the
 * declaration's effective scope defines it. Which fields those are, on the declaration and on the
 * native objects inside it, is read from the shape tree (model/shape-tree.ts); Tool schemas are
 * checked where the walk hands them over, after `$componentRef` resolution (9.2).
 */

/** The object's name in messages: "Prompt Argument Object" is a "Prompt Argument". */
function objectName(node: NodeName): string {
  return nodeTypes[node].title.replace(/ Object$/, '');
}

/** A native field holding an object kind with gated fields at or below it (Tool schemas excepted). */
interface Descent {
  field: string;
  node: NodeName;
  list: boolean;
}

/** Per object kind, where the rule looks below it: computed once from the tree, whose depth is fixed. */
const descents = new Map<NodeName, Descent[]>();
function descentsOf(node: NodeName): Descent[] {
  let out = descents.get(node);
  if (out) return out;
  out = [];
  descents.set(node, out);
  const fields: Readonly<Record<string, FieldShape>> = nodeTypes[node].fields;
  for (const field in fields) {
    const shape = fields[field]!;
    if (shape.origin !== 'native' || shape.type === 'ToolSchema' || !isNodeName(shape.type)) continue;
    if (gatedFieldsOf(shape.type).length === 0 && descentsOf(shape.type).length === 0) continue;
    out.push({ field, node: shape.type, list: shape.container === 'list' });
  }
  return out;
}

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
      container: JsonObject,
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
    /** The gated fields of one object, then those of the native objects inside it. */
    const checkObject = (
      node: NodeName,
      value: JsonObject,
      pointer: string,
      object: string,
      scope: readonly Revision[],
    ): void => {
      // A legacy field outside its revisions is kept with a warning by its own rule (8.2).
      for (const gated of gatedFieldsOf(node))
        if (!gated.legacy) check(value, gated.field, gated.feature, pointer, object, scope);
      for (const { field, node: inner, list } of descentsOf(node)) {
        const member = value[field];
        if (list && Array.isArray(member)) {
          member.forEach((entry, index) => {
            if (isObject(entry))
              checkObject(inner, entry, joinPointer(pointer, field, index), objectName(inner), scope);
          });
        } else if (!list && isObject(member)) {
          checkObject(inner, member, joinPointer(pointer, field), `${object}'s ${objectName(inner)}`, scope);
        }
      }
    };
    return {
      primitive(node) {
        const { node: kind, objectName: object } = primitiveKind[node.kind];
        checkObject(kind, node.value, node.pointer, object, node.scope);
      },
      toolSchema(node) {
        // 9.2: "Earlier revisions do not define that property on Tool schemas."
        if (!isObject(node.value)) return;
        const note = node.via ? `used by ${node.via}` : undefined;
        for (const gated of gatedFieldsOf('ToolSchema'))
          check(node.value, gated.field, gated.feature, node.pointer, `Tool ${node.role}`, node.scope, note);
      },
    };
  },
};
