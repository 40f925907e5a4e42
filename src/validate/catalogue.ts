import type { Rule } from './rule.js';
import { rules as documentRules } from './rules/family-document.js';
import { rules as primitiveExampleRules } from './rules/family-primitive-examples.js';
import { rules as toolExampleRules } from './rules/family-tool-examples.js';
import { rules as toolRules } from './rules/family-tools.js';
import { protocolScopeConsistencyRule, protocolScopeSubsetRule } from './rules/protocol-scope.js';
import { protocolVersionsRule } from './rules/protocol-versions.js';
import { versionRule } from './rules/version.js';

/**
 * Every validation rule, in a stable order. Each family file lists its own rules so that
 * families can grow independently; a test checks that every rule module is registered.
 */
export const validationRules: readonly Rule[] = [
  versionRule,
  protocolVersionsRule,
  protocolScopeSubsetRule,
  protocolScopeConsistencyRule,
  ...documentRules,
  ...toolRules,
  ...toolExampleRules,
  ...primitiveExampleRules,
];

export function findRule(id: string): Rule | undefined {
  return validationRules.find((r) => r.id === id);
}
