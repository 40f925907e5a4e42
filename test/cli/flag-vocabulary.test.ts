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
 * Where a configuration applies: mcpdesc.config.json's severities (diff reads only its own "diff"
 * section; compat's -c was --client before, so it reprints with the nearest configuration only).
 */
const configured = ['validate', 'lint', ...reprinting.filter((name) => !['capture', 'diff', 'compat'].includes(name))];

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
  for (const name of [...configured, 'diff']) {
    const config = optionOf(byName.get(name)!, '--config');
    assert.ok(config, `${name} has --config`);
    assert.equal(config.flags, '-c, --config <file>', name);
    if (name !== 'diff') assert.equal(config.description, configDescription, name);
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

test('the checking commands offer every report format, github included, default stylish', () => {
  for (const name of checking) {
    const format = optionOf(byName.get(name)!, '--format')!;
    // validate and lint also stream one JSON line per file (--jobs, docs/scale.md); verify checks one server.
    const streaming = name === 'verify' ? [] : ['jsonl'];
    assert.deepEqual(format.argChoices, [...formatNames, ...streaming], name);
    assert.equal(format.defaultValue, 'stylish', name);
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
