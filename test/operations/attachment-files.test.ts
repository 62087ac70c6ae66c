/**
 * Reading the files a person attaches (operations/attachment-files.ts), as `cmd-tui try --file` and the
 * TUI's Try screen both do: the bytes whole, named and typed as the client names them; every refusal
 * names the option and the file, and a pipe does not hang the read.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttachmentFileError, readAttachmentFiles } from '../../source/operations/attachment-files.js';

let folder: string;
const inFolder = (path: string) => join(folder, path);

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cmd-tui-attach-'));
  await writeFile(inFolder('shot.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]));
  await mkdir(inFolder('pictures'));
  await writeFile(inFolder('big.bin'), '');
  await truncate(inFolder('big.bin'), 10_485_761);
  await writeFile(inFolder('exact.bin'), '');
  await truncate(inFolder('exact.bin'), 10_485_760);
  execFileSync('mkfifo', [inFolder('pipe')]);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the files attached to a command', () => {
  it('are read whole, by option, named by their base name and typed by their extension', async () => {
    const files = await readAttachmentFiles({ proof: 'shot.png', data: 'exact.bin' }, inFolder);
    expect(Object.getPrototypeOf(files)).toBeNull();
    expect(files.proof).toEqual({ filename: 'shot.png', content_type: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]) });
    expect(files.data).toMatchObject({ filename: 'exact.bin', content_type: 'application/octet-stream' });
    expect(files.data!.bytes.length).toBe(10_485_760);
  });

  it.each([
    ['missing.png', 'option "proof": cannot read missing.png: no such file'],
    ['pictures', 'option "proof": pictures is a folder: give a file to upload'],
    ['pipe', 'option "proof": pipe is not a regular file (a pipe, socket or device): give a file to upload'],
    ['big.bin', "option \"proof\": big.bin cannot be uploaded: it is 10.0 MiB, and Discord's client uploads at most 10 MiB (10485760 bytes) with a command"],
  ])('%s is refused, naming the option and the file', async (path, message) => {
    const refused = readAttachmentFiles({ proof: path }, inFolder);
    await expect(refused).rejects.toThrow(AttachmentFileError);
    await expect(refused).rejects.toThrow(message);
  });
});
