/**
 * A bot's reply to a tried command, as Discord's client shows it, in plain text: "thinking…" while a
 * reply is deferred, each message's content, its embeds as boxes and its components listed, ephemeral
 * ones marked "Only you can see this", edits marked, follow-ups in order, a form the bot opened with its
 * fields, the component's message as a button or select updated it — or the client's text when the bot
 * did not answer (discord/interaction-kinds.ts), and what Discord refused of the bot's answers.
 * Pure: it renders the emulator's view of one interaction.
 */
import { ButtonStyle, ComponentType, pressables, type Pressable } from '../discord/message-components.js';
import { modalFields, TextInputStyle, type Modal } from '../discord/modal-rules.js';
import { SELECT_NAMES } from '../discord/message-components.js';
import type { InteractionView, ShownMessage } from '../discord/interaction-view.js';
import { plural } from '../terminal/plural.js';

export type { InteractionView };

const EPHEMERAL = 64;
const DEFERRED_CHANNEL_MESSAGE = 5;
const MODAL = 9;
const DEFERRED_UPDATE = 6;
const UPDATE = 7;
const AUTOCOMPLETE_RESULT = 8;
const BUTTON_STYLES: Record<number, string> = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };
const COMPONENT_KINDS: Record<number, string> = { 3: 'string select', 5: 'user select', 6: 'role select', 7: 'mentionable select', 8: 'channel select' };

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

/** A button or select as the client shows it: `[Refresh] (primary button)`, `[Docs] (link to https://…)`, `string select: Pick a colour (3 options)`. */
export function componentLine(component: Pressable): string {
  const disabled = component.disabled ? ', disabled' : '';
  if (component.type === ComponentType.Button) {
    const style = BUTTON_STYLES[component.style ?? 0];
    const kind = component.style === ButtonStyle.Link ? `link to ${component.url ?? '(no URL)'}` : style ? `${style} button` : 'button';
    return `[${component.label}] (${kind}${disabled})`;
  }
  const notes = [component.options.length > 0 ? plural(component.options.length, 'option') : '', component.disabled ? 'disabled' : ''].filter(Boolean).join(', ');
  const shown = [component.placeholder, notes ? `(${notes})` : undefined].filter(Boolean).join(' ');
  return `${COMPONENT_KINDS[component.type] ?? 'select'}:${shown ? ` ${shown}` : ''}`;
}

