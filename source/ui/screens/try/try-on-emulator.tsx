/**
 * Trying a command where the API cannot play Discord's client (live Discord, or a server standing in
 * for it): the Try screen says why nobody can, and `enter` starts an emulator in this process
 * (session/emulator-for-try.ts: the server `cmd-tui serve` and `--demo` run), copies the app's current
 * commands there (only read where they live: nothing is written to Discord) and opens the same Try form
 * against it (a later `t` goes straight there). The form reads the emulator, not the session's API: it is given the emulator's API, guild
 * and scope through an AppContext of its own, and everything else (status, runner, the way back) is
 * the app's.
 * Above that form, and above the demo's, EmulatorDetails shows what a bot author needs to point a bot
 * there — the API and gateway URLs, the bot token and the public key — and a field (ctrl+o) that sets
 * the interactions endpoint URL for an HTTP bot, checked with Discord's PINGs as the developer portal does.
 */
import { Box } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';
import { guildScope, GLOBAL_SCOPE, type Command } from '../../../discord/model.js';
import type { EmulatorControl } from '../../../operations/try-command.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { textWidth } from '../../../terminal/text-width.js';
import { Footer } from '../../components/footer.js';
import { Text } from '../../components/text.js';
import { TextField } from '../../components/text-field.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { Priority, useKeyHandler } from '../../input/dispatcher.js';
import { actionFor, bindingOf, keyLabel } from '../../input/key-bindings.js';
import type { EmulatorCopy, EmulatorEndpoint } from '../../session/emulator-for-try.js';
import { AppContext, useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { ConnectionDetails, type ConnectionItem } from './connection-details.js';

/** What the Try screen is given, and each of its forms. */
export interface TryScreenProps {
  command: Command;
  height: number;
  width: number;
  active: boolean;
}

/** What the Try screen says when the emulator has no bot to deliver to, where the emulator runs in this process. */
export function noBotText(demo: boolean): string {
  const where = demo ? 'The demo has no bot' : 'No bot is connected to this emulator yet';
  return `${where}: its app has no interactions endpoint URL and no bot is logged in to its gateway. Connect yours: ${keyLabel(bindingOf('interactionsUrl', 'try'))} sets the interactions URL of an HTTP bot, or start a gateway bot with the API URL and bot token (${keyLabel(bindingOf('connectBot', 'try'))} lists them to copy).`;
}

/** The width of the details' labels (`Interactions URL` and a space). */
const LABEL_WIDTH = 18;

const NOTHING_WRITTEN = 'Nothing here is written to Discord: the commands were only read from it.';

type Phase = { kind: 'offer' } | { kind: 'opening' } | { kind: 'open'; copy: EmulatorCopy } | { kind: 'failed'; message: string };

/**
 * The Try screen where the API cannot play Discord's client. `reason`: why (LIVE_DISCORD_REFUSAL, or what
 * the server answered); `form`: the Try form to open on the emulator, laid out under its details by `fit`.
 */
export function TryOnEmulatorScreen({ command, height, width, active, reason, form }: TryScreenProps & { reason: string; form: (fit: FitUnderDetails, active: boolean, control: EmulatorControl, interactionsUrl: string | null) => ReactNode }) {
  const theme = useTheme();
  const context = useAppContext();
  const { state, dispatch, flows } = context;
  const tryOn = state.session?.emulators.forTry;
  const [phase, setPhase] = useState<Phase>({ kind: 'offer' });
  // The guild in view, else the one the form would start in.
  const guildId = state.scope.kind === 'guild' ? state.scope.guildId : state.identity.guilds[0]?.id;
  const guildName = state.identity.guilds.find((guild) => guild.id === guildId)?.name ?? (guildId ? `guild ${guildId}` : undefined);

  const open = () => {
    if (!tryOn) return;
    setPhase({ kind: 'opening' });
    void flows.runner.run("Copying the app's commands to an emulator here (reading them only)", (signal) => tryOn.open(guildId, signal)).then((result) => {
      if (result.ok) setPhase({ kind: 'open', copy: result.value });
      else setPhase(result.cancelled ? { kind: 'offer' } : { kind: 'failed', message: `Could not open the emulator: ${errorLine(describeError(result.error))}` });
    });
  };
  // A later `t` goes straight to the emulator already running, with the commands copied again.
  useEffect(() => {
    if (tryOn?.running()) open();
  }, []);

  const offering = phase.kind !== 'open';
  useDisabledKeys('try-offer', phase.kind === 'opening' ? { tryOnEmulator: 'the emulator is being opened.' } : {}, active && offering);
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, 'try-offer');
      if (action === 'tryOnEmulator') {
        if (phase.kind !== 'opening') open();
      } else if (action === 'back') dispatch({ type: 'pop' });
      else return false;
      return true;
    },
    active && offering,
  );

  if (phase.kind === 'open') {
    const { copy } = phase;
    const scoped = {
      ...context,
      state: {
        ...state,
        session: state.session ? { ...state.session, api: copy.api } : null,
        scope: copy.guild ? guildScope(copy.guild.id) : GLOBAL_SCOPE,
        guilds: copy.guild ? [{ id: copy.guild.id, name: copy.guild.name }] : [],
      },
    };
    return (
      <EmulatorDetails endpoint={copy.endpoint} notes={[`${copy.summary} ${NOTHING_WRITTEN}`]} height={height} width={width} active={active}>
        {(fit, formActive, interactionsUrl) => <AppContext.Provider value={scoped}>{form(fit, formActive, copy.endpoint.control, interactionsUrl)}</AppContext.Provider>}
      </EmulatorDetails>
    );
  }
  const copied = guildName ? `the global ones and those of ${guildName}, ids kept, with its members, roles and channels if these credentials can read them (else the emulator's seeded people)` : 'the global ones, ids kept (the app is in no guild: the emulator\'s seeded guild is used)';
  const offer = [
    `It can be tried on an emulator instead — the server \`cmd-tui serve\` and \`--demo\` run — started inside cmd-tui and stopped when it quits. ${keyLabel(bindingOf('tryOnEmulator', 'try-offer'))} starts it (or goes back to it), copies this app's current commands there — ${copied} — and opens /${command.name} there for your bot to answer.`,
    'Nothing is written to Discord: the commands are only read.',
  ];
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text bold>Try /{command.name}</Text>
      <Box flexDirection="column" flexGrow={1}>
        <Text color={theme.status.warning}>{reason}</Text>
        {offer.map((line, index) => (
          <Text key={index}>{line}</Text>
        ))}
        {phase.kind === 'failed' ? <Text color={theme.status.error}>{phase.message}</Text> : null}
      </Box>
      <Footer scope="try-offer" />
    </Box>
  );
}

