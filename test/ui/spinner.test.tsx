/** The spinner is one row however narrow the terminal: the label's end gives way, what ctrl+c does stays (the footer counts one row for it). */
import { expect, it } from 'vitest';
import { Spinner } from '../../source/ui/components/spinner.js';
import { AppContext, type AppContextValue } from '../../source/ui/state/app-context.js';
import { renderTui } from './helpers/render.js';
import { waitFor } from './helpers/wait-for.js';

it('at 40 columns a long label is cut on its one row, and "(ctrl+c cancels)" stays whole', async () => {
  const rendered = renderTui(<Spinner label={'Waiting for Pixel Pal to answer the form "Feedback"'} />, { columns: 40, rows: 12 });
  await waitFor(() => rendered.frame().includes('Waiting'));
  const lines = rendered.frame().trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^\S Waiting for Pixel.*… \(ctrl\+c cancels\)$/);
  expect(lines[0]!.length).toBeLessThanOrEqual(39);
});

it('at 40 columns beside a rate-limit wait the label keeps half the row, the wait note the rest, on one row', async () => {
  const context = { state: { rateLimited: { until: Date.now() + 60_000, reason: 'bucket' } } } as unknown as AppContextValue;
  const rendered = renderTui(
    <AppContext.Provider value={context}>
      <Spinner label="1 of 25 changes sent; now + /serverinfo" cancellable={false} />
    </AppContext.Provider>,
    { columns: 40, rows: 12 },
  );
  await waitFor(() => rendered.frame().includes('1 of 25'));
  const lines = rendered.frame().trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^\S 1 of 25 changes \S*… rate-limited, ret\S*…$/);
});
