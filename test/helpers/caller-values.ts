/** Values a library caller could build in memory and no decoder would: deep chains and cycles. */

/** A chain of `depth` nested objects under `a` keys: `{ a: { a: ... } }`. */
export function nested(depth: number): Record<string, unknown> {
  const top: Record<string, unknown> = {};
  let node = top;
  for (let i = 1; i < depth; i++) node = node.a = {};
  return top;
}

/** A small valid 0.8.0 document. */
export const smallDocument = (): Record<string, unknown> => ({
  mcpdesc: '0.8.0',
  info: { name: 'x', version: '1' },
  protocolVersions: ['2025-11-25'],
  tools: [{ name: 't', inputSchema: { type: 'object' } }],
});

/** `smallDocument` with `info.x-loop` pointing back at `info`. */
export function cyclicDocument(): Record<string, unknown> {
  const document = smallDocument();
  const info = document.info as Record<string, unknown>;
  info['x-loop'] = info;
  return document;
}
