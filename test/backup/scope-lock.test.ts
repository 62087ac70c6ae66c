/** One writer per scope: the lock file, its wait and refusal, and taking over a dead writer's lock. */
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireScopeLock, interruptedWrite, ScopeLockedError, withScopeLock } from '../../source/backup/scope-lock.js';
import type { DiscordApi } from '../../source/api/contract.js';
import { openWorkspace, settleJournal } from '../../source/operations/workspace.js';
import { guildScope } from '../../source/discord/model.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { backdate } from '../helpers/file-times.js';

const home = useIsolatedHome();

const APP = '100000000000000001';
const scope = guildScope('200000000000000002');
const lockFile = () => join(home.home, 'data', 'locks', `${APP}-guild-200000000000000002.lock`);
/** A pid that is certainly gone: a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('scope lock', () => {
  it('a second writer waits, then is refused with who holds the scope; after release it gets in', async () => {
    const first = await acquireScopeLock(home.environment.paths(), APP, scope, 'apply a.json');
    const refused = await acquireScopeLock(home.environment.paths(), APP, scope, 'apply b.json', { waitMs: 200 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ScopeLockedError);
    expect((refused as ScopeLockedError).message).toMatch(new RegExp(`^Guild 200000000000000002 is being changed by another cmd-tui: pid ${process.pid} \\(apply a\\.json\\) since \\d{4}-`));
    await first.release();
    await withScopeLock(home.environment.paths(), APP, scope, 'apply b.json', async () => undefined);
  });

  it('a waiting writer gets the scope as soon as the first releases it', async () => {
    const first = await acquireScopeLock(home.environment.paths(), APP, scope, 'apply a.json');
    const order: string[] = [];
    const second = withScopeLock(home.environment.paths(), APP, scope, 'apply b.json', async () => void order.push('second wrote'), { waitMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    order.push('first released');
    await first.release();
    await second;
    expect(order).toEqual(['first released', 'second wrote']);
  });

  it("a dead writer's lock is taken over with a notice naming its command and its backup", async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), command: 'apply commands.json', since: '2026-11-24T10:00:00.000Z', backup: '/backups/before.json' }));
    const notices: string[] = [];
    await withScopeLock(home.environment.paths(), APP, scope, 'apply commands.json', async () => undefined, { notice: (message) => notices.push(message) });
    expect(notices).toEqual([expect.stringContaining('An earlier `apply commands.json`')]);
    expect(notices[0]).toContain('was interrupted. Running the same command again finishes it');
    expect(notices[0]).toContain('`cmd-tui restore /backups/before.json`');
  });

  it('a command read from a lock file is shown without a token it names, and on one line', async () => {
    const token = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.fakefakefakefakefakefake0123456789AB';
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: process.pid, host: hostname(), command: `apply ${token}.json\n\u001b[2J`, since: '2026-11-24T10:00:00.000Z' }));
    const refused = (await acquireScopeLock(home.environment.paths(), APP, scope, 'apply b.json', { waitMs: 0 }).catch((error: unknown) => error)) as ScopeLockedError;
    expect(refused.message).toContain('(apply ****.json\\n\\x1b[2J)');
    await writeFile(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), command: `apply ${token}.json`, since: '2026-11-24T10:00:00.000Z' }));
    const notice = (await interruptedWrite(home.environment.paths(), APP, scope))!;
    expect(notice).toContain('An earlier `apply ****.json`');
    expect(notice + refused.message).not.toContain('MTIzNDU2');
  });

  it('writers killed one after another leave every journal: each is told with its restore command, and finishing one clears only it', async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), command: 'apply a.json', since: '2026-11-24T10:00:00.000Z', backup: '/backups/a.json' }));
    // B takes A's lock over, backs up, and is killed too: its lock stays, with A's journal inside.
    const b = await acquireScopeLock(home.environment.paths(), APP, scope, 'delete ping in the TUI', { rerunnable: false });
    await b.noteBackup('/backups/b.json');
    const left = JSON.parse(await readFile(lockFile(), 'utf8')) as Record<string, unknown>;
    await writeFile(lockFile(), JSON.stringify({ ...left, pid: deadPid() }));

    const notices: string[] = [];
    await withScopeLock(home.environment.paths(), APP, scope, 'perms set --guild 200000000000000002 --command ping --allow everyone', async () => undefined, { notice: (message) => notices.push(message) });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/An earlier `apply a\.json` .* was interrupted\. Running the same command again finishes it \(it converges\)\. To undo what it did, `cmd-tui restore \/backups\/a\.json`\. An earlier `delete ping in the TUI` .* was interrupted\. Check the scope before changing it again\. To undo what it did, `cmd-tui restore \/backups\/b\.json`\./);
    // A write of another command finishes neither: both are still told.
    const after = await interruptedWrite(home.environment.paths(), APP, scope);
    expect(after).toContain('`apply a.json`');
    expect(after).toContain('`delete ping in the TUI`');

    // apply a.json run again (with nothing left to change) finishes A only.
    const settled: string[] = [];
    await settleJournal(openWorkspace({ applicationId: APP } as DiscordApi, home.environment.paths()), scope, { command: 'apply a.json', rerunnable: true }, (message) => settled.push(message));
    expect(settled[0]).toContain('`apply a.json`');
    const remaining = await interruptedWrite(home.environment.paths(), APP, scope);
    expect(remaining).not.toContain('apply a.json');
    expect(remaining).toContain('An earlier `delete ping in the TUI`');
    expect(remaining).toContain('`cmd-tui restore /backups/b.json`');
  });

  it("two writers finding an interrupted write's lock at once: its journal is in the lock of whichever holds the scope, and stays after (10 runs)", async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    const dead = deadPid();
    for (let run = 0; run < 10; run++) {
      await writeFile(lockFile(), JSON.stringify({ pid: dead, host: hostname(), command: 'apply a.json', since: '2026-11-24T10:00:00.000Z', backup: '/backups/a.json' }));
      const told: string[] = [];
      const attempts = ['copy --from global --to 1', 'perms set ping'].map((command) => acquireScopeLock(home.environment.paths(), APP, scope, command, { waitMs: 200, notice: (message) => told.push(message) }));
      const held = (await Promise.allSettled(attempts)).flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      expect(held, `run ${run}`).toHaveLength(1);
      expect(told, `run ${run}`).toEqual([expect.stringContaining('`cmd-tui restore /backups/a.json`')]);
      expect(await readFile(lockFile(), 'utf8'), `run ${run}: the holder's lock carries the journal`).toContain('/backups/a.json');
      await held[0]!.release();
      expect(await interruptedWrite(home.environment.paths(), APP, scope), `run ${run}`).toContain('An earlier `apply a.json`');
    }
  });

  it('a takeover turn left by a killed process does not keep a dead lock from being taken over', async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), command: 'apply a.json', since: '2026-11-24T10:00:00.000Z' }));
    await writeFile(`${lockFile()}.takeover`, JSON.stringify({ pid: deadPid(), host: hostname(), nonce: 'x' }));
    const notices: string[] = [];
    await withScopeLock(home.environment.paths(), APP, scope, 'apply b.json', async () => undefined, { waitMs: 1_000, notice: (message) => notices.push(message) });
    expect(notices).toEqual([expect.stringContaining('An earlier `apply a.json`')]);
  });

  it("a live writer's takeover turn is waited for, not broken", async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    await writeFile(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), command: 'apply a.json', since: '2026-11-24T10:00:00.000Z' }));
    await writeFile(`${lockFile()}.takeover`, JSON.stringify({ pid: process.pid, host: hostname(), nonce: 'x' }));
    expect(await acquireScopeLock(home.environment.paths(), APP, scope, 'apply b.json', { waitMs: 200 }).catch((error: unknown) => error)).toBeInstanceOf(ScopeLockedError);
    expect(await readFile(lockFile(), 'utf8')).toContain('apply a.json');
  });

  it('a lock file from before the list (one journal nested in another) is read as its chain', async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    const a = { pid: deadPid(), host: hostname(), command: 'apply a.json', since: '2026-11-24T10:00:00.000Z', backup: '/backups/a.json' };
    await writeFile(lockFile(), JSON.stringify({ pid: deadPid(), host: hostname(), command: 'copy --from global --to 1', since: '2026-11-24T11:00:00.000Z', interrupted: a }));
    const notice = (await interruptedWrite(home.environment.paths(), APP, scope))!;
    expect(notice.indexOf('`apply a.json`')).toBeGreaterThanOrEqual(0);
    expect(notice.indexOf('`apply a.json`')).toBeLessThan(notice.indexOf('`copy --from global --to 1`'));
  });

  it('an empty lock file is a writer still writing it — unless it is old (a crash while writing)', async () => {
    await mkdir(join(home.home, 'data', 'locks'), { recursive: true });
    await writeFile(lockFile(), '');
    expect(await acquireScopeLock(home.environment.paths(), APP, scope, 'apply', { waitMs: 150 }).catch((error: unknown) => error)).toBeInstanceOf(ScopeLockedError);
    await backdate(lockFile(), 60_000);
    const notices: string[] = [];
    await withScopeLock(home.environment.paths(), APP, scope, 'apply', async () => undefined, { notice: (message) => notices.push(message) });
    expect(notices).toEqual([expect.stringContaining('damaged lock file')]);
  });
});
