/** `list_commands`: a scope's commands as the API returns them, every localization included. */
import { commandSchema } from '../../discord/model.js';
import * as z from '../zod.js';
import { optionalScope, scopeOf, scopeOutput } from '../scope-input.js';
import { defineTool } from '../tool.js';

export const listCommands = defineTool({
  name: 'list_commands',
  title: 'List commands',
  description:
    "The application commands of one scope — a guild, or the global scope — as Discord stores them (ids, options, localizations, default_member_permissions), read with the user's own credentials. Read-only.",
  input: z.object({ guild: optionalScope }),
  output: z.object({ scope: scopeOutput, count: z.int(), commands: z.array(commandSchema) }),
  annotations: { readOnlyHint: true, openWorldHint: true },
  async run({ guild }, { door, signal }) {
    const scope = scopeOf(guild, door.defaultScope);
    const { api } = await door.workspace();
    const commands = await api.withSignal(signal).listCommands(scope, { withLocalizations: true });
    return { output: { scope, count: commands.length, commands } };
  },
});
