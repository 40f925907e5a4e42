/** RFC 6901 JSON pointers. */

export function escapePointerToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  // Most tokens need no escaping: skip the two replacements (a hot path of every walk).
  if (token.indexOf('~') < 0 && token.indexOf('/') < 0) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Appends tokens to a pointer: `joinPointer('/tools', 0, 'name')` is `/tools/0/name`. */
export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  let out = base;
  for (const t of tokens) out += '/' + escapePointerToken(t);
  return out;
}

/** Splits a pointer into unescaped tokens; `undefined` when it is not a valid pointer. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const tokens = pointer.slice(1).split('/');
  for (const t of tokens) if (/~[^01]|~$/.test(t)) return undefined;
  return tokens.map(unescapePointerToken);
}

/** The value a pointer designates in a decoded JSON value; `undefined` when it designates nothing. */
export function getAtPointer(root: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (!tokens) return undefined;
  let node: unknown = root;
  for (const t of tokens) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(t)) return undefined;
      node = node[Number(t)];
    } else if (node !== null && typeof node === 'object') {
      if (!Object.prototype.hasOwnProperty.call(node, t)) return undefined;
      node = (node as Record<string, unknown>)[t];
    } else {
      return undefined;
    }
  }
  return node;
}

/** The pointer of the parent container ('' has none). */
export function parentPointer(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}
