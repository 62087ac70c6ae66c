/**
 * The whole-text view (issue 29): ctrl+f on a long description shows it wrapped and whole with the
 * cursor, ↑/↓ move over its rows, the count against the limit is live, and esc brings the text back
 * to the field as one change that one ctrl+z takes back.
 */
import { describe, expect, it } from 'vitest';
import type { CommandDraft } from '../../source/discord/model.js';
import { FakeApi, makeCommand } from './helpers/fake-api.js';
import { renderApp } from './helpers/app.js';
import { waitFor } from './helpers/wait-for.js';

const command: CommandDraft = { name: 'ping', description: 'Replies with pong', type: 1 };

async function openDescription(columns: number, rows: number) {
  const app = await renderApp(new FakeApi([makeCommand(command)]), { columns, rows });
  await app.waitForText('ping');
  await app.pressAndWait('edit', 'Edit ping');
  await app.press('nextField');
  await waitFor(() => /▸ description:/.test(app.frame()), { message: app.frame });
  return app;
}

/** Leaves the cursor where, kept by offset, an undo would put it inside the second 🏓; typing then shows where it really is. */
async function undoNextToEmoji(app: Awaited<ReturnType<typeof openDescription>>) {
  await app.chord('ctrl+u');
  await app.type('🏓🏓 a');
  await app.chord('ctrl+w');
  await app.chord('ctrl+a');
  await app.type('x');
  await app.chord('right');
  await app.press('undo');
  await app.type('y');
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('the cursor after a change its owner makes (undo)', () => {
  it('in the field, goes where the change ends, never inside a grapheme', async () => {
    const app = await openDescription(80, 24);
    await undoNextToEmoji(app);
    await app.waitForText('description: y🏓🏓');
    expect(app.stdout.lastFrame()).not.toMatch(LONE_SURROGATE);
  });

  it('in the whole-text view, goes where the change ends, never inside a grapheme', async () => {
    const app = await openDescription(80, 24);
    await app.pressAndWait('wholeText', '17/100 characters');
    await undoNextToEmoji(app);
    await app.waitForText('y🏓🏓');
    expect(app.stdout.lastFrame()).not.toMatch(LONE_SURROGATE);
  });
});

describe('the whole-text view', () => {
  it('shows a long description whole at 40 columns, edits it there, and returns it as one undo step', async () => {
    const app = await openDescription(40, 12);
    await app.chord('ctrl+u');
    await app.type(`${'d'.repeat(120)} ENDMARK`);
    await app.pressAndWait('wholeText', '128/100 characters (28 too many)');
    expect(app.frame()).toContain('ENDMARK');
    expect(app.frame().replace(/\s+/g, '')).toContain('d'.repeat(120));
    // ↑ moves a wrapped row up at the same column; typing lands there.
    await app.press('rowUp');
    await app.type('X');
    await app.waitForText('129/100');
    expect(app.frame()).toContain('ENDMARK');
    await app.pressAndWait('undo', '128/100');
    await app.press('keepText');
    await waitFor(() => /▸ description:/.test(app.frame()), { message: app.frame });
    // Typing in the field was one step; everything in the view would have been another.
    await app.press('undo');
    await waitFor(() => /▸ description: +1–100 characters/.test(app.frame()), { message: app.frame });
  });

  it('takes a change made in the view back with one ctrl+z in the editor', async () => {
    const app = await openDescription(80, 24);
    await app.pressAndWait('wholeText', '17/100 characters');
    await app.type(' and more');
    await app.chord('ctrl+w');
    await app.type('words');
    await app.waitForText('Replies with pong and words');
    await app.pressAndWait('keepText', 'description: Replies with pong and words');
    await app.pressAndWait('undo', 'description: Replies with pong');
    expect(app.frame()).not.toContain('and words');
  });

  it('ctrl+c in the view keeps its text in the draft and asks before quitting; staying brings it back to the field', async () => {
    const app = await openDescription(80, 24);
    await app.pressAndWait('wholeText', '17/100 characters');
    await app.type(' more');
    await app.waitForText('22/100 characters');
    await app.chord('ctrl+c');
    await app.waitForText('Discard unsaved changes and quit?');
    // Focus starts on Cancel: staying.
    await app.pressAndWait('confirm', 'description: Replies with pong more');
    expect(app.frame()).toContain('(unsaved)');
  });

  it('says where it works when the focus is not on a text field', async () => {
    const app = await openDescription(80, 24);
    await app.press('prevField');
    await app.press('prevField');
    await waitFor(() => /▸ type:/.test(app.frame()), { message: app.frame });
    await app.pressAndWait('wholeText', 'ctrl+f shows a text field whole');
  });
});
