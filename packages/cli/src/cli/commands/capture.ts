import { Command, Option } from 'commander';
import type { DefineCommand } from '../command.js';
import { addConnectionOptions } from '../connection-options.js';
import { addOAuthOptions } from '../oauth-options.js';
import type { CaptureCommandOptions } from './capture-run.js';
import { toOption } from '../document-io.js';
import { UsageError } from '../io.js';
import type { BatchOptions } from '../capture-batch.js';
import { addReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc capture --stdio "npx -y @modelcontextprotocol/server-everything stdio" -o everything.mcpdesc.yaml
  $ mcpdesc capture --url https://mcp.example.com/mcp --header "Authorization: Bearer \${TOKEN}" --to json
  $ mcpdesc capture --url https://mcp.example.com/mcp --oauth --oauth-token-file ~/.config/mcpdesc/tokens.json
  $ mcpdesc capture --url https://mcp.example.com/mcp --oauth-client-credentials --oauth-client-id ci-bot --oauth-client-secret-env MCP_CLIENT_SECRET
  $ mcpdesc capture --stdio "node server.js" --protocol all
  $ mcpdesc capture --stdio "node server.js" --merge-into server.mcpdesc.yaml -o server.mcpdesc.yaml
  $ mcpdesc capture --stdio "node server.js" --record --inputs inputs.yaml -o recorded.mcpdesc.yaml

Connects to a running MCP server as a client and writes the MCP Description 0.8.0 it exposes:
info (implementation info), instructions, protocolVersions, the transport used, capabilities,
tools, resources, resource templates and prompts, read raw so every field survives. Lists follow
nextCursor to the end. With --protocol all every revision the server supports is captured and
the views are merged. --merge-into keeps an author's curated fields (descriptions, titles, tags,
examples, extensions, security, components) and lists every change on standard error. Header,
env and URL user-information values never appear in the output (stdio env names keep
"\${NAME}" placeholders; a value the server echoes is replaced by "***", with a warning).
The server's order is kept. --client-capabilities roots,sampling,elicitation lists the tools a
server shows only to such clients. --timeout bounds the whole capture. --oauth and
--oauth-client-credentials run the MCP authorization flow (docs/oauth.md); tokens stay in memory
unless --oauth-token-file names a 0600 file, and never appear in the output.
Without --record, capturing calls no tool. The result is validated; diagnostics are printed on standard error.

