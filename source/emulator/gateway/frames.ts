/**
 * How payloads go out on one connection (DOCS/TOPICS "Transport Compression"): as JSON text frames, or,
 * for a client that asked for `compress=zlib-stream`, through one zlib context kept for the whole
 * connection, each payload flushed (Z_SYNC_FLUSH, so it ends in 00 00 ff ff) into a binary frame.
 */
import { constants, createDeflate } from 'node:zlib';

export interface FrameWriter {
  write(payload: unknown): void;
  /** Frees the zlib context once the connection is closed. */
  end(): void;
}

export function frameWriter(send: (data: string | Buffer) => void, compression: 'none' | 'zlib-stream'): FrameWriter {
  if (compression === 'none') return { write: (payload) => send(JSON.stringify(payload)), end: () => undefined };
  const deflate = createDeflate();
  const pending: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => pending.push(chunk));
  return {
    write(payload) {
      if (deflate.destroyed) return;
      deflate.write(JSON.stringify(payload));
      // Flushes complete in order, each after its output was emitted: one flush, one frame.
      deflate.flush(constants.Z_SYNC_FLUSH, () => send(Buffer.concat(pending.splice(0))));
    },
    end: () => deflate.destroy(),
  };
}
