import type { RunBudget } from 'mcpdesc-core/source';

/** How `readFile` reads a path (read-file.ts implements it). */
export interface ReadOptions {
  /**
   * Refuse (UntrustedFile) a file writable by others or owned by another user: for files the
   * tool finds by itself (configuration discovery), not for files the user named.
   */
  ownedOnly?: boolean;
}

/** What the CLI needs from the world. `bin.ts` passes the real process; tests pass buffers. */
export interface CliIO {
  stdout: (text: string) => void;
  /**
   * Resolves when standard output has taken what was written (backpressure): a large report is
   * written piece by piece and waits here between pieces. Without it, writes never wait.
   */
  stdoutDrained?: () => Promise<void>;
  stderr: (text: string) => void;
  /**
   * Reads a regular file as bytes (`read-file.ts`); `-` means standard input. Never holds more
   * than `maxBytes`: a larger input rejects with InputTooLarge (a regular file's size is checked
   * before reading). A FIFO, device, socket or directory rejects with NotARegularFile before it
   * is opened; with `ownedOnly`, a file another user could have written rejects with UntrustedFile.
   */
  readFile: (path: string, maxBytes: number, options?: ReadOptions) => Promise<Uint8Array>;
  /** Replaces a file's content atomically (a temporary file in the same directory, renamed) with the pieces, in order. */
  writeFile: (path: string, pieces: Iterable<string>) => Promise<void>;
  /**
   * Appends one line to a file (created if absent) in one write, so a line is there whole or not
   * at all when the process is killed between entries (capture --batch's result file).
   */
  appendLine?: (path: string, line: string) => Promise<void>;
  /**
   * How to start this CLI again as a child process (capture --batch runs each entry in one): node,
   * the flags it was started with, and this script.
   */
  self?: { command: string; flags: string[]; script: string };
  /** What is at a path, following symbolic links; undefined when nothing is. Without it, `-o` is checked only when written. */
  pathKind?: (path: string) => Promise<PathKind | undefined>;
  /** Rejects when a file cannot be created in the directory (read-only file system, permissions). Without it, only when written. */
  probeDirectory?: (directory: string) => Promise<void>;
  /** Creates a directory and its missing parents (split's -o). Without it, the directory must exist. */
  makeDirectory?: (directory: string) => Promise<void>;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Whether stdout is a terminal (colours). */
  isTTY: boolean;
  /** Whether standard error is a terminal (progress lines). */
  stderrIsTTY?: boolean;
  /**
   * Draws the one progress line on a terminal's standard error (`''` erases it); absent when
   * standard error is not a terminal. `cli()` sets it: the line's text is neutralised, only the
   * redraw sequence is raw.
   */
  progress?: (line: string) => void;
  /** The work bound of this run over all its inputs; `cli()` gives every run its own. */
  run?: RunBudget;
}

/** A device or a FIFO is `other`: written in place, never replaced by a rename. */
export type PathKind = 'file' | 'directory' | 'other';

/** An input larger than the byte limit; `size` when it is known without reading (a regular file). */
export class InputTooLarge extends Error {
  override name = 'InputTooLarge';
  constructor(readonly size?: number) {
    super(
      size === undefined ? 'input larger than the byte limit' : `input of ${size} bytes is larger than the byte limit`,
    );
  }
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