--record also stores the server's answers as named examples (x-mcpdesc-recorded on each):
every listed resource is read; prompts are got (with the --inputs arguments); resource templates
are read for the --inputs URIs; the --inputs completions are asked; tools are called with the
--inputs inputs, each validated against the inputSchema first, only tools annotated
readOnlyHint: true unless --call all (DANGEROUS). --max-calls bounds the requests (default 100),
--max-answer-bytes one answer (default 1 MiB; larger ones are reported, not stored), --timeout
the whole run; a progress line is drawn on standard error when it is a terminal. JSON-RPC errors
are reported, not stored. With --merge-into the existing inline examples are inputs too (under
their names: re-recording refreshes them, keeping their x-* such as x-mcpdesc-volatile).
--synthesize-inputs gives each callable tool without an input one synthesized from its
inputSchema (deterministic for a --seed; validated first; example "synthesized"). With
--protocol all each revision is recorded on its own connection and its answers stay on that
revision's declarations (the merge keeps declarations whose examples differ as disjoint scoped
variants, as 10.4.4 requires); --merge-into then is refused (re-record one revision). The
--inputs file is JSON or YAML (volatile: result paths written as the examples' x-mcpdesc-volatile):
  tools: {TOOL: {EXAMPLE: ARGUMENTS}}
  prompts: {PROMPT: {EXAMPLE: ARGUMENTS}}
  resourceTemplates: {URI_TEMPLATE: {EXAMPLE: URI}}
  completions: {prompts | resourceTemplates: {TARGET: {EXAMPLE: {argument: {name, value}, context?: {arguments}}}}}
  volatile: {tools | resources | resourceTemplates | prompts: {TARGET: {EXAMPLE: [POINTER, ...]}}}

A server that lists no primitive is captured with a warning (capture.primitive/none-listed).

What MCP allows but the format spells otherwise is mapped and reported (docs/live.md, "From the
wire to the format"): empty collections are omitted, members MCP does not define on a closed
object are left out under their names, and an empty server version ("") is written as
--info-version V, else as the placeholder "0.0.0-unversioned" with a warning. A capability
whose list method answers -32601 is the server's defect: a warning, the rest is captured
(--strict: an error).

The findings are rules (\`mcpdesc rules\` lists the capture.* ones): mcpdesc.config.json sets
their severities as for validate and lint, and the exit code follows them. The configuration is
the nearest one from the folder of -o, else of --merge-into, else the working directory (--batch:
each entry's capture reads the working directory's), or --config FILE.

Exit codes: 0 captured, 1 captured with errors (or no view could be captured), 2 usage or connection error.`;

export const defineCapture: DefineCommand = (io, setExitCode) =>
  addReportingOptions(
    addOAuthOptions(addConnectionOptions(new Command('capture')))
      .description('connect to a running MCP server and write the description it exposes')
      .addOption(toOption("the --merge-into file's, else yaml"))
      .option('--merge-into <file>', 'update an existing description, keeping its curated fields')
      .option('-o, --output <file>', 'write the document to a file instead of standard output')
      .option('--info-version <version>', "the info.version written when the server's is empty or absent")
      .option(
        '--strict',
        "treat the server's own lapses (a list method its capability needs answering -32601) as errors",
      )
      .option('--record', "also store the server's answers as named examples (reads, gets, read-only tool calls)")
      .option(
        '--inputs <file>',
        'with --record: the tool inputs, prompt arguments and template URIs to use (JSON or YAML)',
      )
      .addOption(
        new Option('--call <policy>', 'with --record: which tools may be called: read-only, all (dangerous)').choices([
          'read-only',
          'all',
        ]),
      )
      .option('--max-calls <n>', 'with --record: most requests made to record (default 100)')
      .option(
        '--synthesize-inputs',
        'with --record: synthesize an input from the inputSchema for each callable tool no input names',
      )
      .option('--seed <text>', 'with --synthesize-inputs: the seed of the synthesized values (default mcpdesc-record)')
      .option('--max-answer-bytes <n>', 'with --record: larger answers are reported, not stored (default 1048576)')
      .option('--batch <list.jsonl>', 'capture every server of a JSON Lines list into -o DIR, each in its own process')
      .option('--jobs <n>', 'with --batch: captures run at once (default 1)')
      .option('--shard <I/N>', 'with --batch: only the entries whose id hashes into shard I of N (1-based)')
      .option(
        '--results <file>',
        'with --batch: the JSON Lines result file that makes a re-run resume (default DIR/results.jsonl)',
      )
      .option('--retry-failed', 'with --batch: run again the entries the result file records as not captured')
      .option('--entry-timeout <ms>', 'with --batch: kill an entry after this long (default --timeout + 5000)')
      .option('--max-memory <MB>', "with --batch: each capture's heap (default 512)")
      .option(
        '--max-output <bytes>',
        'with --batch: most bytes of description one capture may write (default 33554432)',
      )
      .addHelpText('after', examples + batchHelp)
      .action(async (options: CaptureCommandOptions & BatchOptions) => {
        if (options.batch !== undefined) {
          refuseWithBatch(options);
          const { runCaptureBatch } = await import('../capture-batch.js');
          setExitCode(await runCaptureBatch(options, io));
          return;
        }
        for (const [flag, value] of [
          ['--jobs', options.jobs],
          ['--shard', options.shard],
          ['--results', options.results],
          ['--retry-failed', options.retryFailed],
          ['--entry-timeout', options.entryTimeout],
          ['--max-memory', options.maxMemory],
          ['--max-output', options.maxOutput],
        ] as const)
          if (value !== undefined) throw new UsageError(`${flag} needs --batch`);
        const { runCapture } = await import('./capture-run.js');
        setExitCode(await runCapture(options, io));
      }),
  );

const batchHelp = `

--batch LIST.jsonl -o DIR (docs/scale.md): one server a line, {"id": "NAME", "stdio": {"command": "CMD",
"args": [...], "env": ["VAR", ...]}} or {"id": "NAME", "url": "URL", "headers": {"Authorization": "Bearer \${TOKEN}"}};
env names and \${VAR} take their values from this environment (redacted from every output). Each
entry is a child \`mcpdesc capture\` with --entry-timeout, --max-memory and --max-output budgets, writing
DIR/NAME.mcpdesc.json; its outcome is appended to the result file as one JSON line, and a re-run
skips the entries it records. Exit 0 when every entry was captured, 1 when one was not.`;

/** The options of one capture that a batch's entries say for themselves. */
function refuseWithBatch(options: CaptureCommandOptions): void {
  for (const [flag, given] of [
    ['--stdio', options.stdio !== undefined],
    ['--url', options.url !== undefined],
    ['--env', options.env.length > 0],
    ['--header', options.header.length > 0],
    ['--cwd', options.cwd !== undefined],
    ['--merge-into', options.mergeInto !== undefined],
    ['--record', options.record === true],
    ['--client-capabilities', options.clientCapabilities !== undefined],
  ] as const)
    if (given)
      throw new UsageError(`${flag} does not apply to --batch: each entry of the list says how to reach its server`);
}
