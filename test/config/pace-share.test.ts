/**
 * The per-token pace file that cmd-tui processes on one bot token share: each sending process is
 * counted, an idle one leaves, the token never reaches the disk, and a file someone else wrote
 * (hostile keys, wrong types, a thousand members) cannot stop the client or starve it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaveProcessPaceShares, paceFilePath, processPaceShare, sharePace as startShare, type PaceShare } from '../../source/config/pace-share.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { backdate } from '../helpers/file-times.js';

const TOKEN = 'fake-bot-token-for-pace-tests';
let home: string;
let path: string;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'cmd-tui-pace-'));
  path = paceFilePath({ data: join(home, 'data') }, 'http://127.0.0.1:1/api/v10', TOKEN);
});
/** The test's shares, which leave their file (and stop renewing it) before its home is removed. */
const shares: PaceShare[] = [];
const sharePace = (...args: Parameters<typeof startShare>) => {
  const share = startShare(...args);
  shares.push(share);
  return share;
};
afterEach(async () => {
  await Promise.all(shares.splice(0).map((share) => share.leave()));
  await rm(home, { recursive: true, force: true, maxRetries: 10 });
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Does `meanwhile` every 50 ms until `done` holds; gives up (a stuck share, not a slow one) after 20 s. */
async function until(done: () => boolean | Promise<boolean>, meanwhile: () => void, what: string): Promise<void> {
  const givesUp = Date.now() + 20_000;
  while (!(await done())) {
    if (Date.now() > givesUp) throw new Error(`gave up waiting for ${what}`);
    meanwhile();
    await wait(50);
  }
}

/** When each member's heartbeat runs out, as the pace file says. */
const membersIn = async (file: string) => (JSON.parse(await readFile(file, 'utf8')) as { members: Record<string, number> }).members;

describe('the shared pace file', () => {
  it('counts every process sending on the token, names the token by a hash only, and lets an idle one go', { timeout: 30_000 }, async () => {
    // Idleness and heartbeat expiry are judged on a stated clock, so a slow machine cannot make a sender look
    // idle or an idle one look busy; only the heartbeats themselves run on real timers, and are waited for.
    // While they join, it moves on at every reading, so the first's renewal after the join is seen as after.
    let now = 1_000_000;
    let ticking = true;
    const clock = () => (ticking ? (now += 1) : now);
    const first = sharePace(path, clock);
    const second = sharePace(path, clock);
    await first.sending();
    await second.sending();
    expect([first.members(), second.members()]).toEqual([2, 2]);
    ticking = false;
    // Both have just sent; from here the clock moves only by the steps below.
    first.sending();
    second.sending();
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(path).not.toContain(TOKEN);
    // The first stops sending; the second keeps on. Just short of 2 s idle, the first is still counted.
    now += 1_900;
    second.sending();
    const renewedNow = async () => Object.values(await membersIn(path)).filter((expires) => expires === now + 2_000).length === 2;
    await until(renewedNow, () => undefined, 'both to renew at 1.9 s');
    expect([first.members(), second.members()]).toEqual([2, 2]);
    // Past 2 s idle, the first leaves at its next heartbeat, and the second sees it gone.
    now += 200;
    await until(() => first.members() === 1 && second.members() === 1, () => second.sending(), 'the idle first to leave');
    expect(Object.keys(await membersIn(path))).toHaveLength(1);
  });

  it('a process joining beside another sends its first request only once the other counts it too', { timeout: 15_000 }, async () => {
    // A clock that moves on at every reading: each renewal is later than the one before it.
    let now = 1_000_000;
    const clock = () => (now += 1);
    const first = sharePace(path, clock);
    await first.sending();
    expect(first.members()).toBe(1);
    const second = sharePace(path, clock);
    await second.sending();
    // Had the second sent at once, the first would still pace itself as alone, on the second's first requests.
    expect([first.members(), second.members()]).toEqual([2, 2]);
  });

  it('another API or another token is another budget', () => {
    expect(paceFilePath({ data: join(home, 'data') }, 'https://discord.com/api/v10', TOKEN)).not.toBe(path);
    expect(paceFilePath({ data: join(home, 'data') }, 'http://127.0.0.1:1/api/v10', `${TOKEN}-2`)).not.toBe(path);
  });

  it.each([
    ['prototype keys', '{"members":{"__proto__":{"a":1}}}'],
    ['a duplicated key', '{"members":{},"members":{"0123456789abcdef":1}}'],
    ['wrong types', '{"members":{"0123456789abcdef":"9999999999999","fedcba9876543210":[1]}}'],
    ['members far in the future', `{"members":{"0123456789abcdef":${Date.now() + 3_600_000}}}`],
    ['a thousand live members', JSON.stringify({ members: Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [index.toString(16).padStart(16, '0'), Date.now() + 1_000])) })],
    ['not JSON', '\u0000\u001b[2J'],
  ])('a file with %s neither stops the client nor slows it below a tenth of its pace', async (_name, contents) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, contents);
    const share = sharePace(path);
    await share.sending();
    expect(share.members()).toBeGreaterThanOrEqual(1);
    expect(share.members()).toBeLessThanOrEqual(10);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
    // What it wrote back is its own entry and the well-formed live ones only.
    const members = (JSON.parse(await readFile(path, 'utf8')) as { members: Record<string, unknown> }).members;
    expect(Object.values(members).every((expires) => typeof expires === 'number' && expires <= Date.now() + 2_000)).toBe(true);
  });

  it('a FIFO in place of the file is not read (it would hang every request), and is replaced', { timeout: 10_000 }, async () => {
    await mkdir(dirname(path), { recursive: true });
    execFileSync('mkfifo', [path]);
    const share = sharePace(path);
    await share.sending();
    expect(share.members()).toBe(1);
    expect((await stat(path)).isFile()).toBe(true);
  });

  it('a data folder it cannot write in means no sharing, not a failure', async () => {
    await writeFile(join(home, 'data'), 'a file where the folder should be');
    const share = sharePace(path);
    await expect(share.sending()).resolves.toBeUndefined();
    expect(share.members()).toBe(1);
    expect(share.sending()).toBeUndefined();
  });

  it('a lock left on the pace file (a killed process\'s) is not waited for: the first request goes on unshared, and joins once it is gone', { timeout: 10_000 }, async () => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(`${path}.lock`, '');
    // Gone a second later: a join that waited for it would have written the file by then.
    const gone = setTimeout(() => void rm(`${path}.lock`, { force: true }), 1_000);
    try {
      const share = sharePace(path);
      await share.sending();
      expect(share.members()).toBe(1);
      await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
      // Once the lock is gone, the heartbeat joins.
      clearTimeout(gone);
      await rm(`${path}.lock`);
      const until = Date.now() + 5_000;
      while (Date.now() < until && !(await stat(path).then(() => true, () => false))) await wait(50);
      expect(Object.keys((JSON.parse(await readFile(path, 'utf8')) as { members: object }).members)).toHaveLength(1);
    } finally {
      clearTimeout(gone);
    }
  });

  it('temporary files killed writers left are removed when it joins; a fresh one and other files stay', async () => {
    await mkdir(dirname(path), { recursive: true });
    const leftover = `${path}.0123456789abcdef.tmp`;
    const fresh = `${path}.fedcba9876543210.tmp`;
    const other = join(dirname(path), 'notes.tmp');
    for (const file of [leftover, fresh, other]) await writeFile(file, '{}');
    await backdate(leftover, 60_000);
    await backdate(other, 60_000);
    await sharePace(path).sending();
    expect((await readdir(dirname(path))).sort()).toEqual([basename(path), basename(fresh), 'notes.tmp'].sort());
  });
});

