/** `who_can_use`: whether a command can be used, by whom, in which channel, and why. */
import * as z from '../zod.js';
import { whoCanUse } from '../../operations/who-can-use.js';
import { guildId, optionalId } from '../scope-input.js';
import { mcpRemedy } from '../remedy-words.js';
import { defineTool } from '../tool.js';

const channelAnswer = z.object({
  channel: z.string(),
  channelId: z.string(),
  allowed: z.boolean(),
  uncertain: z.nullable(z.string()).check(z.describe('Why the answer may be wrong (the bot cannot see that channel); null when certain.')),
  reason: z.string(),
  stage: z.string().check(z.describe("The step of Discord's precedence that decided: owner, administrator, timed-out, channel-access, channel, member, default-member-permissions.")),
});

export const whoCanUseTool = defineTool({
  name: 'who_can_use',
  title: 'Who can use a command',
  description:
    "Explains who can use a command in a guild, and why, following Discord's permission precedence (owner and administrators, timeouts, channel access, the command's and the app's overwrites, default_member_permissions): by default for every role (a member holding only that role) and every member a user overwrite names, in every channel; or for one `role`; or for one `user` as they are (their roles read from the guild, which needs a bot token). `channel` narrows it to one channel. Read-only.",
  input: z.object({
    guild: guildId,
    command: z.string().check(z.minLength(1), z.describe('The command: its id, or its name (`ban` or `/ban`).')),
    user: optionalId('One member, by user id.'),
    role: optionalId('A member holding only this role, by role id (the guild id is @everyone).'),
    channel: optionalId('Only this channel, by id.'),
  }),
  output: z.object({
    guildId: z.string(),
    guildName: z.optional(z.string()),
    command: z.string(),
    commandId: z.string(),
    note: z.optional(z.string()),
    roles: z.optional(z.array(z.object({ role: z.string(), roleId: z.string(), channels: z.array(channelAnswer) }))),
    users: z.optional(z.array(z.object({ user: z.string(), userId: z.string(), channels: z.array(channelAnswer) }))),
    user: z.optional(z.string()),
    userId: z.optional(z.string()),
    timedOutUntil: z.optional(z.nullable(z.string())),
    channels: z.optional(z.array(channelAnswer)),
  }),
  annotations: { readOnlyHint: true, openWorldHint: true },
  async run({ guild, command, user, role, channel }, { door }) {
    const question = { guildId: guild, command, ...(user !== undefined ? { userId: user } : {}), ...(role !== undefined ? { roleId: role } : {}), ...(channel !== undefined ? { channelId: channel } : {}) };
    const result = await whoCanUse(await door.workspace(), question, door.now());
    return result.found ? { output: result.answer } : { refused: result.message, ...(result.remedy ? { hint: mcpRemedy(result.remedy) } : {}) };
  },
});
