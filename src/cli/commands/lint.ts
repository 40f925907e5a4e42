import { Command, Option } from 'commander';
import type { DefineCommand } from './index.js';

const examples = `
Examples:
  $ mcpdesc lint server.mcpdesc.yaml
  $ mcpdesc lint --preset directory server.mcpdesc.json
  $ mcpdesc lint --config ci/mcpdesc.config.json --format sarif -o lint.sarif *.mcpdesc.yaml
  $ mcpdesc lint --strict --max-warnings 0 server.mcpdesc.json

Configuration: mcpdesc.config.json, found by walking up from each file's directory
(or --config FILE): { "extends": "recommended" | "strict" | "directory",
"rules": { "lint.tool.title": "off" | "info" | "warn" | "error" }, "overrides": [...] }.
Inline: "x-mcpdesc-lint": { "disable": ["lint.tool.title"] } on a tool, resource, prompt, info or the root.

Exit codes: 0 no errors (warnings allowed unless --strict), 1 a file has an error
(validation or lint), 2 usage, configuration, I/O or internal error.`;

export interface LintCommandOptions {
  format: string;
  strict?: boolean;
  spec?: string;
  maxWarnings?: string;
  output?: string;
  color?: boolean;
  config?: string;
  preset?: string;
}

export const defineLint: DefineCommand = (io, setExitCode) =>
  new Command('lint')
    .description('validate MCP Description documents, then check the design of their tool contracts (tool schema design guide)')
    .argument('<files...>', 'description files (.json, .yaml, .yml; - for standard input)')
    .addOption(new Option('-f, --format <format>', 'report format').choices(['stylish', 'json', 'sarif', 'github', 'junit']).default('stylish'))
    .option('--strict', 'strict profile: warnings also fail the check')
    .addOption(new Option('--spec <version>', 'validate as this MCP Description version instead of the document\'s mcpdesc').choices(['0.8.0', '0.9.0-rc.3']))
    .option('--max-warnings <n>', 'fail when there are more than n warnings in total')
    .option('-o, --output <file>', 'write the report to a file instead of standard output')
    .option('--no-color', 'no ANSI colours in the stylish report (NO_COLOR is respected too)')
    .option('-c, --config <file>', 'configuration file (default: the nearest mcpdesc.config.json)')
    .addOption(new Option('--preset <name>', 'preset to start from, replacing the configuration\'s extends').choices(['recommended', 'strict', 'directory']))
    .addHelpText('after', examples)
    .action(async (files: string[], options: LintCommandOptions) => {
      const { runLint } = await import('./lint-run.js');
      setExitCode(await runLint(files, options, io));
    });
