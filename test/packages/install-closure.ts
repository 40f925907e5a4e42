/**
 * What installing a workspace package pulls in, read from package-lock.json: the transitive
 * closure of its runtime dependencies (optional and peer dependencies included, dev ones not),
 * with the installed size of each package's directory.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/paths.js';

interface LockEntry {
  name?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface Closure {
  /** Package names, sorted, without the package itself. */
  packages: string[];
  /** Bytes on disk of those packages' directories (nested node_modules not counted twice). */
  bytes: number;
}

function directorySize(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') total += directorySize(child);
    } else if (entry.isFile()) total += statSync(child).size;
  }
  return total;
}

export function installClosure(name: string): Closure {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const entries = lock.packages;
  // Node's lookup: from the requiring package's folder up through each enclosing node_modules.
  const locate = (from: string, dependency: string): string | undefined => {
    for (let base = from; ;) {
      const candidate = `${base ? `${base}/` : ''}node_modules/${dependency}`;
      if (entries[candidate]) return candidate;
      if (!base) return undefined;
      const cut = base.lastIndexOf('/node_modules/');
      base = cut < 0 ? '' : base.slice(0, cut);
    }
  };
  const start = locate('', name);
  if (!start) throw new Error(`${name} is not in package-lock.json`);
  const seen = new Set<string>();
  const visit = (key: string): void => {
    let entry = entries[key]!;
    if (entry.link && entry.resolved) {
      key = entry.resolved;
      entry = entries[key]!;
    }
    if (seen.has(key)) return;
    seen.add(key);
    const dependencies = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    for (const dependency of Object.keys(dependencies)) {
      const found = locate(key, dependency);
      if (found) visit(found);
    }
  };
  visit(start);
  const own = entries[start]!.link ? entries[start]!.resolved! : start;
  seen.delete(own);
  // A workspace package's key is its folder; the name is in its entry.
  const packages = [...seen].map((key) =>
    key.includes('node_modules/')
      ? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)
      : (entries[key]!.name ?? key),
  );
  const bytes = [...seen].reduce((sum, key) => sum + directorySize(join(repoRoot, key)), 0);
  return { packages: [...new Set(packages)].sort(), bytes };
}
