import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { binPath } from '../helpers/paths.js';
import { teamDocumentText } from '../helpers/config-project.js';

/** A project of its own (a .git folder ends discovery). */
const project = mkdtempSync(join(tmpdir(), 'mcpdesc-config-yaml-'));
mkdirSync(join(project, '.git'));
after(() => rmSync(project, { recursive: true, force: true }));

const documentText = teamDocumentText;

/** A folder of the project holding the document (one level down: discovery walks up) and the given files. */
function folder(name: string, files: Record<string, string>): string {
  const directory = join(project, name);
  mkdirSync(join(directory, 'servers'), { recursive: true });
  writeFileSync(join(directory, 'servers/server.mcpdesc.json'), documentText);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(directory, file), text);
  return directory;
}

function lint(directory: string) {
  const result = spawnSync(process.execPath, [binPath, 'lint', '-f', 'json', 'servers/server.mcpdesc.json'], {
    cwd: directory,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `rule/code severity pointer` of every finding of the one file. */
function findings(stdout: string): string[] {
  const report = JSON.parse(stdout) as {
    files: { diagnostics: { rule: string; code: string; severity: string; pointer: string }[] }[];
  };
  return report.files[0]!.diagnostics.map((d) => `${d.rule}/${d.code} ${d.severity} ${d.pointer}`);
}

const yamlConfig = `# the team's conventions
extends: recommended
rules:
  lint.tool.title: off # titles come later
  acme/tool-name-prefix:
    description: Every tool name starts with acme_
    given: tools[*].name
    then:
      function: pattern
      functionOptions: { match: "^acme_" }
    message: "tool name {value} must start with acme_"
    severity: error
`;

test('mcpdesc.config.yaml and .yml are found above the document; a declarative rule written in YAML fires', () => {
  for (const name of ['mcpdesc.config.yaml', 'mcpdesc.config.yml']) {
    const result = lint(folder(name, { [name]: yamlConfig }));
    assert.equal(result.status, 1, result.stderr);
    const own = findings(result.stdout);
    assert.deepEqual(
      own.filter((f) => f.startsWith('acme/')),
      ['acme/tool-name-prefix/pattern error /tools/0/name'],
    );
    assert.ok(!own.some((f) => f.startsWith('lint.tool.title/')), 'its severities apply too');
  }
  const quiet = lint(folder('quiet', { 'mcpdesc.config.yaml': yamlConfig.replace('^acme_', '_') }));
  assert.deepEqual(
    findings(quiet.stdout).filter((f) => f.startsWith('acme/')),
    [],
    quiet.stderr,
  );
});

test('a YAML configuration that does not decode is exit 2 naming its line:column; JSON and YAML in one folder is exit 2 naming both', () => {
  const broken = lint(
    folder('broken', { 'mcpdesc.config.yaml': 'rules:\n  lint.tool.title: off\n  lint.tool.title: error\n' }),
  );
  assert.equal(broken.status, 2);
  assert.match(
    broken.stderr,
    /mcpdesc\.config\.yaml:3:3 is not valid YAML: found the key "lint\.tool\.title" a second time/,
  );
  // No tags, no custom types: spec 15's restricted YAML, as for descriptions.
  const tagged = lint(folder('tagged', { 'mcpdesc.config.yaml': 'rules: !!js/function "() => 1"\n' }));
  assert.equal(tagged.status, 2);
  assert.match(tagged.stderr, /mcpdesc\.config\.yaml:1:8 is not valid YAML: found the tag !!js\/function/);
  const plugins = lint(folder('yaml-plugins', { 'mcpdesc.config.yml': 'plugins:\n  acme: mcpdesc-plugin-acme\n' }));
  assert.equal(plugins.status, 2);
  assert.match(plugins.stderr, /plugins runs code; name it in mcpdesc\.config\.js/);
  const two = lint(folder('two', { 'mcpdesc.config.json': '{}', 'mcpdesc.config.yaml': 'rules: {}\n' }));
  assert.equal(two.status, 2);
  assert.match(two.stderr, /holds mcpdesc\.config\.json and mcpdesc\.config\.yaml: keep one configuration per folder/);
});
