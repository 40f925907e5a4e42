/**
 * `mcpdesc native FILE --protocol V`: the MCP-native list payloads a description implies for one
 * protocol revision — `tools/list`, `resources/list`, `resources/templates/list`, `prompts/list`
 * results, and for MCP 2026-07-28 a `server/discover` result — with every MCP Description-only
 * field removed and components resolved. Each payload is checked against the MCP shape of the
 * revision (revisions.ts); where native projection fails (0.9.0-rc.3 9.2 native-shape
 * restrictions) the failure is a diagnostic, never a silent repair.
 */
import { joinPointer } from '../model/json-pointer.js';
import { defines, isRevision, type Revision, type RevisionFeature } from '../model/revisions.js';
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
import { declarationView, effectiveScope, rootRevisions } from './project.js';
import { cloneJson, setOwn } from '../model/json.js';

export interface NativeOptions extends OperationOptions {
  /** `ttlMs` of 2026-07-28 results (default 0: immediately stale). */
  ttlMs?: number;
  /** `cacheScope` of 2026-07-28 results (default `private`). */
  cacheScope?: 'public' | 'private';
}

/** The payloads, keyed by MCP method; a method is present when the description declares its collection. */
export interface NativePayloads {
  protocolVersion: string;
  'server/discover'?: JsonObject;
  'tools/list'?: JsonObject;
  'resources/list'?: JsonObject;
  'resources/templates/list'?: JsonObject;
  'prompts/list'?: JsonObject;
}

/** MCP Description-only fields of primitive declarations (never on the wire). */
export const descriptionOnlyFields = [
  'examples',
  'interactionExamples',
  'completionExamples',
  'tags',
  'elicitations',
  'security',
  'clientRequirements',
  'deprecated',
  'protocolVersions',
] as const;

const lists = [
  { collection: 'tools', method: 'tools/list', member: 'tools' },
  { collection: 'resources', method: 'resources/list', member: 'resources' },
  { collection: 'resourceTemplates', method: 'resources/templates/list', member: 'resourceTemplates' },
  { collection: 'prompts', method: 'prompts/list', member: 'prompts' },
] as const;

/** Revision-dependent native fields of each declaration kind. */
const gatedFields: Record<string, Record<string, RevisionFeature>> = {
  tools: {
    title: 'primitive.title',
    icons: 'primitive.icons',
    _meta: 'primitive._meta',
    outputSchema: 'tool.outputSchema',
    annotations: 'tool.annotations',
    execution: 'tool.execution',
  },
  resources: { title: 'primitive.title', icons: 'primitive.icons', _meta: 'primitive._meta' },
  resourceTemplates: { title: 'primitive.title', icons: 'primitive.icons', _meta: 'primitive._meta' },
  prompts: { title: 'primitive.title', icons: 'primitive.icons', _meta: 'primitive._meta' },
};
/** Native fields the MCP types define for each declaration kind (every supported revision, before gating). */
const nativeFields: Record<string, readonly string[]> = {
  tools: ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'execution', 'icons', '_meta'],
  resources: ['uri', 'name', 'title', 'description', 'mimeType', 'size', 'annotations', 'icons', '_meta'],
  resourceTemplates: ['uriTemplate', 'name', 'title', 'description', 'mimeType', 'annotations', 'icons', '_meta'],
  prompts: ['name', 'title', 'description', 'arguments', 'icons', '_meta'],
};
/** MCP `Implementation` fields taken from `info` for `server/discover`. */
const implementationFields = ['name', 'title', 'version', 'description', 'icons', 'websiteUrl'];

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
  const checked = validateInput('native', document, undefined, spec, options);
  if (!checked.valid) return failure(checked.diagnostics);
  const diagnostics: OperationDiagnostic[] = [...checked.diagnostics];
  const root = document as JsonObject;
  const covered = rootRevisions(root);
  if (!isRevision(revision) || !covered.includes(revision)) {
    diagnostics.push(
      operationDiagnostic({
        rule: 'operation.native.revision',
        code: 'revision-not-covered',
        pointer: '/protocolVersions',
        spec,
        message: `cannot produce native payloads for ${quote(revision)}: root protocolVersions is ${quote(covered)}`,
      }),
    );
    return failure(diagnostics);
  }
  const ttlMs = options.ttlMs ?? 0;
  const cacheScope = options.cacheScope ?? 'private';
  if (!Number.isInteger(ttlMs) || ttlMs < 0 || (cacheScope !== 'public' && cacheScope !== 'private')) {
    diagnostics.push(
      operationDiagnostic({
        rule: 'operation.native.cache',
        code: 'invalid-cache-hints',
        spec,
        message: `ttlMs must be a non-negative integer and cacheScope "public" or "private"; got ${quote(ttlMs)} and ${quote(cacheScope)}`,
      }),
    );
    return failure(diagnostics);
  }
  const resolved = inlineReferences(root, false);
  if (resolved.diagnostics.length > 0) return failure([...diagnostics, ...resolved.diagnostics]);
  const source = resolved.document as JsonObject;
  const builder = new NativeBuilder(revision, diagnostics);
  const payloads: NativePayloads = { protocolVersion: revision };
  const cacheable = defines(revision, 'result.cacheable');
  const finishResult = (result: JsonObject): JsonObject => {
    if (defines(revision, 'result.resultType')) setOwn(result, 'resultType', 'complete');
    if (cacheable) {
      setOwn(result, 'ttlMs', ttlMs);
      setOwn(result, 'cacheScope', cacheScope);
    }
    return result;
  };

  if (revision === '2026-07-28') {
    const discover = builder.discover(source, covered);
    if (discover) payloads['server/discover'] = finishResult(discover);
  }
  for (const { collection, method, member } of lists) {
    const list = source[collection];
    if (!Array.isArray(list)) continue; // no declaration: no claim about the runtime list
    const items: JsonObject[] = [];
    list.forEach((declaration, index) => {
      if (!isObject(declaration) || !effectiveScope(declaration, covered).includes(revision)) return;
      items.push(
        builder.primitive(
          collection,
          declarationView(declaration, collection, revision),
          joinPointer('', collection, index),
        ),
      );
    });
    if (items.length === 0) continue;
    payloads[method] = finishResult({ [member]: items });
  }
  return success(payloads, diagnostics);
}

