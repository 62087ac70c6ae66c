/**
 * What the emulator's `GET /__emulator/interactions/{id}` answers: one interaction as the user sees it so
 * far. The one shape both ends of that route share: the emulator keeps it (its record extends it,
 * emulator/interactions/store.ts), the Try screen and `cmd-tui try` render it (operations/try-reply.ts).
 */
import type { Modal } from './modal-rules.js';

export interface ShownMessage {
  id: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  flags: number;
  /** Times the bot edited it, and when it last did. */
  edits: number;
  editedAt?: number;
  deleted?: boolean;
}

export interface InteractionView {
  type: number;
  /** A component's (or a form's opened from one): the message it is on, and the interaction that message answered. */
  source?: { interactionId: string; messageId: string };
  /** The initial response's callback type, once there is one. */
  acknowledged?: number;
  /** Set when the interaction failed (no initial response in time, or the endpoint refused it). */
  failed?: string;
  original?: ShownMessage;
  followups: ShownMessage[];
  /** A component's (or its form's) 6 or 7: the times it has changed the component's message (7 once at once; then each `@original` edit). */
  updates?: number;
  /** The form the bot opened (9); `submitted` once the user sent it (a form is sent once). */
  modal?: Modal & { submitted?: boolean };
  choices?: unknown[];
  /** What Discord refused of the bot's answers, as its error says it (status, message, each field's problem). */
  refused?: string[];
  /** Goes up at every change, so a watcher can tell it has something new to show. */
  revision: number;
}
