/**
 * Interactions in flight and Discord's rules for answering them (DOCS/RR "Responding to an
 * Interaction", "Followup Messages"): one initial response within 3 seconds — a message (4), a
 * deferral (5), a modal (9) for a command, choices (8) for autocomplete — else the user sees "The
 * application did not respond"; a second initial response is 400/40060; after the deadline lapses
 * the interaction is unknown (404/10062). The token then lives 15 minutes for follow-ups and for the
 * `@original` message; after that, or for a token never issued, the webhook is unknown (404/10015).
 * Each record keeps what the user would see, in order, with a revision counter for watchers.
 * Messages are held to Discord's limits (message-rules.ts). When the token expires, a reply still
 * "thinking…" fails as the client shows it ("The application did not respond"), and a minute later the
 * record is dropped (so a watcher still reads that end): memory holds only the last 16 minutes.
 * In memory only: an interaction does not outlive the emulator.
 */
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
/** What Discord's client shows when the initial response did not come in time. */
export const NO_RESPONSE_TEXT = 'The application did not respond';
/** MessageFlags.EPHEMERAL (DOCS/MSG "Message Flags"). */
export const EPHEMERAL_FLAG = 64;

/** DOCS/RR "Interaction Type". */
export const InteractionType = { Ping: 1, ApplicationCommand: 2, Autocomplete: 4 } as const;

export const CallbackType = { Pong: 1, ChannelMessage: 4, DeferredChannelMessage: 5, DeferredUpdateMessage: 6, UpdateMessage: 7, AutocompleteResult: 8, Modal: 9 } as const;

/** Which initial responses each interaction type takes (DOCS/RR "Interaction Callback Type"). */
const ALLOWED_CALLBACKS: Record<number, readonly number[]> = {
  [InteractionType.Ping]: [CallbackType.Pong],
  [InteractionType.ApplicationCommand]: [CallbackType.ChannelMessage, CallbackType.DeferredChannelMessage, CallbackType.Modal],
  [InteractionType.Autocomplete]: [CallbackType.AutocompleteResult],
};

export interface ShownMessage {
  id: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
  /** Times the bot edited it. */
  edits: number;
  deleted?: boolean;
}

export interface InteractionRecord {
  id: string;
  token: string;
  type: number;
  applicationId: string;
  channelId: string;
  createdAt: number;
  /** Autocomplete: the type of the option being typed in, which the suggested values must have. */
  focusedType?: number;
  /** The initial response's callback type, once there is one. */
  acknowledged?: number;
  /** Set when the interaction failed (no initial response in time, or the endpoint refused it). */
  failed?: string;
  original?: ShownMessage;
  followups: ShownMessage[];
  modal?: { custom_id: string; title: string };
  choices?: unknown[];
  /** Goes up at every change, so a watcher can tell it has something new to show. */
  revision: number;
}

