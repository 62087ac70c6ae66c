/**
 * `t` on a command: try it as a member would, against the emulator, which plays Discord's client and
 * delivers the interaction to the bot. The form (try-form.ts) is laid out as the client lays out the
 * command; enter on a row picks its value (a FilterPicker over the guild's members, roles, channels,
 * the command's choices or the bot's suggestions), typing fills a text option, and ctrl+s (or enter
 * on a text option or on Send) sends it. The reply's buttons and selects follow Send in the focus order:
 * enter presses a button or opens a select's menu (select-choices.ts); a form the bot opens comes up over
 * the screen (form-dialog.tsx). Against live Discord (or a server that cannot play the client) it says
 * why nobody can, and offers the same form on an emulator here (try-on-emulator.tsx), which also shows,
 * above the demo's form, how to connect a bot.
 */
import { Box, useApp } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { isLiveDiscord } from '../../../api/target.js';
import { LOCALES, type Command, type Member } from '../../../discord/model.js';
import { withMembers } from '../../../discord/overwrite-targets.js';
import { LIVE_DISCORD_REFUSAL, type EmulatorControl } from '../../../operations/try-command.js';
import { Footer, useFooterRows } from '../../components/footer.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { Text } from '../../components/text.js';
import { useUnsavedQuitGuard } from '../../input/use-unsaved-quit-guard.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, type Action } from '../../input/key-bindings.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { filterPickerItems } from '../command-editor/picker-items.js';
import { FilterPicker } from '../permissions/filter-picker.js';
import { useMemberSearch } from '../permissions/use-member-search.js';
import { defaultPlace, rowChoices, tryRequest, tryRows, type RowKey, type TryForm, type TryPlace, type TryRow } from './try-form.js';
import { useTryDelivery } from './use-try-delivery.js';
import { useTryPlace, type PlaceLoad } from './use-try-place.js';
import { useTryInput } from './use-try-input.js';
import { useTryState, type TypedValues } from './use-try-state.js';
import { isSelect, pressProblem } from '../../../discord/message-components.js';
import { conversation, type ReplyComponent } from './reply-conversation.js';
import { FormDialog } from './form-dialog.js';
import { selectChoices, SEND_PICKED } from './select-choices.js';
import { TryView } from './try-view.js';
import { EmulatorDetails, noBotText, TryOnEmulatorScreen } from './try-on-emulator.js';

export interface TryScreenProps {
  command: Command;
  height: number;
  width: number;
  active: boolean;
}

const DEMO_NOTE = "The demo's emulator runs inside cmd-tui; to have your bot answer here, point it at these:";

/** The client waits this long after the last key before asking the bot for suggestions. */
const AUTOCOMPLETE_SETTLE_MS = 300;

export function TryScreen(props: TryScreenProps) {
  const { state } = useAppContext();
  // What a server that turned out not to play Discord's client answered (it is Discord, or stands in for it), and what was typed there.
  const [notEmulator, setNotEmulator] = useState<{ message: string; typed: TypedValues }>();
  const session = state.session;
  if ((props.command.type ?? 1) !== 1) {
    return <TryNotHere {...props} lines={['Only slash commands are typed in; user and message commands run from a right-click menu, which the emulator does not play yet.']} />;
  }
  if (!session) return null;
  const live = isLiveDiscord(session.api.baseUrl);
  if (session.tryOnEmulator && (live || notEmulator !== undefined || session.tryOnEmulator.running())) {
    const reason = notEmulator === undefined || live ? LIVE_DISCORD_REFUSAL : `${notEmulator.message}: it cannot play Discord's client. ${LIVE_DISCORD_REFUSAL}`;
    return <TryOnEmulatorScreen {...props} reason={reason} form={(height, active, control, interactionsUrl) => <TryForm {...props} height={height} active={active} control={control} noBot={noBotText(false)} interactionsUrl={interactionsUrl} {...(notEmulator ? { typed: notEmulator.typed } : {})} />} />;
  }
  if (live) return <TryNotHere {...props} lines={[LIVE_DISCORD_REFUSAL]} />;
  const demo = session.ownEmulator;
  const control = demo?.control ?? session.emulatorControl ?? { origin: new URL(session.api.baseUrl).origin };
  const form = (height: number, active: boolean, interactionsUrl?: string | null) => <TryForm {...props} height={height} active={active} control={control} onNotEmulator={(message, typed) => setNotEmulator({ message, typed })} {...(demo ? { noBot: noBotText(true), interactionsUrl: interactionsUrl ?? null } : {})} />;
  return demo ? <EmulatorDetails endpoint={demo} notes={[DEMO_NOTE]} {...props}>{form}</EmulatorDetails> : form(props.height, props.active);
}

