/** What the CLI needs from the world. `bin.ts` passes the real process; tests pass buffers. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads a file as bytes; `-` means standard input. */
  readFile: (path: string) => Promise<Uint8Array>;
  writeFile: (path: string, text: string) => Promise<void>;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal (colours, progress). */
  isTTY: boolean;
}

export const ExitCode = { success: 0, failed: 1, usage: 2 } as const;

/**
 * Ends the command with `exitCode`, caught once by `cli()`. A message, when there is one, is
 * printed as one line; there is never a stack trace (what went wrong is the user's input, not the toolkit).
 */
export class CliExit extends Error {
  override name = 'CliExit';
  constructor(
    readonly exitCode: number,
    message = '',
  ) {
    super(message);
  }
}

/** Prints an exit's message, when it has one, as `cli()` does. */
export function reportExit(io: CliIO, exit: CliExit): void {
  if (exit.message) io.stderr(`mcpdesc: ${exit.message}\n`);
}

/** A user error (bad option, unreadable file): printed as one line, exit code 2. */
export class UsageError extends CliExit {
  override name = 'UsageError';
  constructor(message: string) {
    super(ExitCode.usage, message);
  }
}
