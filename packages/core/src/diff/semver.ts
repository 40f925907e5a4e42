/**
 * The semver bump a diff calls for, from the old `info.version`:
 * breaking -> major, non-breaking -> minor, informational only -> patch, nothing -> none.
 * While the major version is 0, semver 2.0.0 §4 says anything may change; we follow the common
 * 0.x convention (Cargo, npm caret ranges): a breaking change bumps the minor version and any
 * other change bumps the patch version.
 */
import type { DiffSummary, SemverBump, VersionSuggestion } from './types.js';

const semverPattern =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

export interface ParsedVersion {
  major: number;
  minor: number;
  patch: number;
  prerelease?: string;
}

export function parseSemver(version: string): ParsedVersion | undefined {
  const m = semverPattern.exec(version);
  if (!m) return undefined;
  const parts = [m[1], m[2], m[3]].map(Number);
  if (!parts.every(Number.isSafeInteger)) return undefined;
  return { major: parts[0]!, minor: parts[1]!, patch: parts[2]!, ...(m[4] ? { prerelease: m[4] } : {}) };
}

/** Compares versions by major.minor.patch, then a release above its prereleases (prerelease text compared plainly). */
function compareVersions(a: ParsedVersion, b: ParsedVersion): number {
  const d = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (d !== 0) return d;
  if (!a.prerelease && b.prerelease) return 1;
  if (a.prerelease && !b.prerelease) return -1;
  return 0;
}

export function suggestVersion(
  from: string | undefined,
  actual: string | undefined,
  summary: DiffSummary,
): VersionSuggestion {
  const kind: SemverBump =
    summary.breaking > 0 ? 'major' : summary.nonBreaking > 0 ? 'minor' : summary.informational > 0 ? 'patch' : 'none';
  const out: VersionSuggestion = { bump: kind };
  if (from !== undefined) out.from = from;
  if (actual !== undefined) out.actual = actual;
  const old = from === undefined ? undefined : parseSemver(from);
  if (!old) {
    out.note =
      from === undefined
        ? 'the old document has no info.version'
        : `the old info.version ${JSON.stringify(from)} is not a semantic version (MAJOR.MINOR.PATCH); no number suggested`;
    return out;
  }
  let next: ParsedVersion;
  if (kind === 'none') {
    next = old;
  } else if (old.major === 0) {
    out.bump = kind === 'major' ? 'minor' : 'patch';
    out.note = 'major version 0: breaking changes bump the minor version, other changes the patch version';
    next =
      kind === 'major'
        ? { major: 0, minor: old.minor + 1, patch: 0 }
        : { major: 0, minor: old.minor, patch: old.patch + 1 };
  } else if (kind === 'major') {
    next = { major: old.major + 1, minor: 0, patch: 0 };
  } else if (kind === 'minor') {
    next = { major: old.major, minor: old.minor + 1, patch: 0 };
  } else {
    next = { major: old.major, minor: old.minor, patch: old.patch + 1 };
  }
  if (old.prerelease && kind !== 'none') {
    // 1.0.0-rc.1 -> the release it precedes already is the bump target for the same level.
    out.note = (out.note ? out.note + '; ' : '') + `computed from the release part of prerelease ${from}`;
  }
  out.suggested = kind === 'none' ? from : `${next.major}.${next.minor}.${next.patch}`;
  const now = actual === undefined ? undefined : parseSemver(actual);
  if (now) out.sufficient = compareVersions(now, kind === 'none' ? old : next) >= 0;
  return out;
}
