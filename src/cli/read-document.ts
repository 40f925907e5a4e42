import type { CliIO } from './io.js';

export type ReadDocument = { ok: true; bytes: Uint8Array; text: string } | { ok: false; message: string };

/** Reads a file (or `-` for stdin) as bytes, plus a lenient text copy for report excerpts. */
export async function readDocument(file: string, io: CliIO): Promise<ReadDocument> {
  try {
    const bytes = await io.readFile(file);
    return { ok: true, bytes, text: new TextDecoder().decode(bytes) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    return { ok: false, message: `cannot read ${file === '-' ? 'standard input' : file}: ${reason}` };
  }
}
