import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { sharedRoot } from '../helpers/paths.js';

/** The spec's examples, read in place from the shared conformance corpus (never copied). */
export const examplesDir = join(sharedRoot, 'conformance', 'mcpdesc-0.8.0', 'examples');
export const fullFeaturedPath = join(examplesDir, 'full-featured.yaml');

export function loadExample(path: string): unknown {
  const parsed = parseDescription(readFileSync(path), { filename: path });
  assert.ok(parsed.document !== undefined, path);
  return parsed.document;
}
