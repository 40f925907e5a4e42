/** The comparison of one primitive declared in both views of a revision. */
import { joinPointer } from '../model/json-pointer.js';
import type { Revision } from '../model/revisions.js';
import { isObject, ownEntry, type JsonObject } from '../model/values.js';
import {
  effectiveScope,
  primitiveKind,
  primitiveKinds,
  toolAnnotationHintDefaults,
  type ToolAnnotationHint,
} from '../model/document.js';
import { jsonEqual } from '../model/json.js';
import { compareNested } from './capability-comparison.js';
import type { IndexedDocument, PrimitiveDeclaration, View } from './declaration-index.js';
import { compareExtensions, present, sides, unionKeys, verbOf } from './member-changes.js';
import { diffSchemas } from './schema-diff.js';
import { compareSecurity, primitiveSecurity } from './security.js';
import type { ChangeSide, ChangeSubject, RawChange } from './types.js';

const documentationFields: Record<string, string> = {
  title: 'diff.primitive.title-changed',
  description: 'diff.primitive.description-changed',
};
/** Fields compared by dedicated functions (or identities). */
const dedicatedFields = new Set<string>([
  'protocolVersions',
  'name',
  ...primitiveKinds.map((info) => info.identity),
  ...primitiveKinds.flatMap((info) => info.schemaRoles),
  'annotations',
  'execution',
  // Example maps that take Reference Objects (compareExamples); the others are plain members.
  ...primitiveKinds.flatMap((info) => info.exampleMaps.filter((map) => map.namespace).map((map) => map.property)),
  'arguments',
  'elicitations',
  'security',
  'clientRequirements',
  'deprecated',
  'mimeType',
  'size',
]);

export function comparePrimitive(
  o: View,
  n: View,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  revision: Revision,
  emit: (c: RawChange) => void,
): void {
  const subject: ChangeSubject = { kind: p.kind, name: q.identity };
  const a = p.value;
  const b = q.value;
  const s = (key: string): { old: ChangeSide; new: ChangeSide } => sides(a, b, p.pointer, q.pointer, key);

  if (p.kind !== 'tool' && !jsonEqual(a.name, b.name)) {
    emit({
      id: p.kind === 'prompt' ? 'diff.primitive.metadata-changed' : 'diff.resource.name-changed',
      subject,
      detail: `name changed from ${JSON.stringify(a.name)} to ${JSON.stringify(b.name)}`,
      ...s('name'),
    });
  }
  for (const key of unionKeys(a, b)) {
    if (dedicatedFields.has(key) || key.startsWith('x-') || jsonEqual(a[key], b[key])) continue;
    const id = ownEntry(documentationFields, key) ?? 'diff.primitive.metadata-changed';
    emit({ id, subject, detail: `${key} ${verbOf(a, b, key)}`, ...s(key) });
  }
  compareExtensions(a, b, p.pointer, q.pointer, subject, emit);

  // Deprecation (absent means not deprecated).
  const wasDeprecated = a.deprecated === true;
  const isDeprecated = b.deprecated === true;
  if (wasDeprecated !== isDeprecated) {
    emit({
      id: isDeprecated ? 'diff.primitive.deprecated' : 'diff.primitive.undeprecated',
      subject,
      detail: isDeprecated ? 'deprecated' : 'no longer deprecated',
      ...s('deprecated'),
    });
  }

  // Examples, compared by resolved value per name.
  compareExamples(o, n, p, q, subject, emit);

  if (p.kind === 'tool') {
    for (const role of primitiveKind.tool.schemaRoles) {
      const x = resolveSchema(o.source, p, role);
      const y = resolveSchema(n.source, q, role);
      diffSchemas(role === 'inputSchema' ? 'input' : 'output', subject, role, x, y, emit);
    }
    compareToolAnnotations(subject, p, q, emit);
    compareExecution(subject, p, q, emit);
  } else if (!jsonEqual(a.annotations, b.annotations)) {
    emit({
      id: 'diff.resource.annotations-changed',
      subject,
      detail: `annotations ${verbOf(a, b, 'annotations')}`,
      ...s('annotations'),
    });
  }
  if (p.kind === 'resource' || p.kind === 'resourceTemplate') {
    if (!jsonEqual(a.mimeType, b.mimeType))
      emit({
        id: 'diff.resource.mime-type-changed',
        subject,
        detail: `mimeType ${verbOf(a, b, 'mimeType')}${typeof a.mimeType === 'string' && typeof b.mimeType === 'string' ? ` from ${JSON.stringify(a.mimeType)} to ${JSON.stringify(b.mimeType)}` : ''}`,
        ...s('mimeType'),
      });
    if (!jsonEqual(a.size, b.size))
      emit({ id: 'diff.resource.size-changed', subject, detail: `size ${verbOf(a, b, 'size')}`, ...s('size') });
  }
  if (p.kind === 'prompt') comparePromptArguments(subject, p, q, emit);

  compareElicitations(o, n, p, q, revision, subject, emit);

  // Effective security per transport both views declare (or root inheritance when none).
  const transports = [...o.transports.keys()].filter((k) => n.transports.has(k));
  const contexts: (string | undefined)[] = transports.length > 0 ? transports : [undefined];
  for (const t of contexts) {
    const x = primitiveSecurity(o, p, t);
    const y = primitiveSecurity(n, q, t);
    const via =
      t !== undefined && (x.from === 'transport' || y.from === 'transport')
        ? ` through transport ${JSON.stringify(t)}`
        : '';
    compareSecurity(subject, x, y, via, emit);
  }

  if (!jsonEqual(a.clientRequirements, b.clientRequirements)) {
    const ids = {
      added: 'diff.client-requirements.added',
      removed: 'diff.client-requirements.removed',
      changed: 'diff.client-requirements.changed',
    };
    const base = (d: PrimitiveDeclaration): string =>
      present(d.value, 'clientRequirements') ? joinPointer(d.pointer, 'clientRequirements') : d.pointer;
    compareNested(
      subject,
      ids,
      'client requirement',
      a.clientRequirements ?? {},
      b.clientRequirements ?? {},
      base(p),
      base(q),
      '',
      0,
      emit,
    );
  }
}

