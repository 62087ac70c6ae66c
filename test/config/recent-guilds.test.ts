import { describe, expect, it } from 'vitest';
import { MAX_RECENT_GUILDS, recentGuildsOf, withRecentGuild } from '../../source/config/recent-guilds.js';
import { settingsSchema, type Settings } from '../../source/config/settings.js';

const API = 'http://127.0.0.1:1/api/v10';
const APP = '100000000000000001';
const OTHER_APP = '100000000000000002';
const guild = (n: number, name?: string) => ({ id: String(200000000000000000n + BigInt(n)), ...(name ? { name } : {}) });

describe('recently picked guilds, per API and application', () => {
  it('puts the latest first, once, keeping a name it learnt earlier', () => {
    let settings: Settings = {};
    settings = withRecentGuild(settings, API, APP, guild(1, 'HQ'));
    settings = withRecentGuild(settings, API, APP, guild(2));
    settings = withRecentGuild(settings, API, APP, guild(1));
    expect(recentGuildsOf(settings, API, APP)).toEqual([guild(1, 'HQ'), guild(2)]);
    expect(settingsSchema.safeParse(settings).success).toBe(true);
  });

  it('keeps each application and API apart, and the rest of the target untouched', () => {
    let settings: Settings = { targets: { [API]: { applicationId: APP } } };
    settings = withRecentGuild(settings, API, APP, guild(1));
    settings = withRecentGuild(settings, API, OTHER_APP, guild(2));
    expect(recentGuildsOf(settings, API, APP)).toEqual([guild(1)]);
    expect(recentGuildsOf(settings, API, OTHER_APP)).toEqual([guild(2)]);
    expect(recentGuildsOf(settings, 'https://discord.com/api/v10', APP)).toEqual([]);
    expect(settings.targets?.[API]?.applicationId).toBe(APP);
  });

  it(`remembers at most ${MAX_RECENT_GUILDS}`, () => {
    let settings: Settings = {};
    for (let n = 0; n < MAX_RECENT_GUILDS + 3; n++) settings = withRecentGuild(settings, API, APP, guild(n));
    const kept = recentGuildsOf(settings, API, APP);
    expect(kept).toHaveLength(MAX_RECENT_GUILDS);
    expect(kept[0]).toEqual(guild(MAX_RECENT_GUILDS + 2));
  });
});
