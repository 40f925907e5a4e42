/**
 * Checks the hand-written document types (packages/core/src/model/description.ts) against the
 * structural schema: from the schema it writes one type-level assertion per fact (the members of
 * each object, which are required, whether it takes `x-*` or any member, each member's type,
 * each variant of a discriminated object) and compiles them with the TypeScript compiler. Every
 * assertion that does not hold comes back as one message naming the definition and member.
 */
import ts from 'typescript';

type Schema = Record<string, unknown>;

const virtualDir = '/virtual-description-check';
const typesFile = `${virtualDir}/description.ts`;
const checkFile = `${virtualDir}/check.ts`;

const libraryFiles = new Map<string, ts.SourceFile>();

const prelude = `import type { StructuralDefinitions as Defs } from './description.js';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Expect<T extends true> = T;
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K extends \`x-\${string}\` ? never : K]: 0 };
type RequiredKeys<T> = { [K in KnownKeys<T>]-?: {} extends Pick<T, K> ? never : K }[KnownKeys<T>];
type IndexKind<T> = string extends keyof T ? 'any member' : \`x-\${string}\` extends keyof T ? 'x-* extensions' : 'no other member';
type Member<T, K extends PropertyKey, V> = T extends unknown ? (K extends keyof T ? (V extends T[K] ? T : never) : never) : never;
type JsonObject = { [member: string]: unknown };
`;

