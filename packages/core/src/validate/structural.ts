/**
 * Structural validation: runs the format's own JSON Schema (structural-schema.ts) with Ajv and
 * turns Ajv errors into precise diagnostics, under the rule the specification names for the
 * failing location (`structuralRuleOf`) or `mcpdesc.document.schema`.
 */

import type { ErrorObject } from 'ajv';

import type { Diagnostic } from '../model/diagnostic.js';
import { compareDiagnostics } from '../model/diagnostic.js';
import { joinPointer, unescapePointerToken } from '../model/json-pointer.js';
import { parseUri } from '../model/uri.js';
import { structuralValidators } from '../generated/structural-validators.js';
import { specVersionList } from '../model/spec-versions.js';
import {
  DEFINITION_INFO,
  EXTENSION_PATTERN,
  LOCAL_NAME_PATTERN,
  structuralSchema,
  type StructuralVersion,
} from './structural-schema.js';

export const STRUCTURAL_RULE = 'mcpdesc.document.schema';

/** Every code `checkStructure` can report. */
export const STRUCTURAL_CODES = [
  'unknown-property',
  'missing-property',
  'forbidden-property',
  'extension-not-allowed',
  'reference-siblings',
  'type',
  'enum',
  'const',
  'empty-collection',
  'empty-string',
  'pattern',
  'unique',
  'format',
  'minimum',
  'maximum',
] as const;
export type StructuralCode = (typeof STRUCTURAL_CODES)[number];

/** What each structural code reports: the code list of every rule that receives structural findings. */
export const STRUCTURAL_CODE_SUMMARIES: Readonly<Record<StructuralCode, string>> = {
  'unknown-property': 'a property the object does not define (and not an x-* extension where extensions are allowed)',
  'missing-property': 'a required property is missing',
  'forbidden-property': 'a defined property that is excluded in this context',
  'extension-not-allowed': 'an x-* extension on an object that is not eligible for extensions (14.2)',
  'reference-siblings': 'a Reference Object with properties beside $componentRef (17.2)',
  type: 'a value of the wrong JSON type',
  enum: 'a value outside the allowed set',
  const: 'a value other than the required constant',
  'empty-collection': 'an ordinary collection that is present but empty (3.3)',
  'empty-string': 'a string that must not be empty',
  pattern: 'a name that does not match its grammar',
  unique: 'a repeated value where values must be unique',
  format: 'a string that is not a valid URI',
  minimum: 'a number below its minimum',
  maximum: 'a number above its maximum',
};

/**
 * The one table of structural locations whose requirement the specification links to a named
 * rule (0.9.0-rc.3 Tools section; the same requirements in 0.8.0): a structural-schema definition,
 * or `definition/property` for a property's own schema inside it. Every other location reports
 * under `mcpdesc.document.schema`.
 */
export const STRUCTURAL_RULE_BY_LOCATION: Readonly<Record<string, string>> = {
  Tool: 'mcpdesc.tool.members',
  Execution: 'mcpdesc.tool.members',
  'Tool/examples': 'mcpdesc.example.members',
  ToolExample: 'mcpdesc.example.members',
  ToolAnnotations: 'mcp.tool-annotations.members',
  'Tool/interactionExamples': 'mcpdesc.tool.interaction.members',
  ToolInteractionExample: 'mcpdesc.tool.interaction.members',
  ToolInteractionStep: 'mcpdesc.tool.interaction.members',
};

/** The rule a structural failure at `path` inside definition `def` reports under. */
export function structuralRuleOf(def: string, path: readonly string[]): string {
  const property = path[0] === 'properties' && path[1] !== undefined ? `${def}/${path[1]}` : undefined;
  return (
    (property !== undefined ? STRUCTURAL_RULE_BY_LOCATION[property] : undefined) ??
    STRUCTURAL_RULE_BY_LOCATION[def] ??
    STRUCTURAL_RULE
  );
}

// ---------------------------------------------------------------------------
// The validators, generated ahead of time (scripts/generate-validators.mjs): no code is
// compiled at run time, so the core runs under a strict Content-Security-Policy.
// ---------------------------------------------------------------------------

/** A generated validator: ajv's standalone function, with ajv's error objects. */
interface GeneratedValidate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

/** The generated validator of a version: the generator writes one per entry of the version table, in its order. */
function generatedFor(version: StructuralVersion): GeneratedValidate {
  const generated = structuralValidators[specVersionList.indexOf(version)];
  if (generated === undefined) throw new Error(`no generated structural validator for MCP Description ${version}`);
  return generated.validate;
}

export interface SchemaLocation {
  def: string;
  /** Path of the schema node inside its `$defs` entry. */
  path: string[];
}

