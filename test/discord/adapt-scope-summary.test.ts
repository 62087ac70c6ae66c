import { describe, expect, it } from 'vitest';
import { summarizeAdaptations } from '../../source/discord/adapt-scope.js';

describe('summarizeAdaptations', () => {
  it('one line per kind of drop or skip, counting the commands and naming the first three', () => {
    const lines = summarizeAdaptations([
      { command: '/a', dropped: ['integration_types'] },
      { command: '/b', dropped: ['integration_types'] },
      { command: '/c', dropped: ['contexts', 'integration_types'] },
      { command: '/d', dropped: ['integration_types'] },
      { command: '/e', dropped: ['integration_types'] },
      { command: 'Launch', dropped: [], skipped: 'an entry-point command exists only in the global scope' },
    ]);
    expect(lines).toEqual([
      'dropped integration_types from 4 commands (/a, /b, /d and 1 more): Discord applies them to global commands only',
      '/c: dropped contexts, integration_types (Discord applies them to global commands only)',
      'skipped Launch: an entry-point command exists only in the global scope',
    ]);
  });

  it('says nothing when nothing was adapted', () => {
    expect(summarizeAdaptations([])).toEqual([]);
  });
});
