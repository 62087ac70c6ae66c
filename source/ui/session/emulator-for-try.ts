/**
 * The emulator the Try screen starts in this process where the API cannot play Discord's client (live
 * Discord): the same server `cmd-tui serve` and `--demo` run (seed `empty`: its guilds and people, no
 * commands; Discord's rate limits), started by the first `t` that asks for it, reused by every later
 * one, and stopped when the app quits. Each `open` copies the app's current commands there again
 * (operations/copy-to-emulator.ts): they are read where they live, and nothing is ever written there.
 * No Ink or React here, and the emulator is loaded only when it is asked for.
 */
import type { DiscordApi } from '../../api/contract.js';
import type { EmulatorControl } from '../../discord/emulator-control.js';
import type { RunningEmulator } from '../../emulator/server.js';

/** What a bot author needs to point a bot at an emulator in this process, and its interactions URL, which can be set. */
export interface EmulatorEndpoint {
  baseUrl: string;
  /** Its origin and control secret, which the Try screen sends the command through. */
  control: EmulatorControl;
  gatewayUrl: string;
  /** The emulator's own fake bot token, printed as `serve` prints it. */
  botToken: string;
  verifyKey: string;
  /** The URL interactions are delivered to now; null: to a bot on the gateway. */
  interactionsUrl(): string | null;
  /** Checks `url` with Discord's PINGs and sets it (null: none); resolves to why it was refused, or undefined. `signal` cancels it, the URL left as it was. */
  setInteractionsUrl(url: string | null, signal?: AbortSignal): Promise<string | undefined>;
}

export interface EmulatorCopy {
  endpoint: EmulatorEndpoint;
  /** The emulator's API, with its bot token: the Try form reads the guild there. */
  api: DiscordApi;
  /** Where the guild's commands are on the emulator: the guild in view, its id kept, or the emulator's seeded one. */
  guild?: { id: string; name: string };
  /** What was copied where, in words (describeCopy). */
  summary: string;
}

export interface TryOnEmulator {
  /** Whether this session has tried commands on the emulator already (a later `t` goes straight there). */
  running(): boolean;
  /** Starts the emulator unless it runs, and copies the app's current commands (global, and `guildId`'s) there. */
  open(guildId: string | undefined, signal: AbortSignal): Promise<EmulatorCopy>;
}

/** The endpoint of an emulator running in this process (the one started here, or the demo's). */
export function endpointOf(emulator: RunningEmulator): EmulatorEndpoint {
  return {
    baseUrl: emulator.baseUrl,
    control: { origin: emulator.origin, secret: emulator.controlSecret },
    gatewayUrl: emulator.gatewayUrl,
    botToken: emulator.botToken,
    verifyKey: emulator.verifyKey,
    // Read from the emulator's app each time: a bot's PATCH /applications/@me sets it too.
    interactionsUrl: () => emulator.interactionsUrl(),
    setInteractionsUrl: (url, signal) => emulator.setInteractionsUrl(url, signal),
  };
}

/**
 * One emulator for the whole run, whichever session asks (a sign-in makes a new session): `forApi`
 * gives a session's `tryOnEmulator`, which copies from that session's API.
 */
export function emulatorForTry(onCleanup: (cleanup: () => Promise<void>) => void, options: { timeoutMs?: number } = {}): (live: DiscordApi) => TryOnEmulator {
  let starting: Promise<{ emulator: RunningEmulator; endpoint: EmulatorEndpoint; api: DiscordApi }> | undefined;
  const start = async () => {
    const [{ startEmulator }, { createDiscordApi }] = await Promise.all([import('../../emulator/server.js'), import('../../api/client.js')]);
    const emulator = await startEmulator({ seed: 'empty', rateLimits: 'discord' });
    onCleanup(() => emulator.close());
    const api = await createDiscordApi({ baseUrl: emulator.baseUrl, credentials: { botToken: emulator.botToken }, applicationId: emulator.applicationId, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
    return { emulator, endpoint: endpointOf(emulator), api };
  };
  return (live) => {
    // Per session: a session on an emulator of its own (a profile switched to) is not sent to this one.
    let usedHere = false;
    return {
      running: () => usedHere,
      open: async (guildId, signal) => {
        const { readAppCopy, describeCopy } = await import('../../operations/copy-to-emulator.js');
        // Read first: credentials that cannot read the commands start nothing.
        const read = await readAppCopy(live.withSignal(signal), guildId);
        signal.throwIfAborted();
        const running = await (starting ??= start().catch((error: unknown) => {
          starting = undefined;
          throw error;
        }));
        const copied = running.emulator.copyIn(read.copy);
        usedHere = true;
        return {
          endpoint: running.endpoint,
          api: running.api,
          ...(copied.guild ? { guild: { id: copied.guild.id, name: copied.guild.name } } : {}),
          summary: describeCopy(copied, read),
        };
      },
    };
  };
}
