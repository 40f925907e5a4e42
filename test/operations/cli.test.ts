import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseDescription } from 'mcpdesc-core/internal/source/index.js';
import { equivalent } from 'mcpdesc-core/internal/operations/equivalent.js';
import { weather } from './documents.js';
import { runCli } from '../helpers/cli.js';

/** Runs the CLI on an in-memory file system. */
const run = (args: string[], files: Record<string, string>) => runCli(args, { files, filesOnly: true });

const source = { 'weather.json': JSON.stringify(weather()) };

describe('operation commands', () => {
  test('project writes the view in the input format, or --to yaml, or to -o', async () => {
    const json = await run(['project', 'weather.json', '--protocol', '2025-06-18'], source);
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout).protocolVersions, ['2025-06-18']);
    const yaml = await run(['project', 'weather.json', '-p', '2025-11-25', '--to', 'yaml', '-o', 'view.yaml'], source);
    assert.equal(yaml.code, 0);
    assert.equal(yaml.stdout, '');
    assert.match(yaml.written['view.yaml']!, /^mcpdesc: "0\.8\.0"$/m);
  });

  test('project: exit 1 with a stylish diagnostic for an uncovered revision, 2 for a missing file or option', async () => {
    const uncovered = await run(['project', 'weather.json', '--protocol', '2026-07-28'], source);
    assert.equal(uncovered.code, 1);
    assert.equal(uncovered.stdout, '');
    assert.match(uncovered.stderr, /weather\.json.*revision-not-covered/);
    assert.equal((await run(['project', 'nope.json', '--protocol', '2025-06-18'], source)).code, 2);
    assert.equal((await run(['project', 'weather.json'], source)).code, 2);
  });

  test('merge: views merge back; a conflict exits 1 naming both files', async () => {
    const files: Record<string, string> = { ...source };
    for (const v of ['2025-06-18', '2025-11-25'])
      files[`${v}.json`] = (await run(['project', 'weather.json', '-p', v], source)).stdout;
    const merged = await run(['merge', '2025-06-18.json', '2025-11-25.json'], files);
    assert.equal(merged.code, 0, merged.stderr);
    assert.ok(equivalent(JSON.parse(merged.stdout), weather()));
    const other = weather();
    other.info.version = '9.9.9';
    files['other.json'] = JSON.stringify(other);
    const conflict = await run(['merge', 'weather.json', 'other.json'], files);
    assert.equal(conflict.code, 1);
    assert.equal(conflict.stdout, '');
    assert.match(conflict.stderr, /other\.json/);
    assert.match(conflict.stderr, /conflicting-info/);
    assert.match(conflict.stderr, /weather\.json has "1\.0\.0" at \/info\/version, other\.json has "9\.9\.9"/);
  });

  test('bundle then resolve round-trips; resolve --provenance lists replacements', async () => {
    const resolved = await run(['resolve', 'weather.json', '--provenance'], source);
    assert.equal(resolved.code, 0, resolved.stderr);
    assert.match(
      resolved.stderr,
      /\/tools\/1\/inputSchema <- \/components\/schemas\/Alias -> \/components\/schemas\/Empty/,
    );
    const bundled = await run(['bundle', 'weather.json', '--to', 'yaml'], source);
    assert.equal(bundled.code, 0, bundled.stderr);
    const back = await run(['resolve', '-'], { '-': bundled.stdout });
    assert.equal(back.code, 0, back.stderr);
    assert.ok(equivalent(parseDescription(back.stdout, { format: 'yaml' }).document, weather()));
  });
});
