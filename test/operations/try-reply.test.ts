/** A bot's reply as `cmd-tui try` prints it (operations/try-reply.ts): only what is new at each look, in the client's order. */
import { expect, it } from 'vitest';
import { newReplyLines, NOTHING_SHOWN, type InteractionView } from '../../source/operations/try-reply.js';

const message = (content: string, extra: Partial<InteractionView['followups'][number]> = {}) => ({ id: '1', content, embeds: [], components: [], flags: 0, edits: 0, ...extra });

it('a deferred reply: thinking…, then the edit as the reply (not marked edited), then follow-ups, each printed once', () => {
  let view: InteractionView = { type: 2, acknowledged: 5, original: message(''), followups: [], revision: 1 };
  const first = newReplyLines('Bot', view, NOTHING_SHOWN);
  expect(first.lines).toEqual(['Bot is thinking…']);
  view = { ...view, original: message('Done.', { edits: 1 }), followups: [message('More.', { flags: 64 })], revision: 3 };
  const second = newReplyLines('Bot', view, first.shown);
  expect(second.lines).toEqual(['Bot · reply', '  Done.', 'Bot · follow-up 1 (Only you can see this)', '  More.']);
  expect(newReplyLines('Bot', view, second.shown).lines).toEqual([]);
  view = { ...view, original: message('Done!', { edits: 2 }), revision: 4 };
  expect(newReplyLines('Bot', view, second.shown).lines).toEqual(['Bot · reply (edited)', '  Done!']);
});

it('embeds as boxes and components listed', () => {
  const view: InteractionView = {
    type: 2,
    acknowledged: 4,
    original: message('Hi', {
      embeds: [{ title: 'Stats', description: 'Level 3', fields: [{ name: 'XP', value: '12' }], footer: { text: 'today' } }],
      components: [{ type: 1, components: [{ type: 2, style: 4, label: 'Delete' }, { type: 3, placeholder: 'Pick', options: [{}, {}] }] }],
    }),
    followups: [],
    revision: 1,
  };
  expect(newReplyLines('Bot', view, NOTHING_SHOWN).lines).toEqual([
    'Bot · reply',
    '  Hi',
    '  ┌─ embed',
    '  │ Stats',
    '  │ Level 3',
    '  │ XP: 12',
    '  │ today',
    '  └─',
    '  [Delete] (danger button)',
    '  string select: Pick (2 options)',
  ]);
});

it("a failed interaction shows the client's text", () => {
  expect(newReplyLines('Bot', { type: 2, failed: 'The application did not respond', followups: [], revision: 1 }, NOTHING_SHOWN).lines).toEqual(['The application did not respond']);
});

it("a form the bot opened, with its fields, and what Discord refused of the bot's answer", async () => {
  const { readModal } = await import('../../source/discord/modal-rules.js');
  const modal = readModal({ custom_id: 'f', title: 'Feedback', components: [{ type: 18, label: 'Topic', description: 'About', component: { type: 4, custom_id: 'topic', style: 1, min_length: 3, max_length: 40, placeholder: 'A word' } }] }).modal!;
  const view: InteractionView = { type: 3, acknowledged: 9, modal, followups: [], revision: 2, refused: ['400 Invalid Form Body (code 50035): data.title: Must be between 1 and 45 in length.'] };
  expect(newReplyLines('Bot', view, NOTHING_SHOWN).lines).toEqual([
    "Discord refused Bot's answer: 400 Invalid Form Body (code 50035): data.title: Must be between 1 and 45 in length.",
    'Bot opened a form: Feedback',
    '  Topic* (topic) · short · 3–40 characters · About · "A word"',
  ]);
});