/** Rows the Try form needs below the details for its rows, Send and the footer: fewer, and the details fold into one line. */
const FORM_LEAST_ROWS = 10;

/**
 * Where a form goes under the emulator's details, asked in the form's own render (so that no frame draws
 * it at a height the details take back a frame later): given the rows it wants at a height, the height it
 * gets and the details to draw above it, whole where they leave it those rows, else folded into one line.
 */
export type FitUnderDetails = (rowsWanted: (height: number) => number) => { height: number; details: ReactNode };

/** The interactions URL field: what is typed, the check with Discord's PINGs (through the runner), and its keys. */
function useInteractionsUrlField(endpoint: EmulatorEndpoint) {
  const { flows, dispatch } = useAppContext();
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [checking, setChecking] = useState(false);
  const apply = (text: string) => {
    const url = text.trim() === '' ? null : text.trim();
    if (url !== null && !/^https?:\/\/[^/]/.test(url)) {
      dispatch({ type: 'flash', text: `The interactions URL must be an http:// or https:// URL, like http://127.0.0.1:3000/interactions: "${url}" is not one.`, tone: 'error' });
      return;
    }
    setChecking(true);
    void flows.runner.run(url === null ? 'Clearing the interactions URL' : `Checking ${url} with Discord's PINGs`, (signal) => endpoint.setInteractionsUrl(url, signal)).then((result) => {
      setChecking(false);
      if (!result.ok) {
        if (!result.cancelled) dispatch({ type: 'flash', text: `Could not set the interactions URL: ${errorLine(describeError(result.error))}`, tone: 'error' });
        return;
      }
      if (result.value !== undefined) {
        dispatch({ type: 'flash', text: `${url} was not taken, as Discord would not take it: ${result.value}. Start your bot there (verifying with the public key shown), then try again.`, tone: 'error' });
        return;
      }
      setEditing(undefined);
      dispatch({ type: 'flash', text: url === null ? 'No interactions URL: interactions go to your bot on the gateway.' : `Interactions now go to ${url} (it answered Discord's PING checks).`, tone: 'success' });
    });
  };
  /** The field's own keys: enter sets the URL (unless a check is under way), esc leaves it. */
  const keys = (chord: string) => {
    const action = actionFor(chord, 'interactions-url');
    if (action === 'setInteractionsUrl') {
      if (!checking) apply(editing ?? '');
    } else if (action === 'cancel') setEditing(undefined);
    else return false;
    return true;
  };
  return { editing, checking, edit: () => setEditing(endpoint.interactionsUrl() ?? ''), type: setEditing, keys };
}

