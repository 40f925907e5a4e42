/**
 * The native form of a description object (4.12): what MCP carries of it on the wire. Read from
 * the shape tree: description-only fields are left out, `x-*` members of extension-eligible
 * objects are stripped, and native objects inside are formed the same way. Native payloads, the
 * mock's `serverInfo` and capabilities, and verify's expectations all take this one form.
 */
import { cloneJson, setOwn } from '../model/json.js';
import { fieldOf, isNodeName, nodeTypes, variantOf, type NodeName } from '../model/shape-tree.js';
import { isObject, type JsonObject } from '../model/values.js';

/** A copy of `value`, an object of kind `node`, in its native form (non-objects are copied as they are). */
export function nativeForm(node: NodeName, value: unknown): unknown {
  if (!isObject(value)) return cloneJson(value);
  const kind = variantOf(node, value) ?? node;
  const extensions = nodeTypes[kind].extensions;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) {
    const field = fieldOf(kind, key);
    // Members the tree does not name are kept on open objects (forward compatibility, 9.6, 10.3),
    // but `x-*` on an extension-eligible object is MCP Description's, never MCP's (14.5).
    if (!field) {
      if (!(extensions && key.startsWith('x-'))) setOwn(out, key, cloneJson(value[key]));
      continue;
    }
    if (field.origin === 'description') continue;
    const member = value[key];
    const inner = field.type;
    if (!isNodeName(inner)) setOwn(out, key, cloneJson(member));
    else if (field.container === 'list' && Array.isArray(member))
      setOwn(
        out,
        key,
        member.map((entry) => nativeForm(inner, entry)),
      );
    else if (field.container === 'map' && isObject(member)) {
      const entries: JsonObject = {};
      for (const name of Object.keys(member)) setOwn(entries, name, nativeForm(inner, member[name]));
      setOwn(out, key, entries);
    } else setOwn(out, key, nativeForm(inner, member));
  }
  return out;
}
