#!/usr/bin/env node
/**
 * Build step of the `mcpdesc` binary: bundles the compiled CLI (dist/cli/bin.js, with the core
 * it imports) into dist/bin/, one entry script and a chunk per lazily loaded part.
 *
 * Why: Node 20 loads an ES module graph file by file (resolve, stat, read, compile). A
 * one-tool `validate` loaded 165 modules and 1.9 MB of source, 40% of its start-up; bundled and
 * minified it loads a few dozen chunks of what it uses. The commands' `import()` calls stay
 * split points, so `validate` still loads no other command and no MCP SDK.
 *
 * The toolkit's own dependencies (MCP SDK, commander, …) stay imports, resolved from
 * node_modules as before; the core and its dependencies are bundled. dist/bin/meta.json
 * (esbuild's metafile: which source module went into which chunk) is for the start-up test and
 * is not published. Runs at build time only (esbuild is a dev dependency), after `tsc -b`.
 */
import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageRoot, 'dist');
const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => name !== 'mcpdesc-core');

// Built in a fresh folder and swapped in: a test that runs the binary meanwhile never sees half a bundle.
const output = join(dist, 'bin');
const staging = join(dist, `bin.${process.pid}.tmp`);
const result = await build({
  entryPoints: {
    mcpdesc: join(dist, 'cli', 'bin.js'),
    // Started as a worker by `new URL('./lsp-worker.js', import.meta.url)`: an entry of its own beside the chunks.
    'lsp-worker': join(dist, 'cli', 'commands', 'lsp-worker.js'),
    // Started by `new URL('./check-worker.js', import.meta.url)` (validate/lint --jobs): an entry too.
    'check-worker': join(dist, 'cli', 'check-worker.js'),
  },
  absWorkingDir: packageRoot,
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  // Names are minified too (less source to read and compile at start-up): to read a `--debug` stack
  // trace by function name, run the unbundled CLI, `node packages/cli/dist/cli/bin.js`.
  minifyWhitespace: true,
  minifySyntax: true,
  minifyIdentifiers: true,
  charset: 'utf8',
  legalComments: 'eof',
  metafile: true,
  logLevel: 'warning',
});
writeFileSync(
  join(staging, 'meta.json'),
  JSON.stringify(
    Object.fromEntries(
      Object.entries(result.metafile.outputs).map(([file, out]) => [
        relative(staging, join(packageRoot, file)),
        Object.keys(out.inputs),
      ]),
    ),
    null,
    1,
  ),
);
chmodSync(join(staging, 'mcpdesc.js'), 0o755);
rmSync(output, { recursive: true, force: true });
renameSync(staging, output);
