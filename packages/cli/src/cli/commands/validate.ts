import { Command } from 'commander';
import { addCheckOptions, type CheckCommandOptions } from '../check-command.js';
import type { DefineCommand } from '../command.js';

const examples = `
Examples:
  $ mcpdesc validate server.mcpdesc.yaml
  $ mcpdesc validate --format json descriptions/*.mcpdesc.json
  $ mcpdesc validate descriptions/                  every *.mcpdesc.{json,yaml,yml} below it
  $ mcpdesc validate 'servers/**/*.yaml' --ignore-pattern 'servers/legacy/**'
  $ mcpdesc validate --strict --max-warnings 0 server.mcpdesc.json
  $ mcpdesc validate --fail-severity info server.mcpdesc.json   infos fail too
  $ cat server.mcpdesc.json | mcpdesc validate -
  $ mcpdesc validate --format sarif -o mcpdesc.sarif server.mcpdesc.yaml
  $ mcpdesc validate registry/ --jobs auto --format jsonl   a line per file as it is checked
  $ mcpdesc validate registry/ --shard 2/4 --jobs 2         shard 2 of 4 (docs/scale.md)

Configuration: the rules of mcpdesc.config.json (found as for lint, or -c FILE) set the severity of
any rule or code ("mcpdesc.protocol-versions/legacy-incomplete": "off"); an error turned off or
lowered is hidden but still makes the document invalid (the specification's MUST), exit 1.

Exit codes: 0 valid (warnings allowed unless --strict, which is --fail-severity warning),
1 a file failed validation (or has a finding at --fail-severity or above), 2 usage, I/O or internal error.

Colours: on a terminal; --color / --no-color decide; otherwise a non-empty NO_COLOR turns them off
(no-color.org) and wins over a non-empty FORCE_COLOR, which turns them on (force-color.org; "0" and "false" off).
Links: where colours are on, each rule/code is a terminal hyperlink (OSC 8) to the rule's page;
FORCE_HYPERLINK=1 or 0 turns them on or off regardless.`;

export const defineValidate: DefineCommand = (io, setExitCode) =>
  addCheckOptions(
    new Command('validate').description('check MCP Description documents against every rule of the specification'),
  )
    .addHelpText('after', examples)
    .action(async (files: string[], options: CheckCommandOptions) => {
      const { runValidate } = await import('./validate-run.js');
      setExitCode(await runValidate(files, options, io));
    });
