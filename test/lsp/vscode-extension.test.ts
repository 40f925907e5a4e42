/**
 * editors/vscode/: the extension packaged as its README says (`scripts/package.mjs`, @vscode/vsce
 * from the registry, offline), and the .vsix read back: its file list, its manifest (commands,
 * the config's JSON validation, activation for descriptions, not for every file), the bundled
 * entry and the config schema generated from the rule catalogue. An activation test in VS Code
 * (@vscode/test-electron) would download a VS Code build, which this machine and CI cannot.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { inflateRawSync } from 'node:zlib';
import AjvModule from 'ajv';
import { configurableRules } from 'mcpdesc-core/internal/lint/config.js';
import { liveRules } from 'mcpdesc-toolkit/internal/live/rules/index.js';
import { presetNames } from 'mcpdesc-core/internal/lint/presets.js';
import { repoRoot } from '../helpers/paths.js';

const folder = join(repoRoot, 'editors/vscode');

interface Manifest {
  name: string;
  publisher: string;
  version: string;
  license: string;
  engines: { vscode: string };
  main: string;
  activationEvents: string[];
  contributes: {
    languages: { id: string; filenamePatterns: string[] }[];
    commands: { command: string; title: string }[];
    jsonValidation: { fileMatch: string; url: string }[];
    yamlValidation: { fileMatch: string[]; url: string }[];
    configuration: { properties: Record<string, unknown> };
  };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** The entries of a zip file (a .vsix), each inflated: read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  assert.ok(end >= 0, 'a zip end-of-central-directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'a central directory header');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    entries.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + skip;
  }
  return entries;
}

let directory: string;
let vsix: Map<string, Buffer>;
let packaged: Manifest;

before(() => {
  directory = mkdtempSync(join(tmpdir(), 'mcpdesc-vsix-'));
  const out = join(directory, 'mcpdesc.vsix');
  execFileSync(process.execPath, [join(folder, 'scripts/package.mjs'), '--out', out], { stdio: 'pipe' });
  vsix = unzip(readFileSync(out));
  packaged = JSON.parse(vsix.get('extension/package.json')!.toString('utf8')) as Manifest;
});
after(() => rmSync(directory, { recursive: true, force: true }));

test('the vsix holds the bundled entry, the config schema, the manifest, README and LICENSE, and nothing else', () => {
  assert.deepEqual([...vsix.keys()].sort(), [
    '[Content_Types].xml',
    'extension.vsixmanifest',
    'extension/LICENSE.txt',
    'extension/dist/extension.js',
    'extension/package.json',
    'extension/readme.md',
    'extension/schemas/mcpdesc.config.schema.json',
  ]);
  assert.match(vsix.get('extension/LICENSE.txt')!.toString('utf8'), /^MIT License/);
  const identity = /<Identity [^>]*>/.exec(vsix.get('extension.vsixmanifest')!.toString('utf8'))?.[0] ?? '';
  assert.match(identity, /Id="mcpdesc-vscode"/);
  assert.match(identity, new RegExp(`Version="${packaged.version}"`));
  assert.match(identity, /Publisher="mcpdesc"/);
  // The vsix is built, never committed.
  assert.equal(execFileSync('git', ['ls-files', '*.vsix'], { cwd: repoRoot, encoding: 'utf8' }), '');
});

test('the entry carries vscode-languageclient (no node_modules in the vsix) and starts `mcpdesc lsp` over stdio', () => {
  assert.equal(packaged.main, './dist/extension.js');
  const entry = vsix.get('extension/dist/extension.js')!.toString('utf8');
  assert.match(entry, /require\("vscode"\)/);
  assert.doesNotMatch(entry, /require\("vscode-languageclient/);
  assert.match(entry, /"lsp"/);
  assert.match(packaged.dependencies['vscode-languageclient'] ?? '', /^\d+\.\d+\.\d+$/, 'an exact pin');
  assert.match(packaged.devDependencies['@vscode/vsce'] ?? '', /^\d+\.\d+\.\d+$/, 'an exact pin');
});

test('commands restart the server and show its output; the server restarts when mcpdesc.path changes', () => {
  assert.deepEqual(packaged.contributes.commands.map((c) => c.command).sort(), [
    'mcpdesc.restartServer',
    'mcpdesc.showOutput',
  ]);
  const source = readFileSync(join(folder, 'extension.js'), 'utf8');
  for (const command of packaged.contributes.commands)
    assert.match(source, new RegExp(`registerCommand\\('${command.command.replace('.', '\\.')}'`));
  assert.match(source, /affectsConfiguration\('mcpdesc\.path'\)/);
  assert.ok('mcpdesc.path' in packaged.contributes.configuration.properties);
});

test('activation: description names and JSON/YAML (the server starts only for a description), never `*`', () => {
  const patterns = Object.fromEntries(packaged.contributes.languages.map((l) => [l.id, l.filenamePatterns]));
  assert.deepEqual(patterns, { json: ['*.mcpdesc.json'], yaml: ['*.mcpdesc.yaml', '*.mcpdesc.yml'] });
  assert.ok(packaged.activationEvents.includes('workspaceContains:**/*.mcpdesc.{json,yaml,yml}'));
  for (const event of packaged.activationEvents)
    assert.match(event, /^(onLanguage:(json|jsonc|yaml)|workspaceContains:)/);
  const source = readFileSync(join(folder, 'extension.js'), 'utf8');
  // The client is created only on the way to a description: in start(), reached through isDescription.
  assert.equal(source.match(/new LanguageClient\(/g)?.length, 1);
  assert.match(source, /if \(!client && isDescription\(document\)\) void start\(\);/);
});

