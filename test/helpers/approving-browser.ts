/**
 * A stand-in for the browser that `auth login` opens ($BROWSER): it loads the emulator's consent page,
 * approves it, and follows the redirect to cmd-tui's loopback listener, as a user clicking Authorize would.
 */
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SCRIPT = `const url = process.argv[2];
const html = await (await fetch(url)).text();
const unescape = (text) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const form = new URLSearchParams();
for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) form.append(unescape(match[1]), unescape(match[2]));
form.set('action', 'authorize');
const action = unescape(/<form method="post" action="([^"]*)"/.exec(html)[1]);
// As a browser posts a form: from the page's own origin.
const approved = await fetch(new URL(action, url), { method: 'POST', body: form, redirect: 'manual', headers: { origin: new URL(url).origin, referer: url } });
await fetch(approved.headers.get('location'));
`;

/** Writes the program into `folder`; its path, for BROWSER. */
export async function approvingBrowser(folder: string): Promise<string> {
  const path = join(folder, 'approve-browser.mjs');
  await writeFile(path, `#!${process.execPath}\n${SCRIPT}`);
  await chmod(path, 0o755);
  return path;
}