/** One assertion per line; `labels[i]` says what line `i` of the body asserts. */
class Assertions {
  readonly lines: string[] = [];
  readonly labels: string[] = [];
  add(label: string, assertion: string): void {
    this.lines.push(`type _${this.lines.length} = Expect<${assertion}>;`);
    this.labels.push(label);
  }
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const literalUnion = (values: unknown[]): string => values.map((v) => JSON.stringify(v)).join(' | ');
const keyUnion = (keys: readonly string[]): string => (keys.length === 0 ? 'never' : literalUnion([...keys].sort()));
const refName = (schema: Schema): string | undefined =>
  typeof schema.$ref === 'string' ? schema.$ref.replace('#/$defs/', '') : undefined;
const isForbidden = (schema: unknown): boolean =>
  isSchema(schema) && isSchema(schema.not) && Object.keys(schema.not).length === 0;

/** The TypeScript type a schema denotes, or undefined for an object with its own members (checked member by member). */
function typeExpression(schema: unknown): string | undefined {
  if (schema === true) return 'unknown';
  if (!isSchema(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
  const name = refName(schema);
  if (name !== undefined) return `Defs[${JSON.stringify(name)}]`;
  if (isForbidden(schema)) return 'never';
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return literalUnion(schema.enum);
  if (isSchema(schema.if) && isSchema(schema.then) && schema.else !== undefined) {
    const then = typeExpression(schema.then);
    const otherwise = typeExpression(schema.else);
    if (then === undefined || otherwise === undefined) return undefined;
    return `${then} | ${otherwise}`;
  }
  switch (schema.type) {
    case 'string':
    case 'boolean':
    case 'number':
      return schema.type;
    case 'array': {
      const items = schema.items === undefined ? 'unknown' : typeExpression(schema.items);
      return items === undefined ? undefined : `Array<${items}>`;
    }
    case 'object': {
      if (schema.properties !== undefined || schema.patternProperties !== undefined) return undefined;
      if (isSchema(schema.additionalProperties)) {
        const values = typeExpression(schema.additionalProperties);
        return values === undefined ? undefined : `Record<string, ${values}>`;
      }
      return 'JsonObject';
    }
  }
  throw new Error(`no TypeScript counterpart for schema ${JSON.stringify(schema)}`);
}

/** What an object schema admits besides its listed members. */
function indexKind(schema: Schema): string {
  const patterns = isSchema(schema.patternProperties) ? schema.patternProperties : {};
  if (schema.additionalProperties === false) return patterns['^x-'] === true ? 'x-* extensions' : 'no other member';
  return 'any member';
}

interface Variant {
  required: string[];
  forbidden: string[];
  /** The discriminator's type in this variant. */
  discriminant?: { key: string; value: unknown };
}

function checkObject(out: Assertions, type: string, schema: Schema, label: string, variant?: Variant): void {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const keys = Object.keys(properties);
  const required = [...new Set([...((schema.required as string[] | undefined) ?? []), ...(variant?.required ?? [])])];
  out.add(`${label}: members`, `Equal<KnownKeys<${type}>, ${keyUnion(keys)}>`);
  out.add(`${label}: required members`, `Equal<RequiredKeys<${type}>, ${keyUnion(required)}>`);
  const kind = indexKind(schema);
  out.add(`${label}: other members (${kind})`, `Equal<IndexKind<${type}>, ${JSON.stringify(kind)}>`);
  if (kind === 'x-* extensions') out.add(`${label}: x-* values`, `Equal<${type}[\`x-\${string}\`], unknown>`);
  if (kind === 'any member') out.add(`${label}: other member values`, `Equal<${type}[string], unknown>`);
  for (const key of keys) {
    const member = `Required<${type}>[${JSON.stringify(key)}]`;
    const memberLabel = `${label}.${key}`;
    if (variant?.discriminant?.key === key) {
      out.add(`${memberLabel}: type`, `Equal<${member}, ${JSON.stringify(variant.discriminant.value)}>`);
      continue;
    }
    if (variant?.forbidden.includes(key)) {
      out.add(`${memberLabel}: forbidden in this variant`, `Equal<${member}, never>`);
      continue;
    }
    const expected = typeExpression(properties[key]);
    if (expected === undefined) checkObject(out, member, properties[key] as Schema, memberLabel);
    else out.add(`${memberLabel}: type`, `Equal<${member}, ${expected}>`);
  }
}

/** `if: { properties: { key: { const } } }` branches of a definition (its own and its `allOf` entries). */
function branches(schema: Schema): { key: string; value: unknown; then?: Schema; else?: Schema }[] {
  const out = [];
  for (const entry of [schema, ...((schema.allOf as Schema[] | undefined) ?? [])]) {
    const condition = isSchema(entry.if) && isSchema(entry.if.properties) ? entry.if.properties : undefined;
    if (condition === undefined) continue;
    const [key] = Object.keys(condition);
    const constant = condition[key!];
    if (!isSchema(constant) || !('const' in constant)) continue;
    out.push({
      key: key!,
      value: constant.const,
      ...(isSchema(entry.then) ? { then: entry.then } : {}),
      ...(isSchema(entry.else) ? { else: entry.else } : {}),
    });
  }
  return out;
}

function checkDefinition(out: Assertions, name: string, schema: Schema): void {
  const type = `Defs[${JSON.stringify(name)}]`;
  const conditions = branches(schema);
  if (conditions.length === 0) {
    const expected = typeExpression(schema);
    if (expected === undefined) checkObject(out, type, schema, name);
    else out.add(`${name}: type`, `Equal<${type}, ${expected}>`);
    return;
  }
  const key = conditions[0]!.key;
  const properties = schema.properties as Record<string, Schema>;
  out.add(`${name}.${key}: type`, `Equal<${type}[${JSON.stringify(key)}], ${typeExpression(properties[key])}>`);
  // A discriminated choice between other definitions (Transport).
  const targets = conditions.map((c) => (c.then ? refName(c.then) : undefined));
  if (targets.every((t) => t !== undefined)) {
    out.add(`${name}: the union of its variants`, `Equal<${type}, ${targets.map((t) => `Defs["${t}"]`).join(' | ')}>`);
    return;
  }
  for (const value of properties[key]!.enum as unknown[]) {
    const variant: Variant = { required: [], forbidden: [], discriminant: { key, value } };
    for (const condition of conditions) {
      const applied = condition.value === value ? condition.then : condition.else;
      if (applied === undefined) continue;
      variant.required.push(...((applied.required as string[] | undefined) ?? []));
      const overrides = isSchema(applied.properties) ? applied.properties : {};
      for (const [member, memberSchema] of Object.entries(overrides))
        if (isForbidden(memberSchema)) variant.forbidden.push(member);
    }
    const member = `Member<${type}, ${JSON.stringify(key)}, ${JSON.stringify(value)}>`;
    const label = `${name} (${key} ${JSON.stringify(value)})`;
    out.add(`${label}: one variant`, `Equal<[${member}] extends [never] ? false : true, true>`);
    checkObject(out, member, schema, label, variant);
  }
}

/** The assertions for a structural schema: the check file's text and what each line asserts. */
export function descriptionAssertions(schema: object): { text: string; labels: string[]; firstLine: number } {
  const defs = (schema as { $defs: Record<string, Schema> }).$defs;
  const out = new Assertions();
  out.add('definitions: one type per $defs entry', `Equal<keyof Defs, ${keyUnion(Object.keys(defs))}>`);
  for (const [name, definition] of Object.entries(defs)) checkDefinition(out, name, definition);
  return { text: prelude + out.lines.join('\n') + '\n', labels: out.labels, firstLine: prelude.split('\n').length - 1 };
}

/** Compiles `typesSource` with the assertions of `schema`; returns one message per failed assertion (empty: they agree). */
export function checkDescriptionTypes(schema: object, typesSource: string): string[] {
  const { text, labels, firstLine } = descriptionAssertions(schema);
  const options: ts.CompilerOptions = {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts'],
    types: [],
    noUnusedLocals: false,
  };
  const sources = new Map([
    [typesFile, typesSource],
    [checkFile, text],
  ]);
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, language, ...rest) => {
    const source = sources.get(fileName);
    if (source !== undefined) return ts.createSourceFile(fileName, source, language);
    // The standard library files do not change between checks: parse them once.
    let parsed = libraryFiles.get(fileName);
    if (parsed === undefined) {
      parsed = getSourceFile.call(host, fileName, language, ...rest);
      if (parsed !== undefined) libraryFiles.set(fileName, parsed);
    }
    return parsed;
  };
  host.fileExists = (fileName) => sources.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => sources.get(fileName) ?? readFile.call(host, fileName);
  const { directoryExists } = host;
  host.directoryExists = (name) => name === virtualDir || (directoryExists?.call(host, name) ?? true);
  const program = ts.createProgram([checkFile], options, host);
  const messages: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const detail = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (diagnostic.file?.fileName === checkFile && diagnostic.start !== undefined) {
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      const label = labels[line - firstLine];
      if (label !== undefined) {
        messages.push(`${label} disagrees with the structural schema`);
        continue;
      }
    }
    messages.push(`${diagnostic.file?.fileName ?? '(no file)'}: ${detail}`);
  }
  return [...new Set(messages)];
}
