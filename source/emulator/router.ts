/**
 * Matches a method and a path against the route table (a path under `/api[/vN]` already stripped of it):
 * literal segments win over parameters, a known path with the wrong method is a 405, and
 * `…_id` parameters must be snowflakes (400/50035 NUMBER_TYPE_COERCE otherwise, one error per
 * parameter, all in one answer).
 */
import { apiError, notSnowflake } from './api-errors.js';
import type { Handler, Reply } from './request-context.js';
import { isSnowflake } from './snowflake.js';

/**
 * Where a route's path is: under `/api`, `/api/v9` and `/api/v10` (`api`, the default), at the site root
 * (`root`: the CDN, the OpenID discovery document), both (the consent page), or among the test-only
 * `/__emulator/*` routes (`control`: only with the run's control secret, never logged, never faulted).
 */
export type Mount = 'api' | 'root' | 'control';

export interface Route {
  method: string;
  /** `/applications/:application_id/commands`; parameters named `*_id` are snowflakes. */
  pattern: string;
  handler: Handler;
  /** Default `['api']`. */
  at?: readonly Mount[];
  /** false for routes that authenticate the client themselves (OAuth2 token endpoints, the consent page). */
  authenticated?: boolean;
  /** false for what Discord serves beside its API rather than through it (pages for browsers, the CDN): no injected faults, no global limit. */
  limited?: boolean;
  /** The largest body taken (default: the API's 8 MiB), and the answer to a larger one when it is not Discord's 413. */
  body?: { maxBytes: number; tooLarge: (query: URLSearchParams) => Reply };
}

/** The routes served at `mount`. */
export function routesAt(routes: readonly Route[], mount: Mount): Route[] {
  return routes.filter((route) => (route.at ?? ['api']).includes(mount));
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

function matchPattern(pattern: string, segments: readonly string[]): { params: Record<string, string>; literals: number } | undefined {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  let literals = 0;
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part === segment) literals += 1;
    else return undefined;
  }
  return { params, literals };
}

/** A malformed escape (`%zz`) stays as typed; it then fails to match or to be a snowflake. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Throws 404 for an unknown path, 405 for a known path with another method, 400 naming every non-snowflake id.
 * A HEAD is the GET of the same path (the server leaves out the body: Node's response to a HEAD has none).
 */
export function matchRoute(routes: readonly Route[], requested: string, path: string): RouteMatch {
  const method = requested === 'HEAD' ? 'GET' : requested;
  const segments = path.split('/').filter(Boolean).map(decodeSegment);
  let best: { route: Route; params: Record<string, string>; literals: number } | undefined;
  let pathKnown = false;
  for (const route of routes) {
    const found = matchPattern(route.pattern, segments);
    if (!found) continue;
    pathKnown = true;
    if (route.method !== method) continue;
    if (!best || found.literals > best.literals) best = { route, ...found };
  }
  if (!best) throw apiError(pathKnown ? 'methodNotAllowed' : 'notFound');
  const invalid = Object.entries(best.params).filter(([name, value]) => name.endsWith('_id') && !isSnowflake(value));
  if (invalid.length > 0) throw notSnowflake(invalid);
  return { route: best.route, params: best.params };
}
