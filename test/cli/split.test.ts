import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { equivalent } from 'mcpdesc-core/internal/operations/equivalent.js';
import { projectView } from 'mcpdesc-core/internal/operations/project.js';
import { rootScopeOf } from 'mcpdesc-core/internal/model/document.js';
import { validate } from 'mcpdesc-core/internal/validate/validate.js';
import { runCli } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';
import { weather } from '../operations/documents.js';

const bookshelfPath = join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml');
const bookshelf = readFileSync(bookshelfPath, 'utf8');

/** Runs the CLI on in-memory files; `out/` is a directory (it holds a placeholder). */
const run = (args: string[], files: Record<string, string>) =>
  runCli(args, { files: { 'out/.keep': '', ...files }, filesOnly: true });

/**
 * Splits `name`, checks each written file is the single-revision view of its revision, merges the
 * files back and checks that the merged document's view of every revision equals the input's.
 */
async function roundTrip(name: string, text: string, format: 'json' | 'yaml'): Promise<void> {
  const input = parseDescription(text, { format }).document as Record<string, unknown>;
  const revisions = rootScopeOf(input);
  assert.ok(revisions.length >= 2, 'the fixture covers several revisions');

  const split = await run(['split', name, '-o', 'out'], { [name]: text });
  assert.equal(split.code, 0, split.stderr);
  const stem = name.replace(/(\.mcpdesc)?\.(json|ya?ml)$/, '');
  const paths = revisions.map((revision) => `out/${stem}.${revision}.mcpdesc.${format}`);
  assert.deepEqual(Object.keys(split.written).sort(), [...paths].sort());

  for (const [index, revision] of revisions.entries()) {
    const written = split.written[paths[index]!]!;
    const view = parseDescription(written, { format }).document as Record<string, unknown>;
    assert.deepEqual(view.protocolVersions, [revision]);
    assert.ok(validate(view).valid, `${paths[index]} is a valid description`);
    assert.ok(equivalent(view, projectView(input, revision)), `${paths[index]} is the view of ${revision}`);
    // Key order kept: the root keys in the input's order.
    const inputKeys = Object.keys(input).filter((key) => key in view);
    assert.deepEqual(Object.keys(view), inputKeys);
  }

  const files: Record<string, string> = {};
  for (const path of paths) files[path] = split.written[path]!;
  const merged = await run(['merge', ...paths, '--to', 'json'], files);
  assert.equal(merged.code, 0, merged.stderr);
  const back = JSON.parse(merged.stdout) as Record<string, unknown>;
  assert.deepEqual(rootScopeOf(back), revisions);
  for (const revision of revisions) {
    assert.ok(
      equivalent(projectView(back, revision), projectView(input, revision)),
      `merge of the split files has the input's view of ${revision}`,
    );
  }
}

describe('mcpdesc split', () => {
  test('the bundled example splits into one file per revision and merges back', async () => {
    await roundTrip('bookshelf.mcpdesc.yaml', bookshelf, 'yaml');
  });

  test('a multi-variant document (scoped transports, capabilities, elicitations, primitives) round-trips', async () => {
    await roundTrip('weather.json', JSON.stringify(weather(), null, 2), 'json');
  });

  test('--to yaml writes YAML named .mcpdesc.yaml; standard input is named "description"', async () => {
    const result = await runCli(['split', '-', '-o', 'out', '--to', 'yaml'], {
      stdin: JSON.stringify(weather()),
      files: { 'out/.keep': '' },
      filesOnly: true,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(Object.keys(result.written).sort(), [
      'out/description.2025-06-18.mcpdesc.yaml',
      'out/description.2025-11-25.mcpdesc.yaml',
    ]);
    assert.match(
      result.written['out/description.2025-06-18.mcpdesc.yaml']!,
      /^protocolVersions:\n {2}- "2025-06-18"$/m,
    );
    assert.match(result.stderr, /wrote out\/description\.2025-11-25\.mcpdesc\.yaml/);
  });

  test('an invalid input exits 1 with its findings and writes nothing', async () => {
    const broken = weather();
    delete broken.info.name;
    const result = await run(['split', 'weather.json', '-o', 'out'], { 'weather.json': JSON.stringify(broken) });
    assert.equal(result.code, 1);
    assert.deepEqual(result.written, {});
    assert.match(result.stderr, /invalid-input/);
  });

  test('a missing -o directory is created with its parents, only when there is something to write', async () => {
    const created = await run(['split', 'weather.json', '-o', 'views/2026'], {
      'weather.json': JSON.stringify(weather()),
    });
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual(created.made, ['views', 'views/2026']);
    assert.ok(Object.keys(created.written).length >= 2);
    assert.ok(Object.keys(created.written).every((path) => path.startsWith('views/2026/weather.')));
    // An invalid input: exit 1, and no directory made.
    const broken = weather();
    delete broken.info.name;
    const failed = await run(['split', 'weather.json', '-o', 'views'], { 'weather.json': JSON.stringify(broken) });
    assert.equal(failed.code, 1);
    assert.deepEqual(failed.made, []);
  });

  test('-o that is, or lies under, a file: exit 2 before reading', async () => {
    const file = await run(['split', 'weather.json', '-o', 'weather.json'], {
      'weather.json': JSON.stringify(weather()),
    });
    assert.equal(file.code, 2);
    assert.match(file.stderr, /cannot write into weather\.json: is not a directory/);
    const under = await run(['split', 'weather.json', '-o', 'weather.json/views'], {
      'weather.json': JSON.stringify(weather()),
    });
    assert.equal(under.code, 2);
    assert.match(
      under.stderr,
      /cannot write into weather\.json\/views: cannot be created \(weather\.json is not a directory\)/,
    );
    assert.deepEqual(under.made, []);
    assert.equal((await run(['split', 'weather.json'], { 'weather.json': '{}' })).code, 2);
  });

  test('the "split into protocol-scoped variants" errors name split and merge', async () => {
    // A 2026-07-28 result (resultType) in a Tool that also covers 2025-11-25.
    const text = bookshelf.replace(/\n {4}protocolVersions: \['2026-07-28'\]\n/, '\n');
    const result = await runCli(['validate', 'bookshelf.mcpdesc.yaml'], {
      files: { 'bookshelf.mcpdesc.yaml': text },
      filesOnly: true,
    });
    assert.equal(result.code, 1);
    assert.match(result.stdout, /protocol-scoped variants[^\n]*`mcpdesc split` writes one file per revision/);
  });
});
