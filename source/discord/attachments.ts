/**
 * What Discord's client holds a file to before it uploads it for an ATTACHMENT option: at most the
 * interaction's `attachment_size_limit` (10 MiB without server boosts), of a type the option's
 * `file_types` allows (DOCS/AC "Application Command Option Structure": `image`, `video`, `audio`, or a
 * `.ext`), and the content type a browser's upload names it by its extension. Pure.
 */

/** The `attachment_size_limit` Discord sends with an interaction in a server without boosts: 10 MiB. */
export const ATTACHMENT_SIZE_LIMIT = 10_485_760;

/**
 * What the emulator holds of uploads at most, all files together (ten of the largest size): a command
 * whose files are larger together could not have them all held until it is sent, so the client refuses it first.
 */
export const EMULATOR_UPLOADS_LIMIT = 10 * ATTACHMENT_SIZE_LIMIT;

/** Content types by extension, as a browser's upload names them; anything else is a byte stream. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8', md: 'text/markdown; charset=utf-8', csv: 'text/csv; charset=utf-8', json: 'application/json', pdf: 'application/pdf',
  zip: 'application/zip', mp3: 'audio/mpeg', ogg: 'audio/ogg', wav: 'audio/wav', mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime',
};

export const BYTE_STREAM = 'application/octet-stream';

/** The content type a client gives a file named `filename`. */
export function contentTypeOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const extension = dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension]! : BYTE_STREAM;
}

/** `12.3 MiB`, `512 KiB`, `20 bytes`: a size as a person reads it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/** Why the client would not upload a file of `size` bytes with a command, or undefined. */
export function sizeProblem(size: number): string | undefined {
  return size > ATTACHMENT_SIZE_LIMIT ? `it is ${formatSize(size)}, and Discord's client uploads at most 10 MiB (${ATTACHMENT_SIZE_LIMIT} bytes) with a command` : undefined;
}

const KINDS = new Set(['image', 'video', 'audio']);

/** Why an option with these `file_types` would not take the file, or undefined (no `file_types`: any file). */
export function fileTypeProblem(fileTypes: readonly string[] | undefined, filename: string, contentType: string): string | undefined {
  if (!fileTypes || fileTypes.length === 0) return undefined;
  const kind = contentType.split('/')[0]!.trim().toLowerCase();
  const name = filename.toLowerCase();
  const allowed = fileTypes.some((type) => (KINDS.has(type) ? type === kind : type.startsWith('.') && name.endsWith(type.toLowerCase())));
  return allowed ? undefined : `accepts only ${fileTypes.join(', ')} files, and ${filename} is ${contentType}`;
}