const unknownInteraction = () => new ApiFailure(404, { message: 'Unknown interaction', code: 10062 }); // DOCS/CODES
const alreadyAcknowledged = () => new ApiFailure(400, { message: 'Interaction has already been acknowledged', code: 40060 }); // facts §6
const unknownWebhook = () => new ApiFailure(404, { message: 'Unknown Webhook', code: 10015 }); // DOCS/CODES
const unknownMessage = () => new ApiFailure(404, { message: 'Unknown Message', code: 10008 }); // DOCS/CODES
// Code 0 is Discord's "General error" (DOCS/CODES); the cap is the emulator's own.
const tooManyFollowUps = () =>
  new ApiFailure(400, { message: `Maximum number of follow-up messages reached (${MAX_FOLLOWUPS}): the emulator keeps ${MAX_FOLLOWUPS} per interaction`, code: 0 });

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
    components: Array.isArray(body.components) ? body.components : [],
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
      if (created.acknowledged === undefined && created.failed === undefined) this.fail(created, NO_RESPONSE_TEXT);
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
      const { original } = interaction;
      const stillThinking = interaction.acknowledged === CallbackType.DeferredChannelMessage && original !== undefined && !original.deleted && original.edits === 0;
      if (stillThinking && interaction.failed === undefined) this.fail(interaction, NO_RESPONSE_TEXT);
    }
  }

  /** The channel a webhook token's interaction happened in (for message objects). */
  channelOf(token: string): string | undefined {
    for (const interaction of this.records.values()) if (interaction.token === token) return interaction.channelId;
    return undefined;
  }

  fail(interaction: InteractionRecord, why: string): void {
    interaction.failed = why;
    interaction.revision += 1;
  }

  /** The initial response, from the callback route or the body of the delivery's HTTP response. */
  respond(id: string, token: string, body: unknown): InteractionRecord {
    this.expire();
    const interaction = this.records.get(id);
    if (!interaction || interaction.token !== token || interaction.failed !== undefined) throw unknownInteraction();
    if (interaction.acknowledged !== undefined) throw alreadyAcknowledged();
    const { type, data } = record(body);
    const allowed = ALLOWED_CALLBACKS[interaction.type] ?? [];
    if (typeof type !== 'number' || !allowed.includes(type)) {
      throw formBodyError([{ path: 'type', code: 'BASE_TYPE_CHOICES', message: `Value must be one of (${allowed.join(', ')}).` }]);
    }
    if (type === CallbackType.ChannelMessage) {
      const message = messageFrom(this.nextId(), data, 0, 'data.');
      requireContent(message);
      interaction.original = message;
    } else if (type === CallbackType.DeferredChannelMessage) {
      interaction.original = messageFrom(this.nextId(), {}, Number(record(data).flags ?? 0) & EPHEMERAL_FLAG);
    } else if (type === CallbackType.Modal) {
      const modal = record(data);
      interaction.modal = { custom_id: String(modal.custom_id ?? ''), title: String(modal.title ?? '') };
    } else if (type === CallbackType.AutocompleteResult) {
      const choices = record(data).choices;
      const problems = choiceProblems(choices, interaction.focusedType);
      if (problems.length > 0) throw formBodyError(problems);
      interaction.choices = Array.isArray(choices) ? choices : [];
    }
    interaction.acknowledged = type;
    interaction.revision += 1;
    return interaction;
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
    if (interaction.acknowledged === CallbackType.DeferredChannelMessage && original && !original.deleted && original.edits === 0) {
      // A follow-up to a reply still "thinking…" is the reply (DOCS/RR "Create Followup Message"; Discord,
      // discord-api-docs#2742: "we interpret your followup as you resolving the loading state"), and it stays
      // as ephemeral, or as public, as the deferral said.
      const reply = messageFrom(original.id, body);
      requireContent(reply);
      interaction.original = { ...reply, flags: (reply.flags & ~EPHEMERAL_FLAG) | (original.flags & EPHEMERAL_FLAG), edits: 1 };
      interaction.revision += 1;
      return interaction.original;
    }
    if (interaction.followups.length >= MAX_FOLLOWUPS) throw tooManyFollowUps();
    const message = messageFrom(this.nextId(), body);
    requireContent(message);
    interaction.followups.push(message);
    interaction.revision += 1;
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
    const edit = record(body);
    const problems = messageProblems(edit);
    if (problems.length > 0) throw formBodyError(problems);
    // A field the edit sends replaces the message's (null clears it); one it leaves out stays.
    const edited: ShownMessage = {
      ...message,
      ...(edit.content !== undefined ? { content: typeof edit.content === 'string' ? edit.content : '' } : {}),
      ...(edit.embeds !== undefined ? { embeds: embedsFrom(edit.embeds) } : {}),
      ...(edit.components !== undefined ? { components: Array.isArray(edit.components) ? edit.components : [] } : {}),
    };
    requireContent(edited);
    Object.assign(message, edited);
    message.edits += 1;
    interaction.revision += 1;
    return message;
  }

  deleteOriginal(applicationId: string, token: string): void {
    const interaction = this.byToken(applicationId, token);
    this.original(applicationId, token).deleted = true;
    interaction.revision += 1;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
