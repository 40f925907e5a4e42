/** Documentation renderers (`mcpdesc docs`): pure functions from a decoded, valid document to text. */
export { renderHtml, contentSecurityPolicy, type RenderOptions } from './html.js';
export { renderMarkdown } from './markdown.js';
export { renderMarkdownSafe, sanitizeMarkdown, escapeHtml, isSafeUrl } from './markdown-safe.js';
export { schemaRows, type SchemaRow, type SchemaSummary } from './schema-table.js';
export { effectiveHints, effectiveSecurity, type EffectiveHint, type EffectiveSecurity } from './effective.js';
