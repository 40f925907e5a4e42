/**
 * Every document-writing command × input format × output extension: `-o X.json` writes JSON,
 * `-o X.yaml` / `-o X.yml` YAML, whatever the input's format, and `--to` overrides the extension.
 * The written text is parsed to tell the formats apart (JSON parses as JSON; our YAML output of an
 * object never starts with "{").
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { startMock, type MockHandle } from 'mcpdesc-toolkit/internal/live/mock/server.js';
import { repoRoot, runCli } from '../live/helpers.js';

const corpus = join(repoRoot, '../shared/conformance');
const current = parseYaml(readFileSync(join(corpus, 'mcpdesc-0.8.0/examples/full-featured.yaml'), 'utf8'));
const legacy = parseYaml(readFileSync(join(corpus, 'mcpdesc-0.7.0/examples/minimal.yaml'), 'utf8'));

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-matrix-'));
let mock: MockHandle;
before(async () => {
  mock = await startMock(current, { transport: 'http', port: 0 });
});
after(async () => {
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a document as `name.json` or `name.yaml` (YAML as block text, not JSON-compatible flow). */
function inputFile(name: string, document: unknown, format: 'json' | 'yaml'): string {
  const file = join(dir, `${name}.${format}`);
  if (format === 'json') writeFileSync(file, JSON.stringify(document, null, 2));
  else writeFileSync(file, stringifyYaml(document)); // the yaml package's block style, not our serializer
  return file;
}

function formatOf(text: string): 'json' | 'yaml' {
  try {
    JSON.parse(text);
    return 'json';
  } catch {
    assert.equal(typeof parseYaml(text), 'object', 'the output is a YAML mapping');
    assert.ok(!text.trimStart().startsWith('{'));
    return 'yaml';
  }
}

/** The arguments of each command for one input file (capture's input is its --merge-into file). */
const commands: Record<string, (file: string) => string[]> = {
  convert: (file) => ['convert', file],
  project: (file) => ['project', file, '--protocol', '2025-11-25'],
  resolve: (file) => ['resolve', file],
  bundle: (file) => ['bundle', file],
  merge: (file) => ['merge', file, file],
  migrate: (file) => ['migrate', file, '-q', '--protocol', '2025-06-18'],
  capture: (file) => ['capture', '--url', mock.url!, '--protocol', '2025-11-25', '--merge-into', file],
};

const extensions = ['json', 'yaml', 'yml'] as const;
const expectedFormat = (ext: string) => (ext === 'json' ? 'json' : 'yaml');

for (const [command, args] of Object.entries(commands)) {
  for (const input of ['json', 'yaml'] as const) {
    test(`${command}: ${input} input, -o X.json / X.yaml / X.yml, and --to overriding`, async () => {
      const file = inputFile(`${command}-in`, command === 'migrate' ? legacy : current, input);
      for (const ext of extensions) {
        const output = join(dir, `${command}-${input}-out.${ext}`);
        const run = await runCli([...args(file), '-o', output]);
        assert.ok(run.code === 0 || run.code === 1, `${command} -o ${ext}: exit ${run.code} ${run.stderr}`);
        const text = run.files.get(output);
        assert.ok(text !== undefined, `${command} wrote ${output}: ${run.stderr}`);
        assert.equal(formatOf(text), expectedFormat(ext), `${command} ${input} → -o .${ext}`);
        const other = ext === 'json' ? 'yaml' : 'json';
        const overridden = await runCli([...args(file), '-o', output, '--to', other]);
        assert.equal(formatOf(overridden.files.get(output)!), other, `${command} ${input} → -o .${ext} --to ${other}`);
      }
    });
  }
}
