/**
 * verify's drift room: declared vs live (capabilities, fields, tool schemas, tool annotations).
 */
import {
  fieldGate,
  implementationFields,
  primitiveKinds,
  toolAnnotationHintDefaults,
  type PrimitiveKindInfo,
  defines,
  isRevision,
  isObject,
  type JsonObject,
  canonicalJson,
  compareCodeUnits,
  joinPointer,
} from 'mcpdesc-core/model';
import { fitToRevision, wireToFormat, implementationOf, firstDifference } from 'mcpdesc-core/operations';
import { type LiveSession } from '../connect.js';
import { show } from '../findings.js';
import { type Declared, type Push, type VerifyContext } from './context.js';
import { comparedFields } from './compared-fields.js';
import { verifyDriftAnnotationsRule } from '../rules/verify.drift.annotations.js';
import { verifyDriftCapabilitiesRule } from '../rules/verify.drift.capabilities.js';
import { verifyDriftFieldRule } from '../rules/verify.drift.field.js';
import { verifyDriftInstructionsRule } from '../rules/verify.drift.instructions.js';
import { verifyDriftMissingRule } from '../rules/verify.drift.missing.js';
import { verifyDriftSchemaRule } from '../rules/verify.drift.schema.js';
import { verifyDriftServerInfoRule } from '../rules/verify.drift.server-info.js';
import { verifyDriftUndeclaredRule } from '../rules/verify.drift.undeclared.js';

/** Semantic form of a JSON Schema: key order ignored, `required` and `type` arrays as sets. */
export function normalizeSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeSchema);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort(compareCodeUnits)) {
    const v = value[key];
    if ((key === 'required' || key === 'type') && Array.isArray(v) && v.every((x) => typeof x === 'string'))
      out[key] = [...new Set(v as string[])].sort(compareCodeUnits);
    else out[key] = normalizeSchema(v);
  }
  return out;
}

export function effectiveAnnotations(value: unknown): JsonObject {
  const a = isObject(value) ? value : {};
  const out: JsonObject = { ...toolAnnotationHintDefaults };
  for (const key of Object.keys(a)) out[key] = a[key];
  return out;
}

/**
 * Capabilities, when a Capabilities Object applies to the revision. Omission is no claim: "Omission
 * of any optional section means that the document makes no declaration for that section. Unless a
 * property's definition explicitly states otherwise, omission MUST NOT be interpreted as proof that
 * the server does not support, expose, or use the corresponding runtime behavior." (3.3). So a
 * capability (or a capability member) the server advertises and the description omits is never an
 * error: nothing when a declared collection of this revision needs it (tools, resources or
 * resource templates, prompts are reachable only through it), otherwise informational (the spec
 * names no warning condition for it). A declared capability or member the server does not
 * advertise, or advertises with another value, is drift.
 */
export function compareCapabilities({ expected, session, push }: VerifyContext): void {
  const live = session.capabilities;
  if (!expected.capabilities) return;
  const { index, value: want } = expected.capabilities;
  const implied = (key: string) =>
    primitiveKinds.some((info) => info.listCapability === key && (expected.declared[info.collection]?.size ?? 0) > 0);
  const base = `/capabilities/${index}`;
  for (const key of [...new Set([...Object.keys(want), ...Object.keys(live)])].sort(compareCodeUnits)) {
    const w = want[key];
    const l = live[key];
    if (w === undefined) {
      if (l === undefined || implied(key)) continue;
      push({
        rule: verifyDriftCapabilitiesRule,
        code: 'capability-undeclared',
        severity: 'info',
        message: `the server advertises the ${key} capability ${show(l)}, which the description's Capabilities Object omits (omission makes no declaration)`,
        pointer: base,
        live: l,
      });
      continue;
    }
    if (l === undefined) {
      push({
        rule: verifyDriftCapabilitiesRule,
        code: 'capability-missing',
        message: `the description declares the ${key} capability but the server does not advertise it`,
        pointer: `${base}/${key}`,
        expected: w,
      });
      continue;
    }
    if (isObject(w) && isObject(l)) {
      for (const member of [...new Set([...Object.keys(w), ...Object.keys(l)])].sort(compareCodeUnits)) {
        if (!(member in w)) {
          push({
            rule: verifyDriftCapabilitiesRule,
            code: 'capability-member-undeclared',
            severity: 'info',
            message: `the server advertises ${key}.${member} ${show(l[member])}, which the description omits (omission makes no declaration)`,
            pointer: `${base}/${key}`,
            live: l[member],
          });
        } else if (canonicalJson(w[member]) !== canonicalJson(l[member] ?? null)) {
          push({
            rule: verifyDriftCapabilitiesRule,
            code: 'capability-differs',
            message: `capability ${key}.${member} is ${show(w[member])} in the description but the server advertises ${show(l[member])}`,
            pointer: joinPointer(base, key, member),
            live: l[member],
            expected: w[member],
          });
        }
      }
      continue;
    }
    if (canonicalJson(w) !== canonicalJson(l)) {
      push({
        rule: verifyDriftCapabilitiesRule,
        code: 'capability-differs',
        message: `capability ${key} is ${show(w)} in the description but the server advertises ${show(l)}`,
        pointer: `${base}/${key}`,
        live: l,
        expected: w,
      });
    }
  }
}

