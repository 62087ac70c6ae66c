import { describe, expect, it } from 'vitest';
import { guildChoices } from '../../source/ui/screens/overlays/guild-choices.js';

const HQ = { id: '300000000000000001', name: 'Pixel Pal HQ' };
const CLUB = { id: '300000000000000002', name: 'Speedrun Club' };
const TYPED_EARLIER = { id: '300000000000000009' };

describe('a guild picker offers', () => {
  it.each([
    ['', ['Pixel Pal HQ', 'Speedrun Club', 'guild 300000000000000009']],
    ['speed', ['Speedrun Club']],
    ['30000000000000', ['Pixel Pal HQ', 'Speedrun Club', 'guild 300000000000000009']],
    ['300000000000000009', ['guild 300000000000000009']],
    ['400000000000000004', ['guild 400000000000000004']],
    ['nothing', []],
  ])('for %j: %j', (query, labels) => {
    expect(guildChoices([HQ, CLUB], [TYPED_EARLIER, { id: HQ.id, name: 'old name' }], query).map((c) => c.label)).toEqual(labels);
  });

  it('says where each came from: listed, picked recently, or typed', () => {
    expect(guildChoices([HQ], [TYPED_EARLIER], '').map((c) => c.note)).toEqual([HQ.id, `${TYPED_EARLIER.id} · picked recently`]);
    expect(guildChoices([], [], '400000000000000004')[0]?.note).toBe('typed id · Discord answers whether the app is there');
  });

  it('offers a remembered name for a guild the credentials cannot list', () => {
    expect(guildChoices([], [{ id: CLUB.id, name: 'Speedrun Club' }], 'speed').map((c) => c.label)).toEqual(['Speedrun Club']);
  });
});
