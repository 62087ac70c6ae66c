/**
 * What the emulator refuses before any route sees a request (HTTP and the gateway's upgrade alike), so a
 * web page open in the developer's browser cannot use it:
 * - no Host, or one that is not a host (an empty header): 400;
 * - a Host that is not one of its names (DNS rebinding): 421. Its names are `localhost` (and
 *   `*.localhost`), any IP address in any spelling a URL takes (`127.1` is 127.0.0.1: parseHostHeader; a
 *   page can only be served under an address by that address), the name it was bound to, and the names
 *   given with `serve --allow-host` (a container's `host.docker.internal`);
 * - an `Origin` other than its own (a page of another site; programs and bot libraries send none): 403;
 * - a state-changing request (not GET, HEAD or OPTIONS) that a browser marks `Sec-Fetch-Site: cross-site` or
 *   `same-site` but sends without an Origin (defence in depth, should a browser leave Origin out): 403;
 * - on the test-only `/__emulator/*` routes, a request without the run's control secret in
 *   CONTROL_SECRET_HEADER, a header no form can send and no page can send without asking first: 403.
 * Answers are Discord-shaped (`{message, code: 0}`) and say what to do.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { CONTROL_SECRET_ENV, CONTROL_SECRET_HEADER, CONTROL_SECRET_REFUSAL } from '../discord/emulator-control.js';
import { formatHost, isIpAddress, isLocalhostName, parseHostHeader } from '../discord/host-header.js';
import { ApiFailure } from './api-errors.js';

export interface GuardRules {
  /** Names answered besides localhost and IP addresses (lower case): the bound host and `--allow-host`. */
  names: ReadonlySet<string>;
  /** The run's control secret. */
  secret: string;
}

/** The rules for an emulator bound to `host`, with the extra names `allowHosts`. */
export function guardRules(host: string, allowHosts: readonly string[], secret: string): GuardRules {
  const names = [host, ...allowHosts].flatMap((name) => parseHostHeader(name)?.name ?? []);
  return { names: new Set(names), secret };
}

/** Whether the emulator answers requests addressed to `name` (a host name or address, as parseHostHeader gives it). */
function answersName(rules: GuardRules, name: string): boolean {
  return rules.names.has(name) || isLocalhostName(name) || isIpAddress(name);
}

const refusal = (status: number, message: string) => new ApiFailure(status, { message, code: 0 });

function hostRefusal(rules: GuardRules, header: string | undefined): ApiFailure | undefined {
  const host = parseHostHeader(header);
  if (!host) {
    const sent = header === undefined || header.trim() === '' ? 'has no Host header' : 'has a Host header that is not a host name or an IP address';
    return refusal(400, `400: Bad Request (the request ${sent}: address it to the host and port the emulator was reached at, Host: 127.0.0.1:PORT for instance)`);
  }
  if (answersName(rules, host.name)) return undefined;
  return refusal(
    421,
    `421: Misdirected Request (this emulator answers requests addressed to localhost or an IP address, and ${formatHost(host)} is not one of its names: a web page reaching it through its own domain is refused; to reach it by that name, from a container say, start serve with --allow-host ${host.name})`,
  );
}

function originRefusal(origin: string | undefined, header: string | undefined): ApiFailure | undefined {
  if (origin === undefined) return undefined;
  const host = parseHostHeader(header);
  const own = URL.parse(origin);
  const from = own?.protocol === 'http:' ? parseHostHeader(own.host) : undefined;
  if (host && from && from.name === host.name && (from.port ?? 80) === (host.port ?? 80)) return undefined;
  const site = own?.protocol === 'http:' || own?.protocol === 'https:' ? own.origin : 'an opaque origin';
  return refusal(403, `403: Forbidden (a request from a web page of ${site} is refused: the emulator takes requests from its own pages and from programs, which send no Origin header)`);
}

/** Methods a page may send anywhere without changing anything. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function fetchSiteRefusal(method: string, headers: IncomingHttpHeaders): ApiFailure | undefined {
  const site = headers['sec-fetch-site'];
  if (SAFE_METHODS.has(method) || headers.origin !== undefined || (site !== 'cross-site' && site !== 'same-site')) return undefined;
  return refusal(403, `403: Forbidden (a ${method} your browser marks as sent from a web page of ${site === 'cross-site' ? 'another site' : 'another origin of this site'} is refused: the emulator takes changes from its own pages and from programs, which send no Sec-Fetch-Site header)`);
}

function secretRefusal(rules: GuardRules, given: string | string[] | undefined): ApiFailure | undefined {
  const expected = Buffer.from(rules.secret);
  const sent = Buffer.from(typeof given === 'string' ? given : '');
  if (sent.length === expected.length && timingSafeEqual(sent, expected)) return undefined;
  return refusal(
    403,
    `${CONTROL_SECRET_REFUSAL} in the ${CONTROL_SECRET_HEADER} header: \`cmd-tui serve\` prints it, as controlSecret with --json; cmd-tui try and the TUI find it by themselves for a serve of the same user on this machine, and otherwise read ${CONTROL_SECRET_ENV})`,
  );
}

/** Why the request must be refused, or undefined; `control`: it is for a `/__emulator/*` route. */
export function guardRequest(rules: GuardRules, request: { method?: string | undefined; headers: IncomingHttpHeaders }, control: boolean): ApiFailure | undefined {
  const { headers } = request;
  return (
    hostRefusal(rules, headers.host) ??
    originRefusal(headers.origin, headers.host) ??
    fetchSiteRefusal(request.method ?? 'GET', headers) ??
    (control ? secretRefusal(rules, headers[CONTROL_SECRET_HEADER.toLowerCase()]) : undefined)
  );
}
