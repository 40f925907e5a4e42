import { Command, Option } from 'commander';
import { formatNames } from 'mcpdesc-core/report';
import { formatOption, reportFormatChoices, textFormat } from '../format-option.js';
import type { DefineCommand } from '../command.js';
import { addConnectionOptions } from '../connection-options.js';
import { addOAuthOptions } from '../oauth-options.js';
import type { VerifyCommandOptions } from './verify-run.js';
import { addReportingOptions } from '../reporting-options.js';

const examples = `
Examples:
  $ mcpdesc verify server.mcpdesc.yaml --stdio "node server.js"
  $ mcpdesc verify server.mcpdesc.yaml --url https://mcp.example.com/mcp --header "Authorization: Bearer \${TOKEN}" --format sarif
  $ mcpdesc verify server.mcpdesc.yaml --url https://mcp.example.com/mcp --oauth-client-credentials --oauth-client-id ci-bot --oauth-client-secret-env MCP_CLIENT_SECRET
  $ mcpdesc verify server.mcpdesc.yaml --stdio "node server.js" --call none
  $ mcpdesc verify recorded.mcpdesc.yaml --stdio "node server.js" --results --ignore-path /structuredContent/generatedAt

Connects to a running server and checks it against the description, for every revision of the
description (or --protocol): drift (missing and undeclared primitives; title, description,
schemas compared semantically, annotations, execution, _meta, icons, MIME types; capabilities;
server info), contract checks (named examples of tools whose annotations say readOnlyHint: true
are called and their results checked; resource examples read; prompt examples got; generated
invalid inputs to read-only tools must fail) and protocol hygiene (2026-07-28 cache fields,
stable tool order, invalid cursor -32602, x-mcp-header consistency).

--call read-only (default) calls only tools that both the description and the server mark
readOnlyHint: true. --call all calls EVERY tool that has a named example, including destructive
ones: DANGEROUS, never against production. --call none makes no call at all.
--max-calls bounds the calls, reads, gets and completions per revision (default 1000).

--results (behavioural drift) also compares each live result with the recorded one (examples
written by capture --record, or carrying x-mcpdesc-volatile): structure always (JSON types,
object members, array lengths and order, the "type" of content blocks), values except at the
--ignore-path JSON Pointers (repeatable; "*" matches any array item, e.g. /content/*/text) and
the example's own x-mcpdesc-volatile pointers. Recorded completions are asked again.

The findings are rules (\`mcpdesc rules\` lists them): mcpdesc.config.json sets their
severities as for validate and lint ("rules": { "verify.drift.undeclared": "warn",
"verify.hygiene.order": "off" }), the nearest one from the description's folder or --config
FILE; the checks and the exit code follow the configured severities.

Exit codes: 0 no error finding, 1 an error finding, 2 usage, I/O or connection error.`;

const collect = (value: string, previous: string[]) => [...previous, value];

export const defineVerify: DefineCommand = (io, setExitCode) =>
  addReportingOptions(
    addOAuthOptions(addConnectionOptions(new Command('verify')))
      .description('check a running MCP server against a description: drift, contract checks, protocol hygiene')
      .argument('<file>', 'the description (.json, .yaml, .yml)')
      .addOption(
        formatOption('-f, --format <format>', 'report format', reportFormatChoices(formatNames), {
          defaultChoice: textFormat,
          textValue: 'stylish',
        }),
      )
      .addOption(
        new Option('--call <policy>', 'which tools may be called: read-only, all (dangerous), none')
          .choices(['read-only', 'all', 'none'])
          .default('read-only'),
      )
      .option('--results', 'also compare live results with the recorded examples (behavioural drift)')
      .option(
        '--ignore-path <pointer>',
        'with --results: a JSON Pointer into results whose values may change ("*" for array items; repeatable)',
        collect,
        [],
      )
      .option('--max-calls <n>', 'most calls, reads, gets and completions per revision (default 1000)')
      .option('-o, --output <file>', 'write the report to a file instead of standard output')
      .option('--no-color', 'no ANSI colours in the text report')
      .addHelpText('after', examples)
      .action(async (file: string, options: VerifyCommandOptions) => {
        const { runVerify } = await import('./verify-run.js');
        setExitCode(await runVerify(file, options, io));
      }),
    { kind: 'check' },
  );
