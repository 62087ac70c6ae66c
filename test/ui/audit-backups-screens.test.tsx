/** The audit (`a`) and backups (`b`) screens on a fake session: what they show, and where enter leads. */
import { describe, expect, it } from 'vitest';
import { ConnectionError } from '../../source/api/errors.js';
import type { BackupEntry } from '../../source/backup/store.js';
import { renderApp } from './helpers/app.js';
import type { PasteBack } from '../../source/ui/session/session.js';
import { FakeApi, GUILD_ID, fakeCarriedOut, fakePrepared, fakeSession, makeCommand, type FakeSession, fakeBackupFiles } from './helpers/fake-api.js';
import { waitFor } from './helpers/wait-for.js';

function apiWithGhost(): FakeApi {
  const globalPing = makeCommand({ name: 'ping', description: 'Check the latency' });
  const api = new FakeApi([globalPing, makeCommand({ name: 'BadName', description: 'uppercase is not allowed' })]);
  api.commands.set(`guild:${GUILD_ID}`, [makeCommand({ name: 'ping', description: 'Test copy' }, { kind: 'guild', guildId: GUILD_ID })]);
  return api;
}

describe('audit screen', () => {
  it('audits Global and every guild, groups by severity, and enter on a ghost duplicate asks to delete the guild copy', async () => {
    const app = await renderApp(apiWithGhost(), { columns: 140, rows: 30 });
    await app.waitForText('ping');
    await app.pressAndWait('openAudit', 'Audited Global and 1 guilds');
    const frame = app.frame();
    expect(frame).toMatch(/Audit of Global: 1 error, 1 warning, 0 notes/);
    // Errors come first.
    expect(frame.indexOf('validation')).toBeLessThan(frame.indexOf('ghost-duplicate'));
    expect(frame).toMatch(/ghost-duplicate\s+\/ping in Test Guild/);
    await app.press('down');
    await waitFor(() => /▸ warning ghost-duplicate/.test(app.frame()));
    await app.pressAndWait('fixFinding', 'Delete ping from Test Guild?');
    await app.type('ping');
    await app.pressAndWait('confirm', 'Deleted the guild copy of ping from Test Guild');
    expect(app.session.backups.at(-1)?.reason).toContain('delete ping');
    expect(app.api.commands.get(`guild:${GUILD_ID}`)).toEqual([]);
    expect(app.frame()).not.toContain('ghost-duplicate');
    await app.pressAndWait('writeReport', 'Wrote the audit report to /exports/audit-global.md');
    expect(app.session.exports.get('audit-global.md')).toContain('# ');
  });

  it('deleting a ghost whose answer was lost and could not be read back says the outcome is unknown, never "Not deleted"', async () => {
    const api = apiWithGhost();
    const app = await renderApp(api, { columns: 140, rows: 30 });
    await app.waitForText('ping');
    await app.pressAndWait('openAudit', 'Audited Global and 1 guilds');
    await app.press('down');
    await waitFor(() => /▸ warning ghost-duplicate/.test(app.frame()));
    await app.pressAndWait('fixFinding', 'Delete ping from Test Guild?');
    await app.type('ping');
    const lost = () => new ConnectionError('The connection to Discord was reset', '/x', 'Try again.', true);
    api.failNext = lost();
    api.getCommand = async () => {
      throw lost();
    };
    await app.pressAndWait('confirm', 'unknown whether Discord carried it out');
    expect(app.frame()).not.toContain('Not deleted');
  });
});

/** A backup's row in the list: a guild backup of one command unless told otherwise. */
function backupEntry(api: FakeApi, entry: Partial<BackupEntry> = {}): BackupEntry {
  return { path: '/b/1.json', scope: `guild:${GUILD_ID}`, createdAt: '2026-11-24T10:00:00.000Z', reason: 'permissions of /ping', applicationId: api.applicationId, commandCount: 1, overwriteCount: 0, overwritesOnly: false, ...entry };
}

/** A restore plan that creates `create` and sets `overwrites`. */
function restorePreview({ create = [], overwrites = [] }: { create?: string[]; overwrites?: { commandId: string; target: string }[] } = {}) {
  return fakePrepared({ create, overwrites, restore: true });
}

const notUsed = async (): Promise<never> => {
  throw new Error('not used');
};

