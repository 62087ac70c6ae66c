/**
 * The line a command prints at its end when Discord rate-limited some of its requests: how many, and
 * whether the bot token's global limit was shared with something else (then the pace cmd-tui fell to).
 */
import type { DiscordApi, RateLimitTally } from '../api/contract.js';
import type { CliIo } from './types.js';

const count = (n: number) => n.toLocaleString('en-US');

export function rateLimitNotice(tally: RateLimitTally): string | undefined {
  if (tally.rateLimited === 0) return undefined;
  const global =
    tally.globalRateLimited === 0
      ? '.'
      : `; ${count(tally.globalRateLimited)} met the bot token's global limit, which something else is also using, so cmd-tui slowed from ${count(tally.configuredPerSecond)} to ${count(tally.pacePerSecond)} requests/s for the rest of the run.`;
  return `Discord rate-limited ${count(tally.rateLimited)} of ${count(tally.requests)} requests (429), each waited out and sent again${global}`;
}

/** Prints the notice on stderr when there is one (stdout stays the command's data). */
export function reportRateLimits(io: CliIo, api: DiscordApi): void {
  const notice = rateLimitNotice(api.rateLimitTally());
  if (notice) io.stderr.write(`${notice}\n`);
}
