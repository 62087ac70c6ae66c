/**
 * Interactions in flight and Discord's rules for answering them (DOCS/RR "Responding to an
 * Interaction", "Followup Messages"): one initial response within 3 seconds — a message (4), a
 * deferral (5), a modal (9) for a command or a component, choices (8) for autocomplete, an update of the
 * component's message (7, or 6 to update it later) for a component or a form opened from one — else the
 * user sees the client's text for that kind (discord/interaction-kinds.ts); a modal is held to Discord's
 * rules (discord/modal-rules.ts); a second initial response is 400/40060; after the deadline lapses
 * the interaction is unknown (404/10062). The token then lives 15 minutes for follow-ups and for the
 * `@original` message; after that, or for a token never issued, the webhook is unknown (404/10015).
 * Each record keeps what the user would see, in order, with a revision counter for watchers.
 * Messages are held to Discord's limits (message-rules.ts). When the token expires, a reply still
 * "thinking…" fails as the client shows it ("The application did not respond"), and a minute later the
 * record is dropped (so a watcher still reads that end): memory holds only the last 16 minutes.
 * What Discord refused of the bot's answers is kept with the interaction (`refused`), for the developer.
 * In memory only: an interaction does not outlive the emulator.
 */
import { InteractionType, NO_RESPONSE_TEXT, noAnswerText } from '../../discord/interaction-kinds.js';
import { withComponentIds } from '../../discord/component-ids.js';
import { readModal } from '../../discord/modal-rules.js';
import type { InteractionView, ShownMessage } from '../../discord/interaction-view.js';
import { flattenFieldErrors } from '../../discord/problem-path.js';
import { ApiFailure, formBodyError } from '../api-errors.js';
import type { Clock } from '../clock.js';
import { choiceProblems } from './choice-rules.js';
import { messageProblems } from './message-rules.js';

export const INITIAL_RESPONSE_DEADLINE_MS = 3000;
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** How long an interaction's final state stays readable (GET /__emulator/interactions/{id}) after its token expired. */
export const EXPIRED_KEPT_MS = 60 * 1000;
/**
 * Follow-ups kept per interaction. Discord publishes no cap; the emulator's, so one bot in a loop cannot
 * fill its memory — far more than any reply a person reads.
 */
export const MAX_FOLLOWUPS = 100;
/** MessageFlags.EPHEMERAL (DOCS/MSG "Message Flags"). */
export const EPHEMERAL_FLAG = 64;

export const CallbackType = { Pong: 1, ChannelMessage: 4, DeferredChannelMessage: 5, DeferredUpdateMessage: 6, UpdateMessage: 7, AutocompleteResult: 8, Modal: 9 } as const;

/** Which initial responses each interaction type takes (DOCS/RR "Interaction Callback Type"). */
const ALLOWED_CALLBACKS: Record<number, readonly number[]> = {
  [InteractionType.Ping]: [CallbackType.Pong],
  [InteractionType.ApplicationCommand]: [CallbackType.ChannelMessage, CallbackType.DeferredChannelMessage, CallbackType.Modal],
  [InteractionType.Autocomplete]: [CallbackType.AutocompleteResult],
  [InteractionType.MessageComponent]: [CallbackType.ChannelMessage, CallbackType.DeferredChannelMessage, CallbackType.DeferredUpdateMessage, CallbackType.UpdateMessage, CallbackType.Modal],
  // 6 and 7 only for a form opened from a component, whose message they update.
  [InteractionType.ModalSubmit]: [CallbackType.ChannelMessage, CallbackType.DeferredChannelMessage, CallbackType.DeferredUpdateMessage, CallbackType.UpdateMessage],
};
const UPDATES: readonly number[] = [CallbackType.DeferredUpdateMessage, CallbackType.UpdateMessage];
/**
 * Every callback type Discord knows, which its refusal of any other value lists: recorded as
 * `Value must be one of {1, 4, 5, 6, 7, 8, 9, 11}.` (discord-api-docs#6455, 2023), with 10
 * (PREMIUM_REQUIRED), whose refusal that issue reported and Discord fixed, and 12 (LAUNCH_ACTIVITY), added in 2024.
 */
