import { describe, expect, it } from 'vitest';
import { contextsSummary } from '../../../source/ui/format/command-summary.js';

describe('contextsSummary', () => {
  it.each([
    ['set contexts, as named', { contexts: [0, 2] }, 'guild,private', 'GUILD, PRIVATE_CHANNEL'],
    ['a global command sent without them: Discord applies its default', { contexts: null }, 'guild,bot-dm (default)', 'GUILD, BOT_DM (default)'],
    ['a guild command: none apply', { contexts: null, guild_id: '1' }, '—', '—'],
  ])('%s', (_, command, short, long) => {
    expect(contextsSummary(command)).toBe(short);
    expect(contextsSummary(command, false)).toBe(long);
  });
});
