/**
 * The Host header (RFC 9110 §7.2) read as a name and a port, for the servers cmd-tui runs on this
 * machine (the sign-in's loopback listener, the emulator): a web page that reaches a local port through a
 * domain of its own (DNS rebinding) sends that domain as Host, so such a server answers only the names it
 * is reached by on purpose. Pure: no lookups.
 */
export interface HostHeader {
  /** Lower case, without a trailing dot; an IPv6 address without its brackets (`::1`). */
  name: string;
  /** Absent when the header names none (the scheme's default). */
  port?: number;
}

const NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*$/;

/** A name whose last label is a number, which a URL parser reads as an IPv4 address (WHATWG URL's "ends in a number"). */
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:\d+|0x[0-9a-f]*)$/;

/**
 * An address as a browser writes it in the Host it sends (WHATWG URL's host parser): `127.1`, `2130706433`,
 * `0x7f000001` and `0177.0.0.1` are all 127.0.0.1, `[0:0::1]` is `::1`; undefined for a spelling no browser
 * takes (`1.2.3.4.5`, `foo.0x1`). Names are left as they are.
 */
function canonicalAddress(name: string, bracketed: boolean): string | undefined {
  if (!bracketed && !NUMERIC_LAST_LABEL.test(name)) return name;
  const hostname = URL.parse(`http://${bracketed ? `[${name}]` : name}/`)?.hostname;
  if (hostname === undefined) return undefined;
  return bracketed ? hostname.slice(1, -1) : hostname;
}

/**
 * `127.0.0.1:8080`, `[::1]:8080`, `Localhost.`, `127.1` → name (an address in its usual spelling) and port;
 * undefined for anything that is not a host, an empty or missing header included.
 */
export function parseHostHeader(value: string | undefined): HostHeader | undefined {
  const match = /^(?:\[([^\]]*)\]|([^:[\]]*))(?::(\d{1,5}))?$/.exec((value ?? '').trim().toLowerCase());
  if (!match) return undefined;
  const written = match[1] ?? match[2]!.replace(/\.$/, '');
  const valid = match[1] === undefined ? NAME.test(written) : IPV6.test(written);
  const name = valid ? canonicalAddress(written, match[1] !== undefined) : undefined;
  const port = match[3] === undefined ? undefined : Number(match[3]);
  if (name === undefined || (port !== undefined && port > 65535)) return undefined;
  return port === undefined ? { name } : { name, port };
}

/**
 * An address rather than a name: no page can be served under it by another site than the one at that
 * address, so it cannot be a rebinding (a page at http://evil.example always sends `evil.example`).
 */
export function isIpAddress(name: string): boolean {
  return IPV4.test(name) || IPV6.test(name);
}

/** `localhost` and its subdomains, which browsers resolve to this machine without asking DNS (RFC 6761 §6.3). */
export function isLocalhostName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * A name or address that reaches this machine whatever the resolver: `localhost`, 127.0.0.0/8, `::1`
 * (not `*.localhost`, which a resolver without RFC 6761's rule may send elsewhere).
 */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name === '::1' || (IPV4.test(name) && name.startsWith('127.'));
}

/** The header as a URL's host: `[::1]:8080`, `127.0.0.1:8080`. */
export function formatHost(host: HostHeader): string {
  const name = host.name.includes(':') ? `[${host.name}]` : host.name;
  return host.port === undefined ? name : `${name}:${host.port}`;
}
