import { formatFromName } from '../source/index.js';

/** How far into a file the `mcpdesc` member is looked for: the spec puts it first after `$schema` (3.2). */
const declarationWindow = 4096;

/** `"mcpdesc":` in JSON, or `mcpdesc:` (plain or quoted) starting a line in YAML. Linear: no nested repetition. */
const declaresMcpdesc = /"mcpdesc"\s*:|^['"]?mcpdesc['"]?\s*:/m;

/**
 * Whether the language server takes a document: a `*.mcpdesc.{json,yaml,yml}` name, or a JSON or
 * YAML file whose text declares `mcpdesc` near its start. Other JSON and YAML files are left alone.
 */
export function isDescriptionDocument(uri: string, text: string): boolean {
  const name = uri.toLowerCase();
  if (/\.mcpdesc\.(json|ya?ml)$/.test(name)) return true;
  if (formatFromName(name) === undefined) return false;
  return declaresMcpdesc.test(text.slice(0, declarationWindow));
}
