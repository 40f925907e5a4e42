/**
 * The one way the tool reads a file (documents, configurations, baselines, --inputs,
 * --client-capabilities, diff configurations, the mock's file, the language server's reads).
 * Asks what a path is before opening it, reads regular files only, and never holds more than
 * a bound: a FIFO would block a libuv thread until a writer came, and `/dev/zero` never ends.
 * Standard input (`-`) is a stream, read with the same bound.
 */
import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { InputTooLarge, type PathKind, type ReadOptions } from './io.js';

/** Configuration files (`mcpdesc.config.json`, `--config`, diff's `--config`, `--client-capabilities @FILE`). */
export const configByteLimit = 4 * 1024 * 1024;

/** Baselines: one entry per suppressed finding, so larger than a configuration may be. */
export const baselineByteLimit = 16 * 1024 * 1024;

/** A path that exists but is no regular file: a directory, a FIFO, a device or a socket. */
export class NotARegularFile extends Error {
  override name = 'NotARegularFile';
  /** EISDIR for a directory, as `open` would say; ENOTREGULAR for the rest. */
  readonly code: 'EISDIR' | 'ENOTREGULAR';
  constructor(
    readonly path: string,
    /** What it is instead, with its article: "a FIFO (named pipe)". */
    readonly what: string,
  ) {
    super(`${path} is ${what}, not a regular file`);
    this.code = what === 'a directory' ? 'EISDIR' : 'ENOTREGULAR';
  }
}

/** A discovered configuration that another user could have written (see `distrustReason`). */
export class UntrustedFile extends Error {
  override name = 'UntrustedFile';
  readonly code = 'EUNTRUSTED';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path} is ${reason}`);
  }
}

/** What a path that is not a regular file is, for messages; undefined for a regular file. */
export function irregularKind(info: Stats): string | undefined {
  if (info.isFile()) return undefined;
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The user a file must belong to: the effective user, or under sudo the invoking one too (as git does). */
export interface CurrentUser {
  uid: number;
  sudoUid?: number;
}

/**
 * Why a file found on disk is not to be trusted, or undefined. Git's `safe.directory` model: a
 * file owned by another user (root under sudo also accepts SUDO_UID), or writable by everyone,
 * could have been put there by someone else. Group-writable is normal (user private groups).
 */
export function distrustReason(owner: { uid: number; mode: number }, user: CurrentUser): string | undefined {
  if ((owner.mode & 0o002) !== 0) return 'writable by every user';
  if (owner.uid !== user.uid && !(user.uid === 0 && owner.uid === user.sudoUid))
    return `owned by user ${owner.uid}, not by the current user (${user.uid})`;
  return undefined;
}

/** The current user, or undefined where ownership means nothing to us (Windows: no uids, no mode bits). */
function currentUser(): CurrentUser | undefined {
  if (process.platform === 'win32' || typeof process.geteuid !== 'function') return undefined;
  const uid = process.geteuid();
  const sudo = Number(process.env.SUDO_UID);
  return Number.isInteger(sudo) && process.env.SUDO_UID !== '' ? { uid, sudoUid: sudo } : { uid };
}

// Non-blocking: a FIFO swapped in between the stat and the open must not block the open.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Reads a regular file (following symbolic links) or `-` for standard input, holding at most
 * `maxBytes`: more is InputTooLarge (a regular file's size is checked before a byte is read).
 * A path that is no regular file is NotARegularFile, before it is opened.
 */
export async function readFileBounded(path: string, maxBytes: number, options: ReadOptions = {}): Promise<Uint8Array> {
  if (path === '-') return readStream(process.stdin, maxBytes);
  // stat, not open: opening a FIFO waits for a writer. stat follows links: a link to /dev/zero is a device.
  refuseIrregular(path, await stat(path));
  const handle = await open(path, openFlags);
  try {
    // The path may have been replaced between the stat and the open: the handle is what counts.
    const info = await handle.stat();
    refuseIrregular(path, info);
    if (options.ownedOnly) {
      const user = currentUser();
      const reason = user && distrustReason(info, user);
      if (reason) throw new UntrustedFile(path, reason);
    }
    if (info.size > maxBytes) throw new InputTooLarge(info.size);
    return await readHandle(handle, info.size, maxBytes);
  } finally {
    await handle.close();
  }
}

/** What is at a path, following symbolic links (stat only: nothing is opened); undefined when nothing is. */
export async function pathKind(path: string): Promise<PathKind | undefined> {
  try {
    const info = await stat(path);
    return info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
  } catch {
    return undefined;
  }
}

function refuseIrregular(path: string, info: Stats): void {
  const what = irregularKind(info);
  if (what !== undefined) throw new NotARegularFile(path, what);
}

/**
 * One buffer of the file's size plus one byte (a file that grew since its fstat is seen to have
 * grown), widened only if it did, never past `maxBytes + 1`: one more byte than the bound proves
 * the file too large.
 */
async function readHandle(handle: FileHandle, size: number, maxBytes: number): Promise<Uint8Array> {
  let buffer = Buffer.allocUnsafeSlow(Math.min(size, maxBytes) + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.byteLength) {
      if (length > maxBytes) throw new InputTooLarge();
      const wider = Buffer.allocUnsafeSlow(Math.min(length * 2, maxBytes + 1));
      buffer.copy(wider, 0, 0, length);
      buffer = wider;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.byteLength - length, null);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
  }
}

/** A stream (standard input), counted as it comes: an endless one stops at the bound. */
async function readStream(stream: Readable, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).byteLength;
    if (total > maxBytes) {
      stream.destroy();
      throw new InputTooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A byte count as people read it: "4 MiB", "1,000 bytes". */
export function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes.toLocaleString('en-US')} bytes`;
}

/**
 * Why a read failed, for a one-line message after "cannot read PATH: ". `bound` is the byte
 * limit the read had, named when the file was larger.
 */
export function readFailure(error: unknown, bound: number): string {
  if (error instanceof InputTooLarge)
    return `${error.size === undefined ? 'larger than' : `${error.size.toLocaleString('en-US')} bytes, over`} the limit of ${formatBytes(bound)}`;
  if (error instanceof NotARegularFile) return `is ${error.what}, not a regular file`;
  if (error instanceof UntrustedFile) return `is ${error.reason}`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ENOTDIR') return 'a component of the path is not a directory';
  return (error as Error).message;
}
