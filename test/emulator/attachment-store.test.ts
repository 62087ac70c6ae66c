/**
 * The emulator's keeping of uploaded files (emulator/interactions/attachments.ts), with its own clock:
 * 15 minutes from the upload or from the interaction that sent it, all files together held to a cap
 * with the oldest dropped first, a URL good only as signed (its address, `ex` and `is` under `hm`); and an image's width and height read
 * from its header whatever its name says.
 */
import { JPG } from 'image-size/types/jpg';
import { describe, expect, it, vi } from 'vitest';
import { AttachmentStore, filenameProblem, type StoredAttachment } from '../../source/emulator/interactions/attachments.js';
import { HEADER_BYTES, imageDimensions } from '../../source/emulator/interactions/image-dimensions.js';
import { TOKEN_LIFETIME_MS } from '../../source/emulator/interactions/store.js';

function storeWith(maxStoredBytes?: number) {
  let now = 1_800_000_000_000;
  let id = 100;
  const store = new AttachmentStore(() => now, () => String(++id), maxStoredBytes);
  const put = (size: number, filename = 'f.bin') => {
    const result = store.upload(filename, 'application/octet-stream', Buffer.alloc(size));
    if (!result.ok) throw new Error(result.message);
    return result.attachment;
  };
  /** The file at the address and with the query its attachment object gives, the query edited by `edit`. */
  const fetched = (file: StoredAttachment, channelId = file.channelId!, edit: (query: URLSearchParams) => void = () => undefined) => {
    const query = new URL(store.attachmentObject(file, 'http://127.0.0.1:1').url).searchParams;
    edit(query);
    return store.find({ channelId, id: file.id, filename: file.filename }, query);
  };
  return { store, put, fetched, pass: (ms: number) => (now += ms) };
}

