/**
 * The Try screen's reply as a conversation with the bot, pure: the command's interaction, then each button
 * pressed, select picked and form submitted, in order, each shown as the client shows it
 * (operations/try-reply.ts). A message is drawn once, where it first appeared, as it is now: a component's
 * update (7, or 6 then an edit) changes it there, in place, as the client does. It also says which lines are
 * the buttons and selects that can be used (with a key each, for focus), and the form the bot has open.
 */
import { NO_RESPONSE_TEXT } from '../../../discord/interaction-kinds.js';
import type { Pressable } from '../../../discord/message-components.js';
import type { Modal } from '../../../discord/modal-rules.js';
import { replyArrived } from '../../../operations/try-command.js';
import { newReplyLines, NOTHING_SHOWN, type InteractionView } from '../../../operations/try-reply.js';

/** One interaction of the conversation: what the user did, and what the emulator shows of it so far. */
export interface Exchange {
  id: string;
  heading: string;
  botName: string;
  view?: InteractionView;
  /** Its token expired with nothing from the bot: the client says the application did not respond. */
  expired?: boolean;
}

export type ComponentKey = `component:${string}`;

export interface ReplyLine {
  text: string;
  tone?: 'error' | 'dim';
  /** The button or select drawn on this line. */
  component?: ComponentKey;
}

export interface ReplyComponent {
  key: ComponentKey;
  messageId: string;
  component: Pressable;
}

export interface OpenForm {
  /** The interaction the form answered: the one its submit goes to. */
  interactionId: string;
  botName: string;
  modal: Modal;
}

const UPDATES: readonly (number | undefined)[] = [6, 7];

export function conversation(exchanges: readonly Exchange[]): { lines: ReplyLine[]; components: ReplyComponent[]; form?: OpenForm } {
  // Each message as it is now: the newest view that carries it.
  const latest = new Map<string, NonNullable<InteractionView['original']>>();
  for (const { view } of exchanges) for (const message of [view?.original, ...(view?.followups ?? [])]) if (message) latest.set(message.id, message);
  const now = <T extends { id: string }>(message: T): T => (latest.get(message.id) as T | undefined) ?? message;
  const drawn = new Set<string>();
  const lines: ReplyLine[] = [];
  const components: ReplyComponent[] = [];
  for (const exchange of exchanges) {
    lines.push({ text: exchange.heading, tone: 'dim' });
    const { view } = exchange;
    if (!view) continue;
    const original = view.original ? now(view.original) : undefined;
    // An update of a message already drawn shows there, not again here.
    const inPlace = UPDATES.includes(view.acknowledged) && original !== undefined && drawn.has(original.id);
    const current: InteractionView = { ...view, ...(original ? { original } : {}), followups: view.followups.map(now), ...(inPlace ? { updates: 0 } : {}) };
    const shown = newReplyLines(exchange.botName, current, NOTHING_SHOWN);
    const keys = new Map<number, ComponentKey>();
    const perMessage = new Map<string, number>();
    for (const at of shown.components) {
      const index = perMessage.get(at.messageId) ?? 0;
      perMessage.set(at.messageId, index + 1);
      const key: ComponentKey = `component:${at.messageId}:${index}`;
      keys.set(at.line, key);
      components.push({ key, messageId: at.messageId, component: at.component });
    }
    shown.lines.forEach((text, index) => {
      const failed = view.failed !== undefined && index === shown.lines.length - 1;
      const key = keys.get(index);
      lines.push({ text, ...(failed || text.startsWith('Discord refused') ? { tone: 'error' as const } : {}), ...(key ? { component: key } : {}) });
    });
    if (exchange.expired && !replyArrived(view)) lines.push({ text: NO_RESPONSE_TEXT, tone: 'error' });
    for (const message of [current.original, ...current.followups]) if (message) drawn.add(message.id);
  }
  const last = exchanges.at(-1);
  const modal = last?.view?.acknowledged === 9 && !last.view.failed ? last.view.modal : undefined;
  return { lines, components, ...(modal && !modal.submitted && last ? { form: { interactionId: last.id, botName: last.botName, modal } } : {}) };
}
