/**
 * The stdio transport, ending as a pipe does: when the agent closes stdin, what it asked before is still
 * answered (`cmd-tui mcp < requests.jsonl` prints every answer), then the session ends.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export class StdioDoor extends StdioServerTransport {
  #unanswered = 0;
  #answeredAll: (() => void) | undefined;

  override async start(): Promise<void> {
    // The protocol sets onmessage before it starts the transport: each request it is handed is counted.
    const handle = this.onmessage;
    this.onmessage = (message: JSONRPCMessage) => {
      if ('method' in message && 'id' in message) this.#unanswered += 1;
      handle?.(message);
    };
    await super.start();
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    await super.send(message);
    if (!('method' in message) && 'id' in message) {
      this.#unanswered -= 1;
      if (this.#unanswered === 0) this.#answeredAll?.();
    }
  }

  /** Settles once every request received so far has its answer written. */
  answered(): Promise<void> {
    if (this.#unanswered === 0) return Promise.resolve();
    return new Promise((resolve) => (this.#answeredAll = resolve));
  }
}
