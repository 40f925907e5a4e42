import type { Rule } from '../../validate/rule.js';
import { rule as extensionNaming } from './lint.extension.naming.js';
import { rule as infoDescription } from './lint.info.description.js';
import { rule as infoTitle } from './lint.info.title.js';
import { rule as infoVersion } from './lint.info.version.js';
import { rule as inlineConfig, knownLintRuleIds } from './lint.inline-config.js';
import { rule as resultCacheScope } from './lint.result.cache-scope.js';
import { rule as schemaRemoteRef } from './lint.schema.remote-ref.js';
import { rule as toolAnnotationsConsistent } from './lint.tool.annotations.consistent.js';
import { rule as toolAnnotationsExplicit } from './lint.tool.annotations.explicit.js';
import { rule as toolDescription } from './lint.tool.description.js';
import { rule as toolErrorExample } from './lint.tool.error-example.js';
import { rule as toolHandleRetention } from './lint.tool.handle.retention.js';
import { rule as toolInputSchemaOpen } from './lint.tool.input-schema.open.js';
import { rule as toolNameCharset } from './lint.tool.name.charset.js';
import { rule as toolNameGeneric } from './lint.tool.name.generic.js';
import { rule as toolNameLength } from './lint.tool.name.length.js';
import { rule as toolOutputSchema } from './lint.tool.output-schema.js';
import { rule as toolPagination } from './lint.tool.pagination.js';
import { rule as toolTitle } from './lint.tool.title.js';
import { rule as toolXMcpHeaderSensitive } from './lint.tool.x-mcp-header.sensitive.js';

/** Every lint rule, in a stable order (the guide's: name, annotations, title, schema, description, results, lists). */
export const lintRules: readonly Rule[] = [
  toolNameLength,
  toolNameCharset,
  toolNameGeneric,
  toolAnnotationsExplicit,
  toolAnnotationsConsistent,
  toolTitle,
  toolInputSchemaOpen,
  schemaRemoteRef,
  toolDescription,
  toolOutputSchema,
  toolErrorExample,
  toolPagination,
  resultCacheScope,
  toolXMcpHeaderSensitive,
  toolHandleRetention,
  infoTitle,
  infoDescription,
  extensionNaming,
  infoVersion,
  inlineConfig,
];

for (const rule of lintRules) knownLintRuleIds.add(rule.id);
