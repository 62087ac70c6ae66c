/** The plans the door keeps between plan_changes and apply_plan: once each, for a while, by id only. */
import { describe, expect, it } from 'vitest';
import { PLAN_LIFETIME_MS, planStore } from '../../source/mcp/plan-store.js';

function store() {
  let now = Date.UTC(2026, 0, 1);
  const plans = planStore<string>(() => now);
  return { plans, advance: (ms: number) => (now += ms) };
}

describe('planStore', () => {
  it('gives a plan once: in use while carried out, then used up', () => {
    const { plans } = store();
    const { planId } = plans.keep('plan A');
    const taken = plans.take(planId);
    expect(taken).toMatchObject({ found: true, plan: 'plan A' });
    expect(plans.take(planId)).toEqual({ found: false, reason: 'in-use' });
    if (taken.found) taken.release('used');
    expect(plans.take(planId)).toEqual({ found: false, reason: 'used' });
  });

  it('gives it again when nothing was sent (an override still to give)', () => {
    const { plans } = store();
    const { planId } = plans.keep('plan A');
    const taken = plans.take(planId);
    if (taken.found) taken.release('ready-again');
    expect(plans.take(planId)).toMatchObject({ found: true, plan: 'plan A' });
  });

  it('tells an unknown id from an expired one', () => {
    const { plans, advance } = store();
    const { planId, expiresAt } = plans.keep('plan A');
    expect(Date.parse(expiresAt)).toBe(Date.UTC(2026, 0, 1) + PLAN_LIFETIME_MS);
    expect(plans.take('00000000-0000-4000-8000-000000000000')).toEqual({ found: false, reason: 'unknown' });
    advance(PLAN_LIFETIME_MS);
    expect(plans.take(planId)).toEqual({ found: false, reason: 'expired' });
  });

  it('keeps a bounded number, dropping the oldest first', () => {
    const { plans } = store();
    const ids = Array.from({ length: 100 }, (_, index) => plans.keep(`plan ${index}`).planId);
    expect(plans.take(ids[0]!)).toEqual({ found: false, reason: 'unknown' });
    expect(plans.take(ids[99]!)).toMatchObject({ found: true, plan: 'plan 99' });
  });
});
