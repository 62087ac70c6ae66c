/**
 * The first frame from the list seen last time: the built binary in tmux against the emulator behind a
 * proxy that can hold every request. A first start keeps the global list; at the next one, while the
 * network answers nothing, the cached list is drawn and marked as cached, no key acts on it, and the
 * fresh list (with a command created since) replaces it once the answers come.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../source/emulator/request-log.js';
import { CLI_PATH } from '../helpers/cli.js';
import { call, useEmulator } from '../helpers/emulator.js';
import { startProxy, type RunningProxy } from '../helpers/proxy.js';
import { TmuxSession } from './helpers/tmux.js';
import { fetchControl } from '../helpers/emulator-control.js';

const emulator = useEmulator({ seed: 'demo' });
let proxy: RunningProxy;
let home: string;
let tui: TmuxSession | undefined;
/** While set, every request waits at the proxy until it is released. */
let held: { release: () => void; released: Promise<void> } | undefined;

const holdRequests = () => {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  held = { release, released };
};

beforeAll(async () => {
  if (!existsSync(CLI_PATH)) throw new Error('dist/cli.js is missing: run `npm run build` (npm test does) first');
  home = mkdtempSync(join(tmpdir(), 'cmd-tui-e2e-last-seen-'));
  proxy = await startProxy(emulator().baseUrl, async () => {
    await held?.released;
    return false;
  });
});

afterEach(() => {
  held?.release();
  held = undefined;
  tui?.kill();
  tui = undefined;
});

afterAll(async () => {
  await proxy?.close();
  rmSync(home, { recursive: true, force: true });
});

const start = () =>
  (tui = new TmuxSession([process.execPath, CLI_PATH, '--api', proxy.baseUrl], {
    columns: 110,
    rows: 30,
    cwd: home,
    env: { DISCORD_BOT_TOKEN: emulator().botToken, CMD_TUI_HOME: home, NO_COLOR: '1', TERM: 'xterm-256color' },
  }));

const cacheFolder = () => join(home, 'data', 'last-seen');
const requests = async () => (await (await fetchControl(emulator(), '/__emulator/requests')).json()) as LoggedRequest[];

/** The pane closes with the process: ended within a few seconds, not when its held requests time out. */
async function quits(ui: TmuxSession): Promise<void> {
  const started = Date.now();
  while (ui.running()) {
    if (Date.now() - started > 5_000) throw new Error(`still running 5 s after q; screen:\n${ui.screen()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForCacheFile(): Promise<string> {
  const started = Date.now();
  for (;;) {
    // The file itself, not the temporary one it is written through.
    const names = existsSync(cacheFolder()) ? readdirSync(cacheFolder()).filter((name) => /^[0-9a-f]{32}\.json$/.test(name)) : [];
    if (names.length > 0) return join(cacheFolder(), names[0]!);
    if (Date.now() - started > 10_000) throw new Error('the list was never kept for the next start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the list seen last time, drawn at once', () => {
  it('keeps the list after a start, naming the file by a hash, with no token in it', async () => {
    const ui = start();
    await ui.waitForText('ping');
    const file = await waitForCacheFile();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"ping"');
    expect(text).not.toContain(emulator().botToken);
    expect(file).not.toContain(emulator().botToken);
    await ui.key('q');
    await quits(ui);
  });

  it('draws it marked as cached while the network answers nothing, acts on no key, and replaces it with the fresh list', async () => {
    const running = emulator();
    const created = await call(running, 'POST', `/applications/${running.applicationId}/commands`, {
      auth: `Bot ${running.botToken}`,
      json: { name: 'made-since', description: 'created after the list was kept', type: 1 },
    });
    expect(created.status).toBe(201);
    const writesBefore = (await requests()).filter((r) => r.method !== 'GET').length;

    holdRequests();
    const ui = start();
    // The whole frame, not the first lines of it that the terminal has taken so far.
    const cached = await ui.waitFor((screen) => /cached \d+ s ago — loading…/.test(screen) && screen.includes('ping') && screen.includes('q quit'), 'the cached list');
    expect(cached).not.toContain('made-since');

    // Delete, then confirm; new; edit: none acts on the cached list, and the status says so.
    await ui.key('d');
    await ui.key('y');
    await ui.key('n');
    await ui.key('e');
    await ui.waitForText('Keys wait for the fresh list: nothing is done with a cached one.');

    held!.release();
    const fresh = await ui.waitFor((screen) => screen.includes('made-since') && screen.includes('enter open'), 'the fresh list');
    expect(fresh).not.toContain('cached ');
    expect(fresh).not.toContain('Keys wait for the fresh list');
    // The keys pressed on the cached list did not carry over: the list's own keys, not a dialog's or the editor's.
    expect(fresh).toContain('ping');
    expect(fresh).toContain('enter open · / filter');
    expect((await requests()).filter((r) => r.method !== 'GET')).toHaveLength(writesBefore);
  });

  it('quits from the cached list with q while the network still answers nothing', async () => {
    holdRequests();
    const ui = start();
    await ui.waitForText('cached ');
    await ui.key('q');
    await quits(ui);
  });
});
