// `npm run package -w editors/vscode [-- --out FILE]`, after `npm run build` at the repository
// root: builds the extension's .vsix offline, from the registry-installed @vscode/vsce.
// 1. schemas/mcpdesc.config.schema.json from the built core's rule catalogue (every rule id and
//    `rule/code` a configuration may name, so VS Code completes and checks mcpdesc.config.json);
// 2. dist/extension.js: extension.js bundled with vscode-languageclient (esbuild), so the vsix
//    carries no node_modules;
// 3. the vsix (vsce, dependencies left out: they are in the bundle), written to a temporary name
//    and renamed, so a failed run leaves no half-written package.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { createVSIX } from '@vscode/vsce';

const folder = join(dirname(fileURLToPath(import.meta.url)), '..');
const coreDist = join(folder, '../../packages/core/dist');
// verify's and capture's rules are configurable too; they live in the CLI package.
const liveRulesModule = join(folder, '../../packages/cli/dist/live/rules/index.js');
const manifest = (await import(pathToFileURL(join(folder, 'package.json')).href, { with: { type: 'json' } })).default;

function parseOut(argv) {
  const at = argv.indexOf('--out');
  if (at < 0) return join(folder, `${manifest.name}-${manifest.version}.vsix`);
  if (argv[at + 1] === undefined) throw new Error('--out needs a file name');
  return resolve(argv[at + 1]);
}

function writeAtomically(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** The JSON Schema of mcpdesc.config.json, as packages/core/src/lint/config.ts checks it. */
async function configSchema() {
  const configModule = join(coreDist, 'lint/config.js');
  if (!existsSync(configModule))
    throw new Error(`${configModule} is missing: run \`npm run build\` at the repository root first`);
  const { configurableRules } = await import(pathToFileURL(configModule).href);
  const { presetNames } = await import(pathToFileURL(join(coreDist, 'lint/presets.js')).href);
  const { liveRules } = await import(pathToFileURL(liveRulesModule).href);
  const severity = {
    enum: ['off', 'info', 'warn', 'warning', 'error'],
    description: '`warning` is read as `warn` (it is the word reports print).',
  };
  const properties = {};
  for (const rule of [...configurableRules, ...liveRules]) {
    properties[rule.id] = { ...severity, description: `${rule.id}: every code` };
    for (const code of Object.keys(rule.codes)) {
      properties[`${rule.id}/${code}`] = { ...severity, description: `${rule.id}, code ${code}` };
    }
  }
  const { declarativeFunctions } = await import(pathToFileURL(join(coreDist, 'lint/declarative/functions.js')).href);
  const declarativeRule = {
    type: 'object',
    description: 'A declarative rule of your own (docs/lint.md, "Declarative rules").',
    required: ['given', 'then'],
    properties: {
      given: { type: 'string', description: 'A selector over the document, e.g. tools[*].name.' },
      then: {
        type: 'object',
        required: ['function'],
        properties: { function: { enum: Object.keys(declarativeFunctions) }, functionOptions: { type: 'object' } },
        additionalProperties: false,
      },
      message: { type: 'string' },
      severity: severity,
      description: { type: 'string' },
    },
    additionalProperties: false,
  };
  // "<namespace>/<name>" ids of declarative and plugin rules, in namespaces other than our rules'
  // (so that a misspelt `mcpdesc.tool.name/code` is still flagged as unknown).
  const ourNamespaces = [...new Set([...configurableRules, ...liveRules].map((rule) => rule.id.split('.')[0]))];
  const ownRuleId = `^(?!(?:${ourNamespaces.join('|')})[./])[A-Za-z0-9][\\w.-]*/[A-Za-z0-9][\\w.-]*$`;
  const ruleMap = {
    type: 'object',
    description: 'Rule id, or `rule-id/code` as diagnostics print it, mapped to off, info, warn or error.',
    properties,
    patternProperties: {
      // `rule-id:code`, the older spelling, is still read; `mcpdesc` names an unknown id or code.
      '^[a-z0-9.-]+:[a-z0-9-]+$': severity,
      [ownRuleId]: { anyOf: [severity, declarativeRule] },
    },
    additionalProperties: false,
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'mcpdesc.config.json',
    description: 'mcpdesc lint configuration: presets, rule severities and per-file overrides (docs/lint.md).',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      extends: {
        description: 'Presets applied first, in order (default: recommended).',
        oneOf: [{ enum: [...presetNames] }, { type: 'array', items: { enum: [...presetNames] } }],
      },
      rules: ruleMap,
      overrides: {
        type: 'array',
        description: 'Applied in order after `rules`, for files matching one of the globs (relative to this file).',
        items: {
          type: 'object',
          required: ['files', 'rules'],
          properties: {
            files: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
            rules: ruleMap,
          },
          additionalProperties: false,
        },
      },
      diff: { type: 'object', description: 'Settings of `mcpdesc diff` (docs/diff.md).' },
    },
    additionalProperties: false,
  };
}

const out = parseOut(process.argv.slice(2));
writeAtomically(
  join(folder, 'schemas/mcpdesc.config.schema.json'),
  `${JSON.stringify(await configSchema(), null, 2)}\n`,
);
await build({
  entryPoints: [join(folder, 'extension.js')],
  outfile: join(folder, 'dist/extension.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  minify: true,
  logLevel: 'warning',
});
const temporary = `${out}.${process.pid}.tmp.vsix`;
try {
  await createVSIX({ cwd: folder, packagePath: temporary, dependencies: false });
  renameSync(temporary, out);
} finally {
  rmSync(temporary, { force: true });
}
console.log(`packaged ${out}`);
