/**
 * The language server's checker thread: whole-text validate + lint, so that the server's main
 * thread keeps answering requests (completion, hover) while a large document is checked. A
 * JavaScript configuration is imported here, never on the main thread, by the loader `mcpdesc
 * lint` uses: its rules run code, and a check that never returns is stopped by terminating this
 * thread (lsp-run.ts).
 */
import { parentPort } from 'node:worker_threads';
import { lint, type LintConfig } from 'mcpdesc-core/lint';
import type { Diagnostic } from 'mcpdesc-core/model';
import { createSchemaService } from 'mcpdesc-core/validate';
import type { FullCheckOptions } from '../../lsp/server.js';
import { loadConfigFile } from '../config-discovery.js';
import { ConfigError, configErrorLine } from '../config-error.js';
import { pathKind, readFileBounded } from '../read-file.js';

export interface CheckRequest {
  id: number;
  text: string;
  options: FullCheckOptions;
}

/** The answer to a request: its findings, and why its JavaScript configuration could not be used (then the recommended preset applied). */
export interface CheckAnswer {
  id: number;
  diagnostics?: Diagnostic[];
  configError?: string;
  error?: string;
}

const schemas = createSchemaService();
const reader = { readFile: readFileBounded, pathKind };

parentPort?.on('message', async ({ id, text, options }: CheckRequest) => {
  const answer: CheckAnswer = { id };
  try {
    const { configFile, ...lintOptions } = options;
    let config: LintConfig | undefined = lintOptions.config;
    if (configFile !== undefined) {
      try {
        // The bytes the main thread's discovery read (owner and size checked); unchanged ones are imported once (config-js.ts).
        config = (await loadConfigFile(configFile.bytes, configFile.path, reader, { allowJs: true })).config;
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        answer.configError = configErrorLine(error);
      }
    }
    answer.diagnostics = lint(text, { ...lintOptions, ...(config ? { config } : {}), schemas }).diagnostics;
  } catch (error) {
    answer.error = String(error);
  }
  parentPort!.postMessage(answer);
});
