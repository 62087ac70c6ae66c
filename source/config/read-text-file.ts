/**
 * Reading a file without trusting it — one cmd-tui was pointed at (a commands file, a backup) and its own
 * (settings, secrets, caches, the ledger, locks), which anyone with the folder could replace: only a
 * regular file (a FIFO would hang, a device never end, a directory is a mistake), at most 16 MiB (or the
 * bound its reader sets: a file uploaded with a command is bytes, up to 10 MiB), text as UTF-8 with or
 * without a byte-order mark (UTF-16 is named as such). Every refusal says what to do.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';

/** 100 commands of 8,000 characters with every localization is a few MB; a backup holds overwrites too. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** A refusal to read, with what to do; `code` is the system's when there was one (`ENOENT`: no such file). */
export class InputFileError extends Error {
  override readonly name = 'InputFileError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
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

// Non-blocking open: a FIFO with no writer must not hang before the check below (nor keep the process alive).
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

function openRefusal(error: unknown, name: string): InputFileError {
  const code = (error as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (code ?? String(error));
  return new InputFileError(`cannot read ${name}: ${why}`, code);
}

/** What a reader takes: files of at most `maxBytes`, and what to ask for instead of another kind. */
export interface FileBound {
  maxBytes: number;
  /** What the refusal of a file that is not one asks for ("give a JSON file"). */
  wanted: string;
  tooLarge(size: number, name: string): string;
}

const COMMANDS_OR_BACKUP: FileBound = {
  maxBytes: MAX_INPUT_BYTES,
  wanted: 'give a JSON file',
  tooLarge: (size, name) => `${name} is ${Math.round(size / 1024 / 1024)} MiB: more than the ${MAX_INPUT_BYTES / 1024 / 1024} MiB a commands file or backup can be`,
};

function refuseUnlessRegular(info: Stats, name: string, bound: FileBound): void {
  if (info.isDirectory()) throw new InputFileError(`${name} is a folder: ${bound.wanted}`, 'EISDIR');
  if (!info.isFile()) throw new InputFileError(`${name} is not a regular file (a pipe, socket or device): ${bound.wanted}`);
  if (info.size > bound.maxBytes) throw new InputFileError(bound.tooLarge(info.size, name));
}

/** A regular file's bytes, held to `bound`; `path` is absolute, `name` how the user wrote it, for messages. */
export async function readFileBytes(path: string, name: string, bound: FileBound): Promise<Buffer> {
  const handle = await open(path, OPEN_FLAGS).catch((error: unknown) => {
    throw openRefusal(error, name);
  });
  try {
    refuseUnlessRegular(await handle.stat(), name, bound);
    const bytes = await handle.readFile();
    // It grew while it was read.
    if (bytes.length > bound.maxBytes) throw new InputFileError(bound.tooLarge(bytes.length, name));
    return bytes;
  } finally {
    await handle.close();
  }
}

/** `path` is absolute; `name` is how the user wrote it, for messages. */
export async function readTextFile(path: string, name: string): Promise<string> {
  return decodeText(await readFileBytes(path, name, COMMANDS_OR_BACKUP), name);
}

/** The same, for the one file read before anything else can wait (settings.json, read synchronously). */
export function readTextFileSync(path: string, name: string): string {
  let descriptor: number;
  try {
    descriptor = openSync(path, OPEN_FLAGS);
  } catch (error) {
    throw openRefusal(error, name);
  }
  try {
    refuseUnlessRegular(fstatSync(descriptor), name, COMMANDS_OR_BACKUP);
    return decodeText(readFileSync(descriptor), name);
  } finally {
    closeSync(descriptor);
  }
}

/** For cmd-tui's own files (a cache, a ledger, a lock), where no file means nothing yet: undefined then. */
export async function readOwnTextFile(path: string): Promise<string | undefined> {
  try {
    return await readTextFile(path, path);
  } catch (error) {
    if (error instanceof InputFileError && error.code === 'ENOENT') return undefined;
    throw error;
  }
}