describe('kept in memory, bounded', () => {
  it('drops the oldest files to make room under the cap, and counts what it holds', () => {
    const { store, put } = storeWith(100);
    const first = put(40);
    const second = put(40);
    expect(store.size).toBe(80);
    const third = put(40);
    expect(store.size).toBe(80);
    expect(store.unsent(first.id)).toMatch(/^there is no upload 101: it was dropped/);
    expect(store.unsent(second.id)).toBe(second);
    expect(store.unsent(third.id)).toBe(third);
  });

  it('lets an unsent upload go after 15 minutes, and a sent one 15 minutes after its interaction', () => {
    const { store, put, fetched, pass } = storeWith();
    const unsent = put(1);
    const sent = put(1);
    pass(TOKEN_LIFETIME_MS - 1000);
    store.send(sent, '555');
    pass(1000);
    expect(typeof store.unsent(unsent.id)).toBe('string');
    expect(fetched(sent)).toBe(sent);
    expect(store.size).toBe(1);
    pass(TOKEN_LIFETIME_MS);
    expect(fetched(sent)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('finds a file only at its signed address, with the query its interaction gave, and only once an interaction sent it', () => {
    const { store, put, fetched } = storeWith();
    const file = put(3, 'a.txt');
    const query = new URLSearchParams({ ex: 'ffffffff', is: '0', hm: 'f'.repeat(64) });
    expect(store.find({ channelId: '555', id: file.id, filename: 'a.txt' }, query)).toBeUndefined();
    store.send(file, '555');
    expect(fetched(file)).toBe(file);
    expect(fetched(file, '555', (given) => given.delete('hm'))).toBeUndefined();
    expect(fetched(file, '555', (given) => given.set('hm', `${given.get('hm')}0`))).toBeUndefined();
    expect(fetched(file, '555', (given) => given.set('hm', 'f'.repeat(64)))).toBeUndefined();
    expect(fetched(file, '556')).toBeUndefined();
    expect(store.find({ channelId: '555', id: '__proto__', filename: 'a.txt' }, query)).toBeUndefined();
    expect(store.unsent(file.id)).toMatch(/was already sent with a command/);
    expect(store.unsent('constructor')).toMatch(/^there is no upload constructor/);
  });

  it('refuses an address whose ex or is was edited (the signature covers them), and one whose ex has passed', () => {
    const { store, put, fetched, pass } = storeWith();
    const file = put(3, 'a.txt');
    store.send(file, '555');
    const later = (hex: string | null) => (Number.parseInt(hex!, 16) + 3600).toString(16);
    expect(fetched(file, '555', (given) => given.set('ex', later(given.get('ex'))))).toBeUndefined();
    expect(fetched(file, '555', (given) => given.set('is', later(given.get('is'))))).toBeUndefined();
    expect(fetched(file, '555', (given) => given.delete('ex'))).toBeUndefined();
    expect(fetched(file)).toBe(file);
    // A file that lives on while an old address of it expires: sent again, it gets a new ex, and the old one is refused once it passes.
    const old = new URL(store.attachmentObject(file, 'http://127.0.0.1:1').url).searchParams;
    pass(TOKEN_LIFETIME_MS - 1000);
    store.send(file, '555');
    pass(2000);
    expect(store.find({ channelId: '555', id: file.id, filename: 'a.txt' }, old)).toBeUndefined();
    expect(fetched(file)).toBe(file);
  });
});

describe('what an upload may be', () => {
  it.each([
    ['shot.png', undefined],
    ['é "x".svg', undefined],
    [null, "the upload needs ?filename=NAME (the file's name)"],
    ['', "the upload needs ?filename=NAME (the file's name)"],
    ['a/b.png', "the filename must be a file's name, without a folder or control characters"],
    ['a\\b.png', "the filename must be a file's name, without a folder or control characters"],
    ['..', "the filename must be a file's name, without a folder or control characters"],
    ['bell\u0007.txt', "the filename must be a file's name, without a folder or control characters"],
    ['x'.repeat(1025), 'the filename is 1025 characters: at most 1024'],
  ])('filename %j', (filename, problem) => {
    expect(filenameProblem(filename)).toBe(problem);
  });
});

describe("an image's width and height, from its own header", () => {
  const le16 = (n: number) => [n & 0xff, n >> 8];
  const be16 = (n: number) => [n >> 8, n & 0xff];
  it.each<[string, number[], object]>([
    ['PNG', [...Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 0, 0, 1, 0x2c, 0, 0, 0, 0xc8, 8, 6, 0, 0, 0], { width: 300, height: 200 }],
    ['GIF', [...Buffer.from('GIF89a'), ...le16(640), ...le16(480), 0, 0, 0], { width: 640, height: 480 }],
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0, 17, 8, ...be16(50), ...be16(70), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9], { width: 70, height: 50 }],
    ['WebP', [...Buffer.from('RIFF'), 30, 0, 0, 0, ...Buffer.from('WEBPVP8X'), 10, 0, 0, 0, 0, 0, 0, 0, 99, 0, 0, 49, 0, 0], { width: 100, height: 50 }],
    ['text', [...Buffer.from('just some text, no image')], {}],
    ['a PNG signature with a broken header', [...Buffer.from('89504e470d0a1a0a0000000d58585858', 'hex')], {}],
    ['a PNG cut short', [...Buffer.from('89504e470d0a1a0a', 'hex')], {}],
  ])('%s', (_format, bytes, dimensions) => {
    expect(imageDimensions(Uint8Array.from(bytes))).toEqual(dimensions);
  });

  const jpegFrame = [0xff, 0xc0, 0, 17, 8, ...be16(50), ...be16(70), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9];

  it('only the first HEADER_BYTES are parsed: a 10 MiB upload starting like a JPEG is not scanned to its end', () => {
    const calculate = vi.spyOn(JPG, 'calculate');
    try {
      const file = new Uint8Array(10 * 1024 * 1024);
      file.set([0xff, 0xd8]);
      expect(imageDimensions(file)).toEqual({});
      expect(calculate).toHaveBeenCalled();
      for (const [input] of calculate.mock.calls) expect(input.length).toBeLessThanOrEqual(HEADER_BYTES);
    } finally {
      calculate.mockRestore();
    }
  });

  it('a JPEG frame header beyond the first HEADER_BYTES is no size, one within them is', () => {
    const metadata = (length: number) => [0xff, 0xe1, ...be16(length), ...new Array<number>(length - 2).fill(0)];
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, ...metadata(0xffff), ...jpegFrame]))).toEqual({});
    expect(imageDimensions(Uint8Array.from([0xff, 0xd8, ...metadata(0x8000), ...jpegFrame]))).toEqual({ width: 70, height: 50 });
  });
});
