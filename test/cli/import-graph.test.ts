import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { importSpecifiers, packageName, relativeImports } from '../helpers/imports.js';

/** The built CLI package; the tests run from the repository root. */
const root = resolve('packages/cli/dist');
/** The built core package. */
const coreRoot = resolve('packages/core/dist');

function modulesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every cycle of a directed graph, each once, as the path from its first node back to it. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = path.slice(path.indexOf(next));
        const key = [...cycle].sort().join('\n');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...cycle, next]);
        }
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The import graph of the built CLI package: module path (relative to its dist, `/`-separated) -> what it imports. */
function importGraph(): Map<string, string[]> {
  const name = (file: string) => relative(root, file).split(sep).join('/');
  const graph = new Map<string, string[]>();
  for (const file of modulesUnder(root)) {
    const code = readFileSync(file, 'utf8');
    graph.set(
      name(file),
      relativeImports(code).map((specifier) => name(resolve(dirname(file), specifier))),
    );
  }
  return graph;
}

test('the cycle finder finds cycles, and only those', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c', 'd']],
    ['c', ['a']],
    ['d', []],
    ['e', ['e']],
  ]);
  assert.deepEqual(cyclesOf(graph), [
    ['a', 'b', 'c', 'a'],
    ['e', 'e'],
  ]);
  assert.deepEqual(cyclesOf(new Map([['a', ['b']]])), []);
  assert.deepEqual(relativeImports("import { x } from './x.js';\nconst y = await import('../y.js');\nimport 'z';"), [
    './x.js',
    '../y.js',
  ]);
});

test('no import cycle runs through a CLI module', () => {
  const graph = importGraph();
  assert.ok(
    [...graph.keys()].some((module) => module.startsWith('cli/commands/')),
    'the built CLI was read',
  );
  const cycles = cyclesOf(graph).filter((cycle) => cycle.some((module) => module.startsWith('cli/')));
  assert.deepEqual(
    cycles.map((cycle) => cycle.join(' -> ')),
    [],
  );
});

test('the built core imports nothing outside itself but its declared dependencies', () => {
  const manifest = JSON.parse(readFileSync(resolve('packages/core/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const allowed = new Set(Object.keys(manifest.dependencies));
  const modules = modulesUnder(coreRoot);
  assert.ok(modules.length > 100, 'the built core was read');
  const wrong = modules.flatMap((file) => {
    const code = readFileSync(file, 'utf8');
    const name = relative(coreRoot, file).split(sep).join('/');
    const outside = relativeImports(code)
      .filter((specifier) => relative(coreRoot, resolve(dirname(file), specifier)).startsWith('..'))
      .map((specifier) => `${name} -> ${specifier}`);
    // Node built-ins (`node:fs`) are foreign too: the core declares none.
    const foreign = importSpecifiers(code)
      .filter((specifier) => !specifier.startsWith('.'))
      .filter((specifier) => !allowed.has(packageName(specifier)))
      .map((specifier) => `${name} -> ${specifier}`);
    return [...outside, ...foreign];
  });
  assert.deepEqual(wrong, []);
});

test('a command module imports no other command module, only shared CLI modules', () => {
  const graph = importGraph();
  // A command is `commands/<name>.ts` with its implementation in `commands/<name>-run.ts`; the list is `commands/index.ts`.
  const commandOf = (module: string) => /^cli\/commands\/([a-z]+)(?:-run)?\.js$/.exec(module)?.[1];
  const wrong = [...graph].flatMap(([module, imports]) => {
    const own = commandOf(module);
    if (own === undefined || module === 'cli/commands/index.js') return [];
    return imports.filter((i) => commandOf(i) !== undefined && commandOf(i) !== own).map((i) => `${module} -> ${i}`);
  });
  assert.deepEqual(wrong, []);
});
