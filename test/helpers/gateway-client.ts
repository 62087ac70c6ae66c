/**
 * A raw gateway client for tests, over the `ws` package: it keeps every payload the emulator sends, in
 * order (decompressing them with one context for the connection when the URL asks for `compress=zlib-stream`
 * or `zstd-stream`, as Discord's libraries do), lets a test wait for the next one that matches, and reports
 * the close code and reason.
 */
import { constants, createInflate, createZstdDecompress, type Inflate, type ZstdDecompress } from 'node:zlib';
import WebSocket from 'ws';

export interface GatewayPayload {
  op: number;
  d: any;
  s?: number | null;
  t?: string | null;
}

/**
 * One decompression context for a connection's frames: each frame in, the payload it completes out —
 * what zlib-stream and zstd-stream clients do (DOCS/TOPICS "Transport Compression").
 */
export function streamDecompressor(compress: string | null): ((frame: Buffer) => Promise<string>) | undefined {
  const contexts: Record<string, () => { stream: Inflate | ZstdDecompress; flush?: number }> = {
    'zlib-stream': () => ({ stream: createInflate(), flush: constants.Z_SYNC_FLUSH }),
    'zstd-stream': () => ({ stream: createZstdDecompress() }),
  };
  const made = compress === null ? undefined : contexts[compress]?.();
  if (!made) return undefined;
  const { stream, flush } = made;
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  // Flushes complete in order, each after the output of the frame before it.
  return (frame) =>
    new Promise((resolve) => {
      stream.write(frame);
      const done = () => resolve(Buffer.concat(out.splice(0)).toString('utf8'));
      if (flush === undefined) stream.flush(done);
      else stream.flush(flush, done);
    });
}

export class GatewayClient {
  readonly received: GatewayPayload[] = [];
  /** The frames as they came, before inflating. */
  readonly frames: { data: Buffer; binary: boolean }[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly socket: WebSocket;
  private read = 0;
  private waiters: (() => void)[] = [];

  /** `options`: the `ws` client's (a `localAddress` to connect from, `headers`). */
  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.socket = new WebSocket(url, options);
    const take = (text: string) => {
      this.received.push(JSON.parse(text) as GatewayPayload);
      for (const wake of this.waiters.splice(0)) wake();
    };
    const stream = streamDecompressor(new URL(url).searchParams.get('compress'));
    this.socket.on('message', (data: Buffer, binary) => {
      this.frames.push({ data, binary });
      if (!stream) return take(data.toString('utf8'));
      void stream(data).then((text) => take(text));
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    this.socket.on('error', () => undefined);
  }

  static async open(gatewayUrl: string, query = '?v=10&encoding=json', options: WebSocket.ClientOptions = {}): Promise<GatewayClient> {
    const client = new GatewayClient(`${gatewayUrl}${query}`, options);
    await client.next((payload) => payload.op === 10);
    return client;
  }

  send(payload: unknown): void {
    this.socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  }

  /** The next payload (after those already taken) that matches; fails after `ms`. */
  async next(matches: (payload: GatewayPayload) => boolean = () => true, ms = 5000): Promise<GatewayPayload> {
    const deadline = Date.now() + ms;
    for (;;) {
      while (this.read < this.received.length) {
        const payload = this.received[this.read++]!;
        if (matches(payload)) return payload;
      }
      if (Date.now() > deadline) throw new Error(`no matching gateway payload in ${ms} ms; received: ${JSON.stringify(this.received.map((p) => [p.op, p.t]))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  dispatch(name: string, ms?: number): Promise<GatewayPayload> {
    return this.next((payload) => payload.op === 0 && payload.t === name, ms);
  }

  identify(token: string, intents = 0, extra: Record<string, unknown> = {}): void {
    this.send({ op: 2, d: { token, intents, properties: { os: 'linux', browser: 'test', device: 'test' }, ...extra } });
  }

  /** Drops the connection without a close frame, as a network failure would. */
  drop(): void {
    this.socket.terminate();
  }

  close(code = 1000): void {
    this.socket.close(code);
  }
}
