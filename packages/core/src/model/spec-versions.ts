/**
 * The one table of MCP Description versions the toolkit knows (4.1, 4.8, 16.3). Every other
 * module reads the version strings and their support level from here.
 */

export const specVersions = {
  '0.8.0': { status: 'stable', partial: undefined },
  /** Only the Tools section of 0.9.0-rc.3 is known: the other sections follow 0.8.0 (partial conformance, 16.3). */
  '0.9.0-rc.3': {
    status: 'release-candidate',
    partial: { knownSections: 'its Tools section (9)', otherSectionsFrom: '0.8.0' },
  },
} as const satisfies Record<
  string,
  {
    status: 'stable' | 'release-candidate';
    /** Set when only some sections of the version are known (the rest follow another version). */
    partial: { knownSections: string; otherSectionsFrom: string } | undefined;
  }
>;

/** Rule differences between MCP Description versions, as feature -> the versions that state it. */
export const specVersionFeatures = {
  /**
   * 0.8.0 9.2: an outputSchema root declares the object type for every revision that requires an
   * object root; 0.9.0-rc.3 lets a root of a dialect revision omit `type` (a native-shape warning instead).
   */
  'tool-schema.output-root-type-required': ['0.8.0'],
  /** 0.9.0-rc.3 9.2: a dialect-valid Tool schema missing a restriction of the native MCP Tool type is a warning. */
  'tool-schema.native-shape-warnings': ['0.9.0-rc.3'],
  /**
   * 0.8.0 9.2: "Earlier views MUST be checked according to their applicable MCP schema rules": a
   * Tool schema root without "type": "object" (a type array, no type) or a boolean top-level
   * property, which the MCP Tool type of 2025-11-25 rejects, is an error for that revision
   * (0.9.0-rc.3 makes these warnings instead).
   */
  'tool-schema.earlier-views-native-shape-errors': ['0.8.0'],
  /** The Tools section links each requirement to the rule id it belongs to ("part of rule: <id>"). */
  'rule-ids.tools-section': ['0.9.0-rc.3'],
} as const satisfies Record<string, readonly string[]>;

export type SpecVersionFeature = keyof typeof specVersionFeatures;

export type SpecVersion = keyof typeof specVersions;

/** Every known version, oldest first. */
export const specVersionList = Object.keys(specVersions) as SpecVersion[];

/** The latest stable version: the default when a document names none the toolkit knows. */
export const defaultSpecVersion: SpecVersion = '0.8.0';

/** The version before 0.8.0: input to `migrate` only. */
export const legacySpecVersion = '0.7.0';

/** The version `migrate` writes. */
export const migrationTargetSpecVersion: SpecVersion = '0.8.0';

/**
 * The MCP revisions a 0.7.0 document's `info.protocolVersion` may name (0.7.0, 5.2). A fact of
 * the 0.7.0 format, fixed when it was published: not derived from the revisions 0.8.0 knows.
 */
export const legacyProtocolVersions = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;

/** The canonical, immutable structural-schema URI of a version (4.4). */
export function schemaUriOf(version: string): string {
  return `https://mcpdesc.org/schema/mcp-description/${version}.json`;
}

export function isSpecVersion(value: unknown): value is SpecVersion {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(specVersions, value);
}

/** Whether the toolkit knows every section of `version` (otherwise validation is partial, 16.3). */
export function isCompleteSpecVersion(version: SpecVersion): boolean {
  return specVersions[version].partial === undefined;
}

/** Whether `version` states the rule difference `feature`. */
export function specDefines(version: SpecVersion, feature: SpecVersionFeature): boolean {
  return (specVersionFeatures[feature] as readonly string[]).includes(version);
}

/** The versions that state `feature`. */
export function specVersionsDefining(feature: SpecVersionFeature): SpecVersion[] {
  return specVersionList.filter((version) => specDefines(version, feature));
}

/** The version a document's `mcpdesc` names, or the default when it names none the toolkit knows. */
export function specVersionOf(document: unknown): SpecVersion {
  const value =
    typeof document === 'object' && document !== null ? (document as { mcpdesc?: unknown }).mcpdesc : undefined;
  return isSpecVersion(value) ? value : defaultSpecVersion;
}
