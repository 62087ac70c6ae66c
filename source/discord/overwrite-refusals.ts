/**
 * The words for "you cannot change these overwrites", shared by `perms set` and the TUI's permissions
 * screen so both say the same thing: no sign-in at all, Discord's three 403s on the PUT
 * (20001 bot token, 50026 missing scope, 50013 user lacks Manage Guild + Manage Roles) — facts §3, §6.2 —
 * and 10063 for a command id that names no command.
 * Pure: callers pass the JSON error code they received.
 */
export interface RefusalText {
  message: string;
  hint: string;
}

const SIGN_IN = 'cmd-tui auth login --preset permissions';

/** No user token at all: say which sign-in is needed and that other credentials cannot do it. */
export const SIGN_IN_NEEDED: RefusalText = {
  message:
    'Discord only accepts a signed-in user here: permission overwrites can be changed only with a user token that has the applications.commands.permissions.update scope. A bot token or client credentials cannot edit them.',
  hint: `Run \`${SIGN_IN}\`; the signed-in user needs Manage Guild and Manage Roles in that guild.`,
};

/** A sign-in whose token lacks the permissions scope: stopped before the PUT that Discord would refuse with 50026. */
export const SCOPE_MISSING: RefusalText = {
  message:
    'Your sign-in was not granted applications.commands.permissions.update, the scope Discord requires to change permission overwrites, so the change was not sent (Discord would refuse it with code 50026).',
  hint: `Sign in again with that scope: \`${SIGN_IN}\`.`,
};

/** What a refused PUT means, for the codes a user can act on; undefined for any other code. */
export function refusalText(code: number, entryLabel: string, guildId: string): RefusalText | undefined {
  switch (code) {
    case 20001:
      return { message: 'Discord only accepts a signed-in user here (code 20001): a bot token cannot edit permission overwrites.', hint: SIGN_IN_NEEDED.hint };
    case 50026:
      return {
        message: 'Discord refused (code 50026): your sign-in was not granted applications.commands.permissions.update, the scope needed to edit overwrites.',
        hint: SCOPE_MISSING.hint,
      };
    case 50013:
      return {
        message: `Discord refused to change the overwrites of ${entryLabel} in guild ${guildId} (code 50013): the signed-in user needs Manage Guild and Manage Roles in that guild, must be able to use the command, and must be able to manage every role, user and channel in the list.`,
        hint: `Sign in as a member who has those permissions: \`${SIGN_IN}\`.`,
      };
    case 10063:
      // Reached with an id typed by hand (a sign-in alone cannot list commands to pick from).
      return {
        message: `Discord answered that ${entryLabel} does not exist (code 10063, Unknown application command): the id names no command of this application, in guild ${guildId} or globally. Nothing was changed.`,
        hint: "Check the id: in Discord, turn Developer Mode on, type / in a channel, right-click the command's name and Copy ID.",
      };
    default:
      return undefined;
  }
}
