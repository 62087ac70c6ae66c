import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lineReader, readSecret } from '../../source/auth/secret-input.js';

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
    const reader = lineReader(input);
    input.end('first\n');
    expect(await reader.next()).toBe('first');
    await expect(reader.next()).rejects.toMatchObject({ failure: 'aborted' });
    reader.close();
  });
});
