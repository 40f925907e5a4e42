/**
 * `mcpdesc-core/schema`: the bounded JSON Schema engine, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export { createEvaluator, type Dialect, dialectOf, evaluate, type Evaluator } from '../schema/index.js';
