import { docs as lintExtensionNaming } from './rules/lint.extension.naming.js';
import { docs as lintInfoDescription } from './rules/lint.info.description.js';
import { docs as lintInfoTitle } from './rules/lint.info.title.js';
import { docs as lintInfoVersion } from './rules/lint.info.version.js';
import { docs as lintInlineConfig } from './rules/lint.inline-config.js';
import { docs as lintResultCacheScope } from './rules/lint.result.cache-scope.js';
import { docs as lintSchemaRemoteRef } from './rules/lint.schema.remote-ref.js';
import { docs as lintToolAnnotationsConsistent } from './rules/lint.tool.annotations.consistent.js';
import { docs as lintToolAnnotationsExplicit } from './rules/lint.tool.annotations.explicit.js';
import { docs as lintToolDescription } from './rules/lint.tool.description.js';
import { docs as lintToolErrorExample } from './rules/lint.tool.error-example.js';
import { docs as lintToolHandleRetention } from './rules/lint.tool.handle.retention.js';
import { docs as lintToolInputSchemaOpen } from './rules/lint.tool.input-schema.open.js';
import { docs as lintToolNameCharset } from './rules/lint.tool.name.charset.js';
import { docs as lintToolNameGeneric } from './rules/lint.tool.name.generic.js';
import { docs as lintToolNameLength } from './rules/lint.tool.name.length.js';
import { docs as lintToolOutputSchema } from './rules/lint.tool.output-schema.js';
import { docs as lintToolPagination } from './rules/lint.tool.pagination.js';
import { docs as lintToolTitle } from './rules/lint.tool.title.js';
import { docs as lintToolXMcpHeaderSensitive } from './rules/lint.tool.x-mcp-header.sensitive.js';
import type { DocumentedRule, Rule, RuleDocs } from '../validate/rule.js';
import { lintRules } from './rules/index.js';

/**
 * The documentation of every lint rule, which each rule file exports as a function `docs` beside its `rule`
 * (the file is named by the rule id). Only what shows documentation imports this module (the
 * rules catalogue, the rule pages, the language server's and report summaries): a bundle of
 * `lint` leaves the text and its example documents out.
 */
const docsById: ReadonlyMap<string, () => RuleDocs> = new Map([
  ['lint.extension.naming', lintExtensionNaming],
  ['lint.info.description', lintInfoDescription],
  ['lint.info.title', lintInfoTitle],
  ['lint.info.version', lintInfoVersion],
  ['lint.inline-config', lintInlineConfig],
  ['lint.result.cache-scope', lintResultCacheScope],
  ['lint.schema.remote-ref', lintSchemaRemoteRef],
  ['lint.tool.annotations.consistent', lintToolAnnotationsConsistent],
  ['lint.tool.annotations.explicit', lintToolAnnotationsExplicit],
  ['lint.tool.description', lintToolDescription],
  ['lint.tool.error-example', lintToolErrorExample],
  ['lint.tool.handle.retention', lintToolHandleRetention],
  ['lint.tool.input-schema.open', lintToolInputSchemaOpen],
  ['lint.tool.name.charset', lintToolNameCharset],
  ['lint.tool.name.generic', lintToolNameGeneric],
  ['lint.tool.name.length', lintToolNameLength],
  ['lint.tool.output-schema', lintToolOutputSchema],
  ['lint.tool.pagination', lintToolPagination],
  ['lint.tool.title', lintToolTitle],
  ['lint.tool.x-mcp-header.sensitive', lintToolXMcpHeaderSensitive],
]);

/** Every lint rule with its documentation, in the order of `lintRules`. */
export const documentedLintRules: readonly DocumentedRule<Rule>[] = lintRules.map((rule) => {
  const docs = docsById.get(rule.id);
  if (docs === undefined) throw new Error(`rule ${rule.id} has no documentation`);
  return { ...rule, docs: docs() };
});
