import { Command, InvalidArgumentError } from 'commander';
import type { DefineCommand } from '../command.js';

const help = `
The server speaks the Language Server Protocol on standard input and output. It takes
*.mcpdesc.{json,yaml,yml} files and any .json/.yaml/.yml file whose text declares "mcpdesc".

Implemented:
  diagnostics      validate + lint as you type (incremental sync, 150 ms debounce), with the
                   nearest mcpdesc.config.json above the file or the recommended preset;
                   code is rule/code, linked to the rule's reference page
  symbols          the outline: tools, resources, resource templates, prompts, components
  hover            on a diagnostic: the rule's summary, spec section and reference link
  formatting       the canonical serializer, one whole-document edit (refused when the file
                   does not decode, or is YAML with comments, which it would drop);
                   initialization option { "sortKeys": true } sorts keys canonically
  definition       from a $componentRef value to the component

Examples:
  $ mcpdesc lsp --stdio
  Neovim, Helix and other editors: see docs/editor.md.`;

export const defineLsp: DefineCommand = () =>
  new Command('lsp')
    .description('run the mcpdesc language server for editors (LSP over stdio)')
    .option('--stdio', 'talk LSP over standard input and output (the default; editors pass it)')
    .option('--socket <port>', 'talk LSP over a TCP connection to this port of 127.0.0.1 (the editor listens)', port)
    .addHelpText('after', help)
    .action(async (options: { socket?: number }) => {
      const { runLsp } = await import('./lsp-run.js');
      await runLsp(options.socket === undefined ? {} : { socket: options.socket });
    });

function port(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > 65535)
    throw new InvalidArgumentError(`expected a TCP port number (1-65535), found ${JSON.stringify(value)}`);
  return number;
}