function resolveSchema(
  source: IndexedDocument,
  p: PrimitiveDeclaration,
  role: string,
): { value: unknown; pointer: string } {
  if (!present(p.value, role)) return { value: undefined, pointer: p.pointer };
  const r = source.resolver.resolve(p.value[role], joinPointer(p.pointer, role), 'schemas');
  return r.ok
    ? { value: r.value, pointer: r.pointer }
    : { value: p.value[role], pointer: joinPointer(p.pointer, role) };
}

function compareExamples(
  o: View,
  n: View,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  subject: ChangeSubject,
  emit: (c: RawChange) => void,
): void {
  // Only the maps whose values may be Reference Objects (the others are compared as plain members).
  for (const { property, namespace } of primitiveKind[p.kind].exampleMaps) {
    if (namespace === undefined) continue;
    const a = isObject(p.value[property]) ? p.value[property] : {};
    const b = isObject(q.value[property]) ? q.value[property] : {};
    for (const name of unionKeys(a, b)) {
      const resolve = (
        source: IndexedDocument,
        d: PrimitiveDeclaration,
        map: JsonObject,
      ): { value: unknown; pointer: string } | undefined => {
        if (!present(map, name)) return undefined;
        const at = joinPointer(d.pointer, property, name);
        const r = source.resolver.resolve(map[name], at, namespace);
        return r.ok ? { value: r.value, pointer: r.pointer } : { value: map[name], pointer: at };
      };
      const x = resolve(o.source, p, a);
      const y = resolve(n.source, q, b);
      if (x && y && jsonEqual(x.value, y.value)) continue;
      emit({
        id: 'diff.primitive.metadata-changed',
        subject,
        detail: `example ${JSON.stringify(name)} ${!x ? 'added' : !y ? 'removed' : 'changed'}`,
        old: x ? { pointer: x.pointer, value: x.value } : { pointer: p.pointer },
        new: y ? { pointer: y.pointer, value: y.value } : { pointer: q.pointer },
      });
    }
  }
}

/** The change kinds of each Tool Annotation hint turning on and off (defaults from the shape table, 9.6). */
const hintChanges: Record<ToolAnnotationHint, { on: string; off: string }> = {
  readOnlyHint: { on: 'diff.annotation.read-only-added', off: 'diff.annotation.read-only-removed' },
  destructiveHint: { on: 'diff.annotation.destructive-added', off: 'diff.annotation.destructive-removed' },
  idempotentHint: { on: 'diff.annotation.idempotent-added', off: 'diff.annotation.idempotent-removed' },
  openWorldHint: { on: 'diff.annotation.open-world-added', off: 'diff.annotation.open-world-removed' },
};
const hintDefaults = (Object.keys(hintChanges) as ToolAnnotationHint[]).map((key) => ({
  key,
  default: toolAnnotationHintDefaults[key] as boolean,
  ...hintChanges[key],
}));

