import type { Command } from 'commander';
import type { CliIO } from './io.js';

/**
 * A command file exports one `define` function: it declares options and help (cheap) and
 * imports its implementation only when the action runs, so start-up stays light.
 */
export type DefineCommand = (io: CliIO, setExitCode: (code: number) => void) => Command;
