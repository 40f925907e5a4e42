/**
 * The one table of MCP Description versions the toolkit knows (4.1, 4.8, 16.3). Every other
 * module reads the version strings and their support level from here.
 */

export const specVersions = {
  '0.8.0': { status: 'stable', complete: true },
  /** Only the Tools section of 0.9.0-rc.3 is known: the other sections follow 0.8.0 (partial conformance, 16.3). */
  '0.9.0-rc.3': { status: 'release-candidate', complete: false },
} as const satisfies Record<string, { status: 'stable' | 'release-candidate'; complete: boolean }>;

export type SpecVersion = keyof typeof specVersions;

/** Every known version, oldest first. */
export const specVersionList = Object.keys(specVersions) as SpecVersion[];

/** The latest stable version: the default when a document names none the toolkit knows. */
export const defaultSpecVersion: SpecVersion = '0.8.0';

/** The version 0.7.0 documents are migrated to. */
export const legacySpecVersion = '0.7.0';

/**
 * The MCP revisions a 0.7.0 document's `info.protocolVersion` may name (0.7.0, 5.2). A fact of
 * the 0.7.0 format, fixed when it was published: not derived from the revisions 0.8.0 knows.
 */
export const legacyProtocolVersions = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;

export function isSpecVersion(value: unknown): value is SpecVersion {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(specVersions, value);
}

/** Whether the toolkit knows every section of `version` (otherwise validation is partial, 16.3). */
export function isCompleteSpecVersion(version: SpecVersion): boolean {
  return specVersions[version].complete;
}

/** The version a document's `mcpdesc` names, or the default when it names none the toolkit knows. */
export function specVersionOf(document: unknown): SpecVersion {
  const value =
    typeof document === 'object' && document !== null ? (document as { mcpdesc?: unknown }).mcpdesc : undefined;
  return isSpecVersion(value) ? value : defaultSpecVersion;
}
