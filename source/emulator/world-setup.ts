/**
 * The world an emulator run starts with: the `--state` file's (its script tokens made usable again, a
 * signing key added to files from before interactions), or a new one seeded as asked; the copy a reset
 * goes back to; and the saver that keeps the file up to date.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import { openStateFile, StateSaver } from './persistence.js';
import type { World } from './request-context.js';
import { ACCESS_TOKEN_LIFETIME_MS, buildState } from './seed.js';
import type { SnowflakeGenerator } from './snowflake.js';
import type { EmulatorState } from './state.js';
import { newSigningSeed } from './interactions/signing.js';
import { InteractionStore } from './interactions/store.js';
import { AttachmentStore } from './interactions/attachments.js';

/** What of startEmulator's options makes the world (server.ts's EmulatorOptions says what each is). */
export interface WorldOptions {
  statePath?: string;
  seed?: 'demo' | 'empty';
  extraGuilds?: number;
  choiceStringMaxLength?: number;
  locales?: 'spec' | 'docs';
}

export interface OpenedWorld {
  world: World;
  /** What POST /__emulator/reset goes back to. */
  initial: EmulatorState;
  saver?: StateSaver;
}

/** With `statePath`, the file is held until `saver.close()` (persistence.ts): the caller closes it however the start ends. */
export async function openWorld(options: WorldOptions, clock: Clock, ids: SnowflakeGenerator): Promise<OpenedWorld> {
  const file = options.statePath ? await openStateFile(options.statePath) : undefined;
  const loaded = file?.loaded;
  const state = loaded ?? buildState(ids, { seed: options.seed ?? 'demo', extraGuilds: options.extraGuilds ?? 0, now: clock() });
  // Script tokens stay usable across restarts of a saved state.
  for (const token of Object.values(state.scriptTokens)) {
    const record = state.tokens[token];
    if (record) record.expiresAt = clock() + ACCESS_TOKEN_LIFETIME_MS;
  }
  // State files written before interactions existed get their signing key now.
  state.application.interactionsKeySeed ??= newSigningSeed();
  const initial = structuredClone(state);
  const saver = options.statePath && file ? new StateSaver(options.statePath, () => world.state, file.release) : undefined;
  const world: World = {
    state,
    ids,
    clock,
    origin: '',
    runMark: randomBytes(16).toString('hex'),
    choiceStringMaxLength: options.choiceStringMaxLength ?? 100,
    locales: options.locales ?? 'spec',
    interactions: new InteractionStore(clock, () => ids.next()),
    attachments: new AttachmentStore(clock, () => ids.next()),
    changed: () => saver?.markChanged(),
  };
  if (saver && !loaded) await saver.writeNow().catch(async (error: unknown) => {
    await saver.close();
    throw error;
  });
  return { world, initial, ...(saver ? { saver } : {}) };
}
