/** Steps in the command editor that tests of different things take to get where they look. */
import type { renderApp } from './app.js';

type RenderedApp = Awaited<ReturnType<typeof renderApp>>;

/** From the list, the selected command's editor with its contexts picker open, on GUILD (which enter and space toggle). */
export async function openContextsPicker(app: RenderedApp): Promise<void> {
  await app.press('edit');
  await app.press('nextField', 4); // description, default permissions, nsfw, contexts
  await app.waitForText('▸ contexts:');
  await app.pressAndWait('activate', 'Interaction contexts');
  await app.chord('down');
  await app.chord('down');
}
