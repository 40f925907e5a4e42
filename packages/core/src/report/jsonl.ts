/**
 * `--format jsonl` (JSON Lines) of `validate` and `lint`: one JSON object per checked file, on
 * one line, written as soon as the file is checked, so a run over thousands of files can be
 * read (and piped) while it goes. Each line is the file's entry of `--format json` plus the
 * file's `index` in the run's list of files, so lines written in completion order (`--jobs`)
 * can be put back in the list's order.
 */
import { neutralJson } from './json-pieces.js';
import type { FileReport } from './types.js';

/** One file's line, ending in a line break; control characters escaped as JSON does (`\u`). */
export function jsonlLine(file: FileReport, index: number): string {
  return neutralJson(JSON.stringify({ index, ...file })) + '\n';
}
