import { catalogueMaturity } from './extension-catalogue.js';

/**
 * MCP extension identifiers (8.4, 8.5) use the mandatory-prefix form of MCP `_meta` keys:
 * `prefix/name`, where the prefix is dot-separated labels (each starts with a letter, ends with a
 * letter or digit, interior letters, digits or hyphens) and the name begins and ends with an
 * alphanumeric character with alphanumerics, hyphens, underscores and dots in between.
 */
const label = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const extensionIdentifierPattern = new RegExp(`^${label}(?:\\.${label})*/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$`);

/** Labels whose appearance as the second prefix label reserves the prefix for MCP use. */
const reservedSecondLabels: ReadonlySet<string> = new Set(['modelcontextprotocol', 'mcp']);

export type IdentifierProblem = 'malformed' | 'unknown-reserved' | 'experimental';

export function isExtensionIdentifier(key: string): boolean {
  return extensionIdentifierPattern.test(key);
}

/** Whether a syntactically valid identifier's prefix is reserved for MCP (second label `modelcontextprotocol` or `mcp`). */
function isReservedIdentifier(key: string): boolean {
  const prefix = key.slice(0, key.indexOf('/'));
  const labels = prefix.split('.');
  return labels.length > 1 && reservedSecondLabels.has(labels[1]!);
}

/** What a validator says about an identifier: nothing (undefined), malformed, unknown-reserved or experimental. */
export function classifyIdentifier(key: string): IdentifierProblem | undefined {
  if (!isExtensionIdentifier(key)) return 'malformed';
  const maturity = catalogueMaturity(key);
  if (maturity === 'experimental') return 'experimental';
  if (maturity === undefined && isReservedIdentifier(key)) return 'unknown-reserved';
  return undefined;
}
