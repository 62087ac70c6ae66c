/**
 * A dialog's prose wrapped on a narrow terminal: every wrapped row starts with a word, never with the space
 * the line broke at (Ink's own wrapping keeps it), and a name or a command meant to be copied stays whole.
 (only a word wider than the whole line is cut). Drawn at 40 columns, short (no border) and tall (bordered).
 */
import { Box } from 'ink';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { permissionsScopes } from '../../source/auth/scopes.js';
import { SIGN_IN_NEEDED } from '../../source/discord/overwrite-refusals.js';
import { TypeToConfirm } from '../../source/ui/components/type-to-confirm.js';
import { KeyDispatcher } from '../../source/ui/input/dispatcher.js';
import { ConfirmDiscard, ConfirmSave } from '../../source/ui/screens/command-editor/editor-overlays.js';
import { ConfirmDelete } from '../../source/ui/screens/overlays/confirm-delete.js';
import { RefusalLines } from '../../source/ui/screens/overlays/plan-refusals.js';
import { RememberCredentials } from '../../source/ui/screens/overlays/remember-credentials.js';
import { DiscardDialog, SignInDialog } from '../../source/ui/screens/permissions/permission-dialogs.js';
import { AppContext } from '../../source/ui/state/app-context.js';
import { initialAppState } from '../../source/ui/state/app-state.js';
import type { AppFlows } from '../../source/ui/state/use-app-flows.js';
import { ThemeContext } from '../../source/ui/theme/theme-context.js';
import { noColorTheme } from '../../source/ui/theme/theme.js';
import { makeCommand } from './helpers/fake-api.js';
import { keyboard } from './helpers/keys.js';
import { renderTui } from './helpers/render.js';
import { waitFor } from './helpers/wait-for.js';

const none = () => undefined;

/** Each dialog, with the texts it shows, as indented as they are drawn (a refusal's two spaces). */
const DIALOGS: { name: string; dialog: ReactElement; texts: string[]; wrong?: boolean }[] = [
  {
    name: 'the delete confirmation',
    dialog: <ConfirmDelete command={makeCommand({ name: 'moderate' })} scopeLabel="Pixel Pal HQ" overwriteCount={3} onConfirm={none} onCancel={none} />,
    texts: ['Its 3 permission overwrites in this guild are deleted with it, permanently.', "The scope's commands and overwrites are saved to a backup file first.", 'Type moderate and press enter to delete; esc cancels.', 'That is not the name: type “moderate” exactly (or esc to keep it).'],
    wrong: true,
  },
  {
    name: 'the permissions sign-in question',
    dialog: <SignInDialog canSignIn onSignIn={none} onCancel={none} />,
    texts: [SIGN_IN_NEEDED.message, `Sign in now with the scopes ${permissionsScopes()}: your edits stay here and the save continues right after.`, 'The signed-in user needs Manage Guild and Manage Roles in this guild.'],
  },
  {
    name: 'the permissions sign-in refusal',
    dialog: <SignInDialog canSignIn={false} onSignIn={none} onCancel={none} />,
    texts: [SIGN_IN_NEEDED.message, SIGN_IN_NEEDED.hint],
  },
  {
    name: 'discarding overwrite edits',
    dialog: <DiscardDialog what="/mod's overwrites" summary="2 added, 1 removed" quitting onDiscard={none} onCancel={none} />,
    texts: ['Unsaved: 2 added, 1 removed. Discord has none of these changes. ctrl+c again quits.'],
  },
  {
    name: "the editor's save and discard",
    dialog: (
      <>
        <ConfirmSave title="Save /mod?" creating={false} changes={[{ field: 'description', path: 'description', before: 'Moderates the members of the guild', after: 'Moderates the members of this guild' }]} warnings={['Renaming permanently deletes its permission overwrites in every guild.']} onConfirm={none} onCancel={none} />
      </>
    ),
    texts: ['description: "Moderates the members of the guild" → "Moderates the members of this guild"', '! Renaming permanently deletes its permission overwrites in every guild.'],
  },
  {
    name: 'discarding editor edits',
    dialog: <ConfirmDiscard then="quit" outcomeUnknown onLeave={none} onCancel={none} />,
    texts: ['Whether your last save reached Discord is unknown (see the message); discarding drops only your edits here. ctrl+c again quits.'],
  },
  {
    name: 'remembering credentials',
    dialog: <RememberCredentials offer={{ what: 'the bot token', command: 'cmd-tui auth set-bot-token', store: async () => 'the OS keyring' }} onClose={none} />,
    texts: ['Stored as `cmd-tui auth set-bot-token` does: in the OS keyring, or else a file only you can read. `cmd-tui auth logout --all` forgets what is stored.'],
  },
  {
    name: "a plan's refusal",
    dialog: (
      <TypeToConfirm title="Restore Pixel Pal HQ anyway?" expected="delete 9" mismatch="That is not it" action="restore anyway" onConfirm={none} onCancel={none}>
        <RefusalLines refusals={[{ rule: 'mass-delete', message: "The plan deletes 9 of the scope's 12 commands (more than half).", override: 'delete-many' }]} overridable />
      </TypeToConfirm>
    ),
    texts: ['Held back until you confirm it by typing; nothing has been sent:', "  The plan deletes 9 of the scope's 12 commands (more than half).", 'Type delete 9 and press enter to restore anyway; esc cancels.'],
  },
];