interface Compiled {
  validate: GeneratedValidate;
  /** The structural schema's `$defs`: the schema nodes errors come from, and the wording of conditional branches. */
  defs: Record<string, unknown>;
}

const compiled = new Map<StructuralVersion, Compiled>();

function getCompiled(version: StructuralVersion): Compiled {
  let c = compiled.get(version);
  if (!c) {
    const defs = (structuralSchema(version) as { $defs: Record<string, unknown> }).$defs;
    c = { validate: generatedFor(version), defs };
    compiled.set(version, c);
  }
  return c;
}

/** The tokens of a JSON Pointer (RFC 6901), `~1` and `~0` unescaped; `decode` first undoes a URI fragment's percent-encoding. */
function pointerTokens(pointer: string, decode: (token: string) => string = (token) => token): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((t) => unescapePointerToken(decode(t)));
}

/**
 * The definition and path of the schema node that produced an error with `schemaPath` (a URI
 * fragment from the document root, as the generator writes it: `#/$defs/Tool/properties/name/type`;
 * the last token is the failing keyword, its node is the keyword's parent).
 */
export function schemaLocationOf(schemaPath: string): SchemaLocation {
  const tokens = pointerTokens(schemaPath.slice(1), decodeURIComponent);
  if (tokens[0] !== '$defs' || tokens[1] === undefined) return { def: 'Root', path: [] };
  return { def: tokens[1], path: tokens.slice(2, -1) };
}

/** The value at `instancePath` in `document` (the `data` of an error object), undefined when absent. */
export function valueAt(document: unknown, instancePath: string): unknown {
  let node = document;
  for (const token of pointerTokens(instancePath)) {
    // Own members only: a token such as `__proto__` or `constructor` names no inherited value.
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, token))
      return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** The schema node at `path` inside definition `def`. */
function schemaNode(defs: Record<string, unknown>, { def, path }: SchemaLocation): unknown {
  let node = defs[def];
  for (const t of path) node = (node as Record<string, unknown> | undefined)?.[t];
  return node;
}

// ---------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------

function truncate(text: string, max = 60): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

