/**
 * `mcpdesc-core/validate`: the rule engine, the rule shape, the structural schema and the rule catalogue, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export { operationRules, serializationRules, structuralRule } from '../validate/builtin-rules.js';
export { validationRules } from '../validate/catalogue.js';
export { finishDiagnostics } from '../validate/finish-diagnostics.js';
export { type DocumentedRule, type Rule, type RuleDocs, type RuleMeta } from '../validate/rule.js';
export { documentedValidationRules } from '../validate/rule-documentation.js';
export { ruleSummaries } from '../validate/rule-summaries.js';
export { createSchemaService } from '../validate/schema-engine-service.js';
export { validate } from '../validate/validate.js';
