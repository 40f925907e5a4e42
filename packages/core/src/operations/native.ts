/**
 * `mcpdesc native FILE --protocol V`: the MCP-native list payloads a description implies for one
 * protocol revision — `tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`
 * results, and for MCP 2026-07-28 a `server/discover` result — with every MCP Description-only
 * field removed and components resolved. Each payload is checked against the MCP shape of the
 * revision (revisions.ts); where native projection fails (0.9.0-rc.3 9.2 native-shape
 * restrictions) the failure is a diagnostic, never a silent repair.
 */
import { definesField } from '../model/shape-tree.js';
import { appliesTo, primitiveKinds, rootScopeOf, type PrimitiveKindInfo } from '../model/document.js';
import { fieldOf, nodeTypes } from '../model/shape-tree.js';
import { fitToRevision } from './fit-to-revision.js';
import { nativeForm } from './native-form.js';
import { joinPointer } from '../model/json-pointer.js';
import { defines, isRevision, type Revision } from '../model/revisions.js';
import { isObject, type JsonObject } from '../model/values.js';
import { inlineReferences } from './components.js';
import {
  failure,
  operationDiagnostic,
  quote,
  success,
  validateInput,
  type OperationDiagnostic,
  type OperationOptions,
  type OperationResult,
} from './operation-result.js';
import { declarationView } from './project.js';
import { setOwn } from '../model/json.js';

/** The cache hints of 2026-07-28 results. */
export interface CacheHints {
  /** `ttlMs` (default 0: immediately stale). */
  ttlMs: number;
  /** `cacheScope` (default `private`). */
  cacheScope: 'public' | 'private';
}

export interface NativeOptions extends OperationOptions, Partial<CacheHints> {}

/** The payloads, keyed by MCP method; a method is present when the description declares its collection. */
export type NativePayloads = { protocolVersion: string; 'server/discover'?: JsonObject } & {
  [method in PrimitiveKindInfo['listMethod']]?: JsonObject;
};

/** A validated description with its components resolved: the payloads of every root revision are built from it. */
export interface NativeSource {
  /** The description, components inlined (17.4). */
  document: JsonObject;
  /** Its root revisions. */
  covered: Revision[];
  hints: CacheHints;
}

const spec = '4.12';

/**
 * Validates the description, then builds the native payloads of `revision` (which must be a
 * root revision). Fails (no value) when a payload cannot have the native shape of the revision.
 */
export function native(
  document: unknown,
  revision: string,
  options: NativeOptions = {},
): OperationResult<NativePayloads> {
  const prepared = prepareNative(document, options);
  if (!prepared.ok) return failure(prepared.diagnostics);
  const source = prepared.value!;
  if (!isRevision(revision) || !source.covered.includes(revision)) {
    return failure([
      ...prepared.diagnostics,
      operationDiagnostic({
        rule: 'operation.native.revision',
        code: 'revision-not-covered',
        pointer: '/protocolVersions',
        spec,
        message: `cannot produce native payloads for ${quote(revision)}: root protocolVersions is ${quote(source.covered)}`,
      }),
    ]);
  }
  const built = nativePayloads(source, revision);
  return success(built.payloads, [...prepared.diagnostics, ...built.diagnostics]);
}

/**
 * What every revision's payloads start from: the description validated, the cache hints
 * checked, components resolved — once, however many revisions are built (the mock builds all).
 */
