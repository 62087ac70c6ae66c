/**
 * The Try form's state (try-form-screen.tsx): the form as filled in, the guild it is tried in (read,
 * with the members met by searching), its rows and the focused one, the bot's reply and its components,
 * and what the keys do with them — send, pick a value, use a button or select of the reply, ask the bot
 * for suggestions a moment after the last key in an autocomplete option, and go back (warning first
 * while the reply is still followed).
 */
import { useEffect, useRef, useState, type Dispatch } from 'react';
import type { Command, Member } from '../../../discord/model.js';
import { isSelect, pressProblem } from '../../../discord/message-components.js';
import { withMembers } from '../../../discord/overwrite-targets.js';
import type { EmulatorControl } from '../../../operations/try-command.js';
import { useAppContext } from '../../state/app-context.js';
import { conversation, type ReplyComponent } from './reply-conversation.js';
import { defaultPlace, tryRequest, tryRows, type RowKey, type TryForm, type TryPlace, type TryRow } from './try-form.js';
import { useTryDelivery, type TryDelivery } from './use-try-delivery.js';
import { useTryPlace, type PlaceLoad } from './use-try-place.js';
import { useTryState, type ReplyState, type TryAction, type TypedValues } from './use-try-state.js';

/** The client waits this long after the last key before asking the bot for suggestions. */
const AUTOCOMPLETE_SETTLE_MS = 300;

const NO_PLACE = (guildId: string): TryPlace => ({ directory: { guildId, roles: [], channels: [], members: [] } });

/** The row focused at first: the first thing to fill in (a subcommand to choose, else the first option), else Send. */
function firstFocus(rows: readonly TryRow[]): RowKey {
  return (rows.find((row) => (row.kind === 'subcommand' && !row.chosen) || row.kind === 'option') ?? rows[rows.length - 1]!).key;
}

export interface TryFormOptions {
  command: Command;
  control: EmulatorControl;
  /** What a "no bot" refusal says here. */
  noBot?: string;
  /** Where the emulator runs in this process, its URL now: once one is set, a "no bot" reply is no longer true. */
  interactionsUrl?: string | null;
  /** What was typed into the form of a server that turned out not to be an emulator, filled in again here. */
  typed?: TypedValues;
  onNotEmulator?: (message: string, typed: TypedValues) => void;
}

/**
 * The guild the command is tried in, read (useTryPlace) with the members met by searching, which stay
 * known once picked; once it is read, the client starts as its owner in the first channel where the
 * command is offered.
 */
function useTryGuild(guildId: string | undefined, command: Command, form: TryForm, dispatch: Dispatch<TryAction>) {
  const load = useTryPlace(guildId, command);
  const [met, setMet] = useState<{ guildId: string | undefined; members: Member[] }>({ guildId, members: [] });
  const loaded = load.status === 'ready' ? load.place : NO_PLACE(guildId ?? '0');
  const known = met.guildId === guildId ? met.members : [];
  const [defaulted, setDefaulted] = useState<PlaceLoad>();
  if (load.status === 'ready' && defaulted !== load) {
    setDefaulted(load);
    dispatch({ type: 'defaults', place: defaultPlace(form, load.place, Date.now()) });
  }
  return { load, place: { ...loaded, directory: withMembers(loaded.directory, known) } as TryPlace, meet: (member: Member) => setMet({ guildId, members: [...known, member] }) };
}

/** Autocomplete, as the client does it: a moment after the last key in an autocomplete option, ask the bot. Returns where to note a suggestion picked (not asked about again). */
function useTryAutocomplete(asking: Extract<TryRow, { kind: 'option' }> | undefined, ask: (row: Extract<TryRow, { kind: 'option' }>) => void) {
  const picked = useRef<string | undefined>(undefined);
  const askKey = asking ? `${asking.option.name}\n${asking.text}` : undefined;
  useEffect(() => {
    if (!asking || askKey === picked.current) return;
    const timer = setTimeout(() => ask(asking), AUTOCOMPLETE_SETTLE_MS);
    return () => clearTimeout(timer);
    // Only the option and its text decide when to ask; the rest of the form goes as it stood at that key.
  }, [askKey]);
  return picked;
}

