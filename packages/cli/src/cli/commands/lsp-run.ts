import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'vscode-languageserver/node';
import { checkConfig, configFileName } from 'mcpdesc-core/internal/lint/config.js';
import { startServer, type ConfigLookup } from '../../lsp/server.js';

/**
 * Serves LSP on standard input and output until the client sends `exit` or closes the input
 * (the connection then ends the process). Nothing else may write to standard output.
 */
export function runLsp(): Promise<never> {
  startServer(createConnection(process.stdin, process.stdout), { findConfig });
  return new Promise<never>(() => {});
}

/** The nearest mcpdesc.config.json above a file: read again at every check, so edits to it apply at once. */
async function findConfig(uri: string): Promise<ConfigLookup> {
  if (!uri.startsWith('file:')) return {};
  const file = fileURLToPath(uri);
  for (let directory = dirname(file); ; directory = dirname(directory)) {
    const path = join(directory, configFileName);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return { error: `cannot read ${path}: ${(error as Error).message}` };
      if (dirname(directory) === directory) return {};
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { error: `configuration ${path} is not valid JSON: ${(error as Error).message}` };
    }
    const checked = checkConfig(value);
    if (!checked.ok) return { error: `configuration ${path} is invalid: ${checked.errors.join('; ')}` };
    return { config: checked.config, path: relative(directory, file).split(sep).join('/') };
  }
}