/** Action rows flattened into the buttons and selects they hold. */
function componentLines(components: readonly unknown[]): string[] {
  return pressables(components).map(componentLine);
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

/** A form as the client lays it out: each field with its label (`*` required), kind and limits, placeholder and the text it starts with. */
export function formLines(modal: Modal): string[] {
  return modal.items.map((item) => {
    if (item.kind === 'text') return `  ${item.content}`;
    if (item.kind !== 'input') {
      const [least, most] = item.kind === 'select' ? [item.select.minValues, item.select.maxValues] : [item.minValues, item.maxValues];
      const kind = item.kind === 'file' ? 'file upload' : (SELECT_NAMES[item.select.type] ?? 'select');
      const count = `${least === most ? least : `${least}–${most}`} ${item.kind === 'file' ? 'file' : 'value'}${most === 1 ? '' : 's'}`;
      const offers = item.kind === 'select' && item.select.options.length > 0 ? `offers ${item.select.options.map((option) => option.value).join(', ')}` : undefined;
      const starts = item.kind === 'select' && item.defaults.length > 0 ? `starts as ${item.defaults.join(', ')}` : undefined;
      return `  ${item.label}${item.required ? '*' : ''} (${item.customId}) · ${[kind, count, item.description, offers, starts].filter(Boolean).join(' · ')}`;
    }
    const limits = item.minLength > 0 ? `${item.minLength}–${item.maxLength} characters` : `at most ${item.maxLength} characters`;
    const details = [
      item.style === TextInputStyle.Paragraph ? 'paragraph' : 'short',
      limits,
      item.description,
      item.placeholder ? `"${item.placeholder}"` : undefined,
      item.value ? `starts as "${item.value}"` : undefined,
    ].filter(Boolean);
    return `  ${item.label}${item.required ? '*' : ''} (${item.customId}) · ${details.join(' · ')}`;
  });
}

/** The fields of the form, by custom_id, for a hint: `topic=… details=…`. */
export function formFieldNames(modal: Modal): string[] {
  return modalFields(modal).map((field) => field.customId);
}

/** What has been printed so far, so that a view seen again prints only what is new (an edit prints the message again). */
export interface ShownSoFar {
  thinking: boolean;
  choices: boolean;
  modal: boolean;
  /** The bot's answers Discord refused, printed. */
  refused: number;
  /** A component's update of its message: the `updates` last printed. */
  updates: number;
  /** The edit count of the reply as last printed; -1 before it is printed. */
  originalEdits: number;
  originalDeleted: boolean;
  followups: number;
  failed: boolean;
}

export const NOTHING_SHOWN: ShownSoFar = { thinking: false, choices: false, modal: false, refused: 0, updates: 0, originalEdits: -1, originalDeleted: false, followups: 0, failed: false };

/** A button or select on one of the lines: which line, the message it is on, and the component. */
export interface ComponentAt {
  line: number;
  messageId: string;
  component: Pressable;
}

/**
 * The lines the client would add since `shown`, in order, what is shown after them, and where among the
 * lines each button or select is (a message's components are its last lines, one each).
 */
export function newReplyLines(botName: string, view: InteractionView, shown: ShownSoFar): { lines: string[]; shown: ShownSoFar; components: ComponentAt[] } {
  const lines: string[] = [];
  const components: ComponentAt[] = [];
  const next = { ...shown };
  const pushMessage = (message: ShownMessage, heading: string, firstEditIsReply = false) => {
    lines.push(...messageLines(botName, message, heading, firstEditIsReply));
    if (message.deleted) return;
    const offered = pressables(message.components);
    offered.forEach((component, index) => components.push({ line: lines.length - offered.length + index, messageId: message.id, component }));
  };
  if (view.acknowledged === DEFERRED_CHANNEL_MESSAGE && !shown.thinking) {
    lines.push(`${botName} is thinking…`);
    next.thinking = true;
  }
  for (const refusal of (view.refused ?? []).slice(shown.refused)) lines.push(`Discord refused ${botName}'s answer: ${refusal}`);
  next.refused = view.refused?.length ?? 0;
  if (view.acknowledged === MODAL && view.modal && !shown.modal) {
    lines.push(`${botName} opened a form: ${view.modal.title}`, ...formLines(view.modal));
    next.modal = true;
  }
  if (view.acknowledged === AUTOCOMPLETE_RESULT && !shown.choices) {
    lines.push(...choiceLines(botName, view.choices ?? []));
    next.choices = true;
  }
  const original = view.original;
  const updating = view.acknowledged === UPDATE || view.acknowledged === DEFERRED_UPDATE;
  // A component's update: the message it is on, as changed, each time the bot changes it (6: not before).
  if (original && updating && (view.updates ?? 0) !== shown.updates) {
    // The heading says it changed; the client marks no edit on a message a component updated.
    pushMessage({ ...original, edits: 0 }, 'message updated');
    next.updates = view.updates ?? 0;
  }
  // A deferred reply is "thinking…" until the bot edits it.
  const ready = original && !updating && (view.acknowledged !== DEFERRED_CHANNEL_MESSAGE || original.edits > 0);
  if (original && ready && (original.edits !== shown.originalEdits || (original.deleted === true && !shown.originalDeleted))) {
    pushMessage(original, 'reply', view.acknowledged === DEFERRED_CHANNEL_MESSAGE);
    next.originalEdits = original.edits;
    next.originalDeleted = original.deleted === true;
  }
  for (const [index, message] of view.followups.entries()) {
    if (index >= shown.followups) pushMessage(message, `follow-up ${index + 1}`);
  }
  next.followups = view.followups.length;
  if (view.failed && !shown.failed) {
    lines.push(view.failed);
    next.failed = true;
  }
  return { lines, shown: next, components };
}