test('mcpdesc.config.json is validated against a schema naming every rule and code a configuration may name', () => {
  const [validation] = packaged.contributes.jsonValidation;
  assert.equal(validation?.fileMatch, 'mcpdesc.config.json');
  const schema = JSON.parse(vsix.get(`extension/${validation!.url.replace(/^\.\//, '')}`)!.toString('utf8'));
  const rules = schema.properties.rules.properties as Record<string, { enum: string[] }>;
  // verify's and capture's rules too: one configuration serves every command (docs/lint.md).
  for (const rule of [...configurableRules, ...liveRules]) {
    assert.ok(rule.id in rules, rule.id);
    for (const code of Object.keys(rule.codes)) assert.ok(`${rule.id}/${code}` in rules, `${rule.id}/${code}`);
  }
  assert.deepEqual(rules[configurableRules[0]!.id]!.enum, ['off', 'info', 'warn', 'warning', 'error']);
  assert.equal(schema.properties.rules.additionalProperties, false);
  assert.deepEqual(schema.properties.extends.oneOf[0].enum, [...presetNames]);
  assert.ok(existsSync(join(folder, 'LICENSE')) && existsSync(join(folder, 'README.md')));
});

test('the config schema takes rules of your own, serves the YAML configs, and still flags a misspelt id', () => {
  const [validation] = packaged.contributes.jsonValidation;
  assert.deepEqual(packaged.contributes.yamlValidation, [
    { fileMatch: ['mcpdesc.config.yaml', 'mcpdesc.config.yml'], url: validation!.url },
  ]);
  const schema = JSON.parse(vsix.get(`extension/${validation!.url.replace(/^\.\//, '')}`)!.toString('utf8'));
  type Ajv07 = new (options: Record<string, unknown>) => { compile(schema: unknown): (value: unknown) => boolean };
  const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as Ajv07;
  const valid = new Ajv({ strict: false }).compile(schema);
  const ownRule = { given: 'tools[*].name', then: { function: 'pattern', functionOptions: { match: '^acme_' } } };
  // A declarative rule, a plugin rule's severity, and both in an override: what docs/lint.md shows.
  assert.ok(valid({ rules: { 'team/name-prefix': ownRule, 'acme/destructive-scope': 'error' } }));
  assert.ok(valid({ overrides: [{ files: ['legacy/**'], rules: { 'team/name-prefix': 'off' } }] }));
  // Still refused: a misspelt id of ours, a rule of your own with a misspelt function or member.
  const ourId = configurableRules[0]!.id;
  assert.ok(!valid({ rules: { [`${ourId}x/some-code`]: 'warn' } }));
  assert.ok(!valid({ rules: { 'team/x': { ...ownRule, then: { function: 'patern' } } } }));
  assert.ok(!valid({ rules: { 'team/x': { ...ownRule, severty: 'warn' } } }));
});
