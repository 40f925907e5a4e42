/**
 * What `mcpdesc mock` serves, computed once per document (and again on --watch reloads): per
 * revision of the description, the native list payloads (src/operations/native.ts), the
 * Effective Protocol View declarations with components resolved (for examples), and the
 * capabilities to advertise.
 */
import { createHash } from 'node:crypto';
import { defines, isRevision, type Revision } from '../../model/revisions.js';
import { isObject, type JsonObject } from '../../model/values.js';
import { inlineReferences } from '../../operations/components.js';
import { native, type NativePayloads } from '../../operations/native.js';
import { type OperationDiagnostic } from '../../operations/operation-result.js';
import { projectView, rootRevisions } from '../../operations/project.js';
import { canonicalJson } from '../../model/json.js';

export const listMethods = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'] as const;
export type ListMethod = (typeof listMethods)[number];
export const listMember: Record<ListMethod, string> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};

export interface RevisionModel {
  revision: Revision;
  /** List results: the items, and the other result fields (2026-07-28: resultType, ttlMs, cacheScope). */
  lists: Record<ListMethod, { items: JsonObject[]; extras: JsonObject }>;
  tools: Map<string, JsonObject>;
  prompts: Map<string, JsonObject>;
  resources: Map<string, JsonObject>;
  templates: JsonObject[];
  capabilities: JsonObject;
  /** Whether the capabilities come from a Capabilities Object of the description (else derived). */
  declaredCapabilities: boolean;
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

export interface ModelOptions {
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
}

const implementationFields = ['name', 'title', 'version', 'description', 'icons', 'websiteUrl'];

function stripExtensions(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) if (!key.startsWith('x-')) out[key] = value[key];
  return out;
}

/** Builds the model, or returns the diagnostics that prevent serving the document. */
export function buildModel(
  document: unknown,
  options: ModelOptions = {},
): { model?: MockModel; diagnostics: OperationDiagnostic[] } {
  const diagnostics: OperationDiagnostic[] = [];
  const revisions = rootRevisions(document).filter(isRevision);
  if (!isObject(document) || revisions.length === 0) {
    const result = native(document, 'none', options);
    return { diagnostics: result.diagnostics };
  }
  const resolved = inlineReferences(document, false).document as JsonObject;
  const byRevision = new Map<string, RevisionModel>();
  for (const revision of revisions) {
    const payloads = native(document, revision, options);
    if (!payloads.ok || !payloads.value) return { diagnostics: payloads.diagnostics };
    if (byRevision.size === 0) diagnostics.push(...payloads.diagnostics.filter((d) => d.severity !== 'info'));
    byRevision.set(revision, revisionModel(resolved, revision, payloads.value, options));
  }
  const info = isObject(document.info) ? document.info : {};
  const serverInfo: JsonObject = {};
  for (const key of implementationFields)
    if (key in info)
      serverInfo[key] = key === 'icons' && Array.isArray(info.icons) ? info.icons.map(stripExtensions) : info[key];
  if (typeof serverInfo.name !== 'string') serverInfo.name = 'mcpdesc-mock';
  if (typeof serverInfo.version !== 'string') serverInfo.version = '0.0.0';
  return {
    model: {
      revisions: [...revisions].sort().reverse(),
      byRevision,
      serverInfo: serverInfo as MockModel['serverInfo'],
      ...(typeof document.instructions === 'string' ? { instructions: document.instructions } : {}),
      hash: createHash('sha256').update(canonicalJson(document)).digest('hex').slice(0, 16),
    },
    diagnostics,
  };
}

function revisionModel(
  resolved: JsonObject,
  revision: Revision,
  payloads: NativePayloads,
  options: ModelOptions,
): RevisionModel {
  const view = projectView(resolved, revision);
  const lists = {} as RevisionModel['lists'];
  for (const method of listMethods) {
    const payload = payloads[method];
    const member = listMember[method];
    const extras: JsonObject = {};
    if (payload) for (const key of Object.keys(payload)) if (key !== member) extras[key] = payload[key];
    if (!payload && defines(revision, 'result.cacheable')) {
      extras.resultType = 'complete';
      extras.ttlMs = options.ttlMs ?? 0;
      extras.cacheScope = options.cacheScope ?? 'private';
    }
    lists[method] = {
      items: payload && Array.isArray(payload[member]) ? (payload[member] as JsonObject[]) : [],
      extras,
    };
  }
  const declarations = (key: string) => (Array.isArray(view[key]) ? (view[key] as unknown[]).filter(isObject) : []);
  const tools = new Map<string, JsonObject>();
  for (const t of declarations('tools')) if (typeof t.name === 'string' && !tools.has(t.name)) tools.set(t.name, t);
  const prompts = new Map<string, JsonObject>();
  for (const p of declarations('prompts'))
    if (typeof p.name === 'string' && !prompts.has(p.name)) prompts.set(p.name, p);
  const resources = new Map<string, JsonObject>();
  for (const r of declarations('resources'))
    if (typeof r.uri === 'string' && !resources.has(r.uri)) resources.set(r.uri, r);
  const templates = declarations('resourceTemplates').filter((t) => typeof t.uriTemplate === 'string');

  const declared = declarations('capabilities')[0];
  let capabilities: JsonObject;
  if (declared) {
    capabilities = {};
    for (const key of Object.keys(declared)) {
      if (key === 'protocolVersions' || key.startsWith('x-')) continue;
      const value = declared[key];
      capabilities[key] = key === 'tools' || key === 'resources' || key === 'prompts' ? stripExtensions(value) : value;
    }
    // Declarations need their list capability to be reachable; add it when the object omits it.
    if (tools.size > 0 && !('tools' in capabilities)) capabilities.tools = {};
    if ((resources.size > 0 || templates.length > 0) && !('resources' in capabilities)) capabilities.resources = {};
    if (prompts.size > 0 && !('prompts' in capabilities)) capabilities.prompts = {};
  } else {
    // No Capabilities Object applies: advertise what the declarations need.
    capabilities = {};
    if (tools.size > 0) capabilities.tools = {};
    if (resources.size > 0 || templates.length > 0) capabilities.resources = {};
    if (prompts.size > 0) capabilities.prompts = {};
    const completions = [...prompts.values(), ...templates].some((d) => isObject(d.completionExamples));
    if (completions && defines(revision, 'capability.completions')) capabilities.completions = {};
    if (!defines(revision, 'result.cacheable')) capabilities.logging = {};
  }
  return {
    revision,
    lists,
    tools,
    prompts,
    resources,
    templates,
    capabilities,
    declaredCapabilities: declared !== undefined,
  };
}
