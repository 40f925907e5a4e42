import { Command, Option } from 'commander';
import type { DefineCommand } from '../command.js';
import type { MockCommandOptions } from './mock-run.js';

const examples = `
Examples:
  $ mcpdesc mock server.mcpdesc.yaml                       # stdio (for a client that launches it)
  $ mcpdesc mock server.mcpdesc.yaml --http 8080           # Streamable HTTP on http://127.0.0.1:8080/mcp
  $ mcpdesc mock server.mcpdesc.json --http 0.0.0.0:3000 --page-size 2 --ttl-ms 60000 --cache-scope public
  $ mcpdesc mock server.mcpdesc.yaml --example search=paris --watch --quiet

Serves the description as an MCP server for every revision it declares (2025-era initialize
and the stateless 2026-07-28 protocol), answering from its named examples. Nothing is executed.

tools/call selection (first that applies): an example whose input equals the arguments; the
example named by the request's _meta "io.mcpdesc/example" or by --example TOOL=NAME; a result
synthesized from the tool's outputSchema (deterministic); a text result saying no example
matched. Invalid arguments give a tool execution error (isError: true). Every result carries
_meta "io.mcpdesc/mock": it is a mock result, never a prediction of live behaviour.

resources/read of a listed Resource without an example answers a synthesized content (one text
item saying so; an empty blob for a non-textual mimeType). With --watch, an edit that changes a
list sends notifications/{tools,resources,prompts}/list_changed where listChanged is advertised,
and notifications/resources/updated to the subscribers of a changed Resource (stdio connections
and 2026-07-28 subscriptions/listen streams).

Every request is logged on standard error in one line (--quiet to silence). With --http the
endpoint URL is printed on standard error; stop with Ctrl-C.

Exit codes: 0 stopped, 1 the description cannot be served (invalid), 2 usage or I/O error.`;

const collect = (value: string, previous: string[]) => [...previous, value];

export const defineMock: DefineCommand = (io, setExitCode) =>
  new Command('mock')
    .description('serve a description as an MCP server (stdio or Streamable HTTP) answering from its examples')
    .argument('<file>', 'the description (.json, .yaml, .yml)')
    .option('--stdio', 'serve over standard input/output (default)')
    .option('--http <[host:]port>', 'serve Streamable HTTP on host:port (default host 127.0.0.1), path /mcp')
    .option('--page-size <n>', 'items per list page (default: everything on one page)')
    .option('--ttl-ms <ms>', 'ttlMs of 2026-07-28 list results', '0')
    .addOption(
      new Option('--cache-scope <scope>', 'cacheScope of 2026-07-28 list results')
        .choices(['public', 'private'])
        .default('private'),
    )
    .option(
      '--example <TOOL=NAME>',
      'example used for TOOL when no example input equals the arguments (repeatable)',
      collect,
      [],
    )
    .option('--max-body <bytes>', 'largest HTTP request body; larger ones get 413', String(4 * 1024 * 1024))
    .option(
      '--allow-origin <origin>',
      'HTTP: also accept requests whose Origin is this origin or hostname (repeatable; localhost origins and requests without Origin are always accepted, others get 403)',
      collect,
      [],
    )
    .option('-q, --quiet', 'do not log requests on standard error')
    .option('--watch', 'reload the description when the file changes (an invalid edit keeps the last good one)')
    .addHelpText('after', examples)
    .action(async (file: string, options: MockCommandOptions) => {
      const { runMock } = await import('./mock-run.js');
      setExitCode(await runMock(file, options, io));
    });
