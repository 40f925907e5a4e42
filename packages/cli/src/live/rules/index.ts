/**
 * The live rules: every finding `capture`, `record` and `verify` report, one rule per file named by
 * its id. The one registry: this explicit array (no registration by import side effect).
 */
import { captureConnectRule } from './capture.connect.js';
import { captureServerInfoRule } from './capture.server-info.js';
import { capturePrimitiveRule } from './capture.primitive.js';
import { captureWireMappingRule } from './capture.wire-mapping.js';
import { captureRecordRule } from './capture.record.js';
import { captureRevisionFitRule } from './capture.revision-fit.js';
import { captureMergeRule } from './capture.merge.js';
import { captureSecretRule } from './capture.secret.js';
import { captureListMaxPagesRule } from './capture.list.max-pages.js';
import { captureListErrorRule } from './capture.list.error.js';
import { captureListMaxBytesRule } from './capture.list.max-bytes.js';
import { captureListMalformedRule } from './capture.list.malformed.js';
import { captureListMaxItemsRule } from './capture.list.max-items.js';
import { captureListCursorCycleRule } from './capture.list.cursor-cycle.js';
import { verifyListMaxPagesRule } from './verify.list.max-pages.js';
import { verifyListErrorRule } from './verify.list.error.js';
import { verifyListMaxBytesRule } from './verify.list.max-bytes.js';
import { verifyListMalformedRule } from './verify.list.malformed.js';
import { verifyListMaxItemsRule } from './verify.list.max-items.js';
import { verifyListCursorCycleRule } from './verify.list.cursor-cycle.js';
import { captureServerLapseRule } from './capture.server-lapse.js';
import { verifyServerLapseRule } from './verify.server-lapse.js';
import { captureHygieneInvalidCursorRule } from './capture.hygiene.invalid-cursor.js';
import { verifyHygieneInvalidCursorRule } from './verify.hygiene.invalid-cursor.js';
import { captureHygieneOrderRule } from './capture.hygiene.order.js';
import { verifyHygieneOrderRule } from './verify.hygiene.order.js';
import { verifyProtocolRule } from './verify.protocol.js';
import { verifyConnectRule } from './verify.connect.js';
import { verifyDescriptionRule } from './verify.description.js';
import { verifyBoundsRule } from './verify.bounds.js';
import { verifyDriftServerInfoRule } from './verify.drift.server-info.js';
import { verifyDriftInstructionsRule } from './verify.drift.instructions.js';
import { verifyDriftCapabilitiesRule } from './verify.drift.capabilities.js';
import { verifyDriftMissingRule } from './verify.drift.missing.js';
import { verifyDriftUndeclaredRule } from './verify.drift.undeclared.js';
import { verifyDriftFieldRule } from './verify.drift.field.js';
import { verifyDriftSchemaRule } from './verify.drift.schema.js';
import { verifyDriftAnnotationsRule } from './verify.drift.annotations.js';
import { verifyHygieneCacheFieldsRule } from './verify.hygiene.cache-fields.js';
import { verifyHygieneXMcpHeaderRule } from './verify.hygiene.x-mcp-header.js';
import { verifyContractToolCallRule } from './verify.contract.tool-call.js';
import { verifyContractToolResultRule } from './verify.contract.tool-result.js';
import { verifyContractResourceReadRule } from './verify.contract.resource-read.js';
import { verifyContractPromptGetRule } from './verify.contract.prompt-get.js';
import { verifyContractNegativeInputRule } from './verify.contract.negative-input.js';
import { verifyResultsStructureRule } from './verify.results.structure.js';
import { verifyResultsValueRule } from './verify.results.value.js';
import { verifyResultsVolatileRule } from './verify.results.volatile.js';
import { verifyResultsCompletionRule } from './verify.results.completion.js';
import type { LiveRule } from './live-rule.js';

export const liveRules: readonly LiveRule[] = [
  captureConnectRule,
  captureServerInfoRule,
  capturePrimitiveRule,
  captureWireMappingRule,
  captureRecordRule,
  captureRevisionFitRule,
  captureMergeRule,
  captureSecretRule,
  captureListMaxPagesRule,
  captureListErrorRule,
  captureListMaxBytesRule,
  captureListMalformedRule,
  captureListMaxItemsRule,
  captureListCursorCycleRule,
  verifyListMaxPagesRule,
  verifyListErrorRule,
  verifyListMaxBytesRule,
  verifyListMalformedRule,
  verifyListMaxItemsRule,
  verifyListCursorCycleRule,
  captureServerLapseRule,
  verifyServerLapseRule,
  captureHygieneInvalidCursorRule,
  verifyHygieneInvalidCursorRule,
  captureHygieneOrderRule,
  verifyHygieneOrderRule,
  verifyProtocolRule,
  verifyConnectRule,
  verifyDescriptionRule,
  verifyBoundsRule,
  verifyDriftServerInfoRule,
  verifyDriftInstructionsRule,
  verifyDriftCapabilitiesRule,
  verifyDriftMissingRule,
  verifyDriftUndeclaredRule,
  verifyDriftFieldRule,
  verifyDriftSchemaRule,
  verifyDriftAnnotationsRule,
  verifyHygieneCacheFieldsRule,
  verifyHygieneXMcpHeaderRule,
  verifyContractToolCallRule,
  verifyContractToolResultRule,
  verifyContractResourceReadRule,
  verifyContractPromptGetRule,
  verifyContractNegativeInputRule,
  verifyResultsStructureRule,
  verifyResultsValueRule,
  verifyResultsVolatileRule,
  verifyResultsCompletionRule,
];

/** Summaries for the report formatters (SARIF's rule descriptions and helpUri); `spec` only where a section is cited. */
export function liveRuleSummaries(): Map<string, { summary: string; spec?: string }> {
  return new Map(
    liveRules.map((r) => [
      r.id,
      /^\d/.test(r.spec) ? { summary: r.docs.summary, spec: r.spec } : { summary: r.docs.summary },
    ]),
  );
}

/** The rules raw-list reports under the namespace of the command listing (capture or verify). */
export const listRules = {
  capture: {
    maxPages: captureListMaxPagesRule,
    error: captureListErrorRule,
    maxBytes: captureListMaxBytesRule,
    malformed: captureListMalformedRule,
    maxItems: captureListMaxItemsRule,
    cursorCycle: captureListCursorCycleRule,
    serverLapse: captureServerLapseRule,
    invalidCursor: captureHygieneInvalidCursorRule,
    order: captureHygieneOrderRule,
  },
  verify: {
    maxPages: verifyListMaxPagesRule,
    error: verifyListErrorRule,
    maxBytes: verifyListMaxBytesRule,
    malformed: verifyListMalformedRule,
    maxItems: verifyListMaxItemsRule,
    cursorCycle: verifyListCursorCycleRule,
    serverLapse: verifyServerLapseRule,
    invalidCursor: verifyHygieneInvalidCursorRule,
    order: verifyHygieneOrderRule,
  },
} as const;
