/** Steps of a TUI copy that tests of different things take to get where they look. */
import type { renderApp } from './app.js';

type RenderedApp = Awaited<ReturnType<typeof renderApp>>;

/** From the list (on Global), `c`, Test Guild picked: the copy of every command of Global into it, asked about. */
export async function askCopyOfGlobal(app: RenderedApp): Promise<void> {
  await app.pressAndWait('copyScope', 'Test Guild');
  await app.chord('down');
  await app.chord('enter');
  // Whole at any width: the guild's name may wrap onto the next row.
  await app.waitForText('Copy every command of Global into');
}

/** The copy dialog's Copy (the second button, after Cancel), pressed. */
export async function confirmCopy(app: RenderedApp): Promise<void> {
  await app.chord('tab');
  await app.chord('enter');
}