/** Every key but the way back and help does nothing here. */
const NOT_HERE_HIDDEN: readonly Action[] = ['nextField', 'prevField', 'activate', 'send'];

function TryNotHere({ command, active, lines }: TryScreenProps & { lines: readonly string[] }) {
  const theme = useTheme();
  const { dispatch } = useAppContext();
  useKeyHandler(Priority.screen, (chord) => {
    if (actionFor(chord, 'try') !== 'back') return false;
    dispatch({ type: 'pop' });
    return true;
  }, active);
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text bold>Try /{command.name}</Text>
      <Box flexDirection="column" flexGrow={1}>
        {lines.map((line, index) => (
          <Text key={index} color={index === 0 ? theme.status.warning : undefined}>{line}</Text>
        ))}
      </Box>
      <Footer scope="try" hide={NOT_HERE_HIDDEN} />
    </Box>
  );
}

const NO_PLACE = (guildId: string): TryPlace => ({ directory: { guildId, roles: [], channels: [], members: [] } });

/** The row focused at first: the first thing to fill in (a subcommand to choose, else the first option), else Send. */
function firstFocus(rows: readonly TryRow[]): RowKey {
  return (rows.find((row) => (row.kind === 'subcommand' && !row.chosen) || row.kind === 'option') ?? rows[rows.length - 1]!).key;
}

/**
 * `interactionsUrl`: where the emulator runs in this process, its URL now: once one is set, a "no bot" reply is no longer true.
 * `typed`: what was typed into the form of a server that turned out not to be an emulator, filled in again here.
 */
