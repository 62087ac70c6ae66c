/** The TUI's request runner passes its signal and `sent` through a copy or restore: cancelled before the first change, nothing leaves. */
import { describe, expect, it } from 'vitest';
import { ApplyInterruptedError, executePlan } from '../../source/backup/execute-plan.js';
import { GLOBAL_SCOPE } from '../../source/discord/model.js';
import type { Plan } from '../../source/discord/plan.js';
import { useIsolatedHome } from '../helpers/homes.js';
import { FakeApi, makeCommand } from '../ui/helpers/fake-api.js';

const home = useIsolatedHome();

function setUp() {
  const ping = makeCommand({ name: 'ping', description: 'Pong' });
  const api = new FakeApi([ping]);
  const plan: Plan = { create: [], update: [{ id: ping.id, name: 'ping', type: 1, changes: [], patch: { description: 'Pong!' } }], delete: [], unchanged: [], createsUsed: 0 };
  return { api, plan };
}

describe('executePlan with the runner signal', () => {
  it('tells the runner when the first change leaves', async () => {
    const { api, plan } = setUp();
    let sent = 0;
    const outcome = await executePlan(api, GLOBAL_SCOPE, plan, { prune: false, reason: 'test', env: home.env, signal: new AbortController().signal, sent: () => sent++ });
    expect(outcome.steps).toHaveLength(1);
    expect(sent).toBeGreaterThan(0);
  });

  it('cancelled before the first change: nothing is sent and the runner is never told it was', async () => {
    const { api, plan } = setUp();
    const controller = new AbortController();
    controller.abort();
    let sent = 0;
    const stopped = await executePlan(api, GLOBAL_SCOPE, plan, { prune: false, reason: 'test', env: home.env, signal: controller.signal, sent: () => sent++ }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ApplyInterruptedError);
    expect(api.calls.some((call) => call.startsWith('edit'))).toBe(false);
    expect(sent).toBe(0);
  });
});