/** The field where an HTTP bot's interactions endpoint URL is typed, checked and set. */
function InteractionsUrlField({ field, width, active }: { field: ReturnType<typeof useInteractionsUrlField>; width: number; active: boolean }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" flexGrow={1}>
      <Text wrap="truncate" bold>{"Your HTTP bot's interactions endpoint URL"}</Text>
      <Text color={theme.text.secondary} wrap="truncate">{"checked with Discord's PINGs, verified with the public key (ctrl+b lists it)"}</Text>
      <Box>
        <Text>{'Interactions URL'.padEnd(LABEL_WIDTH)}</Text>
        <TextField value={field.editing ?? ''} onChange={field.type} focused={active && !field.checking} placeholder="http://127.0.0.1:3000/interactions (empty: none)" width={Math.max(10, width - LABEL_WIDTH - 1)} command={field.keys} />
      </Box>
      <Box flexGrow={1} />
      <Footer scope="interactions-url" />
    </Box>
  );
}

/** The details as lines at `room` columns (each wrapped here, so the rows the form is left are counted, not guessed); `reveal`: the emulator's own fake token, shown. */
function detailLines(endpoint: EmulatorEndpoint, notes: readonly string[], room: number, current: string | null): { line: string; quiet: boolean; reveal?: boolean }[] {
  const label = (name: string) => name.padEnd(LABEL_WIDTH);
  const wrapped = (text: string) => wrapText(text, room, ' '.repeat(LABEL_WIDTH));
  const urlKey = keyLabel(bindingOf('interactionsUrl', 'try'));
  return [
    ...notes.flatMap((note) => wrapText(note, room).map((line) => ({ line, quiet: true }))),
    ...[
      `${label('API URL')}${endpoint.baseUrl}`,
      `${label('Gateway')}${endpoint.gatewayUrl}`,
      "The public key, then the bot token (the emulator's own, fake), each on a line of its own to select and copy:",
    ].flatMap(wrapped).map((line) => ({ line, quiet: false })),
    // Each on a line of its own, as serve prints them: selected whole, it is copied whole.
    { line: endpoint.verifyKey, quiet: false },
    // The emulator's own fake token, which its session registered as a secret: here it is for the bot author to copy.
    { line: endpoint.botToken, quiet: false, reveal: true },
    ...wrapped(`${label('Interactions URL')}${current ?? 'none: interactions go to your bot on the gateway'} · ${urlKey} sets it for an HTTP bot`).map((line) => ({ line, quiet: false })),
  ];
}

