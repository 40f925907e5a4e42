import { joinPointer } from '../../model/json-pointer.js';
import { raw, type Rule } from '../../validate/rule.js';
import { forEachPropertyChain } from '../schema-walk.js';
import { toolLabel } from '../tool-name.js';
import { nameTokens, proseWords } from '../words.js';
import { exampleDocument, exampleTool } from '../example-document.js';

/** Fewer words than this is not a useful sentence ("Searches issues"). */
export const minimumDescriptionWords = 5;

/** Property names whose value has a format the model must match (the guide's "ABC-123"). */
const identifierTokens = new Set([
  'id',
  'ids',
  'uuid',
  'guid',
  'url',
  'urls',
  'uri',
  'uris',
  'date',
  'datetime',
  'timestamp',
]);

/** Prose that states a format: "in the form ABC-123", "ISO 8601", "e.g. ...", "YYYY-MM-DD". */
const formatCue =
  /\b(form|format|formatted|e\.g\.|for example|such as|like|iso[ -]?\d+|rfc ?\d+|yyyy|pattern|prefix(ed)?|starts? with|absolute|https?|uuid)\b|`[^`]+`|"[^"]+"|'[^']+'|\b[A-Z]{2,}-\d+\b/i;

export function isIdentifierLike(name: string): boolean {
  const tokens = nameTokens(name);
  return tokens.length > 0 && identifierTokens.has(tokens[tokens.length - 1]!);
}

export const rule: Rule = {
  id: 'lint.tool.description',
  kind: 'lint',
  spec: 'guide 5',
  severity: 'warning',
  codes: {
    'missing-description':
      'tool {name} has no description; the description is the only documentation the model gets (what it does, when to use it, what comes back, the constraint that stops misuse)',
    'short-description':
      'the description of tool {name} is {value}: {count} words is shorter than a useful sentence; say what it does, when to use it instead of its neighbours, what comes back and its scope',
    'property-missing-description':
      'input property {property} of tool {name} has no description; state what it means and its format',
    'identifier-format-missing':
      'input property {property} of tool {name} looks like an identifier, URL or date but its description {value} gives no format (e.g. "in the form ABC-123"); state the format the model must produce',
  },
  docs: {
    summary: 'Tools and their input properties are described; identifier, URL and date properties state their format.',
    bad: exampleDocument({
      tools: [
        exampleTool({
          description: 'Gets issues',
          inputSchema: {
            type: 'object',
            properties: { issue_id: { type: 'string', description: 'The issue identifier' } },
            additionalProperties: false,
          },
        }),
      ],
    }),
    good: exampleDocument({ tools: [exampleTool()] }),
  },
  create(ctx) {
    return {
      primitive(node) {
        if (node.kind !== 'tool') return;
        const description = node.value.description;
        const name = raw(toolLabel(node.value));
        if (description === undefined) {
          ctx.report('missing-description', node.pointer, { values: { name } });
          return;
        }
        if (typeof description !== 'string') return;
        const count = proseWords(description).length;
        if (count < minimumDescriptionWords) {
          ctx.report('short-description', joinPointer(node.pointer, 'description'), {
            values: { name, value: description, count },
          });
        }
      },
      toolSchema(node) {
        if (node.role !== 'inputSchema') return;
        const name = raw(toolLabel(node.tool.value));
        forEachPropertyChain(node.value, node.pointer, (property, schema, pointer) => {
          const description = schema.description;
          if (description === undefined) {
            // A $ref'd property is documented where it points; only plain property schemas are flagged.
            if (schema.$ref === undefined)
              ctx.report('property-missing-description', pointer, { values: { name, property } });
            return;
          }
          if (typeof description !== 'string' || !isIdentifierLike(property)) return;
          const constrained = ['format', 'pattern', 'enum', 'const', 'examples'].some((k) => schema[k] !== undefined);
          if (!constrained && !formatCue.test(description)) {
            ctx.report('identifier-format-missing', joinPointer(pointer, 'description'), {
              values: { name, property, value: description },
            });
          }
        });
      },
    };
  },
};
