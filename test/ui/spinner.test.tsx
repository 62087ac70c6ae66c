/** The spinner is one row however narrow the terminal: the label's end gives way, what ctrl+c does stays (the footer counts one row for it). */
import { afterEach, expect, it } from 'vitest';
import { Spinner } from '../../source/ui/components/spinner.js';
import { renderTui, type Rendered } from './helpers/render.js';
import { waitFor } from './helpers/wait-for.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

it('at 40 columns a long label is cut on its one row, and "(ctrl+c cancels)" stays whole', async () => {
  rendered = renderTui(<Spinner label={'Waiting for Pixel Pal to answer the form "Feedback"'} />, { columns: 40, rows: 12 });
  await waitFor(() => rendered!.frame().includes('Waiting'));
  const lines = rendered.frame().trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^\S Waiting for Pixel.*… \(ctrl\+c cancels\)$/);
  expect(lines[0]!.length).toBeLessThanOrEqual(39);
});
