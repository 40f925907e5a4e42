/** Grouping of raw changes across revisions, their classification and report order. */
import { sortRevisions, type Revision } from '../model/revisions.js';
import { canonicalJson, compareCodeUnits } from '../model/json.js';
import { primitiveKind, primitiveKinds, type PrimitiveKind } from '../model/document.js';
import { classify, type ChangeClass, type DiffConfig } from './classification.js';
import type { ChangeSide, ChangeSubject, DiffChange, RawChange, SubjectKind } from './types.js';

const classOrder: Record<ChangeClass, number> = { breaking: 0, 'non-breaking': 1, informational: 2 };
/** Report order of subjects: the document's own members, then the primitives in root-table order. */
const subjectOrder = Object.fromEntries(
  [
    'protocol',
    'document',
    'securityScheme',
    'transport',
    'capabilities',
    ...primitiveKinds.map((info) => info.kind),
  ].map((kind, index) => [kind, index]),
) as Record<SubjectKind, number>;

export class Collector {
  private readonly groups = new Map<string, { change: RawChange; revisions: Set<Revision>; order: number }>();

  add(revisions: readonly Revision[], change: RawChange): void {
    const key = [
      change.id,
      change.subject.kind,
      change.subject.name ?? '',
      change.path ?? '',
      change.detail,
      sideKey(change.old),
      sideKey(change.new),
    ].join('\u0000');
    const group = this.groups.get(key);
    if (group) for (const r of revisions) group.revisions.add(r);
    else this.groups.set(key, { change, revisions: new Set(revisions), order: this.groups.size });
  }

  finish(config: DiffConfig): DiffChange[] {
    const out = [...this.groups.values()].map(({ change, revisions, order }) => {
      const { class: cls, reason } = classify(change.id, config);
      const c: DiffChange = {
        ...change,
        class: cls,
        reason,
        message: `${subjectLabel(change.subject)}: ${change.detail}`,
        revisions: sortRevisions(revisions),
      };
      return { c, order };
    });
    out.sort(
      (a, b) =>
        classOrder[a.c.class] - classOrder[b.c.class] ||
        subjectOrder[a.c.subject.kind] - subjectOrder[b.c.subject.kind] ||
        compareCodeUnits(a.c.subject.name ?? '', b.c.subject.name ?? '') ||
        a.order - b.order,
    );
    return out.map((x) => x.c);
  }
}

function sideKey(side: ChangeSide | undefined): string {
  if (!side) return '-';
  return side.pointer + '\u0001' + ('value' in side ? canonicalJson(side.value) : '(absent)');
}

/** Lowercase names of the subjects that are not primitives (a primitive's is its label in the shape table). */
const documentSubjectNames: Record<Exclude<SubjectKind, PrimitiveKind>, string> = {
  document: 'document',
  protocol: 'protocol',
  transport: 'transport',
  capabilities: 'capabilities',
  securityScheme: 'security scheme',
};

/** The lowercase name of a kind of subject, for messages ("resource template"). */
export function subjectName(kind: SubjectKind): string {
  return Object.prototype.hasOwnProperty.call(primitiveKind, kind)
    ? primitiveKind[kind as PrimitiveKind].label
    : documentSubjectNames[kind as Exclude<SubjectKind, PrimitiveKind>];
}

export function subjectLabel(subject: ChangeSubject): string {
  if (subject.kind === 'document' || subject.kind === 'protocol' || subject.kind === 'capabilities')
    return subjectName(subject.kind);
  return `${subjectName(subject.kind)} ${JSON.stringify(subject.name ?? '')}`;
}
