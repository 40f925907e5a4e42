/**
 * Split (the inverse of merge, 4.13): one single-revision document per root revision, each the
 * Effective Protocol View of that revision (4.12). Merging the views gives back a document whose
 * view of every revision equals the input's.
 */
import type { McpDescription } from '../model/description.js';
import { rootScopeOf } from '../model/document.js';
import type { JsonObject } from '../model/values.js';
import {
  failure,
  operationDiagnostic,
  success,
  validateInput,
  validateOutput,
  withRunBudget,
  type OperationOptions,
  type OperationResult,
} from './operation-result.js';
import { readOnlyView } from './project.js';

/** One revision's view. */
export interface RevisionView {
  revision: string;
  document: McpDescription;
}

/**
 * `mcpdesc split FILE`: validates the document and returns the view of every root revision, in
 * the order of root `protocolVersions`, each validated. The views share the input's values (they
 * are written, not modified); the input is never modified.
 */
export function split(document: unknown, given: OperationOptions = {}): OperationResult<RevisionView[]> {
  const options = withRunBudget(given);
  const checked = validateInput('split', document, undefined, '4.12', options);
  if (!checked.valid) return failure(checked.diagnostics);
  const revisions = rootScopeOf(document);
  if (revisions.length === 0) {
    return failure([
      ...checked.diagnostics,
      operationDiagnostic({
        rule: 'operation.split.revisions',
        code: 'no-revision',
        message: 'cannot split: root protocolVersions lists no known MCP protocol revision (4.10)',
        pointer: '/protocolVersions',
        spec: '4.12',
      }),
    ]);
  }
  const diagnostics = [...checked.diagnostics];
  const views: RevisionView[] = [];
  for (const revision of revisions) {
    const view = readOnlyView(document as JsonObject, revision);
    for (const d of validateOutput('split', view, '4.12', options)) {
      diagnostics.push({ ...d, message: `${revision}: ${d.message}` });
    }
    views.push({ revision, document: view as unknown as McpDescription });
  }
  return success(views, diagnostics);
}
