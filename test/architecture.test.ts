/**
 * The house rules of docs/architecture.md, checked on the source: the core imports no Node
 * built-in and nothing of `cli/` or `live/`; revision dates and MCP Description versions are
 * written only in their tables; only the shape table lists the primitive collections.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { primitiveCollections, scopedCollections } from 'mcpdesc-core/internal/model/document.js';
import { revisions } from 'mcpdesc-core/internal/model/revisions.js';
import { specVersionList, legacySpecVersion } from 'mcpdesc-core/internal/model/spec-versions.js';
import { repoRoot } from './helpers/paths.js';

/** The two packages' sources: the pure core, and the CLI with its live and editor layers. */
const sourceRoots = { core: join(repoRoot, 'packages/core/src'), cli: join(repoRoot, 'packages/cli/src') };

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out.sort();
}

interface SourceFile {
  /** Path relative to its package's src/, with forward slashes. */
  path: string;
  pkg: 'core' | 'cli';
  ast: ts.SourceFile;
}

const files: SourceFile[] = (['core', 'cli'] as const).flatMap((pkg) =>
  sourceFiles(sourceRoots[pkg]).map((path) => ({
    path: relative(sourceRoots[pkg], path).split('\\').join('/'),
    pkg,
    ast: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true),
  })),
);

/** The CLI package's own directories (`playground`: the page app and template of `mcpdesc playground`). */
const isEdge = (path: string): boolean => /^(cli|live|lsp|playground)\//.test(path);

function lineOf(file: SourceFile, node: ts.Node): number {
  return file.ast.getLineAndCharacterOfPosition(node.getStart(file.ast)).line + 1;
}

