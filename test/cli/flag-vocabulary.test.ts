/**
 * One vocabulary of flags across commands (issue 35): every command's options, as its --help
 * prints them, spell the shared flags one way with one description per kind of command.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Command, Option } from 'commander';
import { commands } from 'mcpdesc-toolkit/internal/cli/commands/index.js';
import type { CliIO } from 'mcpdesc-toolkit/internal/cli/io.js';
import {
  checkQuietDescription,
  configDescription,
  operationQuietDescription,
} from 'mcpdesc-toolkit/internal/cli/reporting-options.js';
import { formatNames } from 'mcpdesc-core/internal/report/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';

const silentIo: CliIO = {
  stdout: () => undefined,
  stderr: () => undefined,
  readFile: async () => new Uint8Array(),
  writeFile: async () => undefined,
  cwd: process.cwd(),
  env: {},
  isTTY: false,
};

/** Every command with its options, subcommands included (export server-json). */
function allCommands(): Command[] {
  const out: Command[] = [];
  const visit = (command: Command): void => {
    out.push(command);
    for (const sub of command.commands) visit(sub);
  };
  for (const define of commands) visit(define(silentIo, () => undefined));
  return out;
}

const byName = new Map(allCommands().map((command) => [command.name(), command]));
const optionOf = (command: Command, long: string): Option | undefined =>
  command.options.find((option) => option.long === long);

/** The commands that check (their report is the output), and those that reprint an input's findings. */
const checking = ['validate', 'lint', 'verify'];
const reprinting = [
  'project',
  'merge',
  'split',
  'resolve',
  'bundle',
  'migrate',
  'init',
  'server-json',
  'native',
  'compat',
  'capture',
  'diff',
  'docs',
];
/**
 * Where a configuration applies: mcpdesc.config.json's severities, verify's and capture's rules
 * and diff's "diff" section included (compat's -c was --client before, so it reprints with the
 * nearest configuration only).
 */
const configured = ['validate', 'lint', 'verify', ...reprinting.filter((name) => name !== 'compat')];

test('-q, --quiet on every command that reports findings, one description per kind of command', () => {
  for (const name of [...checking, ...reprinting, 'mock']) {
    const quiet = optionOf(byName.get(name)!, '--quiet');
    assert.ok(quiet, `${name} has --quiet`);
    assert.equal(quiet.flags, '-q, --quiet', name);
    if (checking.includes(name)) assert.equal(quiet.description, checkQuietDescription, name);
    if (reprinting.includes(name)) assert.equal(quiet.description, operationQuietDescription, name);
  }
});

test('-c, --config <file> wherever a configuration applies, with one description', () => {
  for (const name of configured) {
    const config = optionOf(byName.get(name)!, '--config');
    assert.ok(config, `${name} has --config`);
    assert.equal(config.flags, '-c, --config <file>', name);
    assert.equal(config.description, configDescription, name);
  }
  // No command spells a shared flag another way.
  for (const command of byName.values()) {
    for (const option of command.options) {
      if (option.long === '--config') assert.equal(option.short, '-c', command.name());
      if (option.long === '--quiet') assert.equal(option.short, '-q', command.name());
      if (option.long === '--format') assert.equal(option.flags, '-f, --format <format>', command.name());
      if (option.long === '--output') assert.equal(option.short, '-o', command.name());
      if (option.long === '--to') assert.deepEqual(option.argChoices, ['json', 'yaml'], command.name());
    }
  }
});

test('the checking commands offer every report format, github included, default text', () => {
  for (const name of checking) {
    const format = optionOf(byName.get(name)!, '--format')!;
    // validate and lint also stream one JSON line per file (--jobs, docs/scale.md); verify checks one server.
    const streaming = name === 'verify' ? [] : ['jsonl'];
    const listed = formatNames.map((format) => (format === 'stylish' ? 'text' : format));
    assert.deepEqual(format.argChoices, [...listed, ...streaming], name);
    // The human report is core's stylish formatter; help names it text.
    assert.equal(format.defaultValue, 'stylish', name);
    assert.equal(format.defaultValueDescription, '"text"', name);
  }
});

/** Every option that chooses between a human report and others, by command. */
const humanReportOptions: [string, string][] = [
  ['validate', '--format'],
  ['lint', '--format'],
  ['verify', '--format'],
  ['diff', '--format'],
  ['rules', '--format'],
  ['compat', '--format'],
  ['migrate', '--report-format'],
];

