import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (tests run compiled from dist/test/...). */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The shared, read-only material beside the repository (spec, conformance corpus). */
export const sharedRoot = join(repoRoot, '..', 'shared');