/** The app on `session` at 120×24, on the backups screen once `shown` is on it. */
async function openBackups(session: FakeSession, shown: string) {
  const app = await renderApp(session.api as FakeApi, { columns: 120, rows: 24 }, session);
  await app.waitForText('ping');
  await app.pressAndWait('openBackups', shown);
  return app;
}

describe('backups screen', () => {
  it('lists backups newest first by scope name and cause, and enter shows the restore plan before restoring', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const entries = [
      backupEntry(api, { path: '/b/2.json', createdAt: '2026-11-24T10:05:00.000Z', reason: 'delete mod', commandCount: 3, overwriteCount: 2 }),
      backupEntry(api, { scope: 'global', reason: 'apply commands.json', commandCount: 30 }),
    ];
    const restored: string[] = [];
    const preview = restorePreview({ create: ['mod'] });
    session.backupFiles = fakeBackupFiles({
      list: async () => entries,
      prepare: async () => preview,
      carryOut: async (chosen) => {
        restored.push(chosen === preview ? 'the previewed plan' : 'another plan');
        return fakeCarriedOut({ steps: [{ kind: 'create', command: makeCommand({ name: 'mod' }), created: true }] });
      },
    });
    const app = await openBackups(session, 'delete mod');
    const rows = app.frame().split('\n');
    expect(rows.findIndex((row) => row.includes('delete mod'))).toBeLessThan(rows.findIndex((row) => row.includes('apply commands.json')));
    expect(app.frame()).toMatch(/▸ 2026-11-24 10:05:00\s+Test Guild\s+delete mod\s+3 commands · 2 overwrites/);
    await app.pressAndWait('restorePlan', 'Restore Test Guild to 2026-11-24 10:05:00 (delete mod)?');
    expect(app.frame()).toContain('+ create /mod');
    expect(app.frame()).toMatch(/▸ Cancel/);
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restored 1 command change and 0 overwrite lists');
    expect(restored).toEqual(['the previewed plan']);
  });
});

describe('backups screen: overwrites-only backups and names', () => {
  it('lists an overwrites-only backup marked as such; enter plans putting back its lists alone, and restores them', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const entry = backupEntry(api, { commandCount: 0, overwriteCount: 4, overwritesOnly: true });
    const preview = fakePrepared({ overwritesOnly: true, overwrites: [{ commandId: '1', target: '/ping', overwrites: [{ id: GUILD_ID, type: 1, permission: false }] }] });
    const restored: unknown[] = [];
    session.backupFiles = fakeBackupFiles({
      list: async () => [entry],
      prepare: async () => preview,
      carryOut: async (chosen) => {
        restored.push(chosen);
        return fakeCarriedOut({ backup: '/b/2.json', restored: preview.restore!.overwrites });
      },
    });
    const app = await openBackups(session, 'permissions of /ping');
    await waitFor(() => /▸ 2026-11-24 10:00:00\s+Test Guild\s+permissions of \/ping\s+overwrites only: 4/.test(app.frame()), { message: app.frame });
    await app.pressAndWait('restorePlan', 'overwrites of /ping in Test Guild: 1');
    expect(app.frame()).not.toMatch(/[+] create|- delete/);
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restored 0 command changes and 1 overwrite list');
    expect(restored).toEqual([preview]);
  });

  it('says what the restore did not put back, and why: a command Discord refuses today, overwrite lists that need the sign-in', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const entry = backupEntry(api, { commandCount: 3, overwriteCount: 2 });
    const preview = restorePreview({ create: ['mod', 'ban'], overwrites: [{ commandId: '1', target: '/ping' }, { commandId: '2', target: '/mod' }] });
    preview.restore!.unrestorable = [{ name: 'race', type: 1, problems: [{ path: '[0].name', message: 'uses a word Discord refuses', severity: 'error', rule: 'name' } as never] }];
    const steps = ['mod', 'ban'].map((name) => ({ kind: 'create' as const, command: makeCommand({ name }), created: true }));
    session.backupFiles = fakeBackupFiles({ list: async () => [entry], prepare: async () => preview, carryOut: async () => fakeCarriedOut({ backup: '/b/2.json', steps, notRestored: preview.restore!.overwrites, unrestorable: preview.restore!.unrestorable }) });
    const app = await openBackups(session, 'permissions of /ping');
    await app.press('restorePlan');
    await waitFor(() => app.frame().replace(/[\s│]+/g, ' ').includes('Cannot restore /race: Discord refuses it today (uses a word Discord refuses)'), { message: app.frame });
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('Restored 2 command changes and 0 overwrite lists in Test Guild.');
    await app.pressAndWait('showMessage', 'The whole message');
    const whole = app.frame().replace(/[\s│]+/g, ' ');
    // In the CLI's words (restore-outcome.ts), then how to finish here.
    expect(whole).toContain('Cannot restore /race: Discord refuses it today (uses a word Discord refuses); fix it in an exported file and apply that.');
    expect(whole).toContain(`Cannot restore the overwrites of /ping in guild ${GUILD_ID} (0 overwrites): Discord accepts permission changes only from a signed-in user.`);
    expect(whole).toContain('Sign in (s on the plan) and restore this backup again');
    expect(whole).not.toContain('(s)');
  });

  it('names the overwrite lists of the plan by their commands', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const entry = backupEntry(api, { overwriteCount: 1 });
    let known: readonly { name: string }[] = [];
    const preview = restorePreview({ overwrites: [{ commandId: '1', target: '/ping' }] });
    session.backupFiles = fakeBackupFiles({
      list: async () => [entry],
      prepare: async (_path, commands = []) => {
        known = commands;
        return preview;
      },
      carryOut: notUsed,
    });
    const app = await openBackups(session, 'permissions of /ping');
    await app.pressAndWait('restorePlan', 'overwrites of /ping in Test Guild: 0');
    // The list on screen is handed to the plan, which names lists outside the backup's scope from it.
    expect(known.map((command) => command.name)).toContain('ping');
  });
});

