import { describe, expect, it } from 'vitest';
import { appReducer, flashExpires, initialAppState, statusHistoryText } from '../../source/ui/state/app-state.js';

describe('the status line message', () => {
  it('hints (info) go after a while; outcomes (success, warnings, errors) stay until the next action', () => {
    expect(flashExpires({ text: 'Deleted ping; backup: /tmp/b.json', tone: 'success' })).toBe(false);
    expect(flashExpires({ text: 'Nothing changed', tone: 'info' })).toBe(true);
    expect(flashExpires({ text: 'Cancelled', tone: 'warning' })).toBe(false);
    expect(flashExpires({ text: 'Discord refused', tone: 'error' })).toBe(false);
    expect(flashExpires(null)).toBe(false);
  });

  it('an expired message is cleared only if no newer one replaced it', () => {
    const first = appReducer(initialAppState(null), { type: 'flash', text: 'Nothing changed', tone: 'info' });
    const shown = first.flash!;
    expect(appReducer(first, { type: 'flash-expired', flash: shown }).flash).toBeNull();
    const second = appReducer(first, { type: 'flash', text: 'Nothing changed', tone: 'info' });
    expect(appReducer(second, { type: 'flash-expired', flash: shown }).flash).toEqual({ text: 'Nothing changed', tone: 'info' });
  });

  it('every status shown is kept in the history, newest last, for ctrl+e once the line is gone', () => {
    let state = appReducer(initialAppState(null), { type: 'flash', text: 'Deleted ping; backup: /tmp/b.json', tone: 'success' });
    state = appReducer(state, { type: 'status-clear' });
    state = appReducer(state, { type: 'flash', text: 'Cancelled', tone: 'warning' });
    state = appReducer(state, { type: 'flash', text: 'Cancelled', tone: 'warning' });
    expect(state.statusHistory.map((entry) => entry.text)).toEqual(['Deleted ping; backup: /tmp/b.json', 'Cancelled']);
    const text = statusHistoryText(state.statusHistory, state.statusHistory[1]!.at + 61_000);
    expect(text.indexOf('Cancelled')).toBeLessThan(text.indexOf('Deleted ping'));
    expect(text).toMatch(/^1 min ago · warning\nCancelled/);
  });
});

describe('a status belongs to the action that made it', () => {
  const flashed = appReducer({ ...initialAppState(null), stack: [{ id: 'list' }, { id: 'permissions', commandId: '1' }] }, { type: 'flash', text: 'The editor "vi" exited with code 1; nothing was changed.', tone: 'error' });

  it.each([
    ['opening a dialog', { type: 'overlay', overlay: { kind: 'scope-picker' } }],
    ['opening a screen', { type: 'push', screen: { id: 'detail', commandId: '1' } }],
    ['switching to another guild', { type: 'scope', scope: { kind: 'guild', guildId: '2' } }],
    ['reloading', { type: 'reload' }],
    ['leaving a screen', { type: 'pop' }],
  ] as const)('is cleared by %s', (_, action) => {
    expect(appReducer(flashed, action).flash).toBeNull();
  });

  it('stays when a save closes the editor, on the screen it returns to', () => {
    expect(appReducer(flashed, { type: 'pop', keepStatus: true }).flash).toEqual(flashed.flash);
  });

  it('stays when a dialog closes or its whole text is shown, so the dialog’s outcome is read', () => {
    expect(appReducer(flashed, { type: 'overlay', overlay: { kind: 'none' } }).flash).toEqual(flashed.flash);
    expect(appReducer(flashed, { type: 'overlay', overlay: { kind: 'message', text: 'x' } }).flash).toEqual(flashed.flash);
  });

  it('stays under help, which starts no action: the message read there is still there after it', () => {
    expect(appReducer(flashed, { type: 'overlay', overlay: { kind: 'help' } }).flash).toEqual(flashed.flash);
  });

  it('a command saved over a cancelled load loads the scope again, so "Loading was cancelled" and "counting…" go', () => {
    const failed = appReducer(flashed, { type: 'load-failed', message: 'Loading was cancelled.' });
    expect(failed.data.status).toBe('error');
    const saved = appReducer(failed, { type: 'command-saved', command: { id: '9', name: 'new' } as never });
    expect(saved.data.status).toBe('loading');
    expect(saved.reload).toBe(failed.reload + 1);
  });
});
