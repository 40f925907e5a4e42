import { joinPointer } from '../../model/json-pointer.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { forEachPropertyChain, schemaTypes } from '../schema-walk.js';
import { hiddenFromModel, toolLabel } from '../tool-name.js';
import { lastNameToken, proseWordCount } from '../words.js';
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

/** Name words of a locator: a URL or URI, whose format the word itself names. */
const locatorTokens = new Set(['url', 'urls', 'uri', 'uris']);
/** Name words of an opaque identifier, whose format is whatever its issuer gives. */
const opaqueTokens = new Set(['id', 'ids', 'uuid', 'guid']);
/** Prose that names the kind of locator a value is: "PDF URL or local file path", "a data URI". */
const locatorCue = /\b(urls?|uris?|links?|paths?)\b/i;
/**
 * Prose that says where an opaque identifier comes from, which is its format: "from the
 * display_pdf result", "as returned by create_session", "issued by the server".
 */
const provenanceCue = /\b(from|returned by|as returned|given by|obtained|issued by|provided by)\b/i;

export function isIdentifierLike(name: string): boolean {
  const last = lastNameToken(name);
  return last !== undefined && identifierTokens.has(last);
}

/**
 * Whether a description (or the schema) already gives an identifier-like property its format:
 * a format cue, a locator named as such, the provenance of an opaque id (a date's is not a
 * format), or a non-string type (a number's format is the schema's).
 */
function statesFormat(property: string, schema: JsonObject, description: string): boolean {
  if (['format', 'pattern', 'enum', 'const', 'examples'].some((k) => schema[k] !== undefined)) return true;
  const types = schemaTypes(schema);
  const items = isObject(schema.items) ? schemaTypes(schema.items) : [];
  const valueTypes = types.includes('array') ? items : types;
  if (valueTypes.length > 0 && !valueTypes.includes('string')) return true;
  if (formatCue.test(description)) return true;
  const last = lastNameToken(property)!;
  if (locatorTokens.has(last)) return locatorCue.test(description);
  return opaqueTokens.has(last) && provenanceCue.test(description);
}

export function docs(): RuleDocs {
  return {
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
  };
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
  create(ctx) {
    return {
      primitive(node) {
        if (node.kind !== 'tool' || hiddenFromModel(node.value)) return;
        const description = node.value.description;
        if (description === undefined) {
          ctx.report('missing-description', node.pointer, { values: { name: raw(toolLabel(node.value)) } });
          return;
        }
        if (typeof description !== 'string') return;
        const count = proseWordCount(description, minimumDescriptionWords);
        if (count < minimumDescriptionWords) {
          ctx.report('short-description', joinPointer(node.pointer, 'description'), {
            values: { name: raw(toolLabel(node.value)), value: description, count },
          });
        }
      },
      toolSchema(node) {
        // Descriptions are the model's documentation: a tool only the server's app calls has no reader.
        if (node.role !== 'inputSchema' || hiddenFromModel(node.tool.value)) return;
        // The tool's label, made once and only for a report.
        let label: ReturnType<typeof raw> | undefined;
        const name = (): ReturnType<typeof raw> => (label ??= raw(toolLabel(node.tool.value)));
        forEachPropertyChain(node.value, node.pointer, (property, schema, pointerOf) => {
          const description = schema.description;
          if (description === undefined) {
            // A $ref'd property is documented where it points; only plain property schemas are flagged.
            if (schema.$ref === undefined)
              ctx.report('property-missing-description', pointerOf(), { values: { name: name(), property } });
            return;
          }
          if (typeof description !== 'string' || !isIdentifierLike(property)) return;
          if (!statesFormat(property, schema, description)) {
            ctx.report('identifier-format-missing', joinPointer(pointerOf(), 'description'), {
              values: { name: name(), property, value: description },
            });
          }
        });
      },
    };
  },
};