function render(value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  return truncate(json ?? String(value));
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array (${render(value)})`;
  switch (typeof value) {
    case 'string':
      return `a string (${render(value)})`;
    case 'number':
      return `a number (${render(value)})`;
    case 'boolean':
      return `a boolean (${render(value)})`;
    case 'object':
      return `an object (${render(value)})`;
    default:
      return typeof value;
  }
}

function describeType(type: unknown): string {
  const one = (t: string): string => {
    switch (t) {
      case 'object':
        return 'an object';
      case 'array':
        return 'an array';
      case 'integer':
        return 'an integer';
      case 'null':
        return 'null';
      default:
        return `a ${t}`;
    }
  };
  if (Array.isArray(type)) return type.map((t) => one(String(t))).join(' or ');
  return one(String(type));
}

function lastToken(pointer: string): string {
  if (pointer === '') return 'the document';
  const t = unescapePointerToken(pointer.slice(pointer.lastIndexOf('/') + 1));
  return /^\d+$/.test(t) ? `item ${t}` : t;
}

function titleOf(def: string): string {
  return DEFINITION_INFO[def]?.title ?? def;
}

function specOf(def: string): string | undefined {
  return DEFINITION_INFO[def]?.spec;
}

function grammarName(pattern: string): string {
  if (pattern === LOCAL_NAME_PATTERN) return `the local-name grammar ${pattern}`;
  return `the pattern ${pattern}`;
}

/** Definitions whose own root is a collection with a section of its own. */
const COLLECTION_SPEC: Record<string, string> = {
  RootProtocolVersions: '4.9',
  ProtocolVersions: '4.10',
  SecuritySchemes: '7.1',
  CapabilityExtensions: '8.4',
  ClientRequirements: '8.5',
  Components: '17.1',
  CompletionContext: '10.4.6',
};

// ---------------------------------------------------------------------------
// Error mapping
// ---------------------------------------------------------------------------

/** Codes whose pointer names a property that should not be there: the key is the fault's location. */
const keyCodes: ReadonlySet<StructuralCode> = new Set([
  'unknown-property',
  'forbidden-property',
  'extension-not-allowed',
  'reference-siblings',
]);

function diag(
  code: StructuralCode,
  pointer: string,
  message: string,
  spec: string | undefined,
  atKey = keyCodes.has(code),
): Diagnostic {
  const d: Diagnostic & { key?: boolean } = { rule: STRUCTURAL_RULE, code, severity: 'error', message, pointer };
  if (spec !== undefined) d.spec = spec;
  // Read by validate's range mapping (and removed there): point at the key, not its value.
  if (atKey) d.key = true;
  return d;
}

/** The discriminating condition of a `when()` branch that holds a node at `path`, e.g. `type is "http"`. */
function branchCondition(defSchema: unknown, path: string[]): string | undefined {
  const thenAt = path.lastIndexOf('then');
  const elseAt = path.lastIndexOf('else');
  const at = Math.max(thenAt, elseAt);
  if (at < 0) return undefined;
  let node: unknown = defSchema;
  for (const t of path.slice(0, at)) node = (node as Record<string, unknown>)[t];
  const cond = (node as { if?: { properties?: Record<string, { const?: unknown }> } }).if;
  const props = cond?.properties ?? {};
  const [key] = Object.keys(props);
  if (key === undefined) return undefined;
  const value = JSON.stringify(props[key]?.const);
  return at === thenAt ? `${key} is ${value}` : `${key} is not ${value}`;
}

/**
 * Maps one error of the generated validator. Its schema node comes from `schemaPath` (the
 * generator qualifies every path with its definition) and its data from `instancePath`, or is
 * the property name an error under `propertyNames` carries.
 */
function mapError(
  e: ErrorObject,
  location: SchemaLocation,
  document: unknown,
  defs: Record<string, unknown>,
): Diagnostic | undefined {
  const { def, path } = location;
  const pointer = e.instancePath;
  const propertyName = (e as { propertyName?: string }).propertyName;
  const data = propertyName !== undefined ? propertyName : valueAt(document, pointer);
  const params = e.params as Record<string, unknown>;
  const title = titleOf(def);
  const spec = specOf(def);

  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const at = joinPointer(pointer, key);
      if (def === 'ReferenceObject') {
        return diag(
          'reference-siblings',
          at,
          `a Reference Object contains exactly one property, "$componentRef"; found sibling ${JSON.stringify(key)} (spec 17.2)`,
          '17.2',
        );
      }
      const schema = schemaNode(defs, location) as {
        properties?: Record<string, unknown>;
        patternProperties?: Record<string, unknown>;
      };
      const eligible = schema.patternProperties?.[EXTENSION_PATTERN] === true;
      if (!eligible && key.startsWith('x-')) {
        return diag(
          'extension-not-allowed',
          at,
          `specification extension ${JSON.stringify(key)} is not allowed on the ${title}: it is not an extension-eligible object (spec 14.2)`,
          '14.2',
        );
      }
      const allowed = Object.keys(schema.properties ?? {}).join(', ');
      return diag(
        'unknown-property',
        at,
        `unknown property ${JSON.stringify(key)} on the ${title}; allowed: ${allowed}${eligible ? ' and x-* extensions' : ''}`,
        spec,
      );
    }
    case 'not': {
      // `{ not: {} }` marks a forbidden member: an `x-*` key on a non-eligible open object, or a
      // member the object's other values exclude.
      const member = path[path.length - 1] ?? '';
      const container = path[path.length - 2];
      const key = lastToken(pointer);
      if (container === 'patternProperties' && member === EXTENSION_PATTERN) {
        return diag(
          'extension-not-allowed',
          pointer,
          `specification extension ${JSON.stringify(key)} is not allowed on the ${title}: it is not an extension-eligible object (spec 14.2)`,
          '14.2',
        );
      }
      const cond = branchCondition(defs[def], path);
      return diag(
        'forbidden-property',
        pointer,
        cond
          ? `property ${JSON.stringify(key)} must not appear on the ${title} when ${cond}`
          : `property ${JSON.stringify(key)} must not appear on the ${title}`,
        spec,
      );
    }
    case 'required': {
      const missing = String(params.missingProperty);
      const cond = branchCondition(defs[def], path);
      return diag(
        'missing-property',
        pointer,
        `the ${title} is missing required property ${JSON.stringify(missing)}${cond ? ` (required when ${cond})` : ''}`,
        spec,
      );
    }
    case 'anyOf': {
      if (def === 'OAuthFlows') {
        return diag(
          'missing-property',
          pointer,
          'the OAuth Flows Object must contain at least one flow: implicit, password, clientCredentials or authorizationCode',
          spec,
        );
      }
      return diag(
        'type',
        pointer,
        `${lastToken(pointer)} does not match any allowed shape; found ${describeValue(data)}`,
        spec,
      );
    }
    case 'type': {
      const expected =
        path.length === 0 && DEFINITION_INFO[def]
          ? `the ${title} (${describeType(params.type)})`
          : describeType(params.type);
      // A number or boolean where text is expected is usually an unquoted YAML scalar (version: 1.0).
      const quote =
        params.type === 'string' && (typeof data === 'number' || typeof data === 'boolean')
          ? '; if it is meant as text, quote it (YAML reads an unquoted 1.0 or true as a number or boolean)'
          : '';
      const d: Diagnostic & { textExpected?: boolean } = diag(
        'type',
        pointer,
        `expected ${expected}, found ${describeValue(data)}${quote}`,
        spec,
      );
      // Read by validate's range mapping (and removed there): a YAML plain scalar there gets a quoting fix.
      if (quote) d.textExpected = true;
      return d;
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return diag(
        'enum',
        pointer,
        `${lastToken(pointer)} must be one of ${allowed}; found ${describeValue(data)}`,
        spec,
      );
    }
    case 'const':
      return diag(
        'const',
        pointer,
        `${lastToken(pointer)} must be ${JSON.stringify(params.allowedValue)}; found ${describeValue(data)}`,
        spec,
      );
    case 'minItems':
    case 'minProperties': {
      const limit = Number(params.limit);
      const collectionSpec = path.length === 0 && COLLECTION_SPEC[def] ? COLLECTION_SPEC[def] : '3.3';
      if (limit === 1) {
        return diag(
          'empty-collection',
          pointer,
          `${lastToken(pointer)} must not be empty: omit the property instead (spec ${collectionSpec})`,
          collectionSpec,
        );
      }
      return diag(
        'empty-collection',
        pointer,
        `${lastToken(pointer)} must contain at least ${limit} entries`,
        collectionSpec,
      );
    }
    case 'minLength':
      return diag(
        'empty-string',
        pointer,
        `${lastToken(pointer)} must be a non-empty string; found ${describeValue(data)}`,
        spec,
      );
    case 'pattern': {
      const pattern = String(params.pattern);
      if (propertyName !== undefined) {
        return diag(
          'pattern',
          joinPointer(pointer, propertyName),
          `name ${JSON.stringify(propertyName)} in ${lastToken(pointer)} does not match ${grammarName(pattern)}`,
          spec,
          true,
        );
      }
      return diag(
        'pattern',
        pointer,
        `${lastToken(pointer)} ${render(data)} does not match ${grammarName(pattern)}`,
        spec,
      );
    }
    case 'uniqueItems': {
      const i = Number(params.i);
      const j = Number(params.j);
      const items = Array.isArray(data) ? data : [];
      return diag(
        'unique',
        joinPointer(pointer, Math.max(i, j)),
        `${lastToken(pointer)} must contain unique values; ${render(items[Math.max(i, j)])} at index ${Math.max(i, j)} repeats index ${Math.min(i, j)}`,
        spec,
      );
    }
    case 'format': {
      const uri = params.format === 'uri' && typeof data === 'string' ? parseUri(data) : undefined;
      const reason = uri !== undefined && !uri.ok ? `; ${uri.message}` : '';
      return diag(
        'format',
        pointer,
        `${lastToken(pointer)} must be ${params.format === 'uri' ? 'a URI (RFC 3986)' : `a valid ${String(params.format)}`}; found ${describeValue(data)}${reason}`,
        spec,
      );
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return diag(
        'minimum',
        pointer,
        `${lastToken(pointer)} must be ${String(params.comparison)} ${String(params.limit)}; found ${describeValue(data)}`,
        spec,
      );
    case 'maximum':
    case 'exclusiveMaximum':
      return diag(
        'maximum',
        pointer,
        `${lastToken(pointer)} must be ${String(params.comparison)} ${String(params.limit)}; found ${describeValue(data)}`,
        spec,
      );
    case 'if':
    case 'propertyNames':
    case 'false schema':
      return undefined;
    default:
      return diag('type', pointer, `${lastToken(pointer)}: ${e.message ?? e.keyword}`, spec);
  }
}

/** Drops wrappers and the alternatives of `anyOf` groups that are reported as one diagnostic. */
function dropNoise(errors: ErrorObject[]): ErrorObject[] {
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
  return errors.filter((e) => {
    if (e.keyword === 'if' || e.keyword === 'propertyNames') return false;
    for (const a of anyOfs) {
      if (a !== e && e.instancePath === a.instancePath && e.schemaPath.startsWith(a.schemaPath + '/')) return false;
    }
    return true;
  });
}

/**
 * Structural check of a decoded MCP Description document against the format's own schema for
 * `version`. Returns errors (under `structuralRuleOf` their location), sorted; `[]` when the
 * structure is valid.
 */
export function checkStructure(document: unknown, version: StructuralVersion): Diagnostic[] {
  const c = getCompiled(version);
  if (c.validate(document)) return [];
  const defs = c.defs;
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const e of dropNoise((c.validate.errors ?? []) as ErrorObject[])) {
    const location = schemaLocationOf(e.schemaPath);
    const d = mapError(e, location, document, defs);
    if (!d) continue;
    d.rule = structuralRuleOf(location.def, location.path);
    const key = `${d.code}\u0000${d.pointer}\u0000${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out.sort(compareDiagnostics);
}
