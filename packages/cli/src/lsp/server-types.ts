import type { Diagnostic } from 'mcpdesc-core/model';
import type { LintConfig } from 'mcpdesc-core/lint';

/** The lint configuration that applies to a document, found by the host (which reads files). */
export interface ConfigLookup {
  config?: LintConfig;
  /** The document's path relative to the configuration's directory, for its `overrides`. */
  path?: string;
  /** Why the configuration found could not be used (it is then ignored). */
  error?: string;
}

export interface ServerOptions {
  /** The nearest `mcpdesc.config.json` for a document URI; none means the recommended preset. */
  findConfig(uri: string): Promise<ConfigLookup>;
  /**
   * Validates and lints a whole text (what `mcpdesc lint` reports for it). The Node host runs it
   * in a worker thread, so that requests are answered while a large document is checked; by
   * default it runs here. Undefined: superseded by a newer check of the same document.
   */
  fullCheck?(text: string, options: FullCheckOptions): Promise<Diagnostic[] | undefined>;
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
}
