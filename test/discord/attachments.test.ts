/** What Discord's client holds a file to before it uploads it for an ATTACHMENT option (discord/attachments.ts). */
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_SIZE_LIMIT, contentTypeOf, fileTypeProblem, formatSize, sizeProblem } from '../../source/discord/attachments.js';

describe('the content type a client names a file by', () => {
  it.each([
    ['shot.PNG', 'image/png'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['archive.tar.gz', 'application/octet-stream'],
    ['README', 'application/octet-stream'],
    // Extensions are looked up as the table's own keys only.
    ['x.constructor', 'application/octet-stream'],
    ['x.__proto__', 'application/octet-stream'],
    ['x.toString', 'application/octet-stream'],
  ])('%s → %s', (filename, type) => {
    expect(contentTypeOf(filename)).toBe(type);
  });
});

describe("an option's file_types", () => {
  it.each<[string[] | undefined, string, string, string | undefined]>([
    [undefined, 'a.exe', 'application/octet-stream', undefined],
    [[], 'a.exe', 'application/octet-stream', undefined],
    [['image'], 'cat.png', 'image/png', undefined],
    [['image', 'video'], 'clip.mp4', 'video/mp4', undefined],
    [['.pdf'], 'Scan.PDF', 'application/pdf', undefined],
    [['.tar.gz'], 'backup.tar.gz', 'application/octet-stream', undefined],
    [['image'], 'notes.txt', 'text/plain; charset=utf-8', 'accepts only image files, and notes.txt is text/plain; charset=utf-8'],
    [['audio', '.pdf'], 'cat.png', 'image/png', 'accepts only audio, .pdf files, and cat.png is image/png'],
    [['pdf'], 'a.pdf', 'application/pdf', 'accepts only pdf files, and a.pdf is application/pdf'],
  ])('%j: %s (%s)', (fileTypes, filename, contentType, problem) => {
    expect(fileTypeProblem(fileTypes, filename, contentType)).toBe(problem);
  });
});

describe('the 10 MiB a member uploads with a command', () => {
  it('takes 10 MiB exactly and refuses a byte more, saying both sizes', () => {
    expect(sizeProblem(ATTACHMENT_SIZE_LIMIT)).toBeUndefined();
    expect(sizeProblem(ATTACHMENT_SIZE_LIMIT + 1)).toBe("it is 10.0 MiB, and Discord's client uploads at most 10 MiB (10485760 bytes) with a command");
    expect(sizeProblem(12 * 1024 * 1024)).toMatch(/^it is 12\.0 MiB/);
    expect([formatSize(20), formatSize(1536), formatSize(3 * 1024 * 1024)]).toEqual(['20 bytes', '1.5 KiB', '3.0 MiB']);
  });
});