/**
 * A listed item as the revision defines it: what the server sent that the revision gives no
 * meaning to, and that a description of the revision therefore cannot declare, is left out of the
 * comparison, as capture leaves it out of the revision's view (both fit through the shape tree).
 */
export function liveView(info: PrimitiveKindInfo, item: JsonObject, revision: string): JsonObject {
  // Mapped to the format's form as capture maps it (an empty `arguments`, a member MCP does not define).
  const mapped = wireToFormat(item, info.node).value;
  return isRevision(revision) ? fitToRevision(mapped, revision, info.node).value : mapped;
}

/** Where two differing values first differ, for a message (empty when they are scalars). */
export function differenceNote(want: unknown, got: unknown): string {
  if (!isObject(want) && !Array.isArray(want)) return '';
  if (!isObject(got) && !Array.isArray(got)) return '';
  const difference = firstDifference(want, got, '');
  if (!difference || difference.path === '') return '';
  return ` (first difference at ${show(difference.path)}: ${show(difference.a, 60)} vs ${show(difference.b, 60)})`;
}

export function compareDeclaration(
  info: PrimitiveKindInfo,
  id: string,
  d: Declared,
  live: JsonObject,
  { revision, push }: VerifyContext,
): void {
  const label = `${info.label} ${show(id)}`;
  const defined = (key: string) => {
    const feature = fieldGate(info.node, key);
    return feature === undefined || !isRevision(revision) || defines(revision, feature);
  };
  live = liveView(info, live, revision);
  for (const key of comparedFields(info)) {
    if (!defined(key)) continue;
    const want = d.wire[key];
    const got = live[key];
    if (canonicalJson(want ?? null) === canonicalJson(got ?? null)) continue;
    push({
      rule: verifyDriftFieldRule,
      code: `${key.replace(/^_/, '')}-differs`,
      message: `${label}: ${key} is ${show(want)} in the description but ${show(got)} on the server${differenceNote(want, got)}`,
      pointer: `${d.pointer}/${key}`,
      live: got,
      expected: want,
    });
  }
  if (info.kind === 'tool') {
    for (const key of info.schemaRoles) {
      if (!defined(key)) continue;
      const want = d.wire[key];
      const got = live[key];
      const difference = firstDifference(normalizeSchema(want ?? null), normalizeSchema(got ?? null), '');
      if (!difference) continue;
      push({
        rule: verifyDriftSchemaRule,
        code: `${key === 'inputSchema' ? 'input' : 'output'}-schema-differs`,
        message: `${label}: ${key} differs semantically from the server's at ${show(difference.path === '' ? '/' : difference.path)}: ${show(difference.a, 60)} in the description, ${show(difference.b, 60)} on the server`,
        pointer: `${d.pointer}/${key}`,
        live: got,
        expected: want,
      });
    }
    if (!defined('annotations')) return;
    const want = effectiveAnnotations(d.wire.annotations);
    const got = effectiveAnnotations(live.annotations);
    for (const key of [...new Set([...Object.keys(want), ...Object.keys(got)])].sort(compareCodeUnits)) {
      if (canonicalJson(want[key] ?? null) === canonicalJson(got[key] ?? null)) continue;
      push({
        rule: verifyDriftAnnotationsRule,
        code: 'annotation-differs',
        message: `${label}: annotations.${key} is effectively ${show(want[key])} in the description but ${show(got[key])} on the server`,
        pointer: `${d.pointer}/annotations${isObject(d.wire.annotations) && key in d.wire.annotations ? `/${key}` : ''}`,
        live: got[key],
        expected: want[key],
      });
    }
  }
}

