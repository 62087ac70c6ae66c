/**
 * The one-shot redirect listener of the desktop flow (RFC 8252 §7.3, §8.3): bound to 127.0.0.1 only
 * (never `localhost`, never another interface), on a random port, open only while a sign-in waits.
 * A request with a wrong or missing state gets a 400 page and the listener keeps waiting; other paths
 * get 404, another Host than 127.0.0.1:PORT gets 421; a code, a denial or an error ends it. Never logs the request line (it holds the code).
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseHostHeader } from '../discord/host-header.js';
import { callbackPage } from './callback-page.js';
import { judgeRedirect } from './redirect-params.js';
import { SignInError } from './sign-in-error.js';

export const CALLBACK_PATH = '/callback';
export const SIGN_IN_TIMEOUT_MS = 5 * 60 * 1000;

export interface LoopbackListener {
  /** `http://127.0.0.1:PORT/callback`. */
  redirectUri: string;
  /** Resolves with the code; rejects with SignInError (cancelled, refused, timeout, aborted). */
  code: Promise<string>;
  close(): Promise<void>;
}

export async function startLoopbackListener(options: { expectedState: string; timeoutMs?: number; signal?: AbortSignal }): Promise<LoopbackListener> {
  let settle!: { resolve: (code: string) => void; reject: (error: SignInError) => void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Whoever awaits `code` sees the rejection; this keeps an unobserved one (after close) from crashing the process.
  code.catch(() => undefined);
  let done = false;

  const answer = (res: ServerResponse, status: number, title: string, detail: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
    res.end(callbackPage(title, detail));
  };

  const server = createServer((req, res) => {
    // Only the browser's redirect to the address we registered: a page that reaches this port through
    // another name (DNS rebinding) sends its own Host.
    const host = parseHostHeader(req.headers.host);
    if (host?.name !== '127.0.0.1' || host.port !== (server.address() as AddressInfo).port) {
      answer(res, 421, 'Wrong address', 'This listener answers only http://127.0.0.1 on its own port.');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (done || req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      answer(res, 404, 'Not found', 'This address only receives the cmd-tui sign-in.');
      return;
    }
    const verdict = judgeRedirect(url.searchParams, options.expectedState);
    switch (verdict.kind) {
      case 'bad-state':
        answer(res, 400, 'Sign-in not accepted', 'This sign-in response does not belong to the sign-in cmd-tui started (state mismatch). Return to the terminal.');
        return;
      case 'no-code':
        answer(res, 400, 'Sign-in not accepted', 'The response carried no authorization code. Return to the terminal.');
        return;
      case 'denied':
        answer(res, 200, 'Sign-in cancelled', 'You declined the authorization. You can close this tab.');
        finish(() => settle.reject(new SignInError('cancelled', 'Sign-in cancelled: the authorization was declined in the browser.')));
        return;
      case 'error': {
        const detail = verdict.description ? `${verdict.error}: ${verdict.description}` : verdict.error;
        answer(res, 200, 'Sign-in failed', `Discord refused the sign-in (${detail}). Return to the terminal.`);
        finish(() => settle.reject(new SignInError('refused', `Discord refused the sign-in (${verdict.error}).`)));
        return;
      }
      case 'code':
        answer(res, 200, 'Signed in', 'cmd-tui received the sign-in. You can close this tab and return to the terminal.');
        finish(() => settle.resolve(verdict.code));
        return;
    }
  });

  const timer = setTimeout(() => {
    finish(() => settle.reject(new SignInError('timeout', `No sign-in arrived within ${Math.round((options.timeoutMs ?? SIGN_IN_TIMEOUT_MS) / 1000)} s.`)));
  }, options.timeoutMs ?? SIGN_IN_TIMEOUT_MS);
  const onAbort = () => finish(() => settle.reject(new SignInError('aborted', 'Sign-in stopped.')));
  options.signal?.addEventListener('abort', onAbort, { once: true });

  function finish(outcome: () => void): void {
    if (done) return;
    done = true;
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    outcome();
    // Stop listening at once; the answer already written is flushed before the socket closes.
    server.close();
    server.closeIdleConnections();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  if (options.signal?.aborted) onAbort();
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    code,
    close: () =>
      new Promise<void>((resolve) => {
        finish(() => settle.reject(new SignInError('aborted', 'Sign-in stopped.')));
        server.closeAllConnections();
        if (!server.listening) resolve();
        else server.close(() => resolve());
      }),
  };
}
