/**
 * editors/vscode/ is not packaged here (@vscode/vsce 4.1.0 needs Node 22 and brings a large
 * dependency tree): its manifest is checked instead, for what VS Code reads from it.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/paths.js';

const folder = join(repoRoot, 'editors/vscode');
const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
  name: string;
  publisher: string;
  engines: { vscode: string };
  main: string;
  activationEvents: string[];
  contributes: { languages: { id: string; filenamePatterns: string[] }[]; configuration: { properties: object } };
  dependencies: Record<string, string>;
};

test('the manifest names the extension, the VS Code it needs and an entry file that exists', () => {
  assert.match(manifest.name, /^[a-z0-9-]+$/);
  assert.ok(manifest.publisher);
  assert.match(manifest.engines.vscode, /^\^1\.\d+\.0$/);
  assert.ok(existsSync(join(folder, manifest.main)), manifest.main);
  assert.ok(existsSync(join(folder, 'README.md')));
});

test('*.mcpdesc.{json,yaml,yml} open as JSON and YAML, and the extension activates for them', () => {
  const patterns = Object.fromEntries(manifest.contributes.languages.map((l) => [l.id, l.filenamePatterns]));
  assert.deepEqual(patterns, { json: ['*.mcpdesc.json'], yaml: ['*.mcpdesc.yaml', '*.mcpdesc.yml'] });
  for (const event of ['onLanguage:json', 'onLanguage:yaml', 'workspaceContains:**/*.mcpdesc.{json,yaml,yml}'])
    assert.ok(manifest.activationEvents.includes(event), event);
});

test('the entry file starts `mcpdesc lsp` over stdio with vscode-languageclient, pinned', () => {
  const source = readFileSync(join(folder, manifest.main), 'utf8');
  assert.match(source, /require\('vscode-languageclient\/node'\)/);
  assert.match(source, /args: \['lsp'\], transport: TransportKind\.stdio/);
  assert.match(manifest.dependencies['vscode-languageclient'] ?? '', /^\d+\.\d+\.\d+$/, 'an exact pin');
  assert.ok('mcpdesc.path' in manifest.contributes.configuration.properties);
  assert.match(source, /initializationOptions: \{ sortKeys:/);
});
