/** A sign-in finished through the loopback listener lets the process end, even with a paste reader still waiting. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const module = (path: string) => JSON.stringify(fileURLToPath(new URL(`../../source/auth/${path}`, import.meta.url)));

/** The TUI's paste reader settles only on a paste; here nobody pastes, and the browser redirect reaches the listener. */
const SCRIPT = `import { AuthSession } from ${module('session.ts')};
import { AuthorizationArgs } from ${module('authorization-args.ts')};
const session = new AuthSession('http://127.0.0.1:9/api/v10', '123456789012345678');
const args = new AuthorizationArgs().setClientId('123456789012345678').setScopes('identify').setCodeChallenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
const result = await session.authorize(args, {
  timeoutMs: 120000,
  readPastedRedirect: () => new Promise(() => undefined),
  onUrl: (url) => {
    const address = new URL(url);
    void fetch(address.searchParams.get('redirect_uri') + '?code=fake-code&state=' + address.searchParams.get('state')).then((response) => response.text());
  },
  signal: new AbortController().signal,
});
await session.close();
console.log('signed in with', result.code);
`;

it('after a loopback sign-in with an unanswered paste wait, the process exits instead of waiting out the sign-in timeout', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stillRunning = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 30_000).unref());
  const outcome = await Promise.race([exited, stillRunning]);
  if (outcome === 'still running') child.kill();
  expect(output).toContain('signed in with fake-code');
  expect(outcome).toBe(0);
}, 40_000);
