import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { binPath, repoRoot } from '../helpers/paths.js';
import { teamDocumentText } from '../helpers/config-project.js';

/** A project of its own (a .git folder ends discovery), with the example plugin installed in node_modules. */
const project = mkdtempSync(join(tmpdir(), 'mcpdesc-config-js-'));
mkdirSync(join(project, '.git'));
cpSync(join(repoRoot, 'examples/mcpdesc-plugin-acme'), join(project, 'node_modules/mcpdesc-plugin-acme'), {
  recursive: true,
});
after(() => rmSync(project, { recursive: true, force: true }));

const documentText = teamDocumentText;

/** A folder of the project holding the document and the given files. */
function folder(name: string, files: Record<string, string>): string {
  const directory = join(project, name);
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'server.mcpdesc.json'), documentText);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(directory, file), text);
  return directory;
}

function run(directory: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [binPath, ...args], {
    cwd: directory,
    encoding: 'utf8',
    env: { ...process.env, MCPDESC_NO_CONFIG_JS: '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The findings of rules holding a "/" (plugin and declarative) in `lint --format json`. */
function ownFindings(stdout: string): string[] {
  const report = JSON.parse(stdout) as {
    files: { diagnostics: { rule: string; code: string; severity: string; pointer: string }[] }[];
  };
  return report.files[0]!.diagnostics.filter((d) => d.rule.includes('/')).map(
    (d) => `${d.rule}/${d.code} ${d.severity} ${d.pointer}`,
  );
}

const pluginConfig = `export default {
  plugins: { acme: 'mcpdesc-plugin-acme' },
  rules: {
    'acme/tool-prefix': 'error',
    'team/title': { given: 'tools[*].title', then: { function: 'defined' }, severity: 'info' },
  },
};
`;

test('mcpdesc.config.mjs: a plugin named by package and a declarative rule fire; a document that passes stays quiet', () => {
  const directory = folder('plugin', { 'mcpdesc.config.mjs': pluginConfig });
  const failing = run(directory, ['lint', '-f', 'json', 'server.mcpdesc.json']);
  assert.equal(failing.status, 1, failing.stderr);
  assert.deepEqual(ownFindings(failing.stdout), [
    'team/title/defined info /tools/0/title',
    'acme/tool-prefix/missing-prefix error /tools/0/name',
    'team/title/defined info /tools/1/title',
  ]);
  const passing = folder('plugin-passing', { 'mcpdesc.config.js': pluginConfig });
  writeFileSync(
    join(passing, 'package.json'),
    JSON.stringify({ type: 'module' }), // .js as an ES module, as a project's own package.json says
  );
  writeFileSync(
    join(passing, 'server.mcpdesc.json'),
    documentText.replace('"get_x"', '"acme_x"').replaceAll('"name":"acme_', '"title":"T","name":"acme_'),
  );
  const quiet = run(passing, ['lint', '-f', 'json', 'server.mcpdesc.json']);
  assert.deepEqual(ownFindings(quiet.stdout), [], quiet.stderr);
});

test('SARIF carries the plugin rule with its own helpUri; mcpdesc rules lists it with its plugin', () => {
  const directory = folder('sarif', { 'mcpdesc.config.mjs': pluginConfig });
  const sarif = JSON.parse(run(directory, ['lint', '-f', 'sarif', 'server.mcpdesc.json']).stdout);
  const rules = sarif.runs[0].tool.driver.rules as {
    id: string;
    helpUri?: string;
    shortDescription?: { text: string };
  }[];
  const prefix = rules.find((r) => r.id === 'acme/tool-prefix');
  assert.equal(prefix?.helpUri, 'https://example.com/mcpdesc-plugin-acme/rules/tool-prefix');
  assert.match(prefix?.shortDescription?.text ?? '', /\(plugin acme\)/);
  assert.equal(
    rules.find((r) => r.id === 'team/title')?.helpUri,
    undefined,
    'no page of ours for a rule we do not own',
  );

  const listed = run(directory, ['rules']);
  assert.equal(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, /acme\/tool-prefix .*Every tool name starts with acme_\. \[plugin acme\]/);
  assert.match(listed.stdout, /team\/title .*\[declarative, configuration\]/);
  const one = run(directory, ['rules', 'acme/tool-prefix']);
  assert.match(one.stdout, /plugin: acme/);
  assert.match(one.stdout, /reference: https:\/\/example\.com\/mcpdesc-plugin-acme\/rules\/tool-prefix/);
  const code = run(directory, ['rules', 'acme/tool-prefix/missing-prefix']);
  assert.match(code.stdout, /^acme\/tool-prefix\/missing-prefix\n/);
});

test('a shareable config from a local package path brings its plugin, severities and declarative rule', () => {
  const shared = join(repoRoot, 'examples/mcpdesc-config-acme');
  const directory = folder('shared', {
    'mcpdesc.config.mjs': `export default { extends: [${JSON.stringify(shared)}] };\n`,
  });
  const result = run(directory, ['lint', '-f', 'json', 'server.mcpdesc.json']);
  assert.equal(result.status, 1, result.stderr);
  assert.deepEqual(ownFindings(result.stdout), ['acme/tool-prefix/missing-prefix error /tools/0/name']);
  // The config's own rules come after the shared ones: here it lowers the plugin's rule again.
  const lowered = folder('shared-lowered', {
    'mcpdesc.config.mjs': `export default { extends: [${JSON.stringify(shared)}], rules: { 'acme/tool-prefix': 'info' } };\n`,
  });
  assert.deepEqual(ownFindings(run(lowered, ['lint', '-f', 'json', 'server.mcpdesc.json']).stdout), [
    'acme/tool-prefix/missing-prefix info /tools/0/name',
  ]);
  const unknown = folder('shared-unknown', { 'mcpdesc.config.mjs': `export default { extends: ['acme'] };\n` });
  const refused = run(unknown, ['lint', 'server.mcpdesc.json']);
  assert.equal(refused.status, 2);
  assert.match(
    refused.stderr,
    /extends "acme" is neither a preset .* nor a shareable config \(a package named mcpdesc-config-\*/,
  );
});

test('--no-config-js and MCPDESC_NO_CONFIG_JS refuse a JavaScript configuration (exit 2) without running it', () => {
  const marker = join(project, 'ran');
  const directory = folder('refused', {
    'mcpdesc.config.mjs': `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default {};\n`,
  });
  for (const [args, env] of [
    [['lint', '--no-config-js', 'server.mcpdesc.json'], {}],
    [['validate', 'server.mcpdesc.json'], { MCPDESC_NO_CONFIG_JS: '1' }],
    [['rules'], { MCPDESC_NO_CONFIG_JS: '1' }],
  ] as const) {
    const result = run(directory, [...args], env);
    assert.equal(result.status, 2, args.join(' '));
    assert.match(
      result.stderr,
      /mcpdesc\.config\.mjs is JavaScript, which runs code; JavaScript configurations are refused/,
    );
  }
  assert.equal(spawnSync('test', ['-e', marker]).status, 1, 'the configuration never ran');
});

test('configuration errors: two configurations in one folder, plugins in JSON, a hostile plugin object, a throwing config', () => {
  const both = folder('both', { 'mcpdesc.config.json': '{}', 'mcpdesc.config.mjs': 'export default {};\n' });
  const twice = run(both, ['lint', 'server.mcpdesc.json']);
  assert.equal(twice.status, 2);
  assert.match(twice.stderr, /holds mcpdesc\.config\.json and mcpdesc\.config\.mjs: keep one configuration per folder/);

  const json = folder('json-plugins', { 'mcpdesc.config.json': '{ "plugins": { "acme": "mcpdesc-plugin-acme" } }' });
  const refused = run(json, ['lint', 'server.mcpdesc.json']);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /plugins runs code; name it in mcpdesc\.config\.js/);

  const notObject = folder('not-object', {
    'mcpdesc.config.mjs': "export default { plugins: { evil: 'x'.length } };\n",
  });
  const hostile = run(notObject, ['lint', 'server.mcpdesc.json']);
  assert.equal(hostile.status, 2);
  assert.match(hostile.stderr, /plugins\["evil"\]: plugin "evil" is 1; expected an object/);
  assert.doesNotMatch(hostile.stderr, /\n\s+at /, 'no stack trace');

  const throwing = folder('throwing', { 'mcpdesc.config.mjs': "throw new Error('config exploded');\n" });
  const thrown = run(throwing, ['lint', 'server.mcpdesc.json']);
  assert.equal(thrown.status, 2);
  assert.match(thrown.stderr, /cannot load configuration .*mcpdesc\.config\.mjs: config exploded/);
  assert.doesNotMatch(thrown.stderr, /\n\s+at /, 'no stack trace');

  const missing = folder('missing-plugin', {
    'mcpdesc.config.mjs': "export default { plugins: { x: 'mcpdesc-plugin-none' } };\n",
  });
  assert.match(
    run(missing, ['lint', 'server.mcpdesc.json']).stderr,
    /cannot find plugin "x" of configuration .* Cannot find module 'mcpdesc-plugin-none'/,
  );
});

test('a plugin rule that throws is a plugin-error finding naming plugin and rule, and the run completes (exit 1)', () => {
  const directory = folder('throws', {
    'mcpdesc.config.mjs': `export default { plugins: { evil: { rules: [{ id: 'evil/boom', severity: 'warning', codes: { x: 'x' },
      create: () => ({ primitive() { throw new Error('boom'); } }) }] } } };\n`,
  });
  const result = run(directory, ['lint', '-f', 'json', 'server.mcpdesc.json']);
  assert.equal(result.status, 1, result.stderr);
  assert.deepEqual(ownFindings(result.stdout), ['evil/boom/plugin-error error ']);
  assert.match(
    result.stdout,
    /plugin \\"evil\\" rule \\"evil\/boom\\" failed: its primitive visitor threw Error: boom/,
  );
});

test('mcpdesc.config.json holds declarative rules too (no code); a bad selector there is exit 2 naming its pointer', () => {
  const rule = { given: 'tools[*].name', then: { function: 'casing', functionOptions: { type: 'kebab' } } };
  const directory = folder('json-declarative', {
    'mcpdesc.config.json': JSON.stringify({ rules: { 'team/kebab': rule } }),
  });
  const result = run(directory, ['lint', '--no-config-js', '-f', 'json', 'server.mcpdesc.json']);
  assert.deepEqual(ownFindings(result.stdout), [
    'team/kebab/casing warning /tools/0/name',
    'team/kebab/casing warning /tools/1/name',
  ]);
  const bad = folder('json-bad-selector', {
    'mcpdesc.config.json': JSON.stringify({
      rules: { 'team/kebab': { ...rule, given: 'tools[*].annotations.readOnlyHnt' } },
    }),
  });
  const refused = run(bad, ['lint', 'server.mcpdesc.json']);
  assert.equal(refused.status, 2);
  assert.match(
    refused.stderr,
    /\/rules\/team~1kebab\/given: selector "tools\[\*\]\.annotations\.readOnlyHnt": Tool Annotations Object \(at tools\[\*\]\.annotations\) has no field "readOnlyHnt" \(did you mean readOnlyHint\?\)/,
  );
});

test('a plugin rule that never returns is bounded by --file-timeout, with --jobs 2 and with one job', () => {
  const directory = folder('looping', {
    'mcpdesc.config.mjs': `const spin = {
  id: 'spin/forever', kind: 'lint', severity: 'warning', codes: { never: 'never reported' },
  create: () => ({ primitive() { for (;;); } }),
};
export default { plugins: { spin: { rules: [spin] } } };
`,
  });
  for (const jobs of ['2', '1']) {
    const result = run(directory, [
      'lint',
      '-f',
      'json',
      '--jobs',
      jobs,
      '--file-timeout',
      '1500',
      'server.mcpdesc.json',
    ]);
    assert.equal(result.status, 1, result.stderr);
    const codes = (
      JSON.parse(result.stdout) as { files: { diagnostics: { rule: string; code: string }[] }[] }
    ).files[0]!.diagnostics.map((d) => `${d.rule}/${d.code}`);
    assert.deepEqual(codes, ['source.limit/max-file-time'], `--jobs ${jobs}`);
  }
});

test('SARIF with --jobs 2 is the same bytes as with one job: plugin and declarative rules described, helpUri included', () => {
  const directory = folder('sarif-jobs', { 'mcpdesc.config.mjs': pluginConfig, 'other.mcpdesc.json': documentText });
  const one = run(directory, ['lint', '-f', 'sarif', 'server.mcpdesc.json', 'other.mcpdesc.json']);
  const two = run(directory, ['lint', '-f', 'sarif', '--jobs', '2', 'server.mcpdesc.json', 'other.mcpdesc.json']);
  assert.equal(one.status, 1, one.stderr);
  assert.equal(two.stdout, one.stdout);
  const rules = JSON.parse(two.stdout).runs[0].tool.driver.rules as {
    id: string;
    helpUri?: string;
    shortDescription?: unknown;
  }[];
  assert.equal(
    rules.find((r) => r.id === 'acme/tool-prefix')?.helpUri,
    'https://example.com/mcpdesc-plugin-acme/rules/tool-prefix',
  );
  assert.ok(rules.find((r) => r.id === 'team/title')?.shortDescription, 'the declarative rule is described');
});

test('plugins as a list: a package name is imported and keyed by its own namespace; a misnamed map key is exit 2', () => {
  const listed = folder('plugin-list', {
    'mcpdesc.config.mjs': `export default { plugins: ['mcpdesc-plugin-acme'], rules: { 'acme/tool-prefix': 'error' } };\n`,
  });
  const result = run(listed, ['lint', '-f', 'json', 'server.mcpdesc.json']);
  assert.equal(result.status, 1, result.stderr);
  assert.deepEqual(ownFindings(result.stdout), ['acme/tool-prefix/missing-prefix error /tools/0/name']);
  const misnamed = folder('plugin-misnamed', {
    'mcpdesc.config.mjs': `export default { plugins: { other: 'mcpdesc-plugin-acme' } };\n`,
  });
  const refused = run(misnamed, ['lint', 'server.mcpdesc.json']);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /plugin "other" declares namespace "acme" \(its meta.name "mcpdesc-plugin-acme"\)/);
});