function compareToolAnnotations(
  subject: ChangeSubject,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  emit: (c: RawChange) => void,
): void {
  const a = isObject(p.value.annotations) ? p.value.annotations : {};
  const b = isObject(q.value.annotations) ? q.value.annotations : {};
  if (jsonEqual(a, b)) return;
  const oldBase = present(p.value, 'annotations') ? joinPointer(p.pointer, 'annotations') : p.pointer;
  const newBase = present(q.value, 'annotations') ? joinPointer(q.pointer, 'annotations') : q.pointer;
  const hints = new Set<string>(hintDefaults.map((h) => h.key));
  for (const h of hintDefaults) {
    if (jsonEqual(a[h.key], b[h.key])) continue;
    const x = typeof a[h.key] === 'boolean' ? (a[h.key] as boolean) : h.default;
    const y = typeof b[h.key] === 'boolean' ? (b[h.key] as boolean) : h.default;
    const shown = (obj: JsonObject, v: boolean): string => (present(obj, h.key) ? String(v) : `${v} (default)`);
    const detail = `annotations.${h.key} ${shown(a, x)} -> ${shown(b, y)}`;
    emit({
      id: x === y ? 'diff.annotation.changed' : y ? h.on : h.off,
      subject,
      detail,
      ...sides(a, b, oldBase, newBase, h.key),
    });
  }
  for (const key of unionKeys(a, b)) {
    if (hints.has(key) || jsonEqual(a[key], b[key])) continue;
    emit({
      id: 'diff.annotation.changed',
      subject,
      detail: `annotations.${key} ${verbOf(a, b, key)}`,
      ...sides(a, b, oldBase, newBase, key),
    });
  }
}

function compareExecution(
  subject: ChangeSubject,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  emit: (c: RawChange) => void,
): void {
  const a = isObject(p.value.execution) ? p.value.execution : {};
  const b = isObject(q.value.execution) ? q.value.execution : {};
  if (jsonEqual(a, b)) return;
  const oldBase = present(p.value, 'execution') ? joinPointer(p.pointer, 'execution') : p.pointer;
  const newBase = present(q.value, 'execution') ? joinPointer(q.pointer, 'execution') : q.pointer;
  const x = typeof a.taskSupport === 'string' ? a.taskSupport : 'forbidden';
  const y = typeof b.taskSupport === 'string' ? b.taskSupport : 'forbidden';
  if (x !== y) {
    emit({
      id: y === 'required' && x !== 'required' ? 'diff.tool.task-support-required' : 'diff.tool.task-support-changed',
      subject,
      detail: `execution.taskSupport ${JSON.stringify(x)} -> ${JSON.stringify(y)}`,
      ...sides(a, b, oldBase, newBase, 'taskSupport'),
    });
  }
  compareExtensions(a, b, oldBase, newBase, subject, emit);
}

