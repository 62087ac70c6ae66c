import { describe, expect, it } from 'vitest';
import { topLevelOptionCount } from '../../source/discord/option-count.js';

describe('topLevelOptionCount (the TUI list and `cmd-tui list`)', () => {
  it.each([
    ['no options', {}, 0],
    ['null options', { options: null }, 0],
    ['flat options', { options: [{ type: 3 }, { type: 6 }] }, 2],
    ['two subcommand groups with six options inside', { options: [{ type: 2, options: [{ type: 1, options: [{ type: 3 }] }, { type: 1 }] }, { type: 2, options: [{ type: 1, options: [{ type: 3 }] }, { type: 1 }] }] }, 2],
  ])('%s → %i', (_name, command, expected) => {
    expect(topLevelOptionCount(command)).toBe(expected);
  });
});
