/**
 * `mcpdesc-core/render`: the pieces of the HTML and Markdown renderers a host page reuses, for tools built on the core (the CLI,
 * the language server). Beside the public entry, these sub-entries are the only way into the core
 * from outside it: a name is exported here when a tool needs it, and a test holds the CLI to them.
 */
export { renderHtml } from '../render/html.js';
export { renderMarkdown } from '../render/index.js';
export { escapeHtml } from '../render/markdown-safe.js';
export { script } from '../render/script.js';
export { sha256Base64 } from '../render/sha256.js';
export { styles } from '../render/styles.js';