function comparePromptArguments(
  subject: ChangeSubject,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  emit: (c: RawChange) => void,
): void {
  const list = (d: PrimitiveDeclaration): Map<string, { value: JsonObject; pointer: string }> => {
    const out = new Map<string, { value: JsonObject; pointer: string }>();
    if (Array.isArray(d.value.arguments)) {
      d.value.arguments.forEach((arg, i) => {
        if (isObject(arg) && typeof arg.name === 'string' && !out.has(arg.name))
          out.set(arg.name, { value: arg, pointer: joinPointer(d.pointer, 'arguments', i) });
      });
    }
    return out;
  };
  const a = list(p);
  const b = list(q);
  const container = (d: PrimitiveDeclaration): string =>
    present(d.value, 'arguments') ? joinPointer(d.pointer, 'arguments') : d.pointer;
  for (const [name, x] of a) {
    const y = b.get(name);
    if (!y) {
      emit({
        id: 'diff.prompt.argument-removed',
        subject,
        path: name,
        detail: `argument ${JSON.stringify(name)} removed`,
        old: { pointer: x.pointer, value: x.value },
        new: { pointer: container(q) },
      });
      continue;
    }
    const wasRequired = x.value.required === true;
    const isRequired = y.value.required === true;
    if (wasRequired !== isRequired) {
      emit({
        id: isRequired ? 'diff.prompt.argument-required-added' : 'diff.prompt.argument-required-removed',
        subject,
        path: name,
        detail: `argument ${JSON.stringify(name)} ${isRequired ? 'became required' : 'is no longer required'}`,
        ...sides(x.value, y.value, x.pointer, y.pointer, 'required'),
      });
    }
    for (const key of unionKeys(x.value, y.value)) {
      if (key === 'name' || key === 'required' || jsonEqual(x.value[key], y.value[key])) continue;
      emit({
        id: key.startsWith('x-') ? 'diff.extension.changed' : 'diff.prompt.argument-documentation-changed',
        subject,
        path: name,
        detail: `argument ${JSON.stringify(name)} ${key} ${verbOf(x.value, y.value, key)}`,
        ...sides(x.value, y.value, x.pointer, y.pointer, key),
      });
    }
  }
  for (const [name, y] of b) {
    if (a.has(name)) continue;
    const required = y.value.required === true;
    emit({
      id: required ? 'diff.prompt.argument-required-added' : 'diff.prompt.argument-added',
      subject,
      path: name,
      detail: `argument ${JSON.stringify(name)} added${required ? ' as required' : ''}`,
      old: { pointer: container(p) },
      new: { pointer: y.pointer, value: y.value },
    });
  }
}

function compareElicitations(
  o: View,
  n: View,
  p: PrimitiveDeclaration,
  q: PrimitiveDeclaration,
  revision: Revision,
  subject: ChangeSubject,
  emit: (c: RawChange) => void,
): void {
  // The elicitations of this revision: nested scopes inherit the primitive's scope.
  const list = (d: PrimitiveDeclaration): Map<string, { value: JsonObject; pointer: string; scope: Revision[] }> => {
    const out = new Map<string, { value: JsonObject; pointer: string; scope: Revision[] }>();
    if (Array.isArray(d.value.elicitations)) {
      d.value.elicitations.forEach((e, i) => {
        if (!isObject(e) || typeof e.name !== 'string' || out.has(e.name)) return;
        const scope = effectiveScope(e, d.scope);
        if (scope.includes(revision))
          out.set(e.name, { value: e, pointer: joinPointer(d.pointer, 'elicitations', i), scope });
      });
    }
    return out;
  };
  const a = list(p);
  const b = list(q);
  const container = (d: PrimitiveDeclaration): string =>
    present(d.value, 'elicitations') ? joinPointer(d.pointer, 'elicitations') : d.pointer;
  const strip = (e: JsonObject, source: IndexedDocument, pointer: string): unknown => {
    const copy: JsonObject = {};
    for (const k of Object.keys(e)) if (k !== 'protocolVersions') copy[k] = e[k];
    if (present(e, 'requestedSchema')) {
      const r = source.resolver.resolve(e.requestedSchema, joinPointer(pointer, 'requestedSchema'), 'schemas');
      if (r.ok) copy.requestedSchema = r.value;
    }
    return copy;
  };
  for (const [name, x] of a) {
    const y = b.get(name);
    if (!y) {
      emit({
        id: 'diff.elicitation.removed',
        subject,
        path: name,
        detail: `elicitation ${JSON.stringify(name)} removed`,
        old: { pointer: x.pointer, value: x.value },
        new: { pointer: container(q) },
      });
    } else if (!jsonEqual(strip(x.value, o.source, x.pointer), strip(y.value, n.source, y.pointer))) {
      const keys = unionKeys(x.value, y.value).filter(
        (k) => k !== 'protocolVersions' && !jsonEqual(x.value[k], y.value[k]),
      );
      emit({
        id: 'diff.elicitation.changed',
        subject,
        path: name,
        detail: `elicitation ${JSON.stringify(name)} changed (${keys.join(', ')})`,
        old: { pointer: x.pointer, value: x.value },
        new: { pointer: y.pointer, value: y.value },
      });
    }
  }
  for (const [name, y] of b) {
    if (!a.has(name))
      emit({
        id: 'diff.elicitation.added',
        subject,
        path: name,
        detail: `elicitation ${JSON.stringify(name)} added`,
        old: { pointer: container(p) },
        new: { pointer: y.pointer, value: y.value },
      });
  }
}