/**
 * The emulator's details above a Try form on it, and the interactions URL field. Where they and the form
 * do not both fit (or a value to copy is wider than the screen), the details fold into one line and open
 * on demand (ctrl+b: connection-details.tsx). `children` draws the details and the form under them, as
 * `fit` lays them out from the rows the form wants, taking keys when `formActive` (not while the details or
 * the field are open).
 */
export function EmulatorDetails({ endpoint, notes, height, width, active, children }: {
  endpoint: EmulatorEndpoint;
  notes: readonly string[];
  height: number;
  width: number;
  active: boolean;
  /** `interactionsUrl`: the emulator's now, so the form can drop a "no bot" reply once one is set. */
  children: (fit: FitUnderDetails, formActive: boolean, interactionsUrl: string | null) => ReactNode;
}) {
  const theme = useTheme();
  const field = useInteractionsUrlField(endpoint);
  const { editing } = field;
  const [detailsOpen, setDetailsOpen] = useState(false);
  const current = endpoint.interactionsUrl();
  const formActive = active && editing === undefined && !detailsOpen;
  useKeyHandler(
    Priority.screen,
    (chord) => {
      const action = actionFor(chord, 'try');
      if (action === 'interactionsUrl') field.edit();
      else if (action === 'connectBot') setDetailsOpen(true);
      else return false;
      return true;
    },
    formActive,
  );
  useDisabledKeys('interactions-url', field.checking ? { setInteractionsUrl: "the URL is being checked with Discord's PINGs." } : {}, active && editing !== undefined);

  const room = Math.max(20, width);
  const lines = detailLines(endpoint, notes, room, current);
  // Nothing meant to be copied is broken across lines: a value wider than the screen is behind the copy key instead.
  const copyable = [LABEL_WIDTH + textWidth(endpoint.baseUrl), LABEL_WIDTH + textWidth(endpoint.gatewayUrl), textWidth(endpoint.verifyKey), textWidth(endpoint.botToken)];
  const canUnfold = copyable.every((cells) => cells <= room);
  const connectKey = keyLabel(bindingOf('connectBot', 'try'));
  const folded = `${connectKey} connect a bot (URLs, token, public key) · ${current ? `interactions go to ${current}` : `emulator at ${new URL(endpoint.baseUrl).host}`}`;
  const items: ConnectionItem[] = [
    { label: 'API URL', value: endpoint.baseUrl },
    { label: 'Gateway', value: endpoint.gatewayUrl },
    { label: 'Public key', value: endpoint.verifyKey },
    { label: 'Bot token', value: endpoint.botToken, reveal: true },
    { label: 'Interactions URL', value: current ?? '', shown: current ?? 'none: interactions go to your bot on the gateway', settable: true },
  ];
  const fit: FitUnderDetails = (rowsWanted) => {
    const left = Math.max(3, height - lines.length);
    const unfolded = canUnfold && left >= Math.max(FORM_LEAST_ROWS, rowsWanted(left));
    const details = (
      <Box flexDirection="column" flexShrink={0}>
        {unfolded ? (
          lines.map(({ line, quiet, reveal }, index) => <Text key={index} reveal={reveal === true} {...(quiet ? { color: theme.text.secondary } : {})}>{line}</Text>)
        ) : (
          <Text wrap="truncate" color={theme.text.secondary}>{folded}</Text>
        )}
      </Box>
    );
    return { height: unfolded ? left : Math.max(3, height - 1), details };
  };
  return (
    <Box flexDirection="column" flexGrow={1}>
      {editing !== undefined ? (
        <InteractionsUrlField field={field} width={width} active={active} />
      ) : detailsOpen ? (
        <ConnectionDetails title="Connect your bot to this emulator" notes={notes} items={items} height={height} width={width} active={active} onSet={field.edit} onClose={() => setDetailsOpen(false)} />
      ) : null}
      {/* Hidden, not unmounted, while the details or the field are open: what was filled in and the bot's reply stay. */}
      <Box display={editing === undefined && !detailsOpen ? 'flex' : 'none'} flexDirection="column" flexGrow={1}>
        {children(fit, formActive, current)}
      </Box>
    </Box>
  );
}
