/**
 * The language server's checker thread: whole-text validate + lint, so that the server's main
 * thread keeps answering requests (completion, hover) while a large document is checked.
 */
import { parentPort } from 'node:worker_threads';
import { lint } from 'mcpdesc-core/lint';
import { createSchemaService } from 'mcpdesc-core/validate';
import type { FullCheckOptions } from '../../lsp/server.js';

export interface CheckRequest {
  id: number;
  text: string;
  options: FullCheckOptions;
}

const schemas = createSchemaService();
parentPort?.on('message', ({ id, text, options }: CheckRequest) => {
  try {
    parentPort!.postMessage({ id, diagnostics: lint(text, { ...options, schemas }).diagnostics });
  } catch (error) {
    parentPort!.postMessage({ id, error: String(error) });
  }
});
