/**
 * The strict profile (--strict: warnings fail the check) is named in every report format, and
 * only when it is in force.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { formatNames } from 'mcpdesc-core/internal/report/index.js';
import { runCli } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';

// A 0.9.0-rc.3 document: valid, with a partial-support warning, so --strict fails it.
const text = readFileSync(join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml'), 'utf8').replace(
  /^mcpdesc: .*$/m,
  'mcpdesc: 0.9.0-rc.3',
);
const files = { 'doc.mcpdesc.yaml': text };

/** How each format names the strict profile. */
const naming: Record<(typeof formatNames)[number], (output: string) => boolean> = {
  stylish: (output) => /\nstrict profile: warnings fail the check\n$/.test(output),
  json: (output) => (JSON.parse(output) as { strict?: boolean }).strict === true,
  sarif: (output) =>
    (JSON.parse(output) as { runs: { properties?: { strict?: boolean } }[] }).runs[0]!.properties?.strict === true,
  github: (output) => output.startsWith('::notice title=mcpdesc::strict profile: warnings fail the check\n'),
  junit: (output) => /<testsuites name="mcpdesc validate \(strict profile\)"/.test(output),
};

test('every report format names the strict profile under --strict, and not without it', async () => {
  assert.deepEqual(Object.keys(naming).sort(), [...formatNames].sort(), 'every format is covered');
  for (const format of formatNames) {
    const strict = await runCli(['validate', '--strict', '-f', format, 'doc.mcpdesc.yaml'], { files, filesOnly: true });
    assert.equal(strict.code, 1, `${format}: a warning fails under --strict`);
    assert.ok(naming[format](strict.stdout), `${format} names the strict profile:\n${strict.stdout}`);
    const plain = await runCli(['validate', '-f', format, 'doc.mcpdesc.yaml'], { files, filesOnly: true });
    assert.equal(plain.code, 0, format);
    assert.equal(naming[format](plain.stdout), false, `${format} names no profile without --strict`);
  }
});