/** esc while the bot's reply is followed: the first says what was sent and keeps following it; a second leaves. */
function useLeaveTry(reply: ReplyState | undefined): () => void {
  const { dispatch } = useAppContext();
  const [leaveWarned, setLeaveWarned] = useState(false);
  const waitingFor = reply?.status === 'shown' && reply.waiting ? reply.exchanges.at(-1) : undefined;
  if (leaveWarned && !waitingFor) setLeaveWarned(false);
  return () => {
    if (!waitingFor) dispatch({ type: 'pop' });
    else if (!leaveWarned) {
      setLeaveWarned(true);
      dispatch({ type: 'flash', text: `Sent ${waitingFor.heading.replace(/^▸ /, '')}: still following ${waitingFor.botName}'s reply. esc again leaves Try.`, tone: 'info' });
    } else {
      dispatch({ type: 'flash', text: `Left Try: ${waitingFor.heading.replace(/^▸ /, '')} was sent; ${waitingFor.botName} may still answer, unseen here.`, tone: 'warning' });
      dispatch({ type: 'pop', keepStatus: true });
    }
  };
}

export function useTryForm({ command, control, noBot, interactionsUrl, typed, onNotEmulator }: TryFormOptions) {
  const { state: app, dispatch: appDispatch } = useAppContext();
  const scopeGuild = app.scope.kind === 'guild' ? app.scope.guildId : undefined;
  const [state, dispatch] = useTryState('en-US', undefined, typed);
  const guildId = scopeGuild ?? state.form.guildId ?? app.identity.guilds[0]?.id;
  const form: TryForm = { ...state.form, ...(guildId ? { guildId } : {}) };
  const { load, place, meet } = useTryGuild(guildId, command, form, dispatch);
  const rows = tryRows(command, form, place, scopeGuild === undefined, Date.now());
  const talk = state.reply?.status === 'shown' ? conversation(state.reply.exchanges) : undefined;
  const components = talk?.components ?? [];
  const focusable = state.focus !== undefined && (rows.some((row) => row.key === state.focus) || components.some((component) => component.key === state.focus));
  const focus = focusable ? state.focus! : firstFocus(rows);
  const focused = rows.find((row) => row.key === focus);
  const typedHere: TypedValues = { locale: form.locale, path: form.path, values: form.values };
  const delivery: TryDelivery = useTryDelivery(control, dispatch, { ...(noBot ? { noBot } : {}), ...(onNotEmulator ? { notEmulator: (message) => onNotEmulator(message, typedHere) } : {}) });
  const title = `/${[command.name, ...form.path].join(' ')}`;
  useEffect(() => {
    if (interactionsUrl && state.reply?.status === 'refused' && state.reply.message === noBot) dispatch({ type: 'reply', reply: undefined });
  }, [interactionsUrl]);
  const asking = focused?.kind === 'option' && focused.input === 'autocomplete' && load.status === 'ready' && form.userId && form.channelId ? focused : undefined;
  const picked = useTryAutocomplete(asking, (row) => delivery.autocomplete(tryRequest(command, form, place, row.option.name), row.option));
  const sendProblems = rows.find((row) => row.kind === 'send')?.problems ?? [];
  const back = useLeaveTry(state.reply);

  const send = () => {
    if (sendProblems.length > 0) appDispatch({ type: 'flash', text: `Discord's client would not send ${title} yet: ${sendProblems.join(' ')}`, tone: 'error' });
    else delivery.send(tryRequest(command, form, place));
  };

  const pick = (row: TryRow, value: string, suggestion: boolean) => {
    if (suggestion && row.kind === 'option') {
      picked.current = `${row.option.name}\n${value}`;
      dispatch({ type: 'value', name: row.option.name, text: value });
    } else if (row.kind === 'guild') dispatch({ type: 'form', change: { guildId: value } });
    else if (row.kind === 'locale') dispatch({ type: 'form', change: { locale: value } });
    else if (row.kind === 'member') dispatch({ type: 'form', change: { userId: value } });
    else if (row.kind === 'channel') dispatch({ type: 'form', change: { channelId: value } });
    else if (row.kind === 'subcommand') dispatch({ type: 'subcommand', depth: row.depth, name: value });
    else if (row.kind === 'option') dispatch({ type: 'value', name: row.option.name, text: value });
  };

  /** enter on a button or select of the reply: as the client, it presses, opens the menu, or says why it cannot. */
  const use = ({ key, messageId, component }: ReplyComponent) => {
    const problem = pressProblem(component);
    if (problem) appDispatch({ type: 'flash', text: problem, tone: component.disabled ? 'error' : 'info' });
    else if (isSelect(component)) dispatch({ type: 'picker', picker: { row: key, query: '', picked: [] } });
    else delivery.press({ messageId, customId: component.customId! }, `[${component.label}]`, `pressed [${component.label}]`);
  };

  return {
    state,
    dispatch,
    guildId,
    form,
    load,
    place,
    rows,
    components,
    focus,
    openForm: talk?.form && talk.form.interactionId !== state.closedForm ? talk.form : undefined,
    delivery,
    title,
    sendProblems,
    actions: { send, pick, use, back, meet },
  };
}

export type TryFormModel = ReturnType<typeof useTryForm>;
