import { forEachExtensionSite } from '../model/extension-sites.js';
import { hasOwn, isObject, type JsonObject } from '../model/values.js';

/** A specification extension: an `x-*` key of an extension-eligible object (14.2). */
export interface ExtensionMember {
  /** The object carrying the extension. */
  object: JsonObject;
  /** The object's pointer. */
  pointer: string;
  key: string;
}

/** The lists of the documents being linted now (see withExtensionMembers). */
const scanned = new WeakMap<JsonObject, readonly ExtensionMember[]>();

/**
 * Every specification extension of the document, in document order. Elsewhere (schemas,
 * results, `_meta`, Reference Objects) an `x-` key is not an extension and is not read.
 */
export function extensionMembers(document: JsonObject): readonly ExtensionMember[] {
  return scanned.get(document) ?? scan(document);
}

/**
 * Runs `run` with the document's extensions scanned once for all their readers (the inline
 * disables, lint.inline-config, lint.extension.naming): a scan of a 10,000-tool document costs
 * about 2% of validating it. The list is dropped at the end, so a document changed between
 * two runs is scanned again.
 */
export function withExtensionMembers<T>(document: unknown, run: () => T): T {
  if (!isObject(document) || scanned.has(document)) return run();
  scanned.set(document, scan(document));
  try {
    return run();
  } finally {
    scanned.delete(document);
  }
}

function scan(document: JsonObject): ExtensionMember[] {
  const members: ExtensionMember[] = [];
  forEachExtensionSite(document, (object, pointer) => {
    // for-in allocates no key array (Object.keys on every site doubled the scan); own keys in the same order.
    for (const key in object) if (key.startsWith('x-') && hasOwn(object, key)) members.push({ object, pointer, key });
  });
  return members;
}
