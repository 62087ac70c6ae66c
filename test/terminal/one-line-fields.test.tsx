/**
 * A server's name or message that holds a line break is one field of one line: shown with `\n` as text,
 * never starting a line of its own that could pass for cmd-tui's (a fake finding, a fake overwrite row).
 */
import { describe, expect, it } from 'vitest';
import { discordApiErrorFrom } from '../../source/api/discord-error.js';
import { overwriteLines } from '../../source/commands/perms-list.js';
import { renderAuditText } from '../../source/discord/audit-report.js';
import type { Role } from '../../source/discord/model.js';
import { Text } from '../../source/ui/components/text.js';
import { renderTui } from '../ui/helpers/render.js';

const FAKE = 'desc\nFAKE ROW  /admin  everyone';

describe('one-line fields from a server', () => {
  it('perms list names a role with a line break on the overwrite row', () => {
    const role = { id: '300000000000000001', name: FAKE, permissions: '0', position: 1 } as unknown as Role;
    const lines = overwriteLines([{ id: role.id, type: 1, permission: true }], { guildId: '200000000000000001', roles: [role], channels: [] });
    expect(lines).toHaveLength(1);
    expect(lines.join('\n').split('\n')).toHaveLength(1);
    expect(lines[0]).toContain('desc\\nFAKE ROW');
  });

  it('the audit text keeps a guild name with a line break on its Guild line', () => {
    const text = renderAuditText({
      applicationId: '100000000000000001',
      global: { commandCount: 0, counts: [], findings: [] },
      guilds: [{ guildId: '200000000000000001', guildName: FAKE, counts: [], findings: [], globalVisible: 0, guildCommands: [], overwriteCount: 0 }],
      guildsWithCommands: [],
      totals: { error: 0, warning: 0, info: 0 },
    });
    expect(text.split('\n').filter((line) => line.startsWith('FAKE ROW'))).toEqual([]);
    expect(text).toContain('Guild desc\\nFAKE ROW');
  });

  it("Discord's error message is one sentence of the error line", () => {
    const error = discordApiErrorFrom(400, JSON.stringify({ message: FAKE, code: 50035 }), 'GET', '/applications/1/commands');
    expect(error.message).not.toContain('\n');
    expect(error.message).toContain('desc\\nFAKE ROW');
  });

  it('the TUI draws a truncated line, and the Texts inside it, on one row', () => {
    const app = renderTui(
      <Text wrap="truncate">
        app <Text bold>{FAKE}</Text>
      </Text>,
      { columns: 80, rows: 5 },
    );
    expect(app.frame().split('\n').filter((row) => row.trim() !== '')).toHaveLength(1);
    expect(app.frame()).toContain('desc\\nFAKE ROW');
  });
});
