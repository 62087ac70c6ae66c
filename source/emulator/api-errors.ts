/**
 * Discord's error responses, in one table: HTTP status, JSON code and message as the platform
 * sends them (facts §6), plus the nested "Invalid Form Body" tree built from field errors.
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

const ERRORS = {
  badRequest: [400, 0, '400: Bad Request'],
  unauthorized: [401, 0, '401: Unauthorized'],
  invalidBotToken: [401, 50014, 'Invalid authentication token provided'],
  invalidBearer: [401, 50025, 'Invalid OAuth2 access token provided'],
  notFound: [404, 0, '404: Not Found'],
  methodNotAllowed: [405, 0, '405: Method Not Allowed'],
  unknownApplication: [404, 10002, 'Unknown Application'],
  unknownGuild: [404, 10004, 'Unknown Guild'],
  unknownMember: [404, 10007, 'Unknown Member'],
  unknownUser: [404, 10013, 'Unknown User'],
  unknownCommand: [404, 10063, 'Unknown application command'],
  unknownCommandPermissions: [404, 10066, 'Unknown application command permissions'],
  botsCannotUse: [403, 20001, 'Bots cannot use this endpoint'],
  notAuthorizedForApp: [403, 20012, 'You are not authorized to perform this action on this application'],
  maxCommands: [400, 30032, 'Maximum number of application commands reached'],
  maxDailyCreates: [400, 30034, 'Max number of daily application command creates has been reached (200)'],
  missingAccess: [403, 50001, 'Missing Access'],
  missingPermissions: [403, 50013, 'Missing Permissions'],
  missingScope: [403, 50026, 'Missing required OAuth2 scope'],
  invalidApiVersion: [400, 50041, 'Invalid API version provided'],
  invalidJson: [400, 50109, 'The request body contains invalid JSON.'],
  /** Status, code and message as Discord answers an oversized upload (discord/discord-api-docs#8572). */
  entityTooLarge: [413, 40005, 'Request entity too large'],
  entryPointRemoval: [
    400,
    50240,
    "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
  ],
} as const satisfies Record<string, readonly [number, number, string]>;

export type ErrorName = keyof typeof ERRORS;

export function apiError(name: ErrorName, messageOverride?: string): ApiFailure {
  const [status, code, message] = ERRORS[name];
  return new ApiFailure(status, { message: messageOverride ?? message, code });
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

/** A path id that is not a snowflake: 400/50035 NUMBER_TYPE_COERCE keyed by the parameter name. */
export function notSnowflake(param: string, value: string): ApiFailure {
  return formBodyError([{ path: param, code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not snowflake.` }]);
}
