import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressBar } from '../../source/commands/progress.js';
import { renderTable } from '../../source/commands/text-table.js';
import type { CliIo } from '../../source/commands/types.js';
import { sanitizeOutput } from '../../source/terminal/sanitize.js';
import { readEnvironment } from '../../source/config/environment.js';

function ioWithStderr(isTTY: boolean): { io: CliIo; written: () => string } {
  const stderr = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stderr.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const io: CliIo = { stdout: new PassThrough(), stderr, stdin: new PassThrough(), environment: readEnvironment({}, 'linux'), cwd: '/' };
  return { io, written: () => text };
}

describe('progressBar', () => {
  it('draws on a terminal and clears its line when done', async () => {
    const { io, written } = ioWithStderr(true);
    const bar = progressBar(io, 'Auditing guilds', 4);
    bar.tick();
    bar.tick();
    bar.done();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written()).toContain('Auditing guilds [###############---------------] 2/4');
    expect(sanitizeOutput(written()).endsWith('\r\u001b[2K')).toBe(true);
  });

  it('writes nothing when stderr is a pipe', async () => {
    const { io, written } = ioWithStderr(false);
    const bar = progressBar(io, 'Auditing guilds', 4);
    bar.tick();
    bar.done();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written()).toBe('');
  });
});

describe('renderTable', () => {
  it('pads columns to the widest cell and cuts long cells', () => {
    expect(renderTable(['ID', 'NAME'], [['1', 'ping'], ['22', 'x'.repeat(10)]], 6)).toBe('ID  NAME\n1   ping\n22  xxxxx…\n');
  });
});

describe('one id-flag parser', () => {
  it('says which flag, what kind of id, and what was given', async () => {
    const { idFlag } = await import('../../source/commands/flags.js');
    expect(() => idFlag('--guild', 'abc', 'guild')).toThrow('--guild must be a guild id (digits only), not "abc"');
    expect(() => idFlag('--app', '12x', 'application')).toThrow('--app must be an application id (digits only), not "12x"');
    expect(() => idFlag('--to', 'glob', 'guild', { orGlobal: true })).toThrow('--to must be "global" or a guild id (digits only), not "glob"');
    expect(idFlag('--to', 'global', 'guild', { orGlobal: true })).toBe('global');
    expect(idFlag('--guild', '123456789012345678', 'guild')).toBe('123456789012345678');
    expect(idFlag('--guild', undefined, 'guild')).toBeUndefined();
  });
});
