#!/usr/bin/env node
/**
 * Build step of `mcpdesc playground`: bundles the page script (dist/playground/app/main.js, the
 * compiled page app, with the core it imports) into one browser script, dist/playground/app.js,
 * which the command inlines into the page. Runs at build time only: esbuild is a dev dependency.
 * Run after `tsc -b` (the root `npm run build` does both).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(packageRoot, 'dist', 'playground', 'app', 'main.js');
const output = join(packageRoot, 'dist', 'playground', 'app.js');

const result = await build({
  entryPoints: [entry],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  // ASCII output: the page's bytes do not depend on how the file is later decoded.
  charset: 'ascii',
  // Licence notices of the bundled packages are kept, at the end of the script.
  legalComments: 'eof',
  logLevel: 'warning',
});
const [file] = result.outputFiles;
// Written beside and renamed: test files that build it at the same time never see half a script.
const temporary = `${output}.${process.pid}.tmp`;
writeFileSync(temporary, file.text);
renameSync(temporary, output);
