/** CLI tables pad by terminal cells, with the TUI's width function: a 天気 command does not shift its row. */
import { describe, expect, it } from 'vitest';
import { renderTable } from '../../source/commands/text-table.js';
import { textWidth } from '../../source/terminal/text-width.js';
import { runCli } from '../helpers/cli.js';
import { isolatedHome } from '../helpers/credentials.js';
import { botAuth, call, useEmulator } from '../helpers/emulator.js';

const emulator = useEmulator({ seed: 'empty' });

/** The display column where `text` starts on `line`. */
const columnOf = (line: string, text: string) => textWidth(line.slice(0, line.indexOf(text)));

describe('tables by display width', () => {
  it('renderTable lines up cells after wide and combining characters', () => {
    const table = renderTable(['NAME', 'DESCRIPTION'], [['ping', 'pong'], ['天気', 'weather'], ['café', 'coffee'], ['🏓', 'table tennis']]);
    const lines = table.trimEnd().split('\n');
    const starts = lines.map((line, index) => columnOf(line, ['DESCRIPTION', 'pong', 'weather', 'coffee', 'table tennis'][index]!));
    expect(new Set(starts).size).toBe(1);
  });

  it('cmd-tui list keeps a CJK-named command in its column', async () => {
    const { baseUrl, applicationId, botToken } = emulator();
    for (const [name, description] of [['天気', 'Weather'], ['ping', 'Pong']]) {
      const created = await call(emulator(), 'POST', `/applications/${applicationId}/commands`, { auth: botAuth(emulator()), json: { name, description, type: 1 } });
      expect(created.status).toBe(201);
    }
    const home = await isolatedHome({ DISCORD_BOT_TOKEN: botToken });
    const listed = await runCli(['list', '--api', baseUrl], { env: home.env });
    const rows = listed.stdout.split('\n');
    const header = rows.find((line) => line.includes('DESCRIPTION'))!;
    const weather = rows.find((line) => line.includes('天気'))!;
    const ping = rows.find((line) => line.includes('ping'))!;
    expect(columnOf(weather, 'Weather')).toBe(columnOf(header, 'DESCRIPTION'));
    expect(columnOf(ping, 'Pong')).toBe(columnOf(header, 'DESCRIPTION'));
  });
});
