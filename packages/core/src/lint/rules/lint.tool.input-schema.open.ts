import { isObject } from '../../model/values.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { toolLabel } from '../tool-name.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Keywords that constrain the accepted properties some other way (composition, references, patterns). */
const otherConstraints = [
  'patternProperties',
  'propertyNames',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  '$ref',
  '$dynamicRef',
  'dependentSchemas',
];

export function docs(): RuleDocs {
  return {
    summary:
      'Tool input schemas are closed: { "type": "object" } accepts any object; declared properties come with additionalProperties: false.',
    bad: exampleDocument({ tools: [exampleTool({ inputSchema: { type: 'object' } })] }),
    good: exampleDocument({ tools: [exampleTool({ inputSchema: { type: 'object', additionalProperties: false } })] }),
  };
}

export const rule: Rule = {
  id: 'lint.tool.input-schema.open',
  kind: 'lint',
  spec: 'guide 4',
  severity: 'warning',
  codes: {
    'open-object':
      'the inputSchema of tool {name} is an object with no declared properties and no additionalProperties: false, so it accepts any object at all; use { "type": "object", "additionalProperties": false } for a tool without parameters, or declare its properties',
    'undeclared-properties-allowed': {
      severity: 'info',
      message:
        'the inputSchema of tool {name} declares properties but not additionalProperties: false, so undeclared arguments reach the handler instead of being rejected',
    },
  },
  create(ctx) {
    return {
      toolSchema(node) {
        const schema = node.value;
        if (node.role !== 'inputSchema' || !isObject(schema)) return;
        if (schema.additionalProperties === false || schema.unevaluatedProperties === false) return;
        if (otherConstraints.some((k) => schema[k] !== undefined)) return;
        const name = raw(toolLabel(node.tool.value));
        const declared = isObject(schema.properties) && Object.keys(schema.properties).length > 0;
        if (!declared) {
          if (schema.additionalProperties === undefined && schema.unevaluatedProperties === undefined)
            ctx.report('open-object', node.pointer, { values: { name } });
        } else if (schema.additionalProperties === undefined || schema.additionalProperties === true) {
          ctx.report('undeclared-properties-allowed', node.pointer, { values: { name } });
        }
      },
    };
  },
};
