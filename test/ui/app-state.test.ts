import { describe, expect, it } from 'vitest';
import { appReducer, flashExpires, initialAppState } from '../../source/ui/state/app-state.js';

describe('the status line message', () => {
  it('success and info go after a while; warnings and errors stay', () => {
    expect(flashExpires({ text: 'Exported', tone: 'success' })).toBe(true);
    expect(flashExpires({ text: 'Nothing changed', tone: 'info' })).toBe(true);
    expect(flashExpires({ text: 'Cancelled', tone: 'warning' })).toBe(false);
    expect(flashExpires({ text: 'Discord refused', tone: 'error' })).toBe(false);
    expect(flashExpires(null)).toBe(false);
  });

  it('an expired message is cleared only if no newer one replaced it', () => {
    const first = appReducer(initialAppState(null), { type: 'flash', text: 'Exported', tone: 'success' });
    const shown = first.flash!;
    expect(appReducer(first, { type: 'flash-expired', flash: shown }).flash).toBeNull();
    const second = appReducer(first, { type: 'flash', text: 'Exported', tone: 'success' });
    expect(appReducer(second, { type: 'flash-expired', flash: shown }).flash).toEqual({ text: 'Exported', tone: 'success' });
  });
});
