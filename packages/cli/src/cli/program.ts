import { Command, CommanderError } from 'commander';
import { CliExit, ExitCode, reportExit, type CliIO } from './io.js';
import type { DefineCommand } from './command.js';
import { withChoiceSuggestion } from './choice-suggestion.js';
import { neutralizeOutput, printableLine, version } from 'mcpdesc-core/report';
import { RunBudget } from 'mcpdesc-core/source';

/** Runs the mcpdesc CLI with `argv` (without the node and script entries) and returns the exit code. */
export async function cli(argv: string[], given: CliIO): Promise<number> {
  // Standard error carries only human text: whatever a document, server or client put into it is neutralised here, once.
  const io: CliIO = {
    ...given,
    stderr: (text) => given.stderr(neutralizeOutput(text, 'text')),
    run: given.run ?? new RunBudget(),
  };
  // Carriage return and erase-line redraw the progress line; everything else in it is neutralised.
  if (given.stderrIsTTY) io.progress = (line) => given.stderr(`\r\u001b[2K${printableLine(line)}`);
  const state = { exitCode: ExitCode.success as number };
  const output = {
    writeOut: io.stdout,
    writeErr: io.stderr,
    outputError: (text: string, write: (text: string) => void) => write(withChoiceSuggestion(text)),
  };
  const program = new Command('mcpdesc')
    .description('The toolkit for MCP Description documents: validate, lint, convert and more.')
    .version(version, '-V, --version')
    .option('--debug', 'print stack traces of internal errors')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput(output)
    .exitOverride();
  program.addHelpText('after', "\nRun `mcpdesc <command> --help` for a command's options and examples.");
  for (const define of await commandsFor(argv)) {
    const command = define(io, (code) => {
      state.exitCode = Math.max(state.exitCode, code);
    });
    command.exitOverride().configureOutput(output);
    program.addCommand(command);
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return state.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? ExitCode.success : ExitCode.usage;
    }
    if (error instanceof CliExit) {
      reportExit(io, error);
      return error.exitCode;
    }
    const debug = argv.includes('--debug');
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`mcpdesc: internal error: ${message}\n`);
    if (debug && error instanceof Error && error.stack) io.stderr(error.stack + '\n');
    else io.stderr('(run with --debug for the stack trace)\n');
    return ExitCode.usage;
  }
}

/**
 * The checking commands run on every push in CI: when one is named first, only its definition
 * is loaded (commander then sees no sibling command, which a subcommand's parsing never uses);
 * anything else (help, other commands, a typo to suggest a name for) loads every command.
 */
const checkingCommands: Readonly<Record<string, () => Promise<DefineCommand>>> = {
  validate: async () => (await import('./commands/validate.js')).defineValidate,
  lint: async () => (await import('./commands/lint.js')).defineLint,
};

async function commandsFor(argv: string[]): Promise<DefineCommand[]> {
  const first = argv[0];
  if (first !== undefined && Object.prototype.hasOwnProperty.call(checkingCommands, first)) {
    return [await checkingCommands[first]!()];
  }
  return (await import('./commands/index.js')).commands;
}
