/**
 * The home screen of a session with only a browser sign-in (no bot token, no client credentials):
 * Discord lets such a user read and change permission overwrites but lists no commands. So instead of
 * the command list it offers the guilds the user manages, then a guild's overwrite lists by command
 * id (named from local backups where they have the id), each opening the permissions editor, or any
 * command opened by its id (typed or pasted: Discord lists only the commands that have overwrites); and
 * it says why names may be missing and what would unlock the rest, and shows the keys that need commands
 * as disabled with that reason.
 */
import { Box, useWindowSize } from 'ink';
import { useState } from 'react';
import { GLOBAL_SCOPE, guildScope, type PartialGuild } from '../../../discord/model.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { useDisabledKeys } from '../../input/disabled-keys.js';
import { bindingIn, type Action, type DisabledKeys } from '../../input/key-bindings.js';
import { useFooterRows } from '../../components/footer.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import type { PermissionEntry } from '../../../discord/overwrite-entries.js';
import { overwriteCount } from '../../../discord/overwrite-edit.js';
import { DialogLine } from '../../components/dialog-frame.js';
import { useAppContext } from '../../state/app-context.js';
import { useTheme } from '../../theme/theme-context.js';
import { FilterPicker, type PickItem } from '../permissions/filter-picker.js';
import { useGuildOverwrites } from '../permissions/use-guild-overwrites.js';
import { parseTypedCommandId } from './typed-command-id.js';

const MANAGE_GUILD = 0x20n;

/** The guilds whose command permissions this user may change: owned, or with Manage Guild. */
export function managedGuilds(guilds: readonly PartialGuild[]): PartialGuild[] {
  return guilds.filter((guild) => guild.owner === true || (guild.permissions !== undefined && /^\d+$/.test(guild.permissions) && (BigInt(guild.permissions) & MANAGE_GUILD) !== 0n));
}

/** The keys that need commands, off here, with the word the explanation gives each (keys sharing a word are named together). */
const OFF_UNTIL_COMMANDS: readonly (readonly [Action, string])[] = [
  ['new', 'new'],
  ['edit', 'edit'],
  ['delete', 'delete'],
  ['copyCommand', 'copy'],
  ['copyScope', 'copy'],
  ['openAudit', 'audit'],
  ['export', 'export'],
  ['openBackups', 'backups'],
];

/** `n new · e edit · … · c/C copy …`, from the key table: the keys named are the keys that say why they are off. */
function offKeysLine(): string {
  const keysByWord = new Map<string, string[]>();
  for (const [action, word] of OFF_UNTIL_COMMANDS) {
    const key = bindingIn(action, 'sign-in-only')?.keys[0];
    if (key) keysByWord.set(word, [...(keysByWord.get(word) ?? []), key]);
  }
  return `Off until then (they need one): ${[...keysByWord].map(([word, keys]) => `${keys.join('/')} ${word}`).join(' · ')}.`;
}

/** What this home is and why, longest first: the screen shows the longest that leaves the picker its rows. */
const EXPLANATIONS: readonly (readonly string[])[] = [
  [
    'Signed in with the browser only: Discord gives a user sign-in no command list, so commands are shown by id, named from your backups where one has them. Only permission overwrites can be changed.',
    'To list and edit commands, add a bot token (`cmd-tui auth set-bot-token`) or client credentials (`cmd-tui auth set-client-credentials`).',
    offKeysLine(),
  ],
  ['Browser sign-in only: commands are shown by id; only permission overwrites can be changed.', 'A bot token or client credentials (`cmd-tui auth`) unlock the rest.', offKeysLine()],
  ['Browser sign-in only: commands are shown by id; only permission overwrites can be changed.'],
  ['Browser sign-in: overwrites only.'],
  [],
];

/** The picker's least rows above the footer: its border, a title and filter row, and two items (or one and where it is in the list). */
const PICKER_LEAST_ROWS = 6;

/** A picker's title: the whole one where it fits on its row (inside the border), else the short one (the footer has the keys). */
function titleFor(whole: string, short: string, width: number): string {
  return wrapText(whole, width - 4).length === 1 ? whole : short;
}

/** The longest explanation whose wrapped rows fit in `rows` at `width` cells. */
function explanationFor(width: number, rows: number): readonly string[] {
  return EXPLANATIONS.find((lines) => lines.reduce((sum, line) => sum + wrapText(line, width).length, 0) <= rows) ?? [];
}

const NEEDS_COMMANDS = 'it needs a bot token or client credentials: a browser sign-in alone cannot read commands (`cmd-tui auth set-bot-token` adds one).';

/** The command keys, off with one reason wherever a sign-in alone is the session. */
const COMMAND_KEYS: DisabledKeys = Object.fromEntries(OFF_UNTIL_COMMANDS.map(([action]) => [action, NEEDS_COMMANDS]));

/** The screen's keys and, for the ones that cannot act, why; shared by its two lists and tested with them. */
export function signInOnlyDisabledKeys(where: 'guilds' | 'entries', itemCount: number): DisabledKeys {
  return {
    ...COMMAND_KEYS,
    ...(where === 'guilds'
      ? { openById: "pick a guild first: a command's permissions are per guild.", back: 'the guilds are the first screen here (q quits).' }
      : {}),
    ...(itemCount === 0 ? { open: where === 'guilds' ? 'no guild you manage is listed here.' : 'nothing is listed here: i opens a command by its id.' } : {}),
  };
}

const matches = (query: string) => (item: PickItem) => `${item.label} ${item.note ?? ''}`.toLowerCase().includes(query.trim().toLowerCase());

