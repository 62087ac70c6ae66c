/**
 * The rows an address and the sign-in's paste-back take (issue 29): the terminal's own wrapping of a
 * long address is counted so the frame leaves it room, and on a short screen the address and the
 * field stay while the copy key's line and the note about SSH give way.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { wrappedExtraRows } from '../../source/ui/components/copyable-url.js';
import { signInAddressLayout, usePasteBack, type PasteBackField } from '../../source/ui/components/sign-in-address.js';
import { renderTui } from './helpers/render.js';

const paste = (refusal?: string): PasteBackField => ({ begin: () => ({ read: async () => '', refused: () => undefined }), value: '', setValue: () => undefined, submit: () => undefined, ...(refusal ? { refusal } : {}) });

describe('wrappedExtraRows', () => {
  it('counts the rows past the first the terminal wraps an address onto, with a cell to spare', () => {
    expect(wrappedExtraRows(60, 80)).toBe(0);
    expect(wrappedExtraRows(79, 80)).toBe(0);
    // Ending on the last column may still move the cursor on: one row more is left free.
    expect(wrappedExtraRows(80, 80)).toBe(1);
    expect(wrappedExtraRows(300, 40)).toBe(7);
  });
});

describe('signInAddressLayout', () => {
  it('keeps the address and the field first, then the copy key, then the note', () => {
    expect(signInAddressLayout(39, 2, paste())).toEqual({ rows: 2, hint: false, note: false });
    expect(signInAddressLayout(39, 3, paste())).toEqual({ rows: 3, hint: true, note: false });
    const roomy = signInAddressLayout(79, 20, paste());
    expect(roomy.hint && roomy.note).toBe(true);
    expect(roomy.rows).toBeGreaterThan(3);
  });

  it('counts a refusal’s wrapped rows as essential, and has no field or note without a paste-back', () => {
    expect(signInAddressLayout(20, 0, paste('That address has no state, so it cannot be matched')).rows).toBe(2 + 3);
    expect(signInAddressLayout(79, 20, undefined)).toEqual({ rows: 2, hint: true, note: false });
  });
});

describe('usePasteBack', () => {
  it('a new sign-in ends the read a stopped one left waiting (it settles, as stopped), and later pastes go to the new one', async () => {
    let field!: PasteBackField;
    const Probe = () => {
      field = usePasteBack();
      return null;
    };
    renderTui(createElement(Probe));
    const stale = field.begin().read();
    const current = field.begin().read();
    await expect(stale).rejects.toMatchObject({ failure: 'aborted' });
    field.setValue('http://127.0.0.1:1/callback?code=c&state=s');
    await new Promise((resolve) => setTimeout(resolve, 20));
    field.submit();
    await expect(current).resolves.toBe('http://127.0.0.1:1/callback?code=c&state=s');
  });
});
