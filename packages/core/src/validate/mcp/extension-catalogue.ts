/**
 * The validator's MCP extension catalogue (8.4): validator metadata, not part of any document.
 * 8.4 requires a validator that uses one to disclose its authoritative source, effective date and
 * identifier maturity assignments, and a frozen snapshot to pin them: they are pinned here.
 */

export type ExtensionMaturity = 'official' | 'experimental';

export interface ExtensionCatalogue {
  /** Where the identifiers and their maturity come from. */
  source: string;
  /** The date the snapshot reflects (YYYY-MM-DD). */
  effectiveDate: string;
  /** Identifier -> maturity. */
  entries: Readonly<Record<string, ExtensionMaturity>>;
}

export const extensionCatalogue: ExtensionCatalogue = {
  source: 'MCP extensions registry as cited by the mcpdesc 0.8.0 conformance corpus',
  effectiveDate: '2026-09-09',
  entries: {
    'io.modelcontextprotocol/enterprise-managed-authorization': 'official',
    'io.modelcontextprotocol/oauth-client-credentials': 'official',
    'io.modelcontextprotocol/tasks': 'official',
    'io.modelcontextprotocol/ui': 'official',
  },
};

/** The maturity the catalogue assigns to `identifier`, if it catalogues it. */
export function catalogueMaturity(
  identifier: string,
  catalogue: ExtensionCatalogue = extensionCatalogue,
): ExtensionMaturity | undefined {
  return Object.prototype.hasOwnProperty.call(catalogue.entries, identifier)
    ? catalogue.entries[identifier]
    : undefined;
}

/** One line for `mcpdesc rules`: source, effective date and every maturity assignment. */
export function describeCatalogue(catalogue: ExtensionCatalogue = extensionCatalogue): string {
  const ids = Object.keys(catalogue.entries)
    .sort()
    .map((id) => `${id} (${catalogue.entries[id]})`);
  return `Extension catalogue: ${catalogue.source}, effective ${catalogue.effectiveDate}: ${ids.join(', ') || 'no identifiers'}.`;
}
