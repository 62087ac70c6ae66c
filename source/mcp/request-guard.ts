/**
 * Whom the Streamable HTTP door answers (the MCP specification's DNS-rebinding protection): a request
 * addressed to this machine by name or loopback address (its Host, read as the emulator reads it:
 * discord/host-header.ts, so `127.1` is 127.0.0.1 in both), and — when a browser sent it — from a page of
 * this very server (its Origin). A web page elsewhere, even one whose name an attacker pointed at 127.0.0.1,
 * is refused before the protocol sees it; a request with no Host, or one that is not a host, is a bad
 * request. Pure: the server asks, this decides.
 */
import { parseHostHeader } from '../discord/host-header.js';

const LOCAL_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1']);

export type RequestVerdict = { ok: true } | { ok: false; status: 400 | 403 | 421; message: string };

/** `port`: where this server listens; an Origin must name the same one (another local port is another site). */
export function checkRequest(headers: { host?: string | undefined; origin?: string | string[] | undefined }, port: number): RequestVerdict {
  const host = parseHostHeader(headers.host);
  if (!host) {
    return { ok: false, status: 400, message: `Bad request: ${headers.host === undefined || headers.host.trim() === '' ? 'no Host header' : 'the Host header is not a host name or an address'}; address it to 127.0.0.1:${port}.` };
  }
  if (!LOCAL_NAMES.has(host.name)) {
    return { ok: false, status: 421, message: `This MCP server answers only requests addressed to localhost, 127.0.0.1 or [::1], not ${JSON.stringify(headers.host)}.` };
  }
  if (headers.origin === undefined) return { ok: true };
  const origin = typeof headers.origin === 'string' ? URL.parse(headers.origin) : null;
  const from = origin?.protocol === 'http:' ? parseHostHeader(origin.host) : undefined;
  const ours = from !== undefined && LOCAL_NAMES.has(from.name) && from.port === port;
  if (!ours) return { ok: false, status: 403, message: `This MCP server does not answer web pages of other sites (Origin ${JSON.stringify(String(headers.origin))}).` };
  return { ok: true };
}
