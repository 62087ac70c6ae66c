/**
 * The Try screen's state and its pure reducer: what is filled in (the form), which row has focus, the
 * picker open on a row (with its filter text), the bot's suggestions for an autocomplete option, and
 * the reply as the client shows it so far: the conversation with the bot (reply-conversation.ts), which
 * grows as its buttons are pressed and its forms submitted. Changing the subcommand empties the options,
 * as the client does.
 */
import { useReducer } from 'react';
import type { ComponentKey, Exchange } from './reply-conversation.js';
import type { RowKey, SuggestedChoice, TryForm, TryRow } from './try-form.js';

export interface Suggestions {
  option: string;
  /** The text they were asked for. */
  text: string;
  choices: SuggestedChoice[];
  /** Suggestions the client would drop, and why; or why there are none (the bot failed, the emulator refused). */
  problems: string[];
}

export type ReplyState =
  | { status: 'refused'; message: string; problems: string[] }
  /**
   * `exchanges`: the command's interaction and those that followed it; `waiting`: the bot has not given all
   * of the newest yet; `stoppedWaiting`: the user stopped the wait (ctrl+c) before it had; `problem`: why
   * the newest step could not be sent (the conversation stays).
   */
  | { status: 'shown'; exchanges: Exchange[]; waiting: boolean; stoppedWaiting?: boolean; problem?: { message: string; problems: string[] } };

export interface TryState {
  form: TryForm;
  /** Unset until the user moves: the first thing to fill in has focus. */
  focus?: RowKey | ComponentKey;
  /** `row` is a form row, or a select of the reply; `picked`: a select's values marked so far. */
  picker?: { row: RowKey | ComponentKey; query: string; suggestions?: boolean; picked?: string[] };
  /** The form the user closed with esc (by the interaction that opened it): it stays closed. */
  closedForm?: string;
  /** The reply scrolls to its newest lines rather than to the focused button: a step was added since the focus last moved. */
  showNewest?: boolean;
  suggestions?: Suggestions;
  reply?: ReplyState;
}

export type TryAction =
  | { type: 'form'; change: Partial<Pick<TryForm, 'locale' | 'guildId' | 'userId' | 'channelId'>> }
  /** The place the client starts in, once the guild is read: fills only what the user has not chosen. */
  | { type: 'defaults'; place: Pick<TryForm, 'userId' | 'channelId'> }
  | { type: 'subcommand'; depth: number; name: string }
  | { type: 'value'; name: string; text: string }
  | { type: 'focus'; key: RowKey | ComponentKey }
  | { type: 'picker'; picker: TryState['picker'] | undefined }
  | { type: 'suggestions'; suggestions: Suggestions | undefined }
  | { type: 'reply'; reply: ReplyState | undefined }
  /** What the emulator shows of one interaction of the conversation now (a new one is added at the end). */
  | { type: 'exchange'; exchange: Exchange; waiting: boolean }
  /** A step after the command could not be sent: said under the conversation. */
  | { type: 'step-refused'; message: string; problems: string[] }
  | { type: 'close-form'; interactionId: string }
  /** The wait for the bot was stopped: the reply so far stays, marked as maybe not all. */
  | { type: 'stop-waiting' };

/** The bot's suggestions for this row's text as it stands, if they are (an autocomplete option's row). */
export function currentSuggestions(suggestions: Suggestions | undefined, row: TryRow): Suggestions | undefined {
  if (!suggestions || row.kind !== 'option') return undefined;
  return suggestions.option === row.option.name && suggestions.text === row.text ? suggestions : undefined;
}

/** What was typed into a form, carried to another server's form (the emulator offered after a server that is not one). */
export type TypedValues = Pick<TryForm, 'locale' | 'path' | 'values'>;

export function initialTryState(locale: string, guildId?: string, typed?: TypedValues): TryState {
  return { form: { locale, path: [], values: {}, ...typed, ...(guildId ? { guildId } : {}) } };
}

export function tryReducer(state: TryState, action: TryAction): TryState {
  switch (action.type) {
    case 'form': {
      // Another server has other members and channels: those chosen in the last one go.
      const moved = action.change.guildId !== undefined && action.change.guildId !== state.form.guildId;
      const form = { ...state.form, ...action.change };
      if (moved) {
        delete form.userId;
        delete form.channelId;
      }
      return { ...state, form, picker: undefined };
    }
    case 'defaults': {
      const form = { ...state.form };
      if (form.userId === undefined && action.place.userId !== undefined) form.userId = action.place.userId;
      if (form.channelId === undefined && action.place.channelId !== undefined) form.channelId = action.place.channelId;
      return { ...state, form };
    }
    case 'subcommand':
      return { ...state, form: { ...state.form, path: [...state.form.path.slice(0, action.depth), action.name], values: {} }, picker: undefined, suggestions: undefined };
    case 'value':
      return { ...state, form: { ...state.form, values: { ...state.form.values, [action.name]: action.text } }, picker: undefined };
    case 'focus':
      return { ...state, focus: action.key, showNewest: false };
    case 'picker':
      return { ...state, picker: action.picker };
    case 'suggestions':
      return { ...state, suggestions: action.suggestions };
    case 'reply':
      return { ...state, reply: action.reply };
    case 'exchange': {
      const exchanges = state.reply?.status === 'shown' ? state.reply.exchanges : [];
      const known = exchanges.some((exchange) => exchange.id === action.exchange.id);
      const next = known ? exchanges.map((exchange) => (exchange.id === action.exchange.id ? action.exchange : exchange)) : [...exchanges, action.exchange];
      // A new step of the conversation (a press, a form submitted) shows its newest lines, not the button that
      // started it (which keeps the focus, to be pressed again), until the focus moves.
      return { ...state, ...(known ? {} : { showNewest: true }), reply: { status: 'shown', exchanges: next, waiting: action.waiting } };
    }
    case 'step-refused':
      return state.reply?.status === 'shown' ? { ...state, reply: { ...state.reply, waiting: false, problem: { message: action.message, problems: action.problems } } } : state;
    case 'close-form':
      return { ...state, closedForm: action.interactionId };
    case 'stop-waiting':
      return state.reply?.status === 'shown' && state.reply.waiting ? { ...state, reply: { ...state.reply, waiting: false, stoppedWaiting: true } } : state;
  }
}

export function useTryState(locale: string, guildId?: string, typed?: TypedValues) {
  return useReducer(tryReducer, undefined, () => initialTryState(locale, guildId, typed));
}
