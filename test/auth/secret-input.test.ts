import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pasteReader, readSecret } from '../../source/auth/secret-input.js';

function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, rawModes: [] as boolean[], setRawMode(raw: boolean) {
    input.rawModes.push(raw);
  } });
  const screen = new PassThrough();
  let shown = '';
  screen.setEncoding('utf8').on('data', (chunk: string) => (shown += chunk));
  return { input, screen, shown: () => shown };
}

describe('reading a secret', () => {
  it('takes the first non-empty line of piped input', async () => {
    const input = new PassThrough();
    input.end('\n  s3cret  \nignored\n');
    expect(await readSecret(input, new PassThrough(), 'Token: ')).toBe('s3cret');
  });

  it('prompts on a terminal without echoing, honouring backspace, and restores the mode', async () => {
    const tty = terminal();
    const secret = readSecret(tty.input, tty.screen, 'Token: ');
    tty.input.write('abx\u007fc\r');
    expect(await secret).toBe('abc');
    expect(tty.shown()).toBe('Token: \n');
    expect(tty.input.rawModes).toEqual([true, false]);
  });

  it('cancels on Ctrl-C and refuses an empty secret', async () => {
    const tty = terminal();
    const cancelled = readSecret(tty.input, tty.screen, 'Token: ');
    tty.input.write('\u0003');
    await expect(cancelled).rejects.toThrow('Cancelled');
    const empty = new PassThrough();
    empty.end('\n');
    await expect(readSecret(empty, new PassThrough(), 'Token: ')).rejects.toThrow('No secret');
  });

  it('reads pasted lines and reports the end of input as an aborted sign-in', async () => {
    const input = new PassThrough();
    const reader = pasteReader(input, new PassThrough());
    expect(reader.hidden).toBe(false);
    input.end('first\n');
    expect(await reader.next()).toBe('first');
    await expect(reader.next()).rejects.toMatchObject({ failure: 'aborted' });
    reader.close();
  });

  it('reads a pasted address on a terminal without echoing it, and Ctrl-C stops the sign-in', async () => {
    const tty = terminal();
    const reader = pasteReader(tty.input, tty.screen);
    expect(reader.hidden).toBe(true);
    const pasted = reader.next();
    tty.input.write('http://127.0.0.1:5/callback?code=fakecode123&state=s\r');
    expect(await pasted).toBe('http://127.0.0.1:5/callback?code=fakecode123&state=s');
    expect(tty.shown()).not.toContain('fakecode123');
    const stopped = reader.next();
    tty.input.write('\u0003');
    await expect(stopped).rejects.toMatchObject({ failure: 'aborted' });
    // Closed while waiting (the listener won): the terminal is back in its normal mode.
    reader.next().catch(() => undefined);
    reader.close();
    expect(tty.input.rawModes).toEqual([true, false, true, false, true, false]);
  });
});