function TryForm({ command, height, width, active, control, noBot, interactionsUrl, typed, onNotEmulator }: TryScreenProps & { control: EmulatorControl; noBot?: string; interactionsUrl?: string | null; typed?: TypedValues; onNotEmulator?: (message: string, typed: TypedValues) => void }) {
  const { state: app, dispatch: appDispatch } = useAppContext();
  const { exit } = useApp();
  const scopeGuild = app.scope.kind === 'guild' ? app.scope.guildId : undefined;
  const [state, dispatch] = useTryState('en-US', undefined, typed);
  const guildId = scopeGuild ?? state.form.guildId ?? app.guilds[0]?.id;
  const form: TryForm = { ...state.form, ...(guildId ? { guildId } : {}) };
  const load = useTryPlace(guildId, command);
  // Members found by searching (beyond the first page read with the guild) stay known once picked.
  const [met, setMet] = useState<{ guildId: string | undefined; members: Member[] }>({ guildId, members: [] });
  const loaded = load.status === 'ready' ? load.place : NO_PLACE(guildId ?? '0');
  const known = met.guildId === guildId ? met.members : [];
  const place: TryPlace = { ...loaded, directory: withMembers(loaded.directory, known) };
  // Once the guild is read, the client starts as its owner in the first channel where the command is offered.
  const [defaulted, setDefaulted] = useState<PlaceLoad>();
  if (load.status === 'ready' && defaulted !== load) {
    setDefaulted(load);
    dispatch({ type: 'defaults', place: defaultPlace(form, load.place, Date.now()) });
  }
  const rows = tryRows(command, form, place, scopeGuild === undefined, Date.now());
  const talk = state.reply?.status === 'shown' ? conversation(state.reply.exchanges) : undefined;
  const components = talk?.components ?? [];
  const focusable = state.focus !== undefined && (rows.some((row) => row.key === state.focus) || components.some((component) => component.key === state.focus));
  const focus = focusable ? state.focus! : firstFocus(rows);
  const focused = rows.find((row) => row.key === focus);
  const openForm = talk?.form && talk.form.interactionId !== state.closedForm ? talk.form : undefined;
  const typedHere: TypedValues = { locale: form.locale, path: form.path, values: form.values };
  const delivery = useTryDelivery(control, dispatch, { ...(noBot ? { noBot } : {}), ...(onNotEmulator ? { notEmulator: (message) => onNotEmulator(message, typedHere) } : {}) });
  const title = `/${[command.name, ...form.path].join(' ')}`;
  useEffect(() => {
    if (interactionsUrl && state.reply?.status === 'refused' && state.reply.message === noBot) dispatch({ type: 'reply', reply: undefined });
  }, [interactionsUrl]);

  // Autocomplete, as the client does it: a moment after the last key in an autocomplete option, ask the bot.
  const asking = focused?.kind === 'option' && focused.input === 'autocomplete' && load.status === 'ready' && form.userId && form.channelId ? focused : undefined;
  const picked = useRef<string | undefined>(undefined);
  const askKey = asking ? `${asking.option.name}\n${asking.text}` : undefined;
  useEffect(() => {
    if (!asking || askKey === picked.current) return;
    const timer = setTimeout(() => delivery.autocomplete(tryRequest(command, form, place, asking.option.name), asking.option), AUTOCOMPLETE_SETTLE_MS);
    return () => clearTimeout(timer);
    // Only the option and its text decide when to ask; the rest of the form goes as it stood at that key.
  }, [askKey]);

  const send = () => {
    const problems = rows.find((row) => row.kind === 'send')?.problems ?? [];
    if (problems.length > 0) {
      appDispatch({ type: 'flash', text: `Discord's client would not send ${title} yet: ${problems.join(' ')}`, tone: 'error' });
      return;
    }
    delivery.send(tryRequest(command, form, place));
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

  // esc while the bot's reply is followed: the first says what was sent and keeps following it; a second leaves.
  const [leaveWarned, setLeaveWarned] = useState(false);
  const waitingFor = state.reply?.status === 'shown' && state.reply.waiting ? state.reply.exchanges.at(-1) : undefined;
  if (leaveWarned && !waitingFor) setLeaveWarned(false);
  const back = () => {
    if (!waitingFor) appDispatch({ type: 'pop' });
    else if (!leaveWarned) {
      setLeaveWarned(true);
      appDispatch({ type: 'flash', text: `Sent ${waitingFor.heading.replace(/^▸ /, '')}: still following ${waitingFor.botName}'s reply. esc again leaves Try.`, tone: 'info' });
    } else {
      appDispatch({ type: 'flash', text: `Left Try: ${waitingFor.heading.replace(/^▸ /, '')} was sent; ${waitingFor.botName} may still answer, unseen here.`, tone: 'warning' });
      appDispatch({ type: 'pop', keepStatus: true });
    }
  };
  // ctrl+t with no status up: why the client would not send it yet, in full (the screen wraps it, a short one cuts the list).
  const sendProblems = rows.find((row) => row.kind === 'send')?.problems ?? [];
  useDisabledKeys('try', {}, active && !openForm && !state.picker, sendProblems.length > 0);
  useKeyHandler(
    Priority.screen,
    (chord) => {
      if (actionFor(chord, 'try') !== 'showMessage' || app.flash || sendProblems.length === 0) return false;
      appDispatch({ type: 'overlay', overlay: { kind: 'message', title: `Why Discord's client would not send ${title} yet`, text: sendProblems.join('\n\n') } });
      return true;
    },
    active && !openForm && !state.picker,
  );
  // ctrl+c with something typed asks before quitting (a request in flight is cancelled first, by the app's keys).
  const [askingToQuit, setAskingToQuit] = useState(false);
  const typedSomething = Object.values(form.values).some((value) => value !== '');
  useUnsavedQuitGuard(typedSomething && !openForm, () => setAskingToQuit(true), active && !askingToQuit);
  useTryInput({ active: active && !state.picker && !openForm && !askingToQuit, rows, components, focus, suggestions: state.suggestions, dispatch, send, back, use });

  const footerRows = useFooterRows();
  const pickerRow = state.picker ? rows.find((candidate) => candidate.key === state.picker!.row) : undefined;
  const picksMembers = !state.picker?.suggestions && (pickerRow?.kind === 'member' || (pickerRow?.kind === 'option' && (pickerRow.input === 'user' || pickerRow.input === 'mentionable')));
  const search = useMemberSearch(guildId ?? '0', state.picker?.query ?? '', picksMembers && (state.picker?.query.trim() ?? '') !== '');
  if (askingToQuit) {
    return (
      <ConfirmDialog title={`Quit cmd-tui? What you typed into ${title} is not kept.`} confirmLabel="Quit" onConfirm={exit} onCancel={() => setAskingToQuit(false)}>
        <Text>What is filled in on this form is lost when cmd-tui quits. ctrl+c again quits.</Text>
      </ConfirmDialog>
    );
  }
  if (openForm) {
    return (
      <FormDialog
        key={openForm.interactionId}
        form={openForm}
        directory={place.directory}
        width={width}
        height={height}
        active={active}
        onSubmit={(values, files) => {
          dispatch({ type: 'close-form', interactionId: openForm.interactionId });
          delivery.submit(openForm.interactionId, values, `the form "${openForm.modal.title}"`, `submitted "${openForm.modal.title}"`, files);
        }}
        onClose={(dropped) => {
          dispatch({ type: 'close-form', interactionId: openForm.interactionId });
          // As the client: closing a form sends nothing, and the bot is not told.
          appDispatch({ type: 'flash', text: `Closed "${openForm.modal.title}" without submitting it: nothing was sent to ${openForm.botName}${dropped ? ', and what you typed in it is gone' : ''}.`, tone: 'info' });
        }}
        onQuit={exit}
      />
    );
  }
  const selecting = state.picker ? components.find((component) => component.key === state.picker!.row) : undefined;
  if (state.picker && selecting) {
    const { component, messageId } = selecting;
    const picked = state.picker.picked ?? [];
    const choose = (values: string[]) => {
      dispatch({ type: 'picker', picker: undefined });
      delivery.press({ messageId, customId: component.customId!, values }, `the pick in ${component.label}`, `picked ${values.join(', ') || 'nothing'} in ${component.label}`);
    };
    const items = filterPickerItems(selectChoices(component, place.directory, picked).map((choice) => ({ ...choice, value: choice.key })), state.picker.query);
    return (
      <FilterPicker
        title={`${component.label}${component.maxValues > 1 ? ` — pick ${component.minValues === component.maxValues ? component.minValues : `${component.minValues} to ${component.maxValues}`}` : ''}`}
        query={state.picker.query}
        onQueryChange={(next) => dispatch({ type: 'picker', picker: { ...state.picker!, query: next } })}
        items={items}
        emptyText={component.type === 3 ? 'Nothing it offers matches.' : load.status === 'ready' ? 'Nothing in the guild matches.' : 'Still reading the guild…'}
        onPick={(value) => {
          if (component.maxValues <= 1) choose([value]);
          else if (value === SEND_PICKED) choose(picked);
          else dispatch({ type: 'picker', picker: { ...state.picker!, picked: picked.includes(value) ? picked.filter((one) => one !== value) : [...picked, value] } });
        }}
        onClose={() => dispatch({ type: 'picker', picker: undefined })}
        height={height}
        active={active}
      />
    );
  }

  if (state.picker) {
    const row = pickerRow;
    if (row) {
      const { query, suggestions } = state.picker;
      const searched: TryPlace = { ...place, directory: withMembers(place.directory, search.members) };
      const choices = suggestions
        ? (state.suggestions?.choices ?? []).map((choice) => ({ key: String(choice.value), label: choice.name, note: JSON.stringify(choice.value) }))
        : rowChoices(row, form, searched, LOCALES);
      const items = filterPickerItems(choices.map((choice) => ({ ...choice, value: choice.key })), query);
      return (
        <FilterPicker
          title={suggestions ? 'The bot suggests' : `Choose: ${row.kind === 'option' ? row.option.name : row.kind}`}
          query={query}
          onQueryChange={(next) => dispatch({ type: 'picker', picker: { ...state.picker!, query: next } })}
          items={items}
          emptyText={load.status === 'ready' ? 'Nothing to choose here matches.' : load.status === 'error' ? load.message : 'Still reading the guild…'}
          {...(search.note ? { status: search.note } : {})}
          onPick={(value) => {
            const found = search.members.find((member) => member.user?.id === value);
            if (found) setMet({ guildId, members: [...known, found] });
            pick(row, value, suggestions === true);
          }}
          onClose={() => dispatch({ type: 'picker', picker: undefined })}
          height={height}
          active={active}
        />
      );
    }
  }
  const guildLabel = app.guilds.find((guild) => guild.id === guildId)?.name ?? (guildId ? `guild ${guildId}` : '(no guild: the app is in none)');
  return (
    <Box flexDirection="column" flexGrow={1}>
      <TryView
        command={command}
        rows={rows}
        state={{ ...state, focus }}
        place={place}
        guildLabel={guildLabel}
        height={Math.max(3, height - footerRows - 1)}
        width={width}
        typing={active && !state.picker}
        onText={(name, text) => dispatch({ type: 'value', name, text })}
        {...(load.status === 'error' ? { loadProblem: load.message } : {})}
      />
      <Footer scope="try" />
    </Box>
  );
}