describe('backups screen after a restore', () => {
  it('keeps the selection on the backup restored, though a new backup now heads the list', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const older = backupEntry(api, { scope: 'global', reason: 'apply commands.json', commandCount: 30 });
    const newer = backupEntry(api, { path: '/b/2.json', scope: 'global', createdAt: '2026-11-24T10:05:00.000Z', reason: 'delete mod', commandCount: 29 });
    let entries = [newer, older];
    session.backupFiles = fakeBackupFiles({
      list: async () => entries,
      prepare: async () => restorePreview({ create: ['mod'] }),
      carryOut: async () => {
        entries = [{ ...newer, path: '/b/3.json', createdAt: '2026-11-24T10:10:00.000Z', reason: 'restore Global' }, ...entries];
        return fakeCarriedOut();
      },
    });
    const app = await openBackups(session, 'apply commands.json');
    await app.press('down');
    await waitFor(() => /▸ 2026-11-24 10:00:00/.test(app.frame()), { message: app.frame });
    await app.pressAndWait('restorePlan', 'Restore Global to 2026-11-24 10:00:00');
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText('restore Global');
    await waitFor(() => /▸ 2026-11-24 10:00:00/.test(app.frame()), { message: app.frame });
  });
});

describe('backups screen sign-in', () => {
  /**
   * A guild backup holding ping's overwrites, on a session with a bot token alone, so its plan asks for
   * the browser sign-in; `signIn` is the sign-in (it calls `signedIn` once it succeeds). Counts the plans made.
   */
  function backupNeedingSignIn(signIn: (signedIn: () => FakeSession, onUrl: (url: string) => void, pasteBack: PasteBack | undefined, signal: AbortSignal) => Promise<FakeSession>) {
    const api = apiWithGhost();
    let user = false;
    api.authKinds = () => (user ? ['bot', 'user'] : ['bot']);
    const session = fakeSession(api);
    const entry = backupEntry(api, { overwriteCount: 1 });
    const plans = { made: 0 };
    session.backupFiles = fakeBackupFiles({
      list: async () => [entry],
      prepare: async () => {
        plans.made += 1;
        return restorePreview({ overwrites: [{ commandId: '1', target: 'ping' }] });
      },
      carryOut: notUsed,
    });
    const signedIn = () => {
      user = true;
      return { ...session };
    };
    session.signIn = { start: (onUrl, signal, pasteBack) => signIn(signedIn, onUrl, pasteBack, signal) };
    return { session, plans };
  }

  /** The plan, and the sign-in started from it with s. */
  async function signInFromPlan(session: FakeSession) {
    const app = await openBackups(session, 'permissions of /ping');
    await app.pressAndWait('restorePlan', 'Press s to sign in first');
    await app.chord('s');
    return app;
  }

  it('a sign-in started from the plan comes back to the plan', async () => {
    const { session, plans } = backupNeedingSignIn(async (signedIn, onUrl) => {
      onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=1');
      return signedIn();
    });
    const app = await signInFromPlan(session);
    await waitFor(() => plans.made === 2 && app.frame().includes('overwrites of ping'), { message: app.frame });
    expect(app.frame()).not.toContain('Press s to sign in first');
  });

  it('takes the address the browser ended on pasted into its field (a browser over SSH): a refusal says why, masked text, then back to the plan', async () => {
    const refused = 'That address has no state, so it cannot be matched to this sign-in.';
    const { session, plans } = backupNeedingSignIn(async (signedIn, onUrl, pasteBack) => {
      onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=1&state=ours');
      for (;;) {
        const pasted = await pasteBack!.read();
        if (pasted.includes('state=ours')) return signedIn();
        pasteBack!.refused(refused);
      }
    });
    const app = await signInFromPlan(session);
    await app.waitForText('Pasted address:');
    expect(app.frame().replace(/\s+/g, ' ')).toContain('Its redirect to 127.0.0.1 goes to that machine, not to this one');
    await app.chord('\u001b[200~http://127.0.0.1:9/callback?code=CODE1\u001b[201~');
    // Masked: the code is never on screen.
    await waitFor(() => app.frame().includes('Pasted address: ••••'), { message: app.frame });
    expect(app.frame()).not.toContain('CODE1');
    await app.chord('enter');
    await app.waitForText(refused);
    expect(plans.made).toBe(1);
    await app.chord('\u001b[200~http://127.0.0.1:9/callback?code=CODE2&state=ours\u001b[201~');
    await app.chord('enter');
    await waitFor(() => plans.made === 2 && app.frame().includes('overwrites of ping'), { message: app.frame });
    expect(app.frame()).not.toContain('Press s to sign in first');
    expect(app.frame()).not.toContain('CODE2');
  });

  it('while the sign-in waits the footer shows its keys, and esc stops it, back to the backups', async () => {
    const { session } = backupNeedingSignIn((_signedIn, onUrl, _pasteBack, signal) => {
      onUrl('http://127.0.0.1:9/oauth2/authorize?client_id=1');
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('Sign-in stopped.'))));
    });
    const app = await signInFromPlan(session);
    await app.waitForText('http://127.0.0.1:9/oauth2/authorize?client_id=1');
    expect(app.frame().replace(/\n+$/, '').split('\n').at(-1)).toBe('u copy the address · enter hand over the pasted address · esc/ctrl+c stop waiting');
    await app.chord('esc');
    await waitFor(() => !app.frame().includes('oauth2/authorize'), { message: app.frame });
    expect(app.frame()).toContain('permissions of /ping');
  });
});

