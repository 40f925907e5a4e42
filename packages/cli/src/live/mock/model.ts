/**
 * What `mcpdesc mock` serves, computed once per document (and again on --watch reloads): the
 * description is validated and its components resolved once; then, per revision, the native list
 * payloads (src/operations/native.ts), the Effective Protocol View declarations (for examples),
 * and the capabilities to advertise.
 */
import {
  definesField,
  hasErrors,
  primitiveKinds,
  rootScopeOf,
  type PrimitiveCollection,
  type PrimitiveKindInfo,
  canonicalJson,
  defines,
  sortRevisions,
  type Revision,
  isObject,
  type JsonObject,
} from 'mcpdesc-core/model';
import {
  completeResult,
  implementationOf,
  nativePayloads,
  prepareNative,
  serverCapabilities,
  type CacheHints,
  type NativeSource,
  type OperationDiagnostic,
  projectView,
} from 'mcpdesc-core/operations';
import { defaultLimits, parseDescription } from 'mcpdesc-core/source';
import { createHash } from 'node:crypto';
import { readFailure, readFileBounded } from '../../cli/read-file.js';

export type ListMethod = PrimitiveKindInfo['listMethod'];

export interface RevisionModel {
  revision: Revision;
  /** List results: the items, and the other result fields (2026-07-28: resultType, ttlMs, cacheScope). */
  lists: Record<ListMethod, { items: JsonObject[]; extras: JsonObject }>;
  /** The declarations of the revision's view, components resolved, by identity (the first of an identity wins). */
  declarations: Record<PrimitiveCollection, Map<string, JsonObject>>;
  /** The capabilities advertised: the applying Capabilities Object's, else derived from the declarations. */
  capabilities: JsonObject;
}

export interface MockModel {
  /** Revisions served, newest first. */
  revisions: Revision[];
  byRevision: Map<string, RevisionModel>;
  serverInfo: { name: string; version: string } & JsonObject;
  instructions?: string;
  /** Hash of the document (cursors name it, so a reload invalidates old cursors). */
  hash: string;
}

export type ModelOptions = Partial<CacheHints>;

/** A model, or the diagnostics that prevent serving the document. */
export interface LoadedModel {
  model?: MockModel;
  diagnostics: { severity: string; message: string; pointer?: string; rule?: string; code?: string }[];
}

/** Builds the model, or returns the diagnostics that prevent serving the document. */
export function buildModel(
  document: unknown,
  options: ModelOptions = {},
): { model?: MockModel; diagnostics: OperationDiagnostic[] } {
  const prepared = prepareNative(document, options);
  if (!prepared.ok) return { diagnostics: prepared.diagnostics };
  const source = prepared.value!;
  const revisions = rootScopeOf(source.document);
  const byRevision = new Map<string, RevisionModel>();
  const diagnostics = prepared.diagnostics.filter((d) => d.severity !== 'info');
  for (const revision of revisions) {
    const built = nativePayloads(source, revision);
    if (hasErrors(built.diagnostics)) return { diagnostics: [...prepared.diagnostics, ...built.diagnostics] };
    if (byRevision.size === 0)
      for (const item of built.diagnostics.filter((d) => d.severity !== 'info')) diagnostics.push(item);
    byRevision.set(revision, revisionModel(source, revision, built.payloads));
  }
  const serverInfo = implementationOf(source.document.info);
  if (typeof serverInfo.name !== 'string') serverInfo.name = 'mcpdesc-mock';
  if (typeof serverInfo.version !== 'string') serverInfo.version = '0.0.0';
  return {
    model: {
      revisions: sortRevisions(revisions).reverse(),
      byRevision,
      serverInfo: serverInfo as MockModel['serverInfo'],
      ...(typeof source.document.instructions === 'string' ? { instructions: source.document.instructions } : {}),
      hash: createHash('sha256').update(canonicalJson(document)).digest('hex').slice(0, 16),
    },
    diagnostics,
  };
}

/** Reads, parses and builds the model of a description file: what --watch serves after an edit. */
export async function readModel(path: string, options: ModelOptions = {}): Promise<LoadedModel> {
  let bytes: Uint8Array;
  try {
    bytes = await readFileBounded(path, defaultLimits.maxBytes);
  } catch (e) {
    return {
      diagnostics: [{ severity: 'error', message: `cannot read ${path}: ${readFailure(e, defaultLimits.maxBytes)}` }],
    };
  }
  const parsed = parseDescription(bytes, { filename: path });
  if (parsed.document === undefined || hasErrors(parsed.diagnostics)) return { diagnostics: parsed.diagnostics };
  return buildModel(parsed.document, options);
}

function revisionModel(
  source: NativeSource,
  revision: Revision,
  payloads: ReturnType<typeof nativePayloads>['payloads'],
): RevisionModel {
  const view = projectView(source.document, revision);
  const lists = {} as RevisionModel['lists'];
  const declarations = {} as RevisionModel['declarations'];
  for (const info of primitiveKinds) {
    const payload = payloads[info.listMethod];
    const extras: JsonObject = {};
    if (payload) {
      for (const key of Object.keys(payload)) if (key !== info.collection) extras[key] = payload[key];
    } else {
      completeResult(extras, revision, source.hints); // an empty list is a complete result too
    }
    lists[info.listMethod] = {
      items: payload && Array.isArray(payload[info.collection]) ? (payload[info.collection] as JsonObject[]) : [],
      extras,
    };
    const byIdentity = new Map<string, JsonObject>();
    const list = view[info.collection];
    if (Array.isArray(list))
      for (const declaration of list) {
        if (!isObject(declaration)) continue;
        const identity = declaration[info.identity];
        if (typeof identity === 'string' && !byIdentity.has(identity)) byIdentity.set(identity, declaration);
      }
    declarations[info.collection] = byIdentity;
  }
  const declared = Array.isArray(view.capabilities) ? view.capabilities.find(isObject) : undefined;
  const needed = primitiveKinds.filter((info) => declarations[info.collection].size > 0);
  let capabilities: JsonObject;
  if (declared) {
    capabilities = serverCapabilities(declared);
    // Declarations need their list capability to be reachable; add it when the object omits it.
    for (const info of needed) if (!(info.listCapability in capabilities)) capabilities[info.listCapability] = {};
  } else {
    // No Capabilities Object applies: advertise what the declarations need.
    capabilities = {};
    for (const info of needed) capabilities[info.listCapability] = {};
    const completions = needed.some((info) =>
      info.exampleMaps.some(
        (map) =>
          map.kind === 'completion' &&
          [...declarations[info.collection].values()].some((d) => isObject(d[map.property])),
      ),
    );
    if (completions && definesField(revision, 'Capabilities', 'completions')) capabilities.completions = {};
    if (!defines(revision, 'capability.logging.deprecated')) capabilities.logging = {};
  }
  return { revision, lists, declarations, capabilities };
}
