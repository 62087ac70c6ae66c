/**
 * Gateway sessions and RESUME over a long life: a client up to date resumes however many dispatches its
 * session has sent; only one that missed dispatches no longer kept is refused (it identifies anew).
 */
import { expect, it } from 'vitest';
import { MAX_KEPT_DISPATCHES, SessionStore } from '../../source/emulator/gateway/sessions.js';

const link = () => ({ send: () => undefined, superseded: () => undefined });

it(`resumes a session past ${MAX_KEPT_DISPATCHES} dispatches when the client missed none or few; refuses a real gap`, () => {
  const store = new SessionStore(() => 0);
  const session = store.start(0, [0, 1], link());
  const sent = MAX_KEPT_DISPATCHES + 100;
  for (let index = 0; index < sent; index++) store.send(session, 'INTERACTION_CREATE', { index });
  store.drop(session, false);

  const upToDate = store.resume(session.id, sent, link());
  expect(upToDate?.missed).toEqual([]);
  store.drop(session, false);

  const behind = store.resume(session.id, sent - 10, link());
  expect(behind?.missed.map((dispatch) => dispatch.s)).toEqual(Array.from({ length: 10 }, (_, index) => sent - 9 + index));
  store.drop(session, false);

  // The oldest kept is sent - MAX_KEPT_DISPATCHES + 1: a client at sent - MAX_KEPT_DISPATCHES missed only kept ones.
  expect(store.resume(session.id, sent - MAX_KEPT_DISPATCHES, link())?.missed).toHaveLength(MAX_KEPT_DISPATCHES);
  store.drop(session, false);
  expect(store.resume(session.id, sent - MAX_KEPT_DISPATCHES - 1, link())).toBeUndefined();
  expect(store.resume(session.id, sent + 1, link())).toBeUndefined();
});
