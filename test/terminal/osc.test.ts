/** Links and the clipboard through the terminal carry only the address, never anything that ends the sequence early. */
import { describe, expect, it } from 'vitest';
import { clipboardSequence, hyperlink } from '../../source/terminal/osc.js';

describe('terminal sequences for an address', () => {
  it('links text to the address (OSC 8) and copies it (OSC 52)', () => {
    expect(hyperlink('https://discord.com/x', 'here')).toBe('\u001b]8;;https://discord.com/x\u0007here\u001b]8;;\u0007');
    expect(clipboardSequence('https://discord.com/x')).toBe(`\u001b]52;c;${Buffer.from('https://discord.com/x').toString('base64')}\u0007`);
  });

  it('keeps escapes and bells out of the address', () => {
    const link = hyperlink('https://e.com/\u0007\u001b]52;c;AAAA\u0007 x', 'here');
    expect(link.match(/\u0007/g)).toHaveLength(2);
    expect(link.match(/\u001b/g)).toHaveLength(2);
  });
});
