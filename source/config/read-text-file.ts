/**
 * Reading a file cmd-tui was pointed at (a commands file, a backup) without trusting it: only a
 * regular file (a FIFO would hang, a device never end, a directory is a mistake), at most 16 MiB,
 * UTF-8 with or without a byte-order mark (UTF-16 is named as such). Every refusal says what to do.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** 100 commands of 8,000 characters with every localization is a few MB; a backup holds overwrites too. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** A refusal to read, with what to do; `code` is the system's when there was one. */
export class InputFileError extends Error {
  override readonly name = 'InputFileError';
}

export function decodeText(bytes: Buffer, name: string): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new InputFileError(`${name} is saved as UTF-16: save it as UTF-8 (most editors: "Save with encoding")`);
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start));
  } catch {
    throw new InputFileError(`${name} is not UTF-8 text: save it as UTF-8 JSON`);
  }
}

/** `path` is absolute; `name` is how the user wrote it, for messages. */
export async function readTextFile(path: string, name: string): Promise<string> {
  let handle;
  try {
    // Non-blocking open: a FIFO with no writer must not hang before the check below.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(code === 'ENOENT' ? `cannot read ${name}: no such file` : code === 'EACCES' ? `cannot read ${name}: permission denied` : `cannot read ${name}: ${code ?? String(error)}`);
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) throw new InputFileError(`${name} is a folder: give a JSON file`);
    if (!info.isFile()) throw new InputFileError(`${name} is not a regular file (a pipe, socket or device): give a JSON file`);
    if (info.size > MAX_INPUT_BYTES) throw new InputFileError(`${name} is ${Math.round(info.size / 1024 / 1024)} MiB: more than the ${MAX_INPUT_BYTES / 1024 / 1024} MiB a commands file or backup can be`);
    return decodeText(await handle.readFile(), name);
  } finally {
    await handle.close();
  }
}
