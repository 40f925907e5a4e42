import { joinPointer } from '../../model/json-pointer.js';
import { raw, type Rule, type RuleDocs } from '../../validate/rule.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { forEachPropertyChain, schemaTypes } from '../schema-walk.js';
import { hiddenFromModel, toolLabel } from '../tool-name.js';
import { lastNameToken, proseWordCount, proseWordIn } from '../words.js';
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

/**
 * Words that name the kind of value an identifier is, which is its format: an encoding ("hex",
 * "base64"), a scheme ("GUID", "ULID", "SHA", "slug", "semver") or a number ("integer",
 * "numeric", "digits"). "The commit SHA", "slug or numeric ID", "a GUID" tell the model what
 * to produce as surely as a pattern does.
 */
const formatNouns = new Set([
  'guid',
  'guids',
  'ulid',
  'sha',
  'sha1',
  'sha256',
  'hash',
  'hex',
  'hexadecimal',
  'base64',
  'slug',
  'slugs',
  'semver',
  'numeric',
  'integer',
  'integers',
  'digits',
  'email',
  'epoch',
  'unix',
]);

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

/** `{"type": "null"}` (or `{"const": null}`): the branch of a nullable union that only admits null. */
function admitsOnlyNull(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const types = schemaTypes(schema);
  if (types.length > 0) return types.every((t) => t === 'null');
  return schema.const === null || (Array.isArray(schema.enum) && schema.enum.every((v) => v === null));
}

/**
 * The branches of a property's `anyOf`/`oneOf` other than the null one: Pydantic's
 * `Optional[X]` and zod's `.nullable()` write `{"anyOf": [X, {"type": "null"}]}`, with X's
 * description inside X; Notion writes `{"anyOf": [described object, {"type": "string"}]}`.
 * Empty when the schema has no `anyOf`/`oneOf`.
 */
function valueBranches(schema: JsonObject): { keyword: string; index: number; schema: JsonObject }[] {
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    return branches.flatMap((branch: unknown, index) =>
      isObject(branch) && !admitsOnlyNull(branch) ? [{ keyword, index, schema: branch }] : [],
    );
  }
  return [];
}

/** A branch documented in itself: a description, or a `$ref` documented where it points. */
function documented(schema: JsonObject): boolean {
  return typeof schema.description === 'string' || schema.$ref !== undefined;
}

/**
 * An enum of strings (or a const) whose values say what the property takes ("asc", "desc"):
 * the schema states the whole format, which is what guide 5 asks a description for. A list of
 * such values (firecrawl's `formats: ["markdown", "html", ...]`) states it the same way.
 */
function selfDescribing(schema: JsonObject): boolean {
  if (typeof schema.const === 'string') return true;
  if (Array.isArray(schema.enum)) return schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string');
  if (!isObject(schema.items)) return false;
  const items = valueBranches(schema.items);
  return items.length === 1 ? selfDescribing(items[0]!.schema) : selfDescribing(schema.items);
}

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
  if (formatCue.test(description) || proseWordIn(description, formatNouns) !== undefined) return true;
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
          // A nullable union's value branch is the property's own schema (its description, its type).
          const branches = valueBranches(schema);
          const branch = branches.length === 1 ? branches[0] : undefined;
          const value = branch?.schema ?? schema;
          const description = schema.description ?? value.description;
          if (description === undefined) {
            // A $ref'd property is documented where it points; a union whose every value branch
            // is documented is documented when a value branch is (the model reads it there: Notion's
            // `anyOf: [described object, its JSON as a string]`); an enum of its values describes itself.
            const quiet =
              schema.$ref !== undefined ||
              (branches.length > 0 && branches.some((b) => documented(b.schema))) ||
              selfDescribing(schema) ||
              (branch !== undefined && selfDescribing(value));
            if (!quiet) ctx.report('property-missing-description', pointerOf(), { values: { name: name(), property } });
            return;
          }
          if (typeof description !== 'string' || !isIdentifierLike(property)) return;
          if (
            !statesFormat(property, schema, description) &&
            (value === schema || !statesFormat(property, value, description))
          ) {
            const at =
              schema.description === undefined && branch
                ? joinPointer(pointerOf(), branch.keyword, String(branch.index), 'description')
                : joinPointer(pointerOf(), 'description');
            ctx.report('identifier-format-missing', at, {
              values: { name: name(), property, value: description },
            });
          }
        });
      },
    };
  },
};