export function prepareNative(document: unknown, options: NativeOptions = {}): OperationResult<NativeSource> {
  const checked = validateInput('native', document, undefined, spec, options);
  if (!checked.valid) return failure(checked.diagnostics);
  const diagnostics: OperationDiagnostic[] = [...checked.diagnostics];
  const hints: CacheHints = { ttlMs: options.ttlMs ?? 0, cacheScope: options.cacheScope ?? 'private' };
  if (!Number.isInteger(hints.ttlMs) || hints.ttlMs < 0 || !['public', 'private'].includes(hints.cacheScope)) {
    diagnostics.push(
      operationDiagnostic({
        rule: 'operation.native.cache',
        code: 'invalid-cache-hints',
        spec,
        message: `ttlMs must be a non-negative integer and cacheScope "public" or "private"; got ${quote(hints.ttlMs)} and ${quote(hints.cacheScope)}`,
      }),
    );
    return failure(diagnostics);
  }
  const root = document as JsonObject;
  const resolved = inlineReferences(root, false);
  if (resolved.diagnostics.length > 0) return failure([...diagnostics, ...resolved.diagnostics]);
  return success({ document: resolved.document as JsonObject, covered: rootScopeOf(root), hints }, diagnostics);
}

/**
 * The native payloads of one root revision of a prepared description (prepareNative), and the
 * diagnostics of building them: an error where a payload cannot have the revision's native shape.
 */
export function nativePayloads(
  source: NativeSource,
  revision: Revision,
): { payloads: NativePayloads; diagnostics: OperationDiagnostic[] } {
  const diagnostics: OperationDiagnostic[] = [];
  const builder = new NativeBuilder(revision, diagnostics);
  const payloads: NativePayloads = { protocolVersion: revision };
  if (defines(revision, 'lifecycle.stateless')) {
    const discover = builder.discover(source.document, source.covered);
    if (discover) payloads['server/discover'] = completeResult(discover, revision, source.hints);
  }
  for (const info of primitiveKinds) {
    const list = source.document[info.collection];
    if (!Array.isArray(list)) continue; // no declaration: no claim about the runtime list
    const items: JsonObject[] = [];
    list.forEach((declaration, index) => {
      if (!isObject(declaration) || !appliesTo(declaration, source.covered, revision)) return;
      items.push(
        builder.primitive(
          info,
          declarationView(declaration, info.collection, revision),
          joinPointer('', info.collection, index),
        ),
      );
    });
    if (items.length === 0) continue;
    // The list result holds its items in the member named like the collection.
    payloads[info.listMethod] = completeResult({ [info.collection]: items }, revision, source.hints);
  }
  return { payloads, diagnostics };
}

/** A result with the members the revision requires of every result: resultType and cache hints (2026-07-28). */
export function completeResult(result: JsonObject, revision: Revision, hints: CacheHints): JsonObject {
  if (defines(revision, 'result.resultType')) setOwn(result, 'resultType', 'complete');
  if (defines(revision, 'result.cacheable')) {
    setOwn(result, 'ttlMs', hints.ttlMs);
    setOwn(result, 'cacheScope', hints.cacheScope);
  }
  return result;
}

class NativeBuilder {
  constructor(
    private readonly revision: Revision,
    private readonly diagnostics: OperationDiagnostic[],
  ) {}

  private report(rule: string, code: string, pointer: string, message: string, specSection = '9.2'): void {
    this.diagnostics.push(operationDiagnostic({ rule, code, pointer, message, spec: specSection }));
  }

  /**
   * A declaration view in its native form (no MCP Description-only fields, no `x-*`), fitted to
   * the revision: a field the revision does not define cannot be carried, and is reported.
   */
  primitive(info: PrimitiveKindInfo, view: JsonObject, pointer: string): JsonObject {
    const shape = nodeTypes[info.node];
    for (const key of Object.keys(view)) {
      if (fieldOf(info.node, key) || key.startsWith('x-')) continue;
      this.report(
        'operation.native.field',
        'unknown-field',
        joinPointer(pointer, key),
        `${quote(key)} is not a field of the MCP ${shape.mcpType} type; it cannot be carried in a native payload`,
      );
    }
    const fitted = fitToRevision(view, this.revision, info.node, pointer);
    for (const removal of fitted.removed) {
      const owner = nodeTypes[removal.node];
      this.report(
        'operation.native.field',
        'field-unavailable',
        removal.pointer,
        `MCP ${this.revision} does not define ${owner.mcpType ?? owner.title} field ${quote(removal.field)}`,
      );
    }
    if (info.kind === 'tool') this.checkToolSchemas(view, pointer);
    return nativeForm(info.node, fitted.value) as JsonObject;
  }

