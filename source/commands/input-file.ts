/**
 * Reading the file a command was given: `-` for stdin, else a path from the working folder, through
 * the one untrusting reader (config/read-text-file.ts); its refusals exit 2, without the usage lines.
 */
import { resolve } from 'node:path';
import { decodeText, InputFileError, MAX_INPUT_BYTES, readTextFile } from '../config/read-text-file.js';
import { InputFileUsageError, type CliIo } from './types.js';

async function readStdin(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_INPUT_BYTES) throw new InputFileUsageError(`stdin holds more than ${MAX_INPUT_BYTES / 1024 / 1024} MiB: that is not a commands file`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** How the file a command was given is named in what it prints: `stdin` for `-`. */
export function inputName(path: string): string {
  return path === '-' ? 'stdin' : path;
}

export async function readInputFile(path: string, io: CliIo): Promise<string> {
  try {
    return path === '-' ? decodeText(await readStdin(io.stdin), 'stdin') : await readTextFile(resolve(io.cwd, path), path);
  } catch (error) {
    throw error instanceof InputFileError ? new InputFileUsageError(error.message) : error;
  }
}
