import { isObject } from 'mcpdesc-core/model';
import { formatFromName, parseDescription } from 'mcpdesc-core/source';

/**
 * How far into a file `mcpdesc` is looked for. The Root Object table (3.2) lists it right after
 * `$schema`, where documents put it; the bound keeps every keystroke in a large unrelated file cheap.
 */
const declarationWindow = 4096;

/** `"mcpdesc":` in JSON, or `mcpdesc:` (plain or quoted) starting a line in YAML. Linear: no nested repetition. */
const declaresMcpdesc = /"mcpdesc"\s*:|^['"]?mcpdesc['"]?\s*:/m;

/** Editor language ids of JSON and YAML, for documents whose name says nothing (an unsaved buffer). */
const jsonOrYamlLanguages = new Set(['json', 'jsonc', 'yaml']);

/**
 * Whether the language server takes a document: a `*.mcpdesc.{json,yaml,yml}` name, or a JSON or
 * YAML document (by name, else by language id) whose text declares `mcpdesc` near its start. A
 * text that decodes is taken only when `mcpdesc` is a member of its root object (not of a nested
 * one); one that does not decode is taken on the declaration alone, as it may be mid-edit.
 */
export function isDescriptionDocument(uri: string, text: string, languageId = ''): boolean {
  const name = uri.toLowerCase();
  if (/\.mcpdesc\.(json|ya?ml)$/.test(name)) return true;
  if (formatFromName(name) === undefined && !jsonOrYamlLanguages.has(languageId)) return false;
  if (!declaresMcpdesc.test(text.slice(0, declarationWindow))) return false;
  const { document } = parseDescription(text, { filename: name });
  return document === undefined || (isObject(document) && Object.prototype.hasOwnProperty.call(document, 'mcpdesc'));
}