  /** 0.9.0-rc.3 9.2: the MCP Tool type's restrictions on schema syntax (native shape). */
  private checkToolSchemas(tool: JsonObject, pointer: string): void {
    const revs = this.revision;
    const input = tool.inputSchema;
    if (defines(revs, 'tool-schema.native.input-object-type') && (!isObject(input) || input.type !== 'object')) {
      this.report(
        'operation.native.shape',
        'input-schema-object-type',
        joinPointer(pointer, 'inputSchema'),
        `MCP ${revs} requires "type": "object" at the Tool inputSchema root; found ${quote(isObject(input) ? input.type : input)}, so the Tool has no native ${revs} form`,
      );
    }
    const output = tool.outputSchema;
    if (
      output !== undefined &&
      definesField(revs, 'Tool', 'outputSchema') &&
      defines(revs, 'tool-schema.native.output-object-type') &&
      (!isObject(output) || output.type !== 'object')
    ) {
      this.report(
        'operation.native.shape',
        'output-schema-object-type',
        joinPointer(pointer, 'outputSchema'),
        `MCP ${revs} requires "type": "object" at the Tool outputSchema root; found ${quote(isObject(output) ? output.type : output)}, so the Tool has no native ${revs} form`,
      );
    }
    if (defines(revs, 'tool-schema.native.object-properties')) {
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const schema = tool[key];
        if (!isObject(schema) || !isObject(schema.properties)) continue;
        for (const [name, value] of Object.entries(schema.properties)) {
          if (isObject(value)) continue;
          this.report(
            'operation.native.shape',
            'non-object-property',
            joinPointer(pointer, key, 'properties', name),
            `MCP ${revs} requires an object as every top-level ${key} properties value; ${quote(name)} is ${quote(value)}`,
          );
        }
      }
    }
  }

  /**
   * `server/discover` (MCP 2026-07-28): supportedVersions (root protocolVersions), the one
   * Capabilities Object applying to the revision, serverInfo (the Implementation fields of
   * `info`), instructions. Not produced when no Capabilities Object applies: the description
   * makes no capability claim, and an empty object would invent one.
   */
  discover(source: JsonObject, covered: Revision[]): JsonObject | undefined {
    const applying = Array.isArray(source.capabilities)
      ? source.capabilities
          .map((c, i) => ({ c, i }))
          .filter(({ c }) => isObject(c) && appliesTo(c, covered, this.revision))
      : [];
    if (applying.length !== 1) {
      this.diagnostics.push(
        operationDiagnostic({
          rule: 'operation.native.discover',
          code: 'no-capabilities',
          severity: 'info',
          pointer: Array.isArray(source.capabilities) ? '/capabilities' : '',
          spec: '8',
          message: `no server/discover payload: the description declares no Capabilities Object for ${this.revision}, and an empty capabilities object would invent one`,
        }),
      );
      return undefined;
    }
    const capabilities = serverCapabilities(applying[0]!.c as JsonObject);
    const serverInfo = implementationOf(source.info);
    const result: JsonObject = { supportedVersions: [...covered], capabilities, serverInfo };
    if (typeof source.instructions === 'string') result.instructions = source.instructions;
    return result;
  }
}

/** The MCP `Implementation` (serverInfo) an Info Object describes (5.1): its native form. */
export function implementationOf(info: unknown): JsonObject {
  return isObject(info) ? (nativeForm('Info', info) as JsonObject) : {};
}

/** A Capabilities Object as MCP ServerCapabilities: its native form (no `protocolVersions`, no `x-*`). */
export function serverCapabilities(declaration: JsonObject): JsonObject {
  return nativeForm('Capabilities', declaration) as JsonObject;
}