test('the human report is "text" in every command that prints one, "stylish" its alias everywhere', () => {
  for (const [name, long] of humanReportOptions) {
    const option = optionOf(byName.get(name)!, long)!;
    assert.ok(option.argChoices?.includes('text'), `${name} ${long} lists text`);
    assert.match(option.description, /; stylish: an alias of text$/, `${name} ${long}`);
    // Both words parse to the command's own name for its human report.
    assert.equal(option.parseArg!('stylish', undefined), option.parseArg!('text', undefined), `${name} ${long}`);
    assert.throws(() => option.parseArg!('txt', undefined), /Allowed choices are/, `${name} ${long}`);
  }
  // No command lists the alias, nor a choice under another name for the human report.
  for (const command of byName.values())
    for (const option of command.options) {
      assert.ok(!option.argChoices?.includes('stylish'), `${command.name()} ${option.long} lists stylish`);
      if (option.argChoices?.includes('text'))
        assert.ok(
          humanReportOptions.some(([name, long]) => name === command.name() && long === option.long),
          `${command.name()} ${option.long} is in the list above`,
        );
    }
});

test('--format stylish and --format text print the same report', async () => {
  const good = readFileSync(join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml'), 'utf8');
  const changed = good.replace(/^(\s+)readOnlyHint: true$/m, '$1readOnlyHint: false');
  assert.notEqual(changed, good);
  const files = { 'doc.yaml': good, 'new.yaml': changed, 'bad.json': '{"mcpdesc":"0.8.0"}' };
  const runs: string[][] = [
    ['validate', 'bad.json'],
    ['lint', 'bad.json'],
    ['diff', 'doc.yaml', 'new.yaml'],
    ['rules', 'lint.tool.name.length'],
  ];
  for (const args of runs) {
    const byDefault = await runCli(args, { files, filesOnly: true });
    const text = await runCli([...args, '--format', 'text'], { files, filesOnly: true });
    const stylish = await runCli([...args, '-f', 'stylish'], { files, filesOnly: true });
    assert.ok(byDefault.stdout.length > 0, args.join(' '));
    assert.equal(text.stdout, byDefault.stdout, args.join(' '));
    assert.equal(stylish.stdout, byDefault.stdout, args.join(' '));
    assert.equal(stylish.code, byDefault.code, args.join(' '));
  }
});

test('the shared flags read the same in every --help', async () => {
  for (const name of [...checking, ...reprinting.filter((n) => n !== 'server-json')]) {
    const { stdout, code } = await runCli([name, '--help']);
    assert.equal(code, 0, name);
    assert.match(stdout, /^ {2}-q, --quiet {2,}/m, name);
  }
  const lint = (await runCli(['lint', '--help'])).stdout;
  assert.match(lint, /--strict and --preset strict are two different things/);
  assert.match(lint, /--strict +changes what fails: warnings fail the check/);
  assert.match(lint, /--preset strict +changes the severities/);
});

test('--quiet on an operation: only the input errors, no progress lines', async () => {
  // A 0.9.0-rc.3 document: validation warns that only its Tools section is checked as 0.9.0-rc.3.
  const text = readFileSync(join(repoRoot, 'examples', 'bookshelf.mcpdesc.yaml'), 'utf8').replace(
    /^mcpdesc: .*$/m,
    'mcpdesc: 0.9.0-rc.3',
  );
  const files = { 'doc.yaml': text, 'out/.keep': '' };
  const loud = await runCli(['split', 'doc.yaml', '-o', 'out'], { files, filesOnly: true });
  assert.equal(loud.code, 0, loud.stderr);
  assert.match(loud.stderr, /warning .*partial-support/);
  assert.match(loud.stderr, /wrote out\/doc\.2025-11-25\.mcpdesc\.yaml/);
  const quiet = await runCli(['split', 'doc.yaml', '-o', 'out', '-q'], { files, filesOnly: true });
  assert.equal(quiet.code, 0);
  assert.equal(quiet.stderr, '');
  assert.deepEqual(Object.keys(quiet.written).sort(), Object.keys(loud.written).sort());
  const project = await runCli(['project', 'doc.yaml', '-p', '2025-11-25', '--quiet'], { files, filesOnly: true });
  assert.equal(project.code, 0);
  assert.equal(project.stderr, '');
  assert.match(project.stdout, /^mcpdesc: /m);
});