const KNOWN_CALLBACKS: readonly number[] = [1, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/**
 * The set Discord's BASE_TYPE_CHOICES lists for a callback `type` an interaction does not take: every type it
 * knows for a value that is none of them, the interaction's own for one it knows (an autocomplete answered
 * with 4 is told `Value must be one of {8}.`: Cog-Creators/Red-DiscordBot#6374, 2024).
 */
function callbackChoices(type: unknown, allowed: readonly number[]): string {
  const listed = typeof type === 'number' && KNOWN_CALLBACKS.includes(type) ? allowed : KNOWN_CALLBACKS;
  return `Value must be one of {${listed.join(', ')}}.`;
}

/** The emulator's record of an interaction: what the user sees of it (the view the Try screen reads), and what it keeps to go on. */
export interface InteractionRecord extends InteractionView {
  id: string;
  token: string;
  applicationId: string;
  channelId: string;
  /** Where and as whom it happened: what a component pressed or a form submitted later carries again. */
  place: { guildId: string; userId: string; locale: string };
  /** A command's (and its autocomplete's): the name the user typed, with its group and subcommand, and the command's type. */
  command?: { name: string; type: number };
  /** A form's submission: the interaction that opened the form (its `triggering_interaction_metadata`). */
  openedBy?: string;
  createdAt: number;
  /** Autocomplete: the type of the option being typed in, which the suggested values must have. */
  focusedType?: number;
}

const unknownInteraction = () => new ApiFailure(404, { message: 'Unknown interaction', code: 10062 }); // DOCS/CODES
// With its final period, as Discord sends it (recorded in aquelemiguel/parrot#201: `DiscordJsonError { code: 40060, message: "Interaction has already been acknowledged." }`).
const alreadyAcknowledged = () => new ApiFailure(400, { message: 'Interaction has already been acknowledged.', code: 40060 });
const unknownWebhook = () => new ApiFailure(404, { message: 'Unknown Webhook', code: 10015 }); // DOCS/CODES
const unknownMessage = () => new ApiFailure(404, { message: 'Unknown Message', code: 10008 }); // DOCS/CODES
// Code 0 is Discord's "General error" (DOCS/CODES); the cap is the emulator's own.
const tooManyFollowUps = () =>
  new ApiFailure(400, { message: `Maximum number of follow-up messages reached (${MAX_FOLLOWUPS}): the emulator keeps ${MAX_FOLLOWUPS} per interaction`, code: 0 });

/** A deferred reply not resolved yet: the client shows "thinking…" (its message carries the LOADING flag). */
export function stillThinking(interaction: InteractionRecord): boolean {
  const { original } = interaction;
  return interaction.acknowledged === CallbackType.DeferredChannelMessage && original !== undefined && !original.deleted && original.edits === 0;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Embeds as Discord stores them: `type` "rich" unless the bot said otherwise (DOCS/MSG "Embed Object"). */
function embedsFrom(value: unknown): unknown[] {
  return Array.isArray(value) ? value.map((embed) => ({ type: 'rich', ...record(embed) })) : [];
}

/** The message `data` asks for, held to Discord's limits (`prefix`: where it sits in the request body). */
function messageFrom(id: string, data: unknown, flags = 0, prefix = ''): ShownMessage {
  const body = record(data);
  const problems = messageProblems(body, prefix);
  if (problems.length > 0) throw formBodyError(problems);
  return {
    id,
    content: typeof body.content === 'string' ? body.content : '',
    embeds: embedsFrom(body.embeds),
    components: Array.isArray(body.components) ? withComponentIds(body.components) : [],
    flags: (typeof body.flags === 'number' ? body.flags : 0) | flags,
    edits: 0,
  };
}

/** A message body needs something to show (Discord: 50006 "Cannot send an empty message"). */
function requireContent(message: ShownMessage): void {
  if (message.content === '' && message.embeds.length === 0 && message.components.length === 0) {
    throw new ApiFailure(400, { message: 'Cannot send an empty message', code: 50006 }); // DOCS/CODES
  }
}

/**
 * An edit of `message` in place (`@original`, or a component's UPDATE_MESSAGE): a field the edit sends
 * replaces the message's (null clears it); one it leaves out stays.
 */
function editMessage(message: ShownMessage, edit: Record<string, unknown>, now: number, prefix = ''): void {
  const problems = messageProblems(edit, prefix);
  if (problems.length > 0) throw formBodyError(problems);
  const edited: ShownMessage = {
    ...message,
    ...(edit.content !== undefined ? { content: typeof edit.content === 'string' ? edit.content : '' } : {}),
    ...(edit.embeds !== undefined ? { embeds: embedsFrom(edit.embeds) } : {}),
    ...(edit.components !== undefined ? { components: Array.isArray(edit.components) ? withComponentIds(edit.components) : [] } : {}),
  };
  requireContent(edited);
  Object.assign(message, edited);
  message.edits += 1;
  message.editedAt = now;
}

export class InteractionStore {
  private readonly records = new Map<string, InteractionRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly clock: Clock,
    private readonly nextId: () => string,
  ) {}

  open(record: Omit<InteractionRecord, 'followups' | 'revision' | 'createdAt'>): InteractionRecord {
    this.expire();
    const created: InteractionRecord = { ...record, createdAt: this.clock(), followups: [], revision: 0 };
    this.records.set(created.id, created);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (created.acknowledged === undefined && created.failed === undefined) this.fail(created, noAnswerText(created.type));
    }, INITIAL_RESPONSE_DEADLINE_MS);
    timer.unref();
    this.timers.add(timer);
    return created;
  }

  get(id: string): InteractionRecord | undefined {
    this.expire();
    return this.records.get(id);
  }

  /**
   * Ends what the clock has outlived: at the token's expiry a deferred reply never resolved fails as the
   * client shows it; a minute after, the record goes.
   */
  private expire(): void {
    const now = this.clock();
    for (const [id, interaction] of this.records) {
      const age = now - interaction.createdAt;
      if (age <= TOKEN_LIFETIME_MS) continue;
      if (age > TOKEN_LIFETIME_MS + EXPIRED_KEPT_MS) {
        this.records.delete(id);
        continue;
      }
      if (stillThinking(interaction) && interaction.failed === undefined) this.fail(interaction, NO_RESPONSE_TEXT);
    }
  }

  fail(interaction: InteractionRecord, why: string): void {
    interaction.failed = why;
    this.touch(interaction);
  }

  /** A change the user sees: the interaction's watchers, and those of the message a component update changed, have something new. */
  private touch(interaction: InteractionRecord): void {
    interaction.revision += 1;
    const source = interaction.source ? this.records.get(interaction.source.interactionId) : undefined;
    if (source) source.revision += 1;
  }

  /** Remembers what Discord refused of the bot's answer to `interaction`, and returns the error the bot gets. */
  private refuse(interaction: InteractionRecord, error: ApiFailure): ApiFailure {
    const body = record(error.body);
    const fields = flattenFieldErrors(body.errors).map((item) => `${item.path}: ${item.message}`);
    interaction.refused = [...(interaction.refused ?? []), `${error.status} ${String(body.message ?? '')} (code ${String(body.code ?? 0)})${fields.length > 0 ? `: ${fields.join('; ')}` : ''}`];
    interaction.revision += 1;
    return error;
  }

  /** The user sent the form `interaction` opened: the client has closed it. */
  submitted(interaction: InteractionRecord): void {
    if (!interaction.modal) return;
    interaction.modal.submitted = true;
    interaction.revision += 1;
  }

  /** A message the user can see (a reply or a follow-up, not deleted), and the interaction it answered. */
  findMessage(messageId: string): { interaction: InteractionRecord; message: ShownMessage } | undefined {
    this.expire();
    for (const interaction of this.records.values()) {
      for (const message of [interaction.original, ...interaction.followups]) {
        if (message && message.id === messageId && !message.deleted) return { interaction, message };
      }
    }
    return undefined;
  }

  /**
   * The interaction whose response or follow-up `message` is (a component's update made no message of
   * its own), and whether it is a follow-up.
   */
  madeBy(message: ShownMessage): { interaction: InteractionRecord; followUp: boolean } | undefined {
    this.expire();
    for (const interaction of this.records.values()) {
      if (interaction.followups.includes(message)) return { interaction, followUp: true };
      if (interaction.original === message && !UPDATES.includes(interaction.acknowledged ?? 0)) return { interaction, followUp: false };
    }
    return undefined;
  }

  /** The initial response, from the callback route or the body of the delivery's HTTP response. */
  respond(id: string, token: string, body: unknown): InteractionRecord {
    this.expire();
    const interaction = this.records.get(id);
    if (!interaction || interaction.token !== token || interaction.failed !== undefined) throw unknownInteraction();
    try {
      this.acknowledge(interaction, record(body));
    } catch (error) {
      throw error instanceof ApiFailure ? this.refuse(interaction, error) : error;
    }
    return interaction;
  }

  private acknowledge(interaction: InteractionRecord, { type, data }: Record<string, unknown>): void {
    if (interaction.acknowledged !== undefined) throw alreadyAcknowledged();
    const source = interaction.source ? this.findMessage(interaction.source.messageId) : undefined;
    const allowed = (ALLOWED_CALLBACKS[interaction.type] ?? []).filter((callback) => !UPDATES.includes(callback) || source !== undefined);
    if (typeof type !== 'number' || !allowed.includes(type)) {
      throw formBodyError([{ path: 'type', code: 'BASE_TYPE_CHOICES', message: callbackChoices(type, allowed) }]);
    }
    if (type === CallbackType.ChannelMessage) {
      const message = messageFrom(this.nextId(), data, 0, 'data.');
      requireContent(message);
      interaction.original = message;
    } else if (type === CallbackType.DeferredChannelMessage) {
      interaction.original = messageFrom(this.nextId(), {}, Number(record(data).flags ?? 0) & EPHEMERAL_FLAG);
    } else if (type === CallbackType.UpdateMessage || type === CallbackType.DeferredUpdateMessage) {
      // The component's message is the response: 7 edits it now, 6 later through `@original`.
      if (type === CallbackType.UpdateMessage) editMessage(source!.message, record(data), this.clock(), 'data.');
      interaction.original = source!.message;
      interaction.updates = type === CallbackType.UpdateMessage ? 1 : 0;
    } else if (type === CallbackType.Modal) {
      const { modal, problems } = readModal(data);
      if (!modal) throw formBodyError(problems);
      interaction.modal = modal;
    } else if (type === CallbackType.AutocompleteResult) {
      const choices = record(data).choices;
      const problems = choiceProblems(choices, interaction.focusedType);
      if (problems.length > 0) throw formBodyError(problems);
      interaction.choices = Array.isArray(choices) ? choices : [];
    }
    interaction.acknowledged = type;
    this.touch(interaction);
  }

  /** The interaction a webhook token belongs to, while the token lives (15 minutes from the interaction). */
  private byToken(applicationId: string, token: string): InteractionRecord {
    this.expire();
    for (const interaction of this.records.values()) {
      if (interaction.token !== token || interaction.applicationId !== applicationId) continue;
      if (this.clock() - interaction.createdAt > TOKEN_LIFETIME_MS || interaction.acknowledged === undefined) break;
      return interaction;
    }
    throw unknownWebhook();
  }

  followUp(applicationId: string, token: string, body: unknown): ShownMessage {
    const interaction = this.byToken(applicationId, token);
    const { original } = interaction;
    if (original && stillThinking(interaction)) {
      // A follow-up to a reply still "thinking…" is the reply (DOCS/RR "Create Followup Message"; Discord,
      // discord-api-docs#2742: "we interpret your followup as you resolving the loading state"), and it stays
      // as ephemeral, or as public, as the deferral said.
      const reply = messageFrom(original.id, body);
      requireContent(reply);
      interaction.original = { ...reply, flags: (reply.flags & ~EPHEMERAL_FLAG) | (original.flags & EPHEMERAL_FLAG), edits: 1, editedAt: this.clock() };
      this.touch(interaction);
      return interaction.original;
    }
    if (interaction.followups.length >= MAX_FOLLOWUPS) throw tooManyFollowUps();
    const message = messageFrom(this.nextId(), body);
    requireContent(message);
    interaction.followups.push(message);
    this.touch(interaction);
    return message;
  }

  original(applicationId: string, token: string): ShownMessage {
    const message = this.byToken(applicationId, token).original;
    if (!message || message.deleted) throw unknownMessage();
    return message;
  }

  editOriginal(applicationId: string, token: string, body: unknown): ShownMessage {
    const interaction = this.byToken(applicationId, token);
    const message = this.original(applicationId, token);
    editMessage(message, record(body), this.clock());
    if (interaction.updates !== undefined) interaction.updates += 1;
    this.touch(interaction);
    return message;
  }

  deleteOriginal(applicationId: string, token: string): void {
    const interaction = this.byToken(applicationId, token);
    this.original(applicationId, token).deleted = true;
    this.touch(interaction);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
