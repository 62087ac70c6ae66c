/**
 * A bot's reply to a tried command, as Discord's client shows it, in plain text: "thinking…" while a
 * reply is deferred, each message's content, its embeds as boxes and its components listed, ephemeral
 * ones marked "Only you can see this", edits marked, follow-ups in order — or the client's
 * "The application did not respond". Pure: it renders the emulator's view of one interaction.
 */
import type { InteractionRecord, ShownMessage } from '../emulator/interactions/store.js';

/** What the emulator's `GET /__emulator/interactions/{id}` answers: the interaction as the user sees it so far. */
export type InteractionView = Pick<InteractionRecord, 'acknowledged' | 'failed' | 'original' | 'followups' | 'modal' | 'choices' | 'revision'>;

const EPHEMERAL = 64;
const DEFERRED_CHANNEL_MESSAGE = 5;
const MODAL = 9;
const AUTOCOMPLETE_RESULT = 8;
const BUTTON_STYLES: Record<number, string> = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };
const COMPONENT_KINDS: Record<number, string> = { 3: 'string select', 4: 'text input', 5: 'user select', 6: 'role select', 7: 'mentionable select', 8: 'channel select' };

function fields(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function embedBox(embed: unknown): string[] {
  const { title, description, fields: embedFields, footer, url } = fields(embed);
  const inner = [
    text(title) ?? text(fields(fields(embed).author).name),
    text(url),
    ...(text(description)?.split('\n') ?? []),
    ...(Array.isArray(embedFields) ? embedFields.map((field) => `${text(fields(field).name) ?? ''}: ${text(fields(field).value) ?? ''}`) : []),
    text(fields(footer).text),
  ].filter((line) => line !== undefined);
  return ['┌─ embed', ...inner.map((line) => `│ ${line}`), '└─'];
}

/** Action rows flattened: `[Refresh] (primary button)`, `select: Pick a colour (3 options)`. */
function componentLines(components: readonly unknown[]): string[] {
  return components.flatMap((component) => {
    const { type, label, style, placeholder, options, components: children } = fields(component);
    if (Array.isArray(children)) return componentLines(children);
    if (type === 2) return [`[${text(label) ?? '…'}] (${BUTTON_STYLES[Number(style)] ?? 'button'}${BUTTON_STYLES[Number(style)] ? ' button' : ''})`];
    const kind = COMPONENT_KINDS[Number(type)] ?? `component type ${String(type)}`;
    return [`${kind}: ${text(placeholder) ?? ''}${Array.isArray(options) ? ` (${options.length} options)` : ''}`.trim()];
  });
}

/** `firstEditIsReply`: a deferred reply's first edit is what replaces "thinking…", not an edit the client marks. */
function messageLines(botName: string, message: ShownMessage, heading: string, firstEditIsReply = false): string[] {
  if (message.deleted) return [`${botName} · ${heading} (deleted)`];
  const edited = message.edits > (firstEditIsReply ? 1 : 0);
  const marks = [message.flags & EPHEMERAL ? 'Only you can see this' : undefined, edited ? 'edited' : undefined].filter(Boolean);
  return [
    `${botName} · ${heading}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`,
    ...(message.content === '' ? [] : message.content.split('\n')),
    ...message.embeds.flatMap(embedBox),
    ...componentLines(message.components),
  ].map((line, index) => (index === 0 ? line : `  ${line}`));
}

/** The bot's suggestions as the client lists them above the input: each choice's name, and the value it sends. */
function choiceLines(botName: string, choices: readonly unknown[]): string[] {
  if (choices.length === 0) return [`${botName} suggests nothing`];
  return [
    `${botName} suggests ${choices.length === 1 ? '1 choice' : `${choices.length} choices`}:`,
    ...choices.map((choice) => {
      const { name, value } = fields(choice);
      return `  ${text(name) ?? '(no name)'} → ${JSON.stringify(value)}`;
    }),
  ];
}

/** What has been printed so far, so that a view seen again prints only what is new (an edit prints the message again). */
export interface ShownSoFar {
  thinking: boolean;
  choices: boolean;
  modal: boolean;
  /** The edit count of the reply as last printed; -1 before it is printed. */
  originalEdits: number;
  originalDeleted: boolean;
  followups: number;
  failed: boolean;
}

/** What the client shows when the token expired before any reply: nothing can come after it. */
export const NO_RESPONSE = 'The application did not respond';

export const NOTHING_SHOWN: ShownSoFar = { thinking: false, choices: false, modal: false, originalEdits: -1, originalDeleted: false, followups: 0, failed: false };

/** The lines the client would add since `shown`, in order, and what is shown after them. */
export function newReplyLines(botName: string, view: InteractionView, shown: ShownSoFar): { lines: string[]; shown: ShownSoFar } {
  const lines: string[] = [];
  const next = { ...shown };
  if (view.acknowledged === DEFERRED_CHANNEL_MESSAGE && !shown.thinking) {
    lines.push(`${botName} is thinking…`);
    next.thinking = true;
  }
  if (view.acknowledged === MODAL && view.modal && !shown.modal) {
    lines.push(`${botName} opened a form: ${view.modal.title} (forms cannot be filled in from the command line)`);
    next.modal = true;
  }
  if (view.acknowledged === AUTOCOMPLETE_RESULT && !shown.choices) {
    lines.push(...choiceLines(botName, view.choices ?? []));
    next.choices = true;
  }
  const original = view.original;
  // A deferred reply is "thinking…" until the bot edits it.
  const ready = original && (view.acknowledged !== DEFERRED_CHANNEL_MESSAGE || original.edits > 0);
  if (original && ready && (original.edits !== shown.originalEdits || (original.deleted === true && !shown.originalDeleted))) {
    lines.push(...messageLines(botName, original, 'reply', view.acknowledged === DEFERRED_CHANNEL_MESSAGE));
    next.originalEdits = original.edits;
    next.originalDeleted = original.deleted === true;
  }
  for (const [index, message] of view.followups.entries()) {
    if (index >= shown.followups) lines.push(...messageLines(botName, message, `follow-up ${index + 1}`));
  }
  next.followups = view.followups.length;
  if (view.failed && !shown.failed) {
    lines.push(view.failed);
    next.failed = true;
  }
  return { lines, shown: next };
}
