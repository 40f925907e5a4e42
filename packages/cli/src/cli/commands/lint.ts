import { Command, Option } from 'commander';
import { addCheckOptions } from '../check-command.js';
import type { PresetName } from 'mcpdesc-core/lint';
import type { LintCommandOptions } from './lint-run.js';
import type { DefineCommand } from '../command.js';

const examples = `
Examples:
  $ mcpdesc lint server.mcpdesc.yaml
  $ mcpdesc lint --preset directory server.mcpdesc.json
  $ mcpdesc lint . --ext .json                      every *.mcpdesc.* and *.json file below .
  $ mcpdesc lint --config ci/mcpdesc.config.json --format sarif -o lint.sarif *.mcpdesc.yaml
  $ mcpdesc lint --strict --max-warnings 0 server.mcpdesc.json
  $ mcpdesc lint --write-baseline mcpdesc-baseline.json descriptions/   adopt: record today's findings
  $ mcpdesc lint --baseline mcpdesc-baseline.json descriptions/         then fail only on new ones
  $ mcpdesc lint --fail-severity info server.mcpdesc.json       infos fail too
  $ mcpdesc lint --fix-dry-run server.mcpdesc.yaml      the safe fixes as a diff, nothing written
  $ mcpdesc lint --fix server.mcpdesc.yaml              write them, then report what remains
  $ mcpdesc lint registry/ --jobs 2 --format json -o lint.json  the same report as --jobs 1, sooner

--strict and --preset strict are two different things:
  --strict           changes what fails: warnings fail the check as errors do (= --fail-severity
                     warning); the severities stay as configured; reports name the strict profile.
  --preset strict    changes the severities: the strict preset turns more rules on and raises some
                     to error; only errors fail unless --strict is given too.

Configuration: mcpdesc.config.json, found by walking up from each file's directory to the
project root (the folder holding .git); one another user owns or everyone may write is ignored
with a warning (or --config FILE, read whoever owns it): { "extends": "recommended" | "strict" | "directory",
"rules": { "lint.tool.title": "off" | "info" | "warn" (or "warning") | "error" }, "overrides": [...] }.
Keys: a rule id or rule/code as reports print it (rule:code is an alias), validation rules included;
an error turned off is hidden but still makes the document invalid (exit 1).
Baseline (like ESLint's bulk suppressions): JSON, sorted, one entry per file, rule, code and
place with a count; the place is the tool, prompt, resource or template by name and the pointer
below it (inserting or moving one keeps entries matching), else the pointer; paths relative to the
baseline file. Stale entries (fixed findings) are listed
on standard error and do not fail the check unless --fail-on-stale; --write-baseline drops them.
Inline: "x-mcpdesc-lint": { "disable": ["lint.tool.title"] } on a tool, resource, prompt, info or the root.
Fixes: only where the document determines the value (a repeated entry, a $schema alias, a boolean
property schema, an extension prefix's case, structured content's text block); never a hint or a
title. Untouched lines stay byte for byte; a YAML edit that cannot stay faithful is refused and
listed. What was fixed goes to standard error; the report and the exit code are the remaining
findings'. --fix refuses standard input (--fix-dry-run shows its diff).

Exit codes: 0 no errors (warnings allowed unless --strict, which is --fail-severity warning),
1 a file has an error (validation or lint) or a finding at --fail-severity or above,
2 usage, configuration, I/O or internal error. Colours and rule links: as for validate (--color, NO_COLOR, FORCE_COLOR, FORCE_HYPERLINK).`;

/** The presets of src/lint/presets.ts, named here so that start-up does not load the linter. */
const presets = ['recommended', 'strict', 'directory'] as const satisfies readonly PresetName[];

export const defineLint: DefineCommand = (io, setExitCode) =>
  addCheckOptions(
    new Command('lint').description(
      'validate MCP Description documents, then check the design of their tool contracts (tool schema design guide)',
    ),
  )
    .addOption(
      new Option(
        '--preset <name>',
        "preset of severities to start from, replacing the configuration's extends (not --strict: see below)",
      ).choices(presets),
    )
    .option('--baseline <file>', 'report only findings the baseline file does not record; list its stale entries')
    .option(
      '--write-baseline <file>',
      "record today's findings (by file, rule, code and primitive name + pointer, never line) in a baseline file",
    )
    .option('--fail-on-stale', 'with --baseline: a baseline entry no longer found fails the check (exit 1)')
    .option('--fix', 'write the safe fixes into the files (atomically; up to 10 passes), then report what remains')
    .option('--fix-dry-run', 'print the safe fixes as a unified diff on standard output; write nothing')
    .addHelpText('after', examples)
    .action(async (files: string[], options: LintCommandOptions) => {
      const { runLint } = await import('./lint-run.js');
      setExitCode(await runLint(files, options, io));
    });
