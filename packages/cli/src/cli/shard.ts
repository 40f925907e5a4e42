/**
 * `--shard I/N`: this run takes the entries whose stable hash falls in shard I of N, so an
 * existing engine (a CI matrix, a Kubernetes Indexed Job) spreads a registry over machines
 * without a scheduler. The hash is SHA-1 of the entry's key (a file's path relative to the
 * working directory with `/` separators, or a batch entry's id), its first 4 bytes read as an
 * unsigned big-endian number, modulo N. The same key always lands in the same shard, whatever the
 * machine, the order of the arguments or the other entries. (FNV-1a was tried first: its low bit
 * is the parity of the key's bytes' low bits, so `--shard 1/2` put similar names together.)
 */
import { createHash } from 'node:crypto';
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

/** The key's hash: the first 4 bytes of its SHA-1 (of its UTF-8), unsigned, big-endian. */
export function shardHash(key: string): number {
  return createHash('sha1').update(key, 'utf8').digest().readUInt32BE(0);
}

/** The 1-based shard a key belongs to among `count`. */
export function shardOfKey(key: string, count: number): number {
  return (shardHash(key) % count) + 1;
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
