/**
 * The workspace root stays usable by tools that look for `mcpdesc` through the root
 * package.json (the conformance scoreboard does): its `bin` is the CLI package's.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../helpers/paths.js';

const manifest = (path: string) =>
  JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as {
    private?: boolean;
    bin?: Record<string, string>;
    workspaces?: string[];
  };

test("the root's mcpdesc bin is the CLI package's, and it is built", () => {
  const root = manifest('package.json');
  const cli = manifest('packages/cli/package.json');
  assert.equal(root.private, true);
  // editors/vscode is a workspace for its pinned build tools (@vscode/vsce), not a published package.
  assert.deepEqual(root.workspaces, ['packages/core', 'packages/cli', 'editors/vscode']);
  assert.equal(root.bin?.mcpdesc, join('packages/cli', cli.bin!.mcpdesc!));
  assert.ok(existsSync(join(repoRoot, root.bin.mcpdesc)));
});