describe('damaged files in the backups folder', () => {
  const damaged = [{ path: '/b/broken.json', problem: 'broken.json has a key given twice: line 3, "commands".' }];

  it('are said above the list, on a row of their own, beside the backups that can be read', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    session.backupFiles = fakeBackupFiles({ list: async () => [backupEntry(api)], damaged, prepare: notUsed, carryOut: notUsed });
    const app = await openBackups(session, 'permissions of /ping');
    expect(app.frame()).toContain('1 file in the backups folder is damaged and not listed (`cmd-tui backups` says why): broken.json');
    expect(app.frame()).toMatch(/▸ 2026-11-24 10:00:00\s+Test Guild\s+permissions of \/ping/);
  });

  it('with no readable backup, say so and why each file is not one', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    session.backupFiles = fakeBackupFiles({ list: async () => [], damaged, prepare: notUsed, carryOut: notUsed });
    const app = await openBackups(session, 'No readable backups.');
    expect(app.frame().replace(/\s+/g, ' ')).toContain('broken.json has a key given twice: line 3, "commands".');
    expect(app.frame()).not.toContain('No backups yet');
  });
});

describe('the backups list on small screens', () => {
  it('with no backups yet, keeps its footer on the last row, as every screen does', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    session.backupFiles = fakeBackupFiles({ list: async () => [], prepare: notUsed, carryOut: notUsed });
    const app = await renderApp(api, { columns: 60, rows: 14 }, session);
    await app.waitForText('ping');
    await app.pressAndWait('openBackups', 'No backups yet');
    const lines = app.frame().split('\n');
    expect(lines).toHaveLength(14);
    expect(lines[13]).toMatch(/esc back/);
  });

  const twenty = (api: FakeApi) => Array.from({ length: 20 }, (_, i) => backupEntry(api, { path: `/b/${i}.json`, createdAt: `2026-11-24T10:${String(i).padStart(2, '0')}:00.000Z`, reason: `apply /home/someone/commands-${i}.json`, commandCount: 10, overwriteCount: 12 }));

  it('at 40×12 the selected row stays in view as ↓ moves past the rows shown', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    session.backupFiles = fakeBackupFiles({ list: async () => twenty(api), prepare: notUsed, carryOut: notUsed });
    const app = await renderApp(api, { columns: 40, rows: 12 }, session);
    await app.waitForText('ping');
    await app.pressAndWait('openBackups', '▸ 11-24 10:00');
    for (let minute = 1; minute < 8; minute += 1) {
      await app.chord('down');
      await app.waitForText(`▸ 11-24 10:0${minute}`);
    }
  });

  it('at 40×12, under a restore\'s status that takes most rows (its backup path whole and labelled), the selected row stays in view', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    const backup = '/home/someone/.local/state/cmd-tui/backups/2026-12-07T06-55-51-056Z_guild-1579390884871536652_a10d4c.json';
    session.backupFiles = fakeBackupFiles({ list: async () => twenty(api), prepare: async () => restorePreview({ create: ['mod'] }), carryOut: async () => fakeCarriedOut({ backup, steps: [{ kind: 'create', command: makeCommand({ name: 'mod' }), created: true }] }) });
    const app = await renderApp(api, { columns: 40, rows: 12 }, session);
    await app.waitForText('ping');
    await app.pressAndWait('openBackups', '▸ 11-24 10:00');
    await app.pressAndWait('restorePlan', '+ create /mod');
    await app.chord('tab');
    await app.chord('enter');
    await app.waitForText(backup);
    const lines = app.frame().split('\n');
    // The path alone on its line, whole, its label right above it.
    expect(lines[lines.indexOf(backup) - 1]).toMatch(/saved in$/);
    for (let minute = 1; minute < 4; minute += 1) {
      await app.chord('down');
      await app.waitForText(`▸ 11-24 10:0${minute}`);
    }
  });

  it('at 80×24 what each backup holds is shown whole: the cause gives way first', async () => {
    const api = apiWithGhost();
    const session = fakeSession(api);
    session.backupFiles = fakeBackupFiles({ list: async () => twenty(api), prepare: notUsed, carryOut: notUsed });
    const app = await renderApp(api, { columns: 80, rows: 24 }, session);
    await app.waitForText('ping');
    await app.pressAndWait('openBackups', '10 commands · 12 overwrites');
    const rows = app.frame().split('\n').filter((row) => /\d\d:\d\d:\d\d/.test(row));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row).toMatch(/Test Guild\s+apply \S*…\s+10 commands · 12 overwrites$/);
    expect(app.frame()).toMatch(/CAUSE\s+HOLDS/);
  });

  for (const size of [{ columns: 60, rows: 14 }, { columns: 40, rows: 12 }]) {
    it(`at ${size.columns}×${size.rows} shows what each backup was taken for, and fills its rows: only the status row is blank`, async () => {
      const api = apiWithGhost();
      const session = fakeSession(api);
      const entries = Array.from({ length: 20 }, (_, i) => backupEntry(api, { path: `/b/${i}.json`, createdAt: `2026-11-24T10:${String(i).padStart(2, '0')}:00.000Z`, reason: `delete c${i}` }));
      session.backupFiles = fakeBackupFiles({ list: async () => entries, prepare: notUsed, carryOut: notUsed });
      const app = await renderApp(api, size, session);
      await app.waitForText('ping');
      await app.pressAndWait('openBackups', 'delete c0');
      const lines = app.frame().split('\n');
      expect(lines).toHaveLength(size.rows);
      // The header's three rows, the title's one, the column titles; then a backup on every row down to the status row.
      expect(lines[3]).toMatch(/^Backups of /);
      expect(lines.slice(5, size.rows - 2).every((line) => /delete c\d+/.test(line))).toBe(true);
      expect(lines[size.rows - 2]!.trim()).toBe('');
    });
  }
});
