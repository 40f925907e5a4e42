/**
 * The core bundled for the browser with esbuild (ESM, minified, `platform: 'browser'`), from the
 * built package as a consumer's bundler sees it (`mcpdesc-core`, its `exports`, `sideEffects: false`).
 */
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { repoRoot } from '../helpers/paths.js';

/** What the validate bundle exports: validation with the embedded-schema engine, as the CLI runs it. */
export const validateEntry = "export { validate, createSchemaService } from 'mcpdesc-core';";
/** The page's bundle: validate and lint. */
export const validateLintEntry = "export { validate, lint, createSchemaService } from 'mcpdesc-core';";

export interface CoreBundle {
  code: string;
  /** Bytes of the minified bundle, and gzipped (level 9). */
  bytes: number;
  gzipBytes: number;
  /** Output bytes contributed by each input file (esbuild's metafile), by path. */
  inputs: Record<string, number>;
}

export async function bundleCore(entry: string): Promise<CoreBundle> {
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: repoRoot, loader: 'js', sourcefile: 'entry.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0]!;
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs: Record<string, number> = {};
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) inputs[path] = bytesInOutput;
  return {
    code: file.text,
    bytes: file.contents.length,
    gzipBytes: gzipSync(file.contents, { level: 9 }).length,
    inputs,
  };
}

/** A readable part name for an input path: a package (its dist directory for ajv) or a core directory. */
export function partOf(path: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:dist\/([a-z]+)\/)?/.exec(path);
  if (pkg) return pkg[1] === 'ajv' && pkg[2] ? `ajv/dist/${pkg[2]}` : pkg[1]!;
  const core = /packages\/core\/dist\/([a-z-]+)\//.exec(path);
  if (core) return `core/${core[1]}`;
  return path;
}

/** Output bytes per part, largest first. */
export function bytesByPart(bundle: CoreBundle): [string, number][] {
  const parts = new Map<string, number>();
  for (const [path, bytes] of Object.entries(bundle.inputs))
    parts.set(partOf(path), (parts.get(partOf(path)) ?? 0) + bytes);
  return [...parts].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1]);
}
