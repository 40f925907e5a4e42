/** Grouping of raw changes across revisions, their classification and report order. */
import { sortRevisions, type Revision } from '../model/revisions.js';
import { canonicalJson, compareCodeUnits } from '../model/json.js';
import { primitiveKind, primitiveKinds, type PrimitiveKind } from '../model/document.js';
import { classify, type ChangeClass, type DiffConfig } from './classification.js';
import type { ChangeLocation, ChangeSide, ChangeSubject, DiffChange, RawChange, SubjectKind } from './types.js';

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

interface Group {
  change: RawChange;
  revisions: Set<Revision>;
  /** The revisions by the pointers the change has there (`old` and `new` joined). */
  sites: Map<string, { old?: string; new?: string; revisions: Set<Revision> }>;
  order: number;
}

/**
 * Groups the changes found per revision: one change (same subject, member, detail and values)
 * found in several revisions is one entry with those revisions, even where the revisions'
 * declarations are different scoped variants (other pointers); `locations` then lists each.
 */
export class Collector {
  private readonly groups = new Map<string, Group>();

  add(revisions: readonly Revision[], change: RawChange): void {
    const key = [
      change.id,
      change.subject.kind,
      change.subject.name ?? '',
      change.path ?? '',
      change.detail,
      valueKey(change.old),
      valueKey(change.new),
    ].join('\u0000');
    let group = this.groups.get(key);
    if (!group) {
      group = { change, revisions: new Set(), sites: new Map(), order: this.groups.size };
      this.groups.set(key, group);
    }
    for (const r of revisions) group.revisions.add(r);
    const siteKey = `${change.old?.pointer ?? '-'}\u0000${change.new?.pointer ?? '-'}`;
    let site = group.sites.get(siteKey);
    if (!site) {
      site = {
        ...(change.old ? { old: change.old.pointer } : {}),
        ...(change.new ? { new: change.new.pointer } : {}),
        revisions: new Set(),
      };
      group.sites.set(siteKey, site);
    }
    for (const r of revisions) site.revisions.add(r);
  }

  finish(config: DiffConfig): DiffChange[] {
    const out = [...this.groups.values()].map(({ change, revisions, sites, order }) => {
      const { class: cls, reason } = classify(change.id, config);
      const c: DiffChange = {
        ...change,
        class: cls,
        reason,
        message: `${subjectLabel(change.subject)}: ${change.detail}`,
        revisions: sortRevisions(revisions),
      };
      if (sites.size > 1) c.locations = locationsOf(sites);
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

/** A side by its value only: where it sits may differ between the revisions' variants. */
function valueKey(side: ChangeSide | undefined): string {
  if (!side) return '-';
  return 'value' in side ? canonicalJson(side.value) : '(absent)';
}

/** The sites of a change, in the order of their first revision. */
function locationsOf(sites: Group['sites']): ChangeLocation[] {
  const list = [...sites.values()].map((site): ChangeLocation => ({
    revisions: sortRevisions(site.revisions),
    ...(site.old !== undefined ? { old: site.old } : {}),
    ...(site.new !== undefined ? { new: site.new } : {}),
  }));
  const first = (location: ChangeLocation): Revision => location.revisions[0]!;
  const order = sortRevisions(list.map(first));
  return list.sort((a, b) => order.indexOf(first(a)) - order.indexOf(first(b)));
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
