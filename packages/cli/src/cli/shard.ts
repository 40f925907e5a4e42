/**
 * `--shard I/N`: this run takes the entries whose stable hash falls in shard I of N, so an
 * existing engine (a CI matrix, a Kubernetes Indexed Job) spreads a registry over machines
 * without a scheduler. The hash is FNV-1a (32 bits) of the entry's key: a file's path relative to
 * the working directory with `/` separators, or a batch entry's id. The same key always lands in
 * the same shard, whatever the machine, the order of the arguments or the other entries.
 */
import { relative, resolve, sep } from 'node:path';
import { UsageError } from './io.js';

/** Shard `index` (1-based, as Jest and Playwright number theirs) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `--shard I/N`: 1 <= I <= N. */
export function parseShard(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count || !Number.isSafeInteger(count))
    throw new UsageError(`--shard expects I/N with 1 <= I <= N (e.g. 2/4), got "${value}"`);
  return { index, count };
}

/** FNV-1a, 32 bits, over the key's UTF-8 bytes: small, fast, and the same on every platform. */
export function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(key)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The 1-based shard a key belongs to among `count`. */
export function shardOfKey(key: string, count: number): number {
  return (fnv1a(key) % count) + 1;
}

/** A file's shard key: its path relative to the working directory, `/`-separated (standard input: `-`). */
export function fileShardKey(file: string, cwd: string): string {
  if (file === '-') return '-';
  return relative(cwd, resolve(cwd, file)).split(sep).join('/');
}

/** The items of shard `shard`, in their order; every item when there is no shard. */
export function inShard<T>(items: readonly T[], shard: Shard | undefined, keyOf: (item: T) => string): T[] {
  if (shard === undefined) return [...items];
  return items.filter((item) => shardOfKey(keyOf(item), shard.count) === shard.index);
}
