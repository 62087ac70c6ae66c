/**
 * A browser stand-in for sign-in tests that need no Chromium: loads the emulator's consent page,
 * submits its form with Authorize or Cancel, and follows the redirect to the loopback listener
 * (or returns a custom-scheme redirect for the user to "paste").
 */
import { request } from 'undici';

const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

export async function consentRedirect(authorizeUrl: string, action: 'authorize' | 'cancel'): Promise<string> {
  const page = await request(authorizeUrl);
  const html = await page.body.text();
  if (page.statusCode !== 200) throw new Error(`consent page answered ${page.statusCode}: ${html.slice(0, 200)}`);
  const formAction = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (!formAction) throw new Error('no consent form');
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields.append(unescape(match[1]!), unescape(match[2]!));
  fields.set('action', action);
  const submitted = await request(new URL(unescape(formAction), authorizeUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  await submitted.body.text();
  const location = submitted.headers.location;
  if (typeof location !== 'string') throw new Error(`consent form answered ${submitted.statusCode} without a redirect`);
  return location;
}

/** Approves (or cancels) and delivers the redirect to the loopback listener, like a browser would. */
export async function approveInBrowser(authorizeUrl: string, action: 'authorize' | 'cancel' = 'authorize'): Promise<number> {
  const location = await consentRedirect(authorizeUrl, action);
  const landing = await request(location);
  await landing.body.text();
  return landing.statusCode;
}
