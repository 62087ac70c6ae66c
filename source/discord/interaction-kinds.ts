/**
 * The kinds of interaction (DOCS/RR "Interaction Type") and what Discord's client shows when one gets no
 * answer in time — one text per kind, for the emulator, `cmd-tui try` and the TUI alike:
 * - a command: "The application did not respond" (DOCS/RR "Responding to an Interaction");
 * - a button or select: "This interaction failed", under the message (as bot authors report it, e.g.
 *   discord-jda/JDA#1791, Kraigie/nostrum#613);
 * - a form's submit: "Something went wrong. Try again.", inside the form (discord/discord-api-docs#5510).
 */

export const InteractionType = { Ping: 1, ApplicationCommand: 2, MessageComponent: 3, Autocomplete: 4, ModalSubmit: 5 } as const;

export const NO_RESPONSE_TEXT = 'The application did not respond';
export const COMPONENT_FAILED_TEXT = 'This interaction failed';
export const MODAL_FAILED_TEXT = 'Something went wrong. Try again.';

/** What the client shows when an interaction of `type` is not answered in time. */
export function noAnswerText(type: number): string {
  if (type === InteractionType.MessageComponent) return COMPONENT_FAILED_TEXT;
  if (type === InteractionType.ModalSubmit) return MODAL_FAILED_TEXT;
  return NO_RESPONSE_TEXT;
}
