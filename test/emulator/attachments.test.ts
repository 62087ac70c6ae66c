/**
 * Files uploaded for ATTACHMENT options, from the client's upload to the bot's download: the interaction's
 * `resolved.attachments` entry is Discord's attachment object (checked against the spec's schema), its
 * `url` and `proxy_url` give the bot the exact bytes with their type, never as something a browser runs,
 * only as the interaction gave them and only for 15 minutes; the upload is held to the client's rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_MS } from '../../source/emulator/interactions/store.js';
import { schemaOf } from '../helpers/discord-spec.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';
import { useRecordingBot } from '../helpers/recording-bot.js';
import { callControl } from '../helpers/emulator-control.js';
import { fetchControl } from '../helpers/emulator-control.js';

let now = Date.now();
const emulator = useEmulator({ seed: 'empty', clock: () => now });
type Payload = { id: string; channel_id: string; data: { options?: { name: string; value: string }[]; resolved?: { attachments?: Record<string, Record<string, unknown>> } } };
const bot = useRecordingBot<Payload>(emulator);

/** The smallest PNG header that says 16×32: what Discord reads an image's width and height from. */
const PNG_16_BY_32 = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000002008060000001ff3ff61', 'hex');

beforeAll(async () => {
  const auth = { auth: botAuth(emulator()) };
  const commands = [
    { name: 'upload', description: 'Takes a file', options: [{ type: 11, name: 'file', description: 'Which file', required: true }, { type: 3, name: 'note', description: 'Text' }] },
    { name: 'picture', description: 'Takes an image', options: [{ type: 11, name: 'image', description: 'Which image', required: true, file_types: ['image', '.pdf'] }] },
  ];
  expect((await call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands`, { ...auth, json: commands })).status).toBe(200);
});

async function upload(bytes: Buffer, filename: string, contentType?: string) {
  const response = await fetchControl(emulator(), `/__emulator/attachments?filename=${encodeURIComponent(filename)}`, { method: 'POST', body: bytes, headers: contentType ? { 'Content-Type': contentType } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function uploaded(bytes: Buffer, filename: string, contentType: string): Promise<string> {
  const answer = await upload(bytes, filename, contentType);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

/** Tries `name` with the uploads given, and returns what the bot received. */
async function tried(name: string, attachments: Record<string, string>, options: Record<string, string> = {}): Promise<Payload> {
  const started = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name, options, attachments } });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return bot.received(started.body.id as string);
}

function attachmentOf(payload: Payload): Record<string, unknown> {
  const id = payload.data.options!.find((option) => option.name === 'file' || option.name === 'image')!.value;
  return payload.data.resolved!.attachments![id]!;
}

describe('an uploaded file reaches the bot as Discord sends it', () => {
  it("is the option's value, listed in resolved.attachments as the spec's attachment object, with an image's width and height", async () => {
    const id = await uploaded(PNG_16_BY_32, 'cat photo.png', 'image/png');
    const payload = await tried('upload', { file: id });
    expect(payload.data.options).toEqual([{ name: 'file', type: 11, value: id }]);
    const attachment = attachmentOf(payload);
    expect(attachment).toEqual({
      id,
      filename: 'cat photo.png',
      size: PNG_16_BY_32.length,
      content_type: 'image/png',
      width: 16,
      height: 32,
      url: expect.stringMatching(new RegExp(`^${emulator().origin}/ephemeral-attachments/${payload.channel_id}/${id}/cat%20photo\\.png\\?ex=[0-9a-f]+&is=[0-9a-f]+&hm=[0-9a-f]{64}&$`)),
      proxy_url: expect.stringMatching(new RegExp(`^${emulator().origin}/media/ephemeral-attachments/${payload.channel_id}/${id}/cat%20photo\\.png\\?`)),
      ephemeral: true,
    });
    const issues = [schemaOf('AttachmentResponse').safeParse(attachment), schemaOf('ResolvedObjectsResponse').safeParse(payload.data.resolved)].flatMap((result) => (result.success ? [] : result.error.issues));
    expect(issues).toEqual([]);
  });

  it('gives the bot the exact bytes with their type at url and proxy_url, headers for HEAD, and no width for a file that is not an image', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]);
    const id = await uploaded(bytes, 'data.bin', 'application/octet-stream');
    const attachment = attachmentOf(await tried('upload', { file: id }));
    expect(attachment).not.toHaveProperty('width');
    for (const url of [attachment.url, attachment.proxy_url] as string[]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect(response.headers.get('content-length')).toBe(String(bytes.length));
    }
    const head = await fetch(attachment.url as string, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect((await fetch(attachment.url as string, { method: 'DELETE' })).status).toBe(405);
  });

  it('never serves a file as something a browser runs: nosniff, a sandbox, and HTML or SVG as a download', async () => {
    const html = Buffer.from('<script>alert(1)</script>');
    const page = attachmentOf(await tried('upload', { file: await uploaded(html, 'page.html', 'text/html') }));
    const served = await fetch(page.url as string);
    expect(await served.text()).toBe(html.toString());
    expect(served.headers.get('content-type')).toBe('text/html');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
    const svg = attachmentOf(await tried('upload', { file: await uploaded(Buffer.from('<svg onload="alert(1)"/>'), 'é "x".svg', 'image/svg+xml') }));
    expect((await fetch(svg.url as string)).headers.get('content-disposition')).toBe(`attachment; filename="_ _x_.svg"; filename*=UTF-8''%C3%A9%20%22x%22.svg`);
    const image = attachmentOf(await tried('upload', { file: await uploaded(PNG_16_BY_32, 'cat.png', 'image/png') }));
    const shown = await fetch(image.url as string);
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 for an address the interaction did not give: another signature, an edited ex or is, another channel or name, an unknown or prototype id', async () => {
    const attachment = attachmentOf(await tried('upload', { file: await uploaded(Buffer.from('hello'), 'hello.txt', 'text/plain') }));
    const url = new URL(attachment.url as string);
    expect((await fetch(url)).status).toBe(200);
    const changed = (edit: (copy: URL) => void) => {
      const copy = new URL(url);
      edit(copy);
      return copy;
    };
    const wrong = [
      changed((copy) => copy.searchParams.set('hm', 'f'.repeat(64))),
      changed((copy) => copy.searchParams.delete('hm')),
      // An edited expiry (a day later) or issue time: the signature covers both.
      changed((copy) => copy.searchParams.set('ex', (Number.parseInt(copy.searchParams.get('ex')!, 16) + 86_400).toString(16))),
      changed((copy) => copy.searchParams.set('is', '0')),
      changed((copy) => copy.searchParams.delete('ex')),
      changed((copy) => (copy.pathname = copy.pathname.replace(/ephemeral-attachments\/\d+/, 'ephemeral-attachments/1'))),
      changed((copy) => (copy.pathname = copy.pathname.replace('hello.txt', 'other.txt'))),
      changed((copy) => (copy.pathname = copy.pathname.replace(`/${attachment.id}/`, '/1/'))),
      changed((copy) => (copy.pathname = copy.pathname.replace(`/${attachment.id}/hello.txt`, '/__proto__/hello.txt'))),
      changed((copy) => (copy.pathname = copy.pathname.replace('hello.txt', '%E0%A4%A'))),
    ];
    for (const address of wrong) expect((await fetch(address)).status, address.href).toBe(404);
    const refused = await fetch(wrong[0]!);
    expect(await refused.text()).toBe('This content is no longer available.');
    expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('is gone once the interaction token has expired (15 minutes), as its URL says', async () => {
    const attachment = attachmentOf(await tried('upload', { file: await uploaded(Buffer.from('soon gone'), 'gone.txt', 'text/plain') }));
    const expires = Number.parseInt(new URL(attachment.url as string).searchParams.get('ex')!, 16) * 1000;
    expect(expires).toBeGreaterThan(now + TOKEN_LIFETIME_MS - 2000);
    expect((await fetch(attachment.url as string)).status).toBe(200);
    now += TOKEN_LIFETIME_MS + 1;
    expect((await fetch(attachment.url as string)).status).toBe(404);
  });
});

describe('the upload is held to what the client sends', () => {
  it('refuses a file over the 10 MiB a member may upload, a name with a folder, and a type that is not a media type', async () => {
    const large = await upload(Buffer.alloc(10_485_761), 'big.bin', 'application/octet-stream');
    expect(large).toEqual({ status: 413, body: { message: "big.bin cannot be uploaded: it is more than the 10 MiB (10485760 bytes) Discord's client uploads with a command" } });
    expect((await upload(Buffer.alloc(10_485_760), 'just.bin', 'application/octet-stream')).status).toBe(201);
    expect(await upload(Buffer.from('x'), '../etc/passwd', 'text/plain')).toEqual({ status: 400, body: { message: "the filename must be a file's name, without a folder or control characters" } });
    expect((await upload(Buffer.from('x'), '', 'text/plain')).status).toBe(400);
    expect(await upload(Buffer.from('x'), 'a.txt', 'text/plain; charset')).toMatchObject({ status: 400 });
    expect(await upload(Buffer.from('x'), 'a.txt', 'not a type')).toEqual({ status: 400, body: { message: 'the Content-Type header must be a media type such as image/png' } });
    expect(await upload(Buffer.from('x'), 'a.txt')).toMatchObject({ status: 201, body: { content_type: 'application/octet-stream' } });
  });

  it('is sent once, by an ATTACHMENT option, of a type its file_types allows', async () => {
    // A refused command drops its uploads: each refusal here is given a file of its own.
    const notes = () => uploaded(Buffer.from('notes'), 'notes.txt', 'text/plain');
    const refusal = (body: Record<string, unknown>) => callControl(emulator(), 'POST', '/__emulator/interactions', { json: body }).then((answer) => ({ status: answer.status, body: answer.body }));
    let id = await notes();
    expect(await refusal({ name: 'upload', options: { note: 'x' }, attachments: { note: id } })).toEqual({
      status: 400,
      body: { message: "Discord's client would not send /upload", problems: ['/upload: option "file" is required', 'option "note" (STRING) is given both a value and a file (notes.txt): give one'] },
    });
    id = await notes();
    expect((await refusal({ name: 'upload', attachments: { file: id, note: id } })).body.message).toBe(`upload ${id} (notes.txt) is given to two options: upload the file once for each`);
    id = await notes();
    expect((await refusal({ name: 'picture', attachments: { image: id } })).body.problems).toEqual(['option "image" (ATTACHMENT) accepts only image, .pdf files, and notes.txt is text/plain']);
    expect((await refusal({ name: 'upload', attachments: { file: '1' } })).body.message).toBe('option "file": there is no upload 1: it was dropped after 15 minutes (or to make room), or never made; upload the file again');
    id = await notes();
    await tried('upload', { file: id });
    expect((await refusal({ name: 'upload', attachments: { file: id } })).body.message).toBe(`option "file": upload ${id} (notes.txt) was already sent with a command: upload the file again`);
    await tried('picture', { image: await uploaded(Buffer.from('%PDF-1.7'), 'scan.PDF', 'application/pdf') });
  });

  it('a refused command leaves none of its uploads behind: the client uploads them again with the next try', async () => {
    const id = await uploaded(Buffer.from('notes'), 'notes.txt', 'text/plain');
    expect((await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name: 'picture', attachments: { image: id } } })).status).toBe(400);
    expect((await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name: 'upload', attachments: { file: id } } })).body.message).toBe(
      `option "file": there is no upload ${id}: it was dropped after 15 minutes (or to make room), or never made; upload the file again`,
    );
  });

  it('takes no files with an autocomplete: the client uploads only when it sends the command', async () => {
    const id = await uploaded(Buffer.from('notes'), 'notes.txt', 'text/plain');
    const refused = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name: 'upload', focused: 'note', options: { note: 'x' }, attachments: { file: id } } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('"attachments" go with the command, not with an autocomplete ("focused"): the client uploads files only when it sends the command');
  });

  it('takes no prototype keys: an attachments map naming __proto__ is refused, and an option named constructor has no upload', async () => {
    const id = await uploaded(Buffer.from('x'), 'x.txt', 'text/plain');
    const proto = await callControl(emulator(), 'POST', '/__emulator/interactions', { raw: `{"name":"upload","attachments":{"__proto__":"${id}"}}`, headers: { 'content-type': 'application/json' } });
    expect(proto.status).toBe(400);
    const constructor = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name: 'upload', attachments: { file: 'constructor' } } });
    expect(constructor.body.message).toBe('option "file": there is no upload constructor: it was dropped after 15 minutes (or to make room), or never made; upload the file again');
    expect((await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name: 'upload', attachments: { file: 5 } } })).status).toBe(400);
  });
});

it('POST /__emulator/reset drops every uploaded file', async () => {
  const id = await uploaded(Buffer.from('notes'), 'notes.txt', 'text/plain');
  expect((await callControl(emulator(), 'POST', '/__emulator/reset')).status).toBe(204);
  const commands = [{ name: 'upload', description: 'Takes a file', options: [{ type: 11, name: 'file', description: 'Which file', required: true }] }];
  expect((await call(emulator(), 'PUT', `/applications/${emulator().applicationId}/guilds/${emulator().guildIds[0]}/commands`, { auth: botAuth(emulator()), json: commands })).status).toBe(200);
  const refused = await callControl(emulator(), 'POST', '/__emulator/interactions', { json: { name: 'upload', attachments: { file: id } } });
  expect(refused.body.message).toBe(`option "file": there is no upload ${id}: it was dropped after 15 minutes (or to make room), or never made; upload the file again`);
});
