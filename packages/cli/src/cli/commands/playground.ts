import { Command } from 'commander';
import type { DefineCommand } from '../command.js';
import type { PlaygroundCommandOptions } from './playground-run.js';

const examples = `
Examples:
  $ mcpdesc playground server.mcpdesc.yaml -o playground.html
  $ mcpdesc playground -o playground.html
  $ cat server.mcpdesc.json | mcpdesc playground - > playground.html

The page is one self-contained HTML file that runs the mcpdesc core in the browser: an editor
(pre-filled with FILE, else a small example), live diagnostics (click one to select its range),
the validate-only, recommended, strict and directory checks, JSON <-> YAML conversion, the docs
preview and the Effective Protocol View per revision. It makes no network request; its
Content-Security-Policy allows only its own inline style and script. FILE may be invalid: the
page is where it gets fixed.

Exit codes: 0 written, 1 FILE is larger than the byte limit, 2 usage, I/O or internal error.`;

export const definePlayground: DefineCommand = (io, setExitCode) =>
  new Command('playground')
    .description('write an interactive page that validates, lints, converts and previews a description in the browser')
    .argument('[file]', 'description to start with (.json, .yaml, .yml; - for standard input; default: an example)')
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .option('--max-bytes <n>', 'largest accepted FILE, in bytes (default 64 MiB)')
    .addHelpText('after', examples)
    .action(async (file: string | undefined, options: PlaygroundCommandOptions) => {
      const { runPlayground } = await import('./playground-run.js');
      setExitCode(await runPlayground(file, options, io));
    });