describe('in one process', () => {
  it('every connection on the token holds the same place, which leave() gives up until the next request', async () => {
    const place = processPaceShare(path);
    expect(processPaceShare(path)).toBe(place);
    await place.sending();
    expect(Object.keys(await membersIn(path))).toHaveLength(1);
    await place.leave();
    expect(await membersIn(path)).toEqual({});
    // Left for good: no heartbeat writes the file again.
    const left = await stat(path);
    await wait(400);
    expect((await stat(path)).mtimeMs).toBe(left.mtimeMs);
    // A later request joins again, alone and so at once.
    await place.sending();
    expect(Object.keys(await membersIn(path))).toHaveLength(1);
    await leaveProcessPaceShares();
    expect(await membersIn(path)).toEqual({});
  });
});

describe('a command that exits', () => {
  const emulator = useEmulator({ seed: 'demo', rateLimits: 'off' });

  it('leaves the pace file as it exits, so the next command on the token does not wait for it to run out', { timeout: 30_000 }, async () => {
    const env = { CMD_TUI_HOME: home, DISCORD_BOT_TOKEN: emulator().botToken };
    const listed = await runCli(['list', '--api', emulator().baseUrl], { env });
    expect(listed.code, listed.stderr).toBe(0);
    const file = paceFilePath({ data: join(home, 'data') }, emulator().baseUrl, emulator().botToken);
    // It was a member while it sent (the file is there); gone the moment it exited, not 2 s later.
    expect(await membersIn(file)).toEqual({});
  });
});
