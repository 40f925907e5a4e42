import { isObject } from '../model/values.js';
import { showValue } from '../validate/rule.js';
import type { JsonObject } from '../model/values.js';

/** A tool's name as shown in messages (the raw JSON when it is not a string). */
export function toolLabel(tool: JsonObject): string {
  return typeof tool.name === 'string' ? showValue(tool.name) : 'without a name';
}

export function annotationsOf(tool: JsonObject): JsonObject | undefined {
  return isObject(tool.annotations) ? tool.annotations : undefined;
}

/**
 * A tool the model never sees: MCP Apps' `_meta.ui.visibility` (McpUiToolMeta in
 * @modelcontextprotocol/ext-apps; default ["model", "app"]) without "model" means only the
 * server's own app calls it. Rules about what the model reads and writes skip such tools.
 */
export function hiddenFromModel(tool: JsonObject): boolean {
  const ui = isObject(tool._meta) ? tool._meta.ui : undefined;
  const visibility = isObject(ui) ? ui.visibility : undefined;
  return Array.isArray(visibility) && !visibility.includes('model');
}