/** Server info (Info is author metadata, 5: differences are warnings) and instructions. */
export function compareServerInfo(document: JsonObject, session: LiveSession, push: Push): void {
  // Icon Objects may carry x-* (14.2), which MCP Implementation icons never have.
  const implementation = implementationOf(document.info);
  // Through capture's mapping: a server stating the version "" makes no claim the description's could break.
  const chosen: Record<string, string> =
    typeof implementation.version === 'string' ? { 'Info.version': implementation.version } : {};
  const serverInfo = wireToFormat(session.serverInfo, 'Info', { chosen }).value;
  for (const key of implementationFields) {
    const live = serverInfo[key];
    const want = implementation[key];
    if (live === undefined || want === undefined) continue;
    if (canonicalJson(live) !== canonicalJson(want)) {
      push({
        rule: verifyDriftServerInfoRule,
        code: 'info-differs',
        severity: 'warning',
        message: `info.${key} is ${show(want)} but the server reports ${show(live)}`,
        pointer: `/info/${key}`,
        live,
        expected: want,
      });
    }
  }
  if (
    typeof document.instructions === 'string' &&
    session.instructions !== undefined &&
    session.instructions !== document.instructions
  ) {
    push({
      rule: verifyDriftInstructionsRule,
      code: 'instructions-differ',
      severity: 'warning',
      message: `instructions differ from the server's (${show(session.instructions, 60)})`,
      pointer: '/instructions',
      live: session.instructions,
      expected: document.instructions,
    });
  }
}

/** A declared collection whose list capability the server does not advertise. */
export function listNotAdvertised({ expected, push }: VerifyContext, info: PrimitiveKindInfo): void {
  const kind = info.collection;
  const decl = expected.declared[kind];
  if (decl && decl.size > 0) {
    const [first] = decl.values();
    push({
      rule: verifyDriftMissingRule,
      code: 'list-not-advertised',
      message: `the description declares ${kind} but the server does not advertise the ${info.listCapability} capability`,
      pointer: first!.pointer,
      expected: info.listCapability,
    });
  }
}

/** Declared vs listed: each declaration compared, missing (after a complete listing) or undeclared. */
export function compareListed(
  context: VerifyContext,
  info: PrimitiveKindInfo,
  complete: boolean,
  liveById: Map<string, JsonObject>,
): void {
  const { expected, push } = context;
  const kind = info.collection;
  const decl = expected.declared[kind];
  for (const [id, d] of decl ?? new Map<string, Declared>()) {
    const live = liveById.get(id);
    if (!live) {
      if (complete)
        push({
          rule: verifyDriftMissingRule,
          code: 'primitive-missing',
          message: `${kind} ${show(id)} is declared but the server does not list it`,
          pointer: d.pointer,
          expected: id,
        });
      continue;
    }
    compareDeclaration(info, id, d, live, context);
  }
  if (complete) {
    for (const [id, live] of liveById) {
      if (decl?.has(id)) continue;
      push({
        rule: verifyDriftUndeclaredRule,
        code: 'primitive-undeclared',
        severity: decl ? 'error' : 'warning',
        message: `the server lists ${kind} ${show(id)}, which the description does not declare${decl ? '' : ` (the description has no ${kind} collection)`}`,
        pointer: `/${kind}`,
        live,
      });
    }
  }
}
