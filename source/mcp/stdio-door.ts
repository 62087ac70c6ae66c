/**
 * The stdio transport, ending as a pipe does: when the agent closes stdin, what it asked before is still
 * answered (`cmd-tui mcp < requests.jsonl` prints every answer), then the session ends. A request the
 * agent cancelled gets no answer (the protocol's rule), so it is not waited for.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

export class StdioDoor extends StdioServerTransport {
  readonly #unanswered = new Set<RequestId>();
  #answeredAll: (() => void) | undefined;

  override async start(): Promise<void> {
    // The protocol sets onmessage before it starts the transport: each request it is handed is noted.
    const handle = this.onmessage;
    this.onmessage = (message: JSONRPCMessage) => {
      if ('method' in message && 'id' in message) this.#unanswered.add(message.id);
      if ('method' in message && message.method === 'notifications/cancelled') this.#answered((message.params as { requestId?: RequestId } | undefined)?.requestId);
      handle?.(message);
    };
    await super.start();
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    await super.send(message);
    if (!('method' in message) && 'id' in message) this.#answered(message.id);
  }

  #answered(id: RequestId | undefined): void {
    if (id === undefined || !this.#unanswered.delete(id)) return;
    if (this.#unanswered.size === 0) this.#answeredAll?.();
  }

  /** Settles once every request received so far has its answer written (or was cancelled). */
  answered(): Promise<void> {
    if (this.#unanswered.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.#answeredAll = resolve));
  }
}