class NativeBuilder {
  constructor(
    private readonly revision: Revision,
    private readonly diagnostics: OperationDiagnostic[],
  ) {}

  private report(rule: string, code: string, pointer: string, message: string, specSection = '9.2'): void {
    this.diagnostics.push(operationDiagnostic({ rule, code, pointer, message, spec: specSection }));
  }

  /** A declaration view without MCP Description-only fields and `x-*`, checked against the revision. */
  primitive(collection: string, view: JsonObject, pointer: string): JsonObject {
    const out: JsonObject = {};
    for (const key of Object.keys(view)) {
      if ((descriptionOnlyFields as readonly string[]).includes(key) || key.startsWith('x-')) continue;
      const value = view[key];
      if (!nativeFields[collection]!.includes(key)) {
        this.report(
          'operation.native.field',
          'unknown-field',
          joinPointer(pointer, key),
          `${quote(key)} is not a field of the MCP ${kindOf(collection)} type; it cannot be carried in a native payload`,
        );
        continue;
      }
      const feature = gatedFields[collection]![key];
      if (feature && !defines(this.revision, feature)) {
        this.report(
          'operation.native.field',
          'field-unavailable',
          joinPointer(pointer, key),
          `MCP ${this.revision} does not define ${kindOf(collection)} field ${quote(key)}`,
        );
        continue;
      }
      if (key === 'icons' && Array.isArray(value)) setOwn(out, key, value.map(stripExtensions));
      else if (collection === 'prompts' && key === 'arguments' && Array.isArray(value))
        setOwn(
          out,
          key,
          value.map((a) => this.promptArgument(a, pointer)),
        );
      else setOwn(out, key, cloneJson(value));
    }
    if (collection === 'tools') this.checkToolSchemas(view, pointer);
    return out;
  }

  private promptArgument(argument: unknown, pointer: string): unknown {
    const out = stripExtensions(argument);
    if (isObject(out) && 'title' in out && !defines(this.revision, 'prompt-argument.title')) {
      this.report(
        'operation.native.field',
        'field-unavailable',
        joinPointer(pointer, 'arguments'),
        `MCP ${this.revision} does not define Prompt Argument field "title"`,
      );
      delete out.title;
    }
    return out;
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
      defines(revs, 'tool.outputSchema') &&
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
  discover(source: JsonObject, covered: string[]): JsonObject | undefined {
    const applying = Array.isArray(source.capabilities)
      ? source.capabilities
          .map((c, i) => ({ c, i }))
          .filter(({ c }) => isObject(c) && effectiveScope(c, covered).includes(this.revision))
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
    const capabilities = stripCapabilities(applying[0]!.c as JsonObject);
    const info = isObject(source.info) ? source.info : {};
    const serverInfo: JsonObject = {};
    for (const key of implementationFields) {
      if (!(key in info)) continue;
      setOwn(
        serverInfo,
        key,
        key === 'icons' && Array.isArray(info.icons) ? info.icons.map(stripExtensions) : cloneJson(info[key]),
      );
    }
    const result: JsonObject = { supportedVersions: [...covered], capabilities, serverInfo };
    if (typeof source.instructions === 'string') result.instructions = source.instructions;
    return result;
  }
}

function kindOf(collection: string): string {
  return collection === 'tools'
    ? 'Tool'
    : collection === 'resources'
      ? 'Resource'
      : collection === 'resourceTemplates'
        ? 'ResourceTemplate'
        : 'Prompt';
}

/** A copy of an MCP Description semantic object (icon, prompt argument) without `x-*` members. */
function stripExtensions(value: unknown): unknown {
  if (!isObject(value)) return cloneJson(value);
  const out: JsonObject = {};
  for (const key of Object.keys(value)) if (!key.startsWith('x-')) setOwn(out, key, cloneJson(value[key]));
  return out;
}

/** A Capabilities Object as MCP ServerCapabilities: no `protocolVersions`, no `x-*` on it or on its tools/resources/prompts declarations. */
function stripCapabilities(caps: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of Object.keys(caps)) {
    if (key === 'protocolVersions' || key.startsWith('x-')) continue;
    const value = caps[key];
    setOwn(
      out,
      key,
      key === 'tools' || key === 'resources' || key === 'prompts' ? stripExtensions(value) : cloneJson(value),
    );
  }
  return out;
}
