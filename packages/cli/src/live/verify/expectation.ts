/**
 * What the description declares for one revision, in the native form a server can be compared with.
 */
import {
  nativeForm,
  inlineReferences,
  nativePayloads,
  serverCapabilities,
  type NativeSource,
  type OperationResult,
  declarationView,
} from 'mcpdesc-core/operations';
import { appliesTo, primitiveKinds, rootScopeOf, isRevision, isObject, type JsonObject } from 'mcpdesc-core/model';
import { identityOf } from '../raw-list.js';
import { type Declared, type Expectation, type Push } from './context.js';
import { verifyDescriptionRule } from '../rules/verify.description.js';

/**
 * The expectation for one revision. Components are resolved first (17.3: "Resolution substitutes
 * the referenced JSON value before every contextual structural and semantic rule at the use
 * site"), and declarations are compared in their native form, the payloads of `mcpdesc native`
 * (native.ts): `x-*` is "MCP Description-specific vendor metadata" (14.7) that no MCP message
 * carries, and examples, tags, security, elicitations... are MCP Description-only fields.
 */
export function expectation(
  document: JsonObject,
  prepared: OperationResult<NativeSource>,
  revision: string,
  push: Push,
): Expectation {
  const root = rootScopeOf(document);
  // prepareNative validated the description and resolved its components once, for every revision.
  const built = prepared.ok && isRevision(revision) ? nativePayloads(prepared.value!, revision) : undefined;
  const problems = !isRevision(revision) ? [] : prepared.ok ? built!.diagnostics : prepared.diagnostics;
  const first = problems.find((d) => d.severity === 'error');
  if (first) {
    push({
      rule: verifyDescriptionRule,
      code: 'no-native-form',
      severity: 'warning',
      message: `the description has no native form for this revision (${first.message}); its declarations are compared without MCP Description-only fields and x-* members, unchecked`,
      pointer: first.pointer,
      expected: first.message,
    });
  }
  const payloads = first ? undefined : built?.payloads;
  const resolved = prepared.ok ? prepared.value!.document : (inlineReferences(document, false).document as JsonObject);
  const declared = {} as Expectation['declared'];
  for (const info of primitiveKinds) {
    const kind = info.collection;
    const list = resolved[kind];
    if (!Array.isArray(list)) {
      declared[kind] = undefined; // no declaration: no claim about the runtime list (3.4)
      continue;
    }
    const items = payloads ? ((payloads[info.listMethod]?.[kind] as JsonObject[] | undefined) ?? []) : undefined;
    const out = new Map<string, Declared>();
    let k = 0;
    list.forEach((raw, index) => {
      // The same selection as native(): one native item per in-scope declaration, in order.
      if (!isObject(raw) || !appliesTo(raw, root, revision)) return;
      const entry = declarationView(raw, kind, revision);
      // The native form when `native()` could not build one (the description has errors).
      const wire = items?.[k++] ?? (nativeForm(info.node, entry) as JsonObject);
      const id = identityOf(kind, entry);
      if (id !== undefined && !out.has(id)) out.set(id, { entry, wire, pointer: `/${kind}/${index}` });
    });
    declared[kind] = out;
  }
  let capabilities: Expectation['capabilities'];
  if (Array.isArray(resolved.capabilities)) {
    const index = resolved.capabilities.findIndex((c) => isObject(c) && appliesTo(c, root, revision));
    if (index >= 0) capabilities = { index, value: serverCapabilities(resolved.capabilities[index] as JsonObject) };
  }
  return { declared, ...(capabilities ? { capabilities } : {}) };
}
