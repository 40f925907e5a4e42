import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (tests run compiled from dist/test/...). */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The shared, read-only material beside the repository (spec, conformance corpus). */
export const sharedRoot = join(repoRoot, '..', 'shared');

/**
 * The `mcpdesc` binary as published: the build's bundle (packages/cli/scripts/bundle-cli.mjs).
 * Tests that run the command as a user would run this one.
 */
export const binPath = join(repoRoot, 'packages', 'cli', 'dist', 'bin', 'mcpdesc.js');
