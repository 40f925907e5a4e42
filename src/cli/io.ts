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

/** A user error: printed as one line, exit code 2, no stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const ExitCode = { success: 0, failed: 1, usage: 2 } as const;
