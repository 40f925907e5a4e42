import type { Diagnostic } from 'mcpdesc-core/model';
import type { LintConfig } from 'mcpdesc-core/lint';

/** The lint configuration that applies to a document, found by the host (which reads files). */
export interface ConfigLookup {
  config?: LintConfig;
  /** The document's path relative to the configuration's directory, for its `overrides`. */
  path?: string;
  /** Why the configuration found could not be used (it is then ignored). */
  error?: string;
  /** A JavaScript configuration, left for the checker thread to import (`fullCheck` then checks every text). */
  configFile?: ConfigFile;
}

/** A JavaScript configuration as found (owner and size checked): its path and the bytes read. */
export interface ConfigFile {
  path: string;
  bytes: Uint8Array;
}

export interface ServerOptions {
  /** The nearest `mcpdesc.config.json` for a document URI; none means the recommended preset. */
  findConfig(uri: string): Promise<ConfigLookup>;
  /**
   * Validates and lints a whole text (what `mcpdesc lint` reports for it). The Node host runs it
   * in a worker thread, so that requests are answered while a large document is checked; by
   * default it runs here. Undefined: superseded by a newer check of the same document.
   */
  fullCheck?(text: string, options: FullCheckOptions): Promise<FullCheckResult | undefined>;
  /** How long a check waits for `findConfig` before it goes on with the recommended preset (default 2 s). */
  configTimeoutMs?: number;
  /** Quiet time after an edit before it is checked (default 50 ms); the tests hold checks back with a long one. */
  debounceMs?: number;
}

/** What the host needs to know of the server to end the process as LSP says. */
export interface RunningServer {
  /** Whether the client sent `shutdown`: exit code 0 when the connection ends, 1 otherwise. */
  readonly shutdownReceived: boolean;
}

/** What a whole-text check needs: the file name (for the format) and the lint configuration. */
export interface FullCheckOptions {
  filename: string;
  config?: LintConfig;
  path?: string;
  /** A JavaScript configuration the checker thread imports itself (plugin rules are functions: they cannot cross). */
  configFile?: ConfigFile;
}

/** A whole-text check's findings, and what the user is told once beside them (a configuration not loaded, a check stopped). */
export interface FullCheckResult {
  diagnostics: Diagnostic[];
  problem?: string;
}
