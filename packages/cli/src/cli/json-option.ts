/**
 * Options whose value is JSON given inline or as `@FILE` (`--client-capabilities`,
 * `--oauth-client-metadata`): the file is read through the bounded reader, at a config's size.
 */
import { isObject } from 'mcpdesc-core/model';
import { UsageError, type CliIO } from './io.js';
import { configByteLimit, NotARegularFile, readFailure } from './read-file.js';

/** The option's text: the value itself, or the contents of the file an `@FILE` value names. */
export async function inlineOrFile(option: string, value: string, io: CliIO, fifoHint = ''): Promise<string> {
  const text = value.trim();
  if (!text.startsWith('@')) return text;
  const file = text.slice(1);
  try {
    return new TextDecoder().decode(await io.readFile(file, configByteLimit));
  } catch (e) {
    // Process substitution (`@<(cat f)`) is a FIFO, refused (it may block for ever): say what works.
    const hint = e instanceof NotARegularFile && e.what === 'a FIFO (named pipe)' ? fifoHint : '';
    throw new UsageError(`${option}: cannot read ${file}: ${readFailure(e, configByteLimit)}${hint}`);
  }
}

/** Text that must be one JSON object; `what` names the object for the message. */
export function jsonObjectOf(option: string, text: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${option}: not JSON (${(e as Error).message})`);
  }
  if (!isObject(parsed)) throw new UsageError(`${option}: expected a JSON object (${what})`);
  return parsed;
}
