import type { Rule } from '../../validate/rule.js';
import { extensionNamingRule } from './extension-naming.js';
import { infoDescriptionRule } from './info-description.js';
import { infoTitleRule } from './info-title.js';
import { infoVersionRule } from './info-version.js';
import { inlineConfigRule, knownLintRuleIds } from './inline-config.js';
import { resultCacheScopeRule } from './result-cache-scope.js';
import { schemaRemoteRefRule } from './schema-remote-ref.js';
import { toolAnnotationsConsistentRule } from './tool-annotations-consistent.js';
import { toolAnnotationsExplicitRule } from './tool-annotations-explicit.js';
import { toolDescriptionRule } from './tool-description.js';
import { toolErrorExampleRule } from './tool-error-example.js';
import { toolHandleRetentionRule } from './tool-handle-retention.js';
import { toolInputSchemaOpenRule } from './tool-input-schema-open.js';
import { toolNameCharsetRule } from './tool-name-charset.js';
import { toolNameGenericRule } from './tool-name-generic.js';
import { toolNameLengthRule } from './tool-name-length.js';
import { toolOutputSchemaRule } from './tool-output-schema.js';
import { toolPaginationRule } from './tool-pagination.js';
import { toolTitleRule } from './tool-title.js';
import { toolXMcpHeaderSensitiveRule } from './tool-x-mcp-header-sensitive.js';

/** Every lint rule, in a stable order (the guide's: name, annotations, title, schema, description, results, lists). */
export const lintRules: readonly Rule[] = [
  toolNameLengthRule,
  toolNameCharsetRule,
  toolNameGenericRule,
  toolAnnotationsExplicitRule,
  toolAnnotationsConsistentRule,
  toolTitleRule,
  toolInputSchemaOpenRule,
  schemaRemoteRefRule,
  toolDescriptionRule,
  toolOutputSchemaRule,
  toolErrorExampleRule,
  toolPaginationRule,
  resultCacheScopeRule,
  toolXMcpHeaderSensitiveRule,
  toolHandleRetentionRule,
  infoTitleRule,
  infoDescriptionRule,
  extensionNamingRule,
  infoVersionRule,
  inlineConfigRule,
];

for (const rule of lintRules) knownLintRuleIds.add(rule.id);

export function findLintRule(id: string): Rule | undefined {
  return lintRules.find((r) => r.id === id);
}
