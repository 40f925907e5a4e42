import { Command, InvalidArgumentError } from 'commander';
import type { DefineCommand } from '../command.js';

const help = `
The server speaks the Language Server Protocol on standard input and output (or, with
--socket, on a TCP connection to a port the editor listens on). It takes
*.mcpdesc.{json,yaml,yml} files and any .json/.yaml/.yml file whose text declares "mcpdesc";
every other document is ignored, so it can be attached to all JSON and YAML files.

Features:
  diagnostics      validate + lint as you type (incremental sync, 50 ms debounce), with the
                   nearest mcpdesc.config.json (.js, .mjs) above the file or the recommended
                   preset (a JavaScript one is loaded and run on the checker thread only, each
                   check bounded by --check-timeout);
                   code is rule/code, linked to the rule's reference page. An edit inside
                   one tool, resource, template or prompt is re-checked alone at once; the
                   whole document is checked again (on a worker thread) when typing pauses
  hover            on a key: the field's row of the specification's property table, with
                   its section; on a diagnostic: the rule's summary and reference link
  completion       member names the object at the cursor may have (revision-aware), enum
                   values, protocol revisions, $componentRef targets of the right namespace,
                   declared tags, security schemes and elicitation declarations; also while
                   the text does not parse
  definition, references, rename
                   for $componentRef targets, tags, security schemes and elicitation
                   declarations (an invalid or taken new name is refused)
  symbols          the outline (tools, resources, resource templates, prompts, components)
                   and workspace symbols across open documents
  code actions     safe fixes only: quote a YAML scalar where text is expected, the exact
                   $schema URI for a mutable alias, an empty title for the author to fill
  formatting       the canonical serializer, one whole-document edit (refused when the file
                   does not decode, or is YAML with comments, which it would drop);
                   initialization option { "sortKeys": true } sorts keys canonically

Examples:
  $ mcpdesc lsp --stdio
  $ mcpdesc lsp --socket 7000
  VS Code (editors/vscode/), Neovim, Helix and Zed: see docs/editor.md.`;

export const defineLsp: DefineCommand = () =>
  new Command('lsp')
    .description('run the mcpdesc language server for editors (LSP over stdio or a socket)')
    .option('--stdio', 'talk LSP over standard input and output (the default; editors pass it)')
    .option('--socket <port>', 'talk LSP over a TCP connection to this port of 127.0.0.1 (the editor listens)', port)
    .option(
      '--check-timeout <seconds>',
      "stop a whole-document check after this many seconds (default 30): a source.limit finding, the checker thread restarted (a configuration's rule that loops)",
      seconds,
    )
    .addHelpText('after', help)
    .action(async (options: { socket?: number; checkTimeout?: number }) => {
      const { runLsp } = await import('./lsp-run.js');
      await runLsp({
        ...(options.socket === undefined ? {} : { socket: options.socket }),
        ...(options.checkTimeout === undefined ? {} : { checkTimeoutMs: options.checkTimeout * 1000 }),
      });
    });

function seconds(value: string): number {
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number <= 0 || number > 3600)
    throw new InvalidArgumentError(
      `expected a number of seconds (more than 0, at most 3600), found ${JSON.stringify(value)}`,
    );
  return number;
}

function port(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > 65535)
    throw new InvalidArgumentError(`expected a TCP port number (1-65535), found ${JSON.stringify(value)}`);
  return number;
}
