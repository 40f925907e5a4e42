import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.js';

/** validate finds one warning here: mcpdesc.protocol-versions/legacy-incomplete (a legacy revision). */
const legacy = '{"mcpdesc":"0.8.0","info":{"name":"x","version":"1"},"protocolVersions":["2024-11-05"]}';
/** One error: info.version is missing (mcpdesc.document.schema/missing-property). */
const invalid = '{"mcpdesc":"0.8.0","info":{"name":"x"},"protocolVersions":["2025-11-25"]}';

function config(rules: Record<string, string>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mcpdesc-settings-')), 'mcpdesc.config.json');
  writeFileSync(path, JSON.stringify({ rules }));
  return path;
}

const run = (args: string[], stdin: string) => runCli([...args, '-'], { stdin });
const json = (stdout: string) =>
  JSON.parse(stdout).files[0] as { valid: boolean; diagnostics: { rule: string; code: string; severity: string }[] };

test('a validation rule configured off in rule/code form: validate and lint --strict pass; rule:code and the plain rule are aliases', async () => {
  for (const command of ['validate', 'lint']) {
    assert.equal((await run([command, '--strict'], legacy)).code, 1, `${command}: the warning fails --strict`);
    for (const key of [
      'mcpdesc.protocol-versions/legacy-incomplete',
      'mcpdesc.protocol-versions:legacy-incomplete',
      'mcpdesc.protocol-versions',
    ]) {
      const c = config({ [key]: 'off' });
      const quiet = await run([command, '--strict', '-c', c, '--format', 'json'], legacy);
      assert.equal(quiet.code, 0, `${command} with ${key}: ${quiet.stdout}${quiet.stderr}`);
      assert.ok(!json(quiet.stdout).diagnostics.some((d) => d.rule === 'mcpdesc.protocol-versions'));
    }
  }
});

test('a validation warning configured as info or error: reported at that severity; error fails the check', async () => {
  const info = await run(
    [
      'validate',
      '--strict',
      '-c',
      config({ 'mcpdesc.protocol-versions/legacy-incomplete': 'info' }),
      '--format',
      'json',
    ],
    legacy,
  );
  assert.equal(info.code, 0);
  assert.equal(json(info.stdout).diagnostics.find((d) => d.code === 'legacy-incomplete')!.severity, 'info');
  const error = await run(
    ['validate', '-c', config({ 'mcpdesc.protocol-versions': 'error' }), '--format', 'json'],
    legacy,
  );
  assert.equal(error.code, 1);
  assert.equal(json(error.stdout).valid, false);
  assert.equal(json(error.stdout).diagnostics.find((d) => d.code === 'legacy-incomplete')!.severity, 'error');
});

test('an error (a MUST violation) turned off is hidden, but the document stays invalid: exit 1, valid false, said on stderr', async () => {
  for (const command of ['validate', 'lint']) {
    const c = config({ 'mcpdesc.document.schema/missing-property': 'off' });
    const hidden = await run([command, '-c', c, '--format', 'json'], invalid);
    assert.equal(hidden.code, 1, command);
    assert.equal(json(hidden.stdout).valid, false);
    assert.ok(!json(hidden.stdout).diagnostics.some((d) => d.code === 'missing-property'));
    assert.match(hidden.stderr, /1 error turned off or lowered by the configuration still make the document invalid/);
    const stylish = await run([command, '-c', c], invalid);
    assert.doesNotMatch(stylish.stdout, /no problems/);
    if (command === 'validate')
      assert.match(stylish.stdout, /1 failed \(findings hidden by the configuration or --quiet\)/);
  }
  const lowered = await run(
    ['validate', '-c', config({ 'mcpdesc.document.schema': 'warn' }), '--format', 'json'],
    invalid,
  );
  assert.equal(lowered.code, 1, 'lowered to a warning: still invalid');
  assert.equal(json(lowered.stdout).diagnostics.find((d) => d.code === 'missing-property')!.severity, 'warning');
});

test('an unknown rule id or code in the configuration is a configuration error with "did you mean"', async () => {
  const typo = await run(['validate', '-c', config({ 'mcpdesc.protocol-version/legacy-incomplete': 'off' })], legacy);
  assert.equal(typo.code, 2);
  assert.match(
    typo.stderr,
    /"mcpdesc\.protocol-version\/legacy-incomplete" is not a rule id \(did you mean mcpdesc\.protocol-versions\?\)/,
  );
  const code = await run(['lint', '-c', config({ 'mcpdesc.protocol-versions/legacy-incomplet': 'off' })], legacy);
  assert.equal(code.code, 2);
  assert.match(code.stderr, /has no code "legacy-incomplet" \(did you mean legacy-incomplete\?\)/);
});

test('--quiet reports errors only; the left-out warnings still count for the exit code', async () => {
  const loud = await run(['validate', '--format', 'json'], legacy);
  assert.equal(json(loud.stdout).diagnostics.length, 1);
  const quiet = await run(['validate', '-q', '--format', 'json'], legacy);
  assert.equal(quiet.code, 0);
  assert.deepEqual(json(quiet.stdout).diagnostics, []);
  assert.equal((await run(['lint', '--quiet', '--strict'], legacy)).code, 1, '--strict still fails on the warning');
  const errors = await run(['lint', '--quiet', '--format', 'json'], invalid);
  assert.ok(json(errors.stdout).diagnostics.length > 0);
  assert.ok(json(errors.stdout).diagnostics.every((d) => d.severity === 'error'));
});

test('commands that reprint validation findings (project, docs, ...) apply the same configuration', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'mcpdesc-reprint-'));
  const file = join(directory, 'a.mcpdesc.json');
  writeFileSync(file, legacy);
  const loud = await runCli(['project', file, '--protocol', '2024-11-05']);
  assert.equal(loud.code, 0);
  assert.match(loud.stderr, /mcpdesc\.protocol-versions\/legacy-incomplete/);
  writeFileSync(
    join(directory, 'mcpdesc.config.json'),
    JSON.stringify({ rules: { 'mcpdesc.protocol-versions/legacy-incomplete': 'off' } }),
  );
  for (const args of [
    ['project', file, '--protocol', '2024-11-05'],
    ['docs', file, '--format', 'markdown'],
  ]) {
    const quiet = await runCli(args);
    assert.equal(quiet.code, 0, args[0]);
    assert.doesNotMatch(quiet.stderr, /legacy-incomplete/, args[0]);
  }
});

test('the OpenAPI habit $ref: "#/components/schemas/X" in a tool schema gets "use $componentRef"', async () => {
  const document = JSON.stringify({
    mcpdesc: '0.8.0',
    info: { name: 'x', version: '1' },
    protocolVersions: ['2025-11-25'],
    tools: [{ name: 't', inputSchema: { type: 'object', properties: { a: { $ref: '#/components/schemas/Book' } } } }],
  });
  const run = await runCli(['validate', '--format', 'json', '-'], { stdin: document });
  assert.equal(run.code, 1);
  assert.match(run.stdout, /use \\"\$componentRef\\": \\"Book\\" instead/);
});
