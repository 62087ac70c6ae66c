/**
 * The local files a person attaches to a tried command, read as Discord's client reads them before it
 * uploads: for each ATTACHMENT option a regular file of at most 10 MiB, named by its base name and typed
 * by its extension (discord/attachments.ts). `cmd-tui try --file` and the TUI's Try screen both read
 * through here; a refusal names the option and the file, and says what to do.
 */
import { basename } from 'node:path';
import { ATTACHMENT_SIZE_LIMIT, contentTypeOf, sizeProblem } from '../discord/attachments.js';
import { InputFileError, readFileBytes, type FileBound } from '../config/read-text-file.js';

/** A file as the client uploads it: its name, type and bytes. */
export interface LocalFile {
  filename: string;
  content_type: string;
  bytes: Uint8Array;
}

const UPLOAD: FileBound = {
  maxBytes: ATTACHMENT_SIZE_LIMIT,
  wanted: 'give a file to upload',
  tooLarge: (size, name) => `${name} cannot be uploaded: ${sizeProblem(size)!}`,
};

/** A refusal to attach a file: the option, and why (naming the file). */
export class AttachmentFileError extends Error {
  override readonly name = 'AttachmentFileError';
  constructor(
    readonly option: string,
    readonly reason: string,
  ) {
    super(`option "${option}": ${reason}`);
  }
}

/**
 * The files for each option (`files`: option name → path as typed), read in full; `locate` turns a typed
 * path into the one to open (relative to the working folder, `~/` the home folder's).
 */
export async function readAttachmentFiles(files: Readonly<Record<string, string>>, locate: (path: string) => string): Promise<Record<string, LocalFile>> {
  const read: Record<string, LocalFile> = Object.create(null);
  for (const [option, path] of Object.entries(files)) {
    try {
      const bytes = await readFileBytes(locate(path), path, UPLOAD);
      read[option] = { filename: basename(path), content_type: contentTypeOf(path), bytes };
    } catch (error) {
      if (!(error instanceof InputFileError)) throw error;
      throw new AttachmentFileError(option, error.message);
    }
  }
  return read;
}
