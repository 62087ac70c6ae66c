/**
 * Reading an HTTP answer's body with a cap on its size, so that a hostile or broken server cannot fill
 * the memory: refused by its declared Content-Length before reading, else counted as it streams in and
 * stopped at the cap (the rest is never read). Shared by the API transport (undici), the emulator's
 * deliveries to a bot (fetch) and the Try screen's reads of the emulator: here, below both, because the
 * emulator shares no code with the client it stands in front of. No I/O of its own: it counts the chunks
 * it is handed.
 */

export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';
  constructor(
    /** How large it is ("3.2 MiB") or is known to be ("over 1 MiB"). */
    readonly size: string,
    readonly cap: number,
  ) {
    super(`the answer is ${size}: more than the ${formatBytes(cap)} accepted, so it was not read`);
  }
}

export interface CappedBody {
  /** The Content-Length header, if any. */
  declaredLength: string | null | undefined;
  chunks: AsyncIterable<Uint8Array> | null;
  /** Drops the unread body (called when the declared length is already too large). */
  discard(): unknown;
}

/**
 * A body's bytes kept as they arrive: AnswerTooLargeError at once when the declared length is over the
 * cap, or from `add` as soon as the bytes pass it.
 */
export class CappedBytes {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  constructor(
    private readonly cap: number,
    declaredLength: string | null | undefined,
  ) {
    const declared = Number(declaredLength ?? undefined);
    if (Number.isFinite(declared) && declared > cap) throw new AnswerTooLargeError(formatBytes(declared), cap);
  }

  add(chunk: Uint8Array): void {
    this.size += chunk.byteLength;
    if (this.size > this.cap) throw new AnswerTooLargeError(`over ${formatBytes(this.cap)}`, this.cap);
    this.chunks.push(chunk);
  }

  text(): string {
    return Buffer.concat(this.chunks, this.size).toString('utf8');
  }
}

/** The body's text, or AnswerTooLargeError past `cap` bytes. */
export async function readCapped(body: CappedBody, cap: number): Promise<string> {
  let bytes: CappedBytes;
  try {
    bytes = new CappedBytes(cap, body.declaredLength);
  } catch (error) {
    body.discard();
    throw error;
  }
  // Leaving the loop by the throw cancels the stream: the rest is never read.
  for await (const chunk of body.chunks ?? []) bytes.add(chunk);
  return bytes.text();
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
