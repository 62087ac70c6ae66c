/**
 * The emulator never calls itself: an interactions endpoint at its own address would have it send PINGs
 * and interactions to its own routes (`/__emulator/reset` wiped the world that way, every second with
 * `serve --interactions-url`). Checked twice: before any request, the URL's port and the addresses its
 * host resolves to (selfCallProblem); and at the door, every request the emulator sends carries this
 * run's mark (selfCallHeaders), and a request that arrives with it is answered 508 Loop Detected
 * unread (isSelfCall), whatever name led it back.
 */
import { lookup } from 'node:dns/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { networkInterfaces } from 'node:os';
import { isIpAddress, isLocalhostName, parseHostHeader } from '../discord/host-header.js';
import { ApiFailure } from './api-errors.js';
import type { World } from './request-context.js';

const MARK_HEADER = 'X-Emulator-Run';

/** Loopback (127.0.0.0/8, ::1, and IPv4 ones mapped into IPv6) and "any address", which reach a server on this machine. */
function isLocalAddress(address: string): boolean {
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return /^127\./.test(plain) || plain === '::1' || plain === '0.0.0.0' || plain === '::';
}

/** Whether `address` is one of this machine's: a loopback or unspecified address, or one of its interfaces'. */
function isThisMachine(address: string): boolean {
  if (isLocalAddress(address)) return true;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return Object.values(networkInterfaces()).some((entries) => entries?.some((entry) => entry.address.toLowerCase() === plain));
}

/** Where a host name leads, or nothing when it does not resolve (the request would fail anyway). */
async function addressesOf(name: string): Promise<string[]> {
  if (isIpAddress(name)) return [name];
  try {
    return (await lookup(name, { all: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/** Why the emulator must not send to `url` (it leads back to this emulator), or undefined. */
export async function selfCallProblem(world: World, url: string): Promise<string | undefined> {
  const target = URL.parse(url);
  const own = URL.parse(world.origin);
  if (!target || !own) return undefined;
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  if (port !== Number(own.port)) return undefined;
  const name = parseHostHeader(target.host)?.name;
  if (name === undefined) return undefined;
  const leadsHere = isLocalhostName(name) || (await addressesOf(name)).some(isThisMachine);
  return leadsHere ? `${target.origin} is this emulator's own address: interactions sent there would reach the emulator, not your bot; give the address your bot listens on` : undefined;
}

/** The mark every request the emulator sends carries. */
export function selfCallHeaders(world: World): Record<string, string> {
  return { [MARK_HEADER]: world.runMark };
}

/** A request the emulator sent itself (it carries this run's mark): 508, and nothing of it is done. */
export function isSelfCall(world: World, headers: IncomingHttpHeaders): ApiFailure | undefined {
  if (headers[MARK_HEADER.toLowerCase()] !== world.runMark) return undefined;
  return new ApiFailure(508, { message: '508: Loop Detected (the emulator sent this request to itself: its interactions endpoint leads back to it)', code: 0 });
}