export function SignInOnlyHome({ height, active }: { height: number; active: boolean }) {
  const theme = useTheme();
  const { state } = useAppContext();
  const guildId = state.scope.kind === 'guild' ? state.scope.guildId : undefined;
  const width = useWindowSize().columns - 1;
  const why = explanationFor(width, height - useFooterRows() - PICKER_LEAST_ROWS);
  const pickerHeight = height - why.reduce((sum, line) => sum + wrapText(line, width).length, 0);
  return (
    <Box flexDirection="column" flexGrow={1}>
      {why.map((line) => (
        <DialogLine key={line} color={theme.text.secondary} text={line} width={width} />
      ))}
      {guildId ? <GuildEntries key={guildId} guildId={guildId} width={width} height={pickerHeight} active={active} /> : <ManagedGuilds width={width} height={pickerHeight} active={active} />}
    </Box>
  );
}

function ManagedGuilds({ width, height, active }: { width: number; height: number; active: boolean }) {
  const { state, dispatch, flows } = useAppContext();
  const [query, setQuery] = useState('');
  const items = managedGuilds(state.identity.guilds)
    .map((guild): PickItem => ({ key: guild.id, label: guild.name, note: guild.id }))
    .filter(matches(query));
  const disabled = signInOnlyDisabledKeys('guilds', items.length);
  useDisabledKeys('sign-in-only', disabled, active);
  const api = state.session?.api;
  const rereadGuilds = () => {
    if (!api) return;
    void flows.runner.run('Reading the guilds you are in', (signal) => api.withSignal(signal).listCurrentUserGuilds()).then((result) => {
      if (result.ok) dispatch({ type: 'identity', guilds: result.value });
      else if (!result.cancelled) dispatch({ type: 'flash', text: `Could not read your guilds: ${errorLine(describeError(result.error))}`, tone: 'error' });
    });
  };
  return (
    <FilterPicker
      title={titleFor('Guilds you manage: pick one to see its command permissions', 'Guilds you manage', width)}
      hint="a guild's name or id"
      query={query}
      onQueryChange={setQuery}
      items={items}
      emptyText={state.identity.guilds.length === 0 ? 'No guilds listed yet: the sign-in needs the guilds scope (`cmd-tui auth login --preset permissions` asks for it).' : 'No guild you manage (Manage Server, or owner) matches.'}
      onPick={(id) => dispatch({ type: 'scope', scope: guildScope(id) })}
      onClose={() => setQuery('')}
      height={height}
      active={active}
      browse={{ scope: 'sign-in-only', disabled, onAction: (action) => {
        if (action !== 'refresh') return false;
        rereadGuilds();
        return true;
      } }}
    />
  );
}

/** The overwrite count, after the id where the label does not show it already (a name from a backup). */
function noteOf(entry: PermissionEntry): string {
  const count = overwriteCount(entry.overwrites);
  if (entry.kind === 'app') return `app-level · ${count}`;
  return entry.label.includes(entry.id) ? count : `${entry.id} · ${count}`;
}

function GuildEntries({ guildId, width, height, active }: { guildId: string; width: number; height: number; active: boolean }) {
  const { state, dispatch } = useAppContext();
  const { load, reload } = useGuildOverwrites(guildId);
  const [query, setQuery] = useState('');
  /** The text typed into "open by id", while that prompt is open. */
  const [typedId, setTypedId] = useState<string | null>(null);
  const guildName = state.identity.guilds.find((guild) => guild.id === guildId)?.name ?? `guild ${guildId}`;
  const entries = load.status === 'ready' ? load.data.entries : [];
  const items = entries.map((entry): PickItem => ({ key: entry.id, label: entry.label, note: noteOf(entry) })).filter(matches(query));
  const disabled = signInOnlyDisabledKeys('entries', items.length);
  useDisabledKeys('sign-in-only', disabled, active && typedId === null);
  const open = (id: string) => dispatch({ type: 'push', screen: { id: 'permissions', commandId: id, guildId } });
  const status = load.status === 'loading' ? 'Reading the command permissions…' : load.status === 'error' ? `Could not read them: ${load.message}${load.hint ? ` ${load.hint}` : ''}` : undefined;
  if (typedId !== null) {
    const typed = parseTypedCommandId(typedId);
    const known = typed.ok ? entries.find((entry) => entry.id === typed.id) : undefined;
    const label = known?.label ?? (typed.ok && typed.name ? `/${typed.name}` : typed.ok ? `command ${typed.id}` : '');
    return (
      <FilterPicker
        key="by-id"
        title={`Open a command's permissions in ${guildName} by its id`}
        hint="a command id, or its </name:id> mention"
        query={typedId}
        onQueryChange={setTypedId}
        items={typed.ok ? [{ key: typed.id, label, note: known ? noteOf(known) : 'no overwrites of its own yet: Discord answers on save whether the command exists' }] : []}
        emptyText={typed.ok ? '' : typed.message}
        onPick={open}
        onClose={() => setTypedId(null)}
        height={height}
        active={active}
      />
    );
  }
  const onAction = (action: Action) => {
    if (action === 'openById') setTypedId('');
    else if (action === 'refresh') reload();
    else return false;
    return true;
  };
  return (
    <FilterPicker
      title={titleFor(`Command permissions in ${guildName} (enter opens one · i opens a command by id · esc picks another guild)`, `Command permissions in ${guildName}`, width)}
      hint="a command's name or id"
      query={query}
      onQueryChange={setQuery}
      items={items}
      emptyText="No overwrite list matches."
      {...(status ? { status } : {})}
      onPick={open}
      onClose={() => dispatch({ type: 'scope', scope: GLOBAL_SCOPE })}
      height={height}
      active={active}
      browse={{ scope: 'sign-in-only', disabled, onAction }}
    />
  );
}
