/**
 * Discord's error responses, in one table: HTTP status, JSON code and message as the platform
 * sends them (facts §6; the recorded ones replayed in test/emulator/recorded-responses.test.ts), plus the
 * nested "Invalid Form Body" tree built from field errors. Messages are Discord's, never cmd-tui's advice.
 * Handlers throw ApiFailure; the server turns it into the response.
 */
export interface FieldErrorItem {
  /** Validator path syntax: `options[0].name`, `name_localizations.fr`, `[3].name`, `""` for the whole body. */
  path: string;
  code: string;
  message: string;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : `HTTP ${status}`);
  }
}

/** Status, JSON code and Discord's message; the source of each text at the end of its line (REC = test/fixtures/discord/). */
const ERRORS = {
  badRequest: [400, 0, '400: Bad Request'], // the form of 401: Unauthorized (a request no route can parse)
  unauthorized: [401, 0, '401: Unauthorized'], // facts §6.2, discord-api-docs#2370
  invalidBotToken: [401, 50014, 'Invalid authentication token provided'], // DOCS/CODES
  invalidBearer: [401, 50025, 'Invalid OAuth2 access token provided'], // DOCS/CODES
  notFound: [404, 0, '404: Not Found'], // form of 401: Unauthorized
  methodNotAllowed: [405, 0, '405: Method Not Allowed'], // discord-api-docs#4687
  unknownApplication: [404, 10002, 'Unknown Application'], // REC unknown-application.json
  unknownChannel: [404, 10003, 'Unknown Channel'], // REC unknown-channel.json
  unknownGuild: [404, 10004, 'Unknown Guild'], // discord-api-docs#5840
  unknownMember: [404, 10007, 'Unknown Member'], // DOCS/CODES
  unknownRole: [404, 10011, 'Unknown Role'], // DOCS/CODES; discord.js RoleManager.fetch reads code 10011 as "no such role"
  unknownUser: [404, 10013, 'Unknown User'], // DOCS/CODES
  unknownCommand: [404, 10063, 'Unknown application command'], // DOCS/CODES (discord-api-docs PR #2511); status not recorded
  unknownCommandPermissions: [404, 10066, 'Unknown application command permissions'], // REC unknown-command-permissions.json
  botsCannotUse: [403, 20001, 'Bots cannot use this endpoint'], // REC bots-cannot-use-this-endpoint.json
  notAuthorizedForApp: [403, 20012, 'You are not authorized to perform this action on this application'], // DOCS/CODES
  maxDailyCreates: [400, 30034, 'Max number of daily application command creates has been reached (200)'], // REC daily-creates-reached.json
  missingAccess: [403, 50001, 'Missing Access'], // REC missing-access.json
  missingPermissions: [403, 50013, 'Missing Permissions'], // DOCS/CODES' code, the text libraries print (e.g. eris, discord.js)
  missingScope: [403, 50026, 'Missing required OAuth2 scope'], // DOCS/CODES; status not recorded
  invalidApiVersion: [400, 50041, 'Invalid API version provided'], // DOCS/CODES
  invalidJson: [400, 50109, 'The request body contains invalid JSON.'], // DOCS/CODES
  entityTooLarge: [413, 40005, 'Request entity too large'], // discord-api-docs#8572 (an oversized upload)
  entryPointRemoval: [
    400,
    50240,
    // REC entry-point-removal.json (undocumented code)
    "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
  ],
} as const satisfies Record<string, readonly [number, number, string]>;

export type ErrorName = keyof typeof ERRORS;

export function apiError(name: ErrorName): ApiFailure {
  const [status, code, message] = ERRORS[name];
  return new ApiFailure(status, { message, code });
}

/** `options[0].choices[2].value` → ['options','0','choices','2','value']; `[3].name` → ['3','name']. */
export function pathSegments(path: string): string[] {
  const segments: string[] = [];
  for (const match of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) segments.push(match[1] ?? match[2] ?? '');
  return segments;
}

/** Discord's nested errors object: keys are field names and array indexes, leaves are `{_errors:[…]}`. */
export function errorTree(items: readonly FieldErrorItem[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const item of items) {
    let node = root;
    for (const segment of pathSegments(item.path)) {
      const child = (node[segment] ??= {}) as Record<string, unknown>;
      node = child;
    }
    const leaf = (node._errors ??= []) as { code: string; message: string }[];
    leaf.push({ code: item.code, message: item.message });
  }
  return root;
}

export function formBodyError(items: readonly FieldErrorItem[]): ApiFailure {
  return new ApiFailure(400, { code: 50035, errors: errorTree(items), message: 'Invalid Form Body' });
}

/**
 * Path ids that are not snowflakes: 400/50035 NUMBER_TYPE_COERCE keyed by each parameter's name, all of them
 * in one answer (test/fixtures/discord/path-ids-not-snowflakes.json).
 */
export function notSnowflake(params: readonly (readonly [name: string, value: string])[]): ApiFailure {
  return formBodyError(params.map(([name, value]) => ({ path: name, code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not snowflake.` })));
}
