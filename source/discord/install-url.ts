/**
 * The address that installs an application in one guild (Discord's "add to server" flow), which is
 * what fixes 403 / 50001 Missing Access on a guild's commands: the app was never authorized there with
 * `applications.commands`. `bot` is asked too when the app has a bot, so its bot joins as well.
 * Shape: https://discord.com/oauth2/authorize?client_id=…&scope=applications.commands&guild_id=…&disable_guild_select=true
 * (discord-api-facts §7; Discord's OAuth2 docs, "Adding bots to guilds").
 */
export function appInstallUrl(input: { origin: string; applicationId: string; guildId: string; withBot: boolean }): string {
  const query = new URLSearchParams({
    client_id: input.applicationId,
    scope: input.withBot ? 'bot applications.commands' : 'applications.commands',
    guild_id: input.guildId,
    disable_guild_select: 'true',
  });
  return `${input.origin}/oauth2/authorize?${query.toString().replace(/\+/g, '%20')}`;
}

/** The application and guild of a guild route (`/applications/1/guilds/2/commands…`), if it is one. */
export function guildRouteIds(route: string): { applicationId: string; guildId: string } | undefined {
  const match = /^\/applications\/(\d+)\/guilds\/(\d+)\//.exec(route);
  return match ? { applicationId: match[1]!, guildId: match[2]! } : undefined;
}
