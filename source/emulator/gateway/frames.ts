/**
 * How payloads go out on one connection (DOCS/TOPICS "Transport Compression"): as JSON text frames, or,
 * for a client that asked for a compressed stream, through one compression context kept for the whole
 * connection, each payload flushed into a binary frame of its own:
 * - `compress=zlib-stream`: zlib, each payload ending in Z_SYNC_FLUSH's 00 00 ff ff;
 * - `compress=zstd-stream`: one Zstandard frame for the connection, each payload a ZSTD_e_flush of it, so
 *   that a client's one streaming decompressor yields each payload whole as its frame arrives — as Discord
 *   sends it (its HELLO recorded in twilight-rs/twilight, twilight-gateway/src/compression/zstd.rs: the
 *   frame's header, with no content size and a 256 KiB window, then one flushed block). Node's `zlib` speaks
 *   Zstandard since 22.15.
 */
import { constants, createDeflate, createZstdCompress, type Deflate, type ZstdCompress } from 'node:zlib';

export type Compression = 'none' | 'zlib-stream' | 'zstd-stream';
export const COMPRESSIONS: readonly Compression[] = ['zlib-stream', 'zstd-stream'];

export interface FrameWriter {
  write(payload: unknown): void;
  /** Frees the compression context once the connection is closed. */
  end(): void;
}

/** Discord's zstd window: 2^18 bytes (the recorded frame's window descriptor, 0x40). */
const ZSTD_WINDOW_LOG = 18;

function compressor(compression: Exclude<Compression, 'none'>): { stream: Deflate | ZstdCompress; flush: number } {
  if (compression === 'zlib-stream') return { stream: createDeflate(), flush: constants.Z_SYNC_FLUSH };
  return { stream: createZstdCompress({ params: { [constants.ZSTD_c_windowLog]: ZSTD_WINDOW_LOG } }), flush: constants.ZSTD_e_flush };
}

export function frameWriter(send: (data: string | Buffer) => void, compression: Compression): FrameWriter {
  if (compression === 'none') return { write: (payload) => send(JSON.stringify(payload)), end: () => undefined };
  const { stream, flush } = compressor(compression);
  const pending: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => pending.push(chunk));
  return {
    write(payload) {
      if (stream.destroyed) return;
      stream.write(JSON.stringify(payload));
      // Flushes complete in order, each after its output was emitted: one flush, one frame.
      stream.flush(flush, () => send(Buffer.concat(pending.splice(0))));
    },
    end: () => stream.destroy(),
  };
}
