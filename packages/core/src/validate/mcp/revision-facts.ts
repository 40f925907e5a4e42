import { formatRevisions, revisionFeatures, type Revision, type RevisionFeature } from '../../model/revisions.js';

/** Revision-table facts as message text: messages state them from the table, never by hand. */

/** "2025-06-18, 2025-11-25 and 2026-07-28": every revision that defines `feature`. */
export function definingRevisions(feature: RevisionFeature): string {
  return formatRevisions(revisionFeatures[feature] as Revision[]);
}

/** The first revision that defines `feature` ("since MCP X", "MCP X introduced it"). */
export function firstDefiningRevision(feature: RevisionFeature): Revision {
  return (revisionFeatures[feature] as Revision[])[0]!;
}
