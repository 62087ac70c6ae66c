/**
 * Whom the Streamable HTTP door answers (the MCP specification's DNS-rebinding protection): a request
 * addressed to this machine by name or loopback address (its Host), and — when a browser sent it — from
 * a page of this very server (its Origin). A web page elsewhere, even one whose name an attacker pointed
 * at 127.0.0.1, is refused before the protocol sees it. Pure: the server asks, this decides.
 */
const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

export type RequestVerdict = { ok: true } | { ok: false; status: 403 | 421; message: string };

function parsed(url: string): URL | undefined {
  return URL.parse(url) ?? undefined;
}

/** `port`: where this server listens; an Origin must name the same one (another local port is another site). */
export function checkRequest(headers: { host?: string | undefined; origin?: string | string[] | undefined }, port: number): RequestVerdict {
  const host = headers.host === undefined ? undefined : parsed(`http://${headers.host}`);
  if (!host || !LOCAL_HOSTNAMES.has(host.hostname) || host.username !== '' || host.pathname !== '/') {
    return { ok: false, status: 421, message: `This MCP server answers only requests addressed to localhost, 127.0.0.1 or [::1], not ${JSON.stringify(headers.host ?? '')}.` };
  }
  if (headers.origin === undefined) return { ok: true };
  const origin = typeof headers.origin === 'string' ? parsed(headers.origin) : undefined;
  const ours = origin !== undefined && origin.protocol === 'http:' && LOCAL_HOSTNAMES.has(origin.hostname) && origin.port === String(port);
  if (!ours) return { ok: false, status: 403, message: `This MCP server does not answer web pages of other sites (Origin ${JSON.stringify(String(headers.origin))}).` };
  return { ok: true };
}
