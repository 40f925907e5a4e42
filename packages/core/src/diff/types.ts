/** The shapes of a semantic diff between two MCP Description documents. */
import type { Revision } from '../model/revisions.js';
import type { ChangeClass } from './classification.js';
import type { PrimitiveKind } from '../model/document.js';

/** One side of a change: where it sits in its document, and the value there (absent: no `value` key). */
export interface ChangeSide {
  pointer: string;
  value?: unknown;
}

export type SubjectKind = 'document' | 'protocol' | 'transport' | 'capabilities' | 'securityScheme' | PrimitiveKind;

/** What a change is about: the document, a revision, a transport, or a primitive by identity. */
export interface ChangeSubject {
  kind: SubjectKind;
  /** Tool/prompt name, resource uri, template uriTemplate, transport label, scheme name, revision. */
  name?: string;
}

/** A change found while comparing the views of one revision (before grouping and classification). */
export interface RawChange {
  id: string;
  subject: ChangeSubject;
  /** Property path inside a schema or capability object (`filters[].kind`), when there is one. */
  path?: string;
  /** What changed, in a few words (without the subject). */
  detail: string;
  old?: ChangeSide;
  new?: ChangeSide;
}

export interface DiffChange extends RawChange {
  class: ChangeClass;
  reason: string;
  /** `<subject>: <detail>` */
  message: string;
  /** The protocol revisions the change applies to (identical changes across revisions are grouped). */
  revisions: Revision[];
  /**
   * Where the change sits for each group of revisions, present only when that differs between
   * them (one change in several scoped variants): `old` and `new` carry the first group's pointers.
   */
  locations?: ChangeLocation[];
}

/** The pointers of one change in the declarations of some revisions. */
export interface ChangeLocation {
  revisions: Revision[];
  old?: string;
  new?: string;
}

export type SemverBump = 'major' | 'minor' | 'patch' | 'none';

export interface VersionSuggestion {
  /** The bump the changes call for. */
  bump: SemverBump;
  /** Old info.version. */
  from?: string;
  /** The suggested next version; absent when the old version is not semver or there is no change. */
  suggested?: string;
  /** New info.version. */
  actual?: string;
  /** Whether the new info.version is at least the suggestion (absent when not comparable). */
  sufficient?: boolean;
  /** Why there is no suggested number, or a note on the 0.x convention. */
  note?: string;
}

export interface DiffSummary {
  breaking: number;
  nonBreaking: number;
  informational: number;
}

export interface DiffReport {
  /** Root protocol revisions of each document. */
  revisions: { old: Revision[]; new: Revision[]; compared: Revision[] };
  info: { old: { name?: string; version?: string }; new: { name?: string; version?: string } };
  changes: DiffChange[];
  summary: DiffSummary;
  version: VersionSuggestion;
}