/** The rows of a frame that hold a piece of one of `texts`, as drawn inside the border (and its padding) if any. */
function textRows(frame: string, texts: string[]): string[] {
  const flat = texts.map((text) => text.replace(/\s+/g, ' '));
  return frame
    .split('\n')
    .map((row) => row.replace(/^│ /, '').replace(/\s*│\s*$/, '').trimEnd())
    .filter((row) => row.trim().length > 3 && flat.some((text) => text.includes(row.trim())));
}

describe('dialog prose on a 40-column terminal', () => {
  for (const size of [
    { columns: 40, rows: 12 },
    { columns: 40, rows: 40 },
  ]) {
    for (const { name, dialog, texts, wrong } of DIALOGS) {
      it(`${name} at ${size.columns}×${size.rows}: no wrapped row starts with a space`, async () => {
        const rendered = renderTui(
          <ThemeContext.Provider value={noColorTheme}>
            <KeyDispatcher>
              <AppContext.Provider value={{ state: initialAppState(null), dispatch: none, flows: {} as AppFlows }}>
                <Box flexDirection="column" height={size.rows}>
                  {dialog}
                </Box>
              </AppContext.Provider>
            </KeyDispatcher>
          </ThemeContext.Provider>,
          size,
        );
        const keys = keyboard(rendered.stdin);
        // Pressed enter with nothing typed: the mismatch line shows too.
        if (wrong) await keys.chord('enter');
        // Tall, every text shows whole (its last word drawn); short, the body may scroll, so the first does.
        const ends = size.rows < 16 ? [texts[0]!.split(' ')[0]!] : texts.map((text) => text.split(' ').at(-1)!);
        await waitFor(() => ends.every((word) => rendered.frame().includes(word)) && (!wrong || rendered.frame().includes('That is not')), { message: rendered.frame });
        const rows = textRows(rendered.frame(), texts);
        // Some text did wrap: a row that is no text's beginning.
        expect(rows.some((row) => !texts.some((text) => text.startsWith(row.trim()))), rendered.frame()).toBe(true);
        // A row starts as indented as its text, a wrapped row too: never with the space a line broke at.
        const indentOf = (text: string) => /^ */.exec(text)![0];
        for (const row of rows) expect(indentOf(row), rendered.frame()).toBe(indentOf(texts.find((text) => text.includes(row.trim()))!));
        // Nothing is cut inside a word that fits a line: every row's words are words of the texts, or pieces of one wider than the line.
        const words = texts.flatMap((text) => text.trim().split(/\s+/));
        const width = size.columns - (size.rows < 16 ? 1 : 5);
        for (const row of rows) for (const word of row.trim().split(/\s+/)) expect(words.includes(word) || words.some((known) => known.length > width && known.includes(word)), `${word} in\n${rendered.frame()}`).toBe(true);
      });
    }
  }
});
