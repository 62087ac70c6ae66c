import { describe, expect, it } from 'vitest';
import { GLOBAL_SCOPE } from '../../source/discord/model.js';
import { commandRowCells, visibleCommands } from '../../source/ui/format/command-row.js';
import { capsSummary } from '../../source/ui/format/command-summary.js';
import { LastSeenScreen } from '../../source/ui/last-seen-list.js';
import { noColorTheme } from '../../source/ui/theme/theme.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { renderTui } from './helpers/render.js';

const commands = [
  makeCommand({ name: 'ping', description: 'Check the latency' }),
  makeCommand({ name: 'ban', description: 'Ban a member', default_member_permissions: '4', options: [{ type: 6, name: 'user', description: 'Who', required: true }] }),
  makeCommand({ name: 'Report', type: 2 }),
  makeCommand({ name: 'settings', description: 'Per-server settings', nsfw: true, contexts: [0] }),
];

/** The lines of a frame that show one of `commands`, from the column titles down. */
const rowLines = (frame: string) => frame.split('\n').filter((line) => /TYPE\s+NAME|\b(?:ping|ban|Report|settings)\b/.test(line));

describe('the cached list', () => {
  it('draws the rows it kept exactly as the list screen draws those commands, with the caps, marked as cached', async () => {
    const size = { columns: 110, rows: 24 };
    const app = await renderApp(new FakeApi(commands), size);
    await app.waitForText('settings');

    // Kept as the session keeps them for the next start (ui/session/open-session.ts).
    const rows = visibleCommands(commands, '').map((command) => ({ id: command.id, cells: [...commandRowCells(command)] }));
    const list = { savedAt: Date.now() - 180_000, applicationName: 'Test App', who: null, targetLabel: 'Discord', caps: capsSummary(commands, GLOBAL_SCOPE), rows };
    const cached = renderTui(<LastSeenScreen list={list} theme={noColorTheme} />, size);

    expect(rowLines(cached.frame())).toHaveLength(5);
    expect(rowLines(cached.frame())).toEqual(rowLines(app.frame()));
    expect(cached.frame()).toContain('cached 3 min ago — loading… · slash 3/100 · user 1/15 · message 0/15 · entry 0/1');
  });
});
