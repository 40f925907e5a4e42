import { Command, CommanderError } from 'commander';
import { CliExit, ExitCode, reportExit, type CliIO } from './io.js';
import { commands } from './commands/index.js';
import { neutralizeOutput } from '../report/control-characters.js';
import { RunBudget } from '../source/limits.js';
import { version } from '../report/version.js';

/** Runs the mcpdesc CLI with `argv` (without the node and script entries) and returns the exit code. */
export async function cli(argv: string[], given: CliIO): Promise<number> {
  // Standard error carries only human text: whatever a document, server or client put into it is neutralised here, once.
  const io: CliIO = {
    ...given,
    stderr: (text) => given.stderr(neutralizeOutput(text, 'text')),
    run: given.run ?? new RunBudget(),
  };
  const state = { exitCode: ExitCode.success as number };
  const program = new Command('mcpdesc')
    .description('The toolkit for MCP Description documents: validate, lint, convert and more.')
    .version(version, '-V, --version')
    .option('--debug', 'print stack traces of internal errors')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();
  program.addHelpText('after', "\nRun `mcpdesc <command> --help` for a command's options and examples.");
  for (const define of commands) {
    const command = define(io, (code) => {
      state.exitCode = Math.max(state.exitCode, code);
    });
    command.exitOverride().configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
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