/** Every module specifier a file imports or re-exports, statically or with `import()`. */
function importsOf(file: SourceFile): { specifier: string; line: number }[] {
  const out: { specifier: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push({ specifier: node.moduleSpecifier.text, line: lineOf(file, node) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      out.push({ specifier: node.arguments[0].text, line: lineOf(file, node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file.ast);
  return out;
}

const builtins = new Set(builtinModules);

test('the core package imports no Node built-in and nothing of the CLI package', () => {
  assert.ok(
    files.some((file) => file.path.startsWith('cli/')) && files.some((file) => file.path.startsWith('validate/')),
  );
  const offences: string[] = [];
  for (const file of files) {
    if (file.pkg === 'cli') continue;
    for (const { specifier, line } of importsOf(file)) {
      if (specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]!) || specifier.startsWith('mcpdesc-')) {
        offences.push(`${file.path}:${line} imports ${specifier}`);
      } else if (specifier.startsWith('.')) {
        const target = join('/', file.path, '..', specifier).slice(1);
        if (isEdge(target)) offences.push(`${file.path}:${line} imports ${specifier} (the CLI package)`);
      }
    }
  }
  assert.deepEqual(offences, []);
});

test('the CLI package reaches the core only through its package name, never by a relative path', () => {
  const offences: string[] = [];
  for (const file of files) {
    if (file.pkg === 'core') continue;
    for (const { specifier, line } of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = join('/', file.path, '..', specifier).slice(1);
      if (!isEdge(target)) offences.push(`${file.path}:${line} imports ${specifier}`);
    }
  }
  assert.deepEqual(offences, []);
});

/** The core's sub-entries (packages/core/src/entries/), one per room the CLI uses, named in the core's `exports`. */
const coreEntries = ['model', 'source', 'schema', 'validate', 'report', 'lint', 'operations', 'render', 'diff'];

test('the CLI package imports the core through its public entry and sub-entries, never its internal modules', () => {
  const allowed = new Set(['mcpdesc-core', ...coreEntries.map((room) => `mcpdesc-core/${room}`)]);
  const offences: string[] = [];
  for (const file of files) {
    if (file.pkg === 'core') continue;
    for (const { specifier, line } of importsOf(file))
      if (specifier.startsWith('mcpdesc-core') && !allowed.has(specifier))
        offences.push(`${file.path}:${line} imports ${specifier}`);
  }
  assert.deepEqual(offences, []);
  // Each sub-entry is a file of re-exports under entries/ and a key of the core's `exports`, and nothing more.
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'packages/core/package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  const subEntries = Object.keys(manifest.exports).filter((key) => /^\.\/[a-z-]+$/.test(key));
  assert.deepEqual(subEntries.sort(), coreEntries.map((room) => `./${room}`).sort());
  for (const room of coreEntries) {
    const text = readFileSync(join(repoRoot, `packages/core/src/entries/${room}.ts`), 'utf8');
    const code = text.replace(/\/\*\*[\s\S]*?\*\/\n/, '').trim();
    for (const statement of code.split(/;\s*/).filter(Boolean))
      assert.match(statement, /^export \{[^}]*\} from '\.\.\/[\w./-]+\.js'$/, `entries/${room}.ts: ${statement}`);
  }
});

/**
 * String literals that may name a revision or an MCP Description version outside the tables:
 * rule documentation examples (a document needs its versions), and these files, each for the
 * reason beside it.
 */
const literalAllowList: Record<string, string> = {
  'model/revisions.ts': 'the revision table',
  'model/spec-versions.ts': 'the MCP Description version table',
  'validate/structural-schema.ts': "the format's structural schema states the enum of each version it describes",
};

/** Properties whose values are example documents or help text, not facts the code acts on. */
const exampleProperties = new Set(['docs', 'bad', 'good', 'example', 'examples']);

/** Properties of the example documents rule files build for their documentation. */
const exampleDocumentProperties = new Set(['mcpdesc', 'protocolVersions']);
const isRuleFile = (path: string): boolean =>
  /^(validate|lint)\/rules\//.test(path) || path === 'validate/mcp/rule-docs.ts' || path === 'lint/example-document.ts';

function insideExample(node: ts.Node, path: string): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (isRuleFile(path)) {
      // A rule file's example documents (`const base = { mcpdesc: ..., protocolVersions: [...] }`, a
      // `protocolVersions = [...]` parameter default of an example builder) name versions as data.
      if (ts.isPropertyAssignment(at) && exampleDocumentProperties.has(at.name.getText().replace(/['"]/g, '')))
        return true;
      if (ts.isParameter(at) && at.initializer) return true;
    }
    if (ts.isPropertyAssignment(at) && exampleProperties.has(at.name.getText().replace(/['"]/g, ''))) return true;
    // Help text passed to commander (`.description(...)`, `.addHelpText(...)`, `.option(...)`) is prose for users.
    if (ts.isCallExpression(at) && ts.isPropertyAccessExpression(at.expression)) {
      const method = at.expression.name.text;
      if (method === 'addHelpText' || method === 'description' || method === 'option' || method === 'summary')
        return true;
    }
  }
  return false;
}

test('revision dates and MCP Description versions are written only in their tables', () => {
  const versions = new Set<string>([...revisions, ...specVersionList, legacySpecVersion]);
  const offences: string[] = [];
  for (const file of files) {
    if (literalAllowList[file.path]) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) && versions.has(node.text) && !insideExample(node, file.path)) {
        offences.push(`${file.path}:${lineOf(file, node)} ${JSON.stringify(node.text)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  assert.deepEqual(offences, [], 'use model/revisions.ts or model/spec-versions.ts');
});

test('only model/document.ts lists the primitive collections', () => {
  const collections = new Set<string>(primitiveCollections);
  const scoped = new Set<string>(scopedCollections);
  const offences: string[] = [];
  for (const file of files) {
    if (file.path === 'model/document.ts') continue;
    const visit = (node: ts.Node): void => {
      // An array literal or a type union of scoped-collection names only, naming two or more primitive
      // collections, is a copy of the table (the root property order of 3.2 is another fact).
      let named: string[] = [];
      if (ts.isArrayLiteralExpression(node)) {
        named = node.elements.filter(ts.isStringLiteralLike).map((element) => element.text);
      } else if (ts.isUnionTypeNode(node)) {
        named = node.types
          .filter(ts.isLiteralTypeNode)
          .map((type) => (ts.isStringLiteral(type.literal) ? type.literal.text : ''));
      }
      const copies =
        named.length > 0 &&
        named.every((name) => scoped.has(name)) &&
        named.filter((name) => collections.has(name)).length >= 2;
      if (copies && !insideExample(node, file.path)) {
        offences.push(`${file.path}:${lineOf(file, node)} lists ${named.join(', ')}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file.ast);
  }
  assert.deepEqual(offences, [], 'read the collections from model/document.ts');
});

/**
 * The ajv modules the core may load: the run-time helpers of ajv's generated (standalone) code,
 * and the meta-schema documents (JSON data) references resolve to.
 */
const ajvRuntime = /^ajv\/dist\/(runtime\/[a-z0-9_]+\.js|refs\/[a-z0-9/_-]+\.json)$/;

/** Lines of a file's type-only imports (`import type ...`): erased, no ajv code comes with them. */
function typeOnlyImportLines(file: SourceFile): Set<number> {
  const lines = new Set<number>();
  for (const statement of file.ast.statements) {
    if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly === true) {
      lines.add(lineOf(file, statement));
    }
  }
  return lines;
}

test("the core compiles no schema at run time: it imports ajv's types and run-time helpers only", () => {
  assert.ok(
    files.some((file) => file.pkg === 'core' && file.path.startsWith('generated/')),
    'the generated validators are checked too (npm run build writes them)',
  );
  const offences: string[] = [];
  for (const file of files) {
    if (file.pkg !== 'core') continue;
    const typeOnly = typeOnlyImportLines(file);
    for (const { specifier, line } of importsOf(file)) {
      if (!/^ajv(\/|$)/.test(specifier) || ajvRuntime.test(specifier) || typeOnly.has(line)) continue;
      offences.push(`${file.path}:${line} imports ${specifier}`);
    }
  }
  assert.deepEqual(offences, [], 'compile schemas ahead of time (packages/core/scripts/generate-validators.mjs)');
});

/**
 * The core's layers, lowest first (docs/architecture.md, "The rooms"). A module may import its own
 * folder or a lower layer; folders that share a layer do not import each other. `generated/` holds
 * build-time JSON data and the precompiled structural validators: above model (they use its URI
 * check), below the schema engine and validate that read them.
 */
const coreLayers: readonly (readonly string[])[] = [
  ['model'],
  ['generated'],
  ['source', 'schema'],
  ['validate', 'report'],
  ['lint', 'operations'],
  ['render', 'diff'],
  ['entry-points.ts', 'web-platform.d.ts'],
  ['index.ts', 'entries'],
];

function coreRoomOf(path: string): string {
  return path.split('/')[0]!;
}

function coreLayerOf(room: string): number {
  const layer = coreLayers.findIndex((rooms) => rooms.includes(room));
  assert.notEqual(layer, -1, `packages/core/src/${room} has no layer in coreLayers: place it`);
  return layer;
}

test('core modules import only their own folder or a lower layer', () => {
  const violations: string[] = [];
  let checked = 0;
  for (const file of files.filter((f) => f.pkg === 'core')) {
    const room = coreRoomOf(file.path);
    const layer = coreLayerOf(room);
    for (const { specifier, line } of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = join(file.path, '..', specifier).split('\\').join('/');
      const targetRoom = coreRoomOf(target.replace(/\.js$/, '.ts'));
      if (targetRoom === room) continue;
      checked++;
      const targetLayer = coreLayerOf(targetRoom);
      if (targetLayer >= layer) {
        violations.push(
          `packages/core/src/${file.path}:${line} (${room}, layer ${layer}) imports ${specifier} (${targetRoom}, layer ${targetLayer})`,
        );
      }
    }
  }
  assert.ok(checked > 300, `only ${checked} cross-folder imports seen: the walk is broken`);
  assert.deepEqual(violations, []);
});

/** Each package's relative import graph (type-only imports included: they tie the modules' design too). */
function importGraph(pkg: 'core' | 'cli'): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const known = new Set(files.filter((f) => f.pkg === pkg).map((f) => f.path));
  for (const file of files.filter((f) => f.pkg === pkg)) {
    const targets = importsOf(file)
      .filter(({ specifier }) => specifier.startsWith('.'))
      .map(({ specifier }) => join(file.path, '..', specifier).split('\\').join('/').replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    graph.set(file.path, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one module, or a module importing itself (Tarjan, linear). */
function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const connect = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) out.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return out
    .map((c) => c.join(' <-> '))
    .sort()
    .map((c) => c.split(' <-> '));
}

/**
 * The one cycle kept on purpose (docs/architecture.md, "Stairs"), with its reason. Every other cycle
 * fails; so does an exception that no longer matches, so the list cannot go stale, and finding it
 * shows the cycle search works.
 */
const allowedCycles: ReadonlyMap<string, string> = new Map([
  [
    'packages/core/src: schema/evaluate/applicator.ts <-> schema/evaluate/core.ts <-> schema/evaluate/schema.ts <-> schema/evaluate/unevaluated.ts',
    'JSON Schema evaluation recurses through its vocabularies: evaluateSchema (schema.ts) dispatches each keyword to ' +
      'its vocabulary module, and the applicators, $ref/$dynamicRef (core.ts) and unevaluated* evaluate their subschemas ' +
      'with evaluateSchema. A dispatch table filled at run time would hide the same recursion from the import graph, not remove it.',
  ],
]);

test('no import cycle in either package, type-only imports included, but the documented exception', () => {
  const cycles: string[] = [];
  for (const pkg of ['core', 'cli'] as const) {
    const graph = importGraph(pkg);
    assert.ok(graph.size > 50, `${pkg}: only ${graph.size} modules seen`);
    for (const cycle of importCycles(graph)) cycles.push(`packages/${pkg}/src: ${cycle.join(' <-> ')}`);
  }
  assert.deepEqual(
    cycles.filter((cycle) => !allowedCycles.has(cycle)),
    [],
    'break the cycle: move the shared types or state into a module both sides import',
  );
  assert.deepEqual(
    [...allowedCycles.keys()].filter((cycle) => !cycles.includes(cycle)),
    [],
    'an allowed cycle is gone or changed its members: update allowedCycles and docs/architecture.md',
  );
});

/** A `~0`/`~1` in a regular expression (`/~1/g`) or a string literal (`'~0'`; not a comment's code span): escaping a JSON Pointer token by hand. */
const handEscaping = /\/~[01]\/|(['"])~[01]\1/;
/** The module that escapes, and the ahead-of-time validators ajv generated (not ours to edit). */
const pointerModule = 'core:model/json-pointer.ts';
const isGenerated = (file: SourceFile) => file.pkg === 'core' && file.path.startsWith('generated/');

test('JSON Pointer tokens are escaped and unescaped only by model/json-pointer.ts', () => {
  const offences: string[] = [];
  let moduleSeen = false;
  for (const file of files) {
    if (isGenerated(file)) continue;
    file.ast.text.split('\n').forEach((text, index) => {
      if (!handEscaping.test(text)) return;
      if (`${file.pkg}:${file.path}` === pointerModule) moduleSeen = true;
      else offences.push(`packages/${file.pkg}/src/${file.path}:${index + 1} ${text.trim()}`);
    });
  }
  assert.ok(moduleSeen, `${pointerModule} escapes no token any more: the pattern is broken`);
  assert.deepEqual(offences, [], 'use escapePointerToken / unescapePointerToken / joinPointer / parsePointer');
});
