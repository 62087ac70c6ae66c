import fc from 'fast-check';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startLoopbackListener } from '../../source/auth/loopback-listener.js';
import { SignInError } from '../../source/auth/sign-in-error.js';
import { judgePastedRedirect } from '../../source/auth/redirect-params.js';
import { escapeHtml } from '../../source/auth/callback-page.js';

const get = async (url: string) => {
  const response = await request(url);
  return { status: response.statusCode, text: await response.body.text() };
};

describe('loopback listener', () => {
  it('listens on 127.0.0.1 with a random port and /callback (B3)', async () => {
    const listener = await startLoopbackListener({ expectedState: 's' });
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await listener.close();
    await expect(listener.code).rejects.toBeInstanceOf(SignInError);
  });

  it('answers 404 to other paths and 400 to a wrong, missing or repeated state, and keeps waiting (B4, B5)', async () => {
    const listener = await startLoopbackListener({ expectedState: 'right' });
    const base = listener.redirectUri;
    expect((await get(base.replace('/callback', '/favicon.ico'))).status).toBe(404);
    expect((await get(`${base}?code=c&state=wrong`)).status).toBe(400);
    expect((await get(`${base}?code=c`)).status).toBe(400);
    expect((await get(`${base}?code=c&state=right&state=right`)).status).toBe(400);
    const ok = await get(`${base}?code=the-code&state=right`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('Signed in');
    expect(ok.text).not.toContain('the-code');
    await expect(listener.code).resolves.toBe('the-code');
    // One-shot: the port is closed after the callback.
    await expect(get(`${base}?code=again&state=right`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('answers only requests for 127.0.0.1 on its own port: another Host (DNS rebinding) gets 421 and the listener keeps waiting', async () => {
    const listener = await startLoopbackListener({ expectedState: 'right' });
    const url = `${listener.redirectUri}?code=the-code&state=right`;
    for (const host of ['evil.example', `localhost:${new URL(url).port}`, '127.0.0.1']) {
      const response = await request(url, { headers: { host } });
      expect(response.statusCode, host).toBe(421);
      expect(await response.body.text()).not.toContain('the-code');
    }
    expect((await get(url)).status).toBe(200);
    await expect(listener.code).resolves.toBe('the-code');
  });

  it('turns access_denied into a clean cancellation (B6)', async () => {
    const listener = await startLoopbackListener({ expectedState: 's' });
    const page = await get(`${listener.redirectUri}?error=access_denied&state=s`);
    expect(page.text).toContain('cancelled');
    await expect(listener.code).rejects.toMatchObject({ failure: 'cancelled' });
  });

  it('gives up after the timeout and closes the port (B7)', async () => {
    const listener = await startLoopbackListener({ expectedState: 's', timeoutMs: 50 });
    await expect(listener.code).rejects.toMatchObject({ failure: 'timeout' });
    await expect(get(listener.redirectUri)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('stops on abort (Ctrl-C) and closes the port', async () => {
    const controller = new AbortController();
    const listener = await startLoopbackListener({ expectedState: 's', signal: controller.signal });
    controller.abort();
    await expect(listener.code).rejects.toMatchObject({ failure: 'aborted' });
    await expect(get(listener.redirectUri)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('escapes whatever the redirect carries in its error page (B8)', async () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"]/);
      }),
      { numRuns: 500 },
    );
    const listener = await startLoopbackListener({ expectedState: 's' });
    const page = await get(`${listener.redirectUri}?error=server_error&error_description=${encodeURIComponent('<script>alert(1)</script>')}&state=s`);
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('&lt;script&gt;');
    await expect(listener.code).rejects.toMatchObject({ failure: 'refused' });
  });
});

describe('pasted redirects', () => {
  it.each([
    ['loopback URL', 'http://127.0.0.1:1/callback?code=abc&state=st', { kind: 'code', code: 'abc' }],
    ['custom scheme URL', 'discord-42:/authorize/callback?code=abc&state=st', { kind: 'code', code: 'abc' }],
    ['bare code, where the address is needed (its state)', '  abc123  ', { kind: 'bare-code' }],
    ['query string only', '?code=abc&state=st', { kind: 'code', code: 'abc' }],
    ['address without http://', '127.0.0.1:53682/callback?code=abc&state=st', { kind: 'code', code: 'abc' }],
    ['address without http://, wrong state', '127.0.0.1:53682/callback?code=abc&state=other', { kind: 'bad-state', state: 'different' }],
    ['address with a fragment', 'http://127.0.0.1:1/callback?code=abc&state=st#_=_', { kind: 'code', code: 'abc' }],
    ['wrong state', 'discord-42:/authorize/callback?code=abc&state=other', { kind: 'bad-state', state: 'different' }],
    ['repeated state', 'http://127.0.0.1:1/callback?code=abc&state=st&state=st', { kind: 'bad-state', state: 'different' }],
    ['missing state', 'http://127.0.0.1:1/callback?code=abc', { kind: 'bad-state', state: 'missing' }],
    ['no code', 'http://127.0.0.1:1/callback?state=st', { kind: 'no-code' }],
    ['denied', 'discord-42:/authorize/callback?error=access_denied&state=st', { kind: 'denied' }],
    ['garbage', 'not a code!', { kind: 'not-redirect' }],
    ['not an address', 'http://[::1', { kind: 'not-redirect' }],
  ])('%s', (_name, pasted, verdict) => {
    expect(judgePastedRedirect(pasted, 'st')).toEqual(verdict);
  });

  it('takes a code on its own only where it is allowed (a custom scheme, whose address may never be seen)', () => {
    expect(judgePastedRedirect('  abc123  ', 'st', { bareCode: true })).toEqual({ kind: 'code', code: 'abc123' });
    expect(judgePastedRedirect('discord-42:/authorize/callback?code=abc&state=other', 'st', { bareCode: true })).toEqual({ kind: 'bad-state', state: 'different' });
  });
});
