/**
 * The remedies the engine and the rules name, in each door's words: the CLI's flags and commands (the
 * words it has always printed), the agents' tools and inputs, the TUI's keys. No door's words reach another.
 */
import { describe, expect, it } from 'vitest';
import { cliRefusal } from '../../source/commands/refusal-report.js';
import { cliRemedy } from '../../source/commands/remedy-words.js';
import type { Remedy } from '../../source/discord/remedy.js';
import { mcpRefusal, mcpRemedy } from '../../source/mcp/remedy-words.js';
import { tuiRemedy } from '../../source/ui/format/remedy-words.js';

const REMEDIES: Remedy[] = [
  { kind: 'fewer-commands', prune: true },
  { kind: 'fewer-commands', prune: false },
  { kind: 'plan-again' },
  { kind: 'list-commands', app: true },
  { kind: 'list-commands', app: false },
];

describe('each door words each remedy', () => {
  it.each([
    [REMEDIES[0], 'Remove some from the file or pass --prune to delete the ones not in it.'],
    [REMEDIES[1], 'Remove some from the file.'],
    [REMEDIES[2], 'A plan shown for confirming is never swapped for another: run it again to see one made afresh from the scope as it is now.'],
    [REMEDIES[3], 'Use a command id or name from `cmd-tui perms list`, or `app` for the app-level defaults.'],
    [REMEDIES[4], "Use a command that `cmd-tui list` shows (with --guild for a guild's)."],
  ])('the CLI: %j', (remedy, words) => {
    expect(cliRemedy(remedy!)).toBe(words);
  });

  it('the agents: their tools and inputs, never a flag, a file or a cmd-tui command line', () => {
    expect(mcpRemedy(REMEDIES[0]!)).toBe('Leave some out of `commands`, or plan again with `prune: true` to delete the ones not in it (only when the user wants them deleted).');
    expect(mcpRemedy(REMEDIES[2]!)).toContain('call plan_changes again');
    expect(mcpRemedy(REMEDIES[4]!)).toBe('Use a command that list_commands shows for this guild or the global scope.');
    for (const remedy of REMEDIES) expect(mcpRemedy(remedy)).not.toMatch(/--|cmd-tui|file/);
  });

  it('the TUI: its keys and lists, never a flag or a tool', () => {
    expect(tuiRemedy(REMEDIES[2]!)).toBe('A plan shown for confirming is never swapped for another: start it again (C for a copy, enter on a backup for a restore) to see one made afresh from the scope as it is now.');
    for (const remedy of REMEDIES) expect(tuiRemedy(remedy)).not.toMatch(/--|cmd-tui|plan_changes|list_commands|prune/);
  });
});

describe("a plan's refusal", () => {
  const cap = { rule: 'type-cap' as const, message: 'The scope would hold 101 CHAT_INPUT commands; the cap is 100.', remedy: REMEDIES[0]! };
  it('reads in the CLI as it always did', () => {
    expect(cliRefusal(cap)).toEqual({ rule: 'type-cap', message: 'The scope would hold 101 CHAT_INPUT commands; the cap is 100. Remove some from the file or pass --prune to delete the ones not in it.' });
    expect(cliRefusal({ rule: 'mass-delete', message: 'The plan deletes 9 of the scope\'s 10 commands (more than half).', override: 'delete-many' })).toEqual({
      rule: 'mass-delete',
      message: "The plan deletes 9 of the scope's 10 commands (more than half). Pass --delete-many if that is what you want.",
      override: '--delete-many',
    });
  });

  it("reads to an agent with its inputs, and the override by the refusal's name", () => {
    expect(mcpRefusal(cap).message).toBe('The scope would hold 101 CHAT_INPUT commands; the cap is 100. Leave some out of `commands`, or plan again with `prune: true` to delete the ones not in it (only when the user wants them deleted).');
    expect(mcpRefusal({ rule: 'mass-delete', message: 'x', override: 'delete-many' })).toEqual({ rule: 'mass-delete', message: 'x', override: 'delete-many' });
  });
});
