/**
 * The Try screen's conversation with the bot (reply-conversation.ts): a message drawn once, where it first
 * appeared, as it is now — a component's update (7, or 6 then an edit) changes it there, in place, as the
 * client does; its buttons and selects known by line for focus; the form the bot has open.
 */
import { describe, expect, it } from 'vitest';
import { readModal } from '../../source/discord/modal-rules.js';
import type { InteractionView } from '../../source/operations/try-reply.js';
import { conversation, type Exchange } from '../../source/ui/screens/try/reply-conversation.js';

const buttons = [{ type: 1, components: [{ type: 2, style: 1, label: 'Add', custom_id: 'add' }, { type: 3, custom_id: 'pick', options: [{ label: 'A', value: 'a' }] }] }];
const message = (content: string, edits = 0) => ({ id: 'm1', content, embeds: [], components: buttons, flags: 0, edits });
const view = (extra: Partial<InteractionView>): InteractionView => ({ type: 2, revision: 1, followups: [], ...extra });
const texts = (exchanges: Exchange[]) => conversation(exchanges).lines.map((line) => line.text);

describe('conversation', () => {
  const command: Exchange = { id: 'i1', heading: '/counter as @Ada in #general', botName: 'Bot', view: view({ acknowledged: 4, original: message('Count: 0') }) };

  it("marks the lines of the reply's button and select, each with a key", () => {
    const { lines, components } = conversation([command]);
    expect(components.map((component) => [component.key, component.component.customId])).toEqual([['component:m1:0', 'add'], ['component:m1:1', 'pick']]);
    expect(lines.filter((line) => line.component).map((line) => line.text)).toEqual(['  [Add] (primary button)', '  string select: (1 option)']);
  });

  it('an UPDATE_MESSAGE changes the message where it is drawn, and draws it nowhere else', () => {
    const pressed: Exchange = { id: 'i2', heading: '▸ pressed [Add]', botName: 'Bot', view: view({ type: 3, acknowledged: 7, updates: 1, original: message('Count: 1', 1), source: { interactionId: 'i1', messageId: 'm1' } }) };
    expect(texts([command, pressed])).toEqual(['/counter as @Ada in #general', 'Bot · reply (edited)', '  Count: 1', '  [Add] (primary button)', '  string select: (1 option)', '▸ pressed [Add]']);
    // Its buttons are the message's, once.
    expect(conversation([command, pressed]).components).toHaveLength(2);
  });

  it('a DEFERRED_UPDATE_MESSAGE shows nothing new until the bot edits the message', () => {
    const deferred: Exchange = { id: 'i2', heading: '▸ pressed [Add]', botName: 'Bot', view: view({ type: 3, acknowledged: 6, updates: 0, original: message('Count: 0'), source: { interactionId: 'i1', messageId: 'm1' } }) };
    expect(texts([command, deferred])).toEqual([...texts([command]), '▸ pressed [Add]']);
  });

  it("a component's new reply (4) is a message of its own, with the client's failure text for a press nobody answered", () => {
    const failed: Exchange = { id: 'i3', heading: '▸ pressed [Add]', botName: 'Bot', view: view({ type: 3, failed: 'This interaction failed' }) };
    const { lines } = conversation([command, failed]);
    expect(lines.at(-1)).toEqual({ text: 'This interaction failed', tone: 'error' });
  });

  it('offers the form the newest interaction opened, until it is submitted', () => {
    const modal = readModal({ custom_id: 'f', title: 'Feedback', components: [{ type: 18, label: 'Topic', component: { type: 4, custom_id: 'topic', style: 1 } }] }).modal!;
    const opened: Exchange = { id: 'i4', heading: '▸ pressed [Add]', botName: 'Bot', view: view({ type: 3, acknowledged: 9, modal }) };
    expect(conversation([command, opened]).form).toMatchObject({ interactionId: 'i4', botName: 'Bot', modal: { title: 'Feedback' } });
    expect(conversation([command, { ...opened, view: view({ type: 3, acknowledged: 9, modal: { ...modal, submitted: true } }) }]).form).toBeUndefined();
  });
});
