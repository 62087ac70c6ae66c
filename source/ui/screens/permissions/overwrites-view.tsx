/**
 * The overwrite list of one entry, pure: each overwrite by name (hidden channels and deleted roles
 * said plainly), what is unsaved, the n/100 counter, and the app-level defaults that apply where the
 * command sets nothing itself. Loading and error variants live in the screen.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { DialogLine } from '../../components/dialog-frame.js';
import type { PermissionOverwrite } from '../../../discord/model.js';
import type { UserError } from '../../format/describe-error.js';
import { allowDeny, diffOverwrites, summarizeChanges } from '../../../discord/overwrite-diff.js';
import { overwriteCount } from '../../../discord/overwrite-edit.js';
import type { PermissionEntry } from '../../../discord/overwrite-entries.js';
import { describeTarget, PERMISSION_TYPE_NAMES, sameTarget, type GuildDirectory, type OverwriteTarget } from '../../../discord/overwrite-targets.js';
import { useTheme } from '../../theme/theme-context.js';
import { targetKey } from './target-choices.js';
import { useListWindow } from '../../components/list-window.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { fittedName } from '../../format/title-with-counts.js';
import { textWidth } from '../../../terminal/text-width.js';

export interface OverwritesViewProps {
  entry: PermissionEntry;
  appEntry: PermissionEntry | undefined;
  guildName: string;
  directory: GuildDirectory;
  base: readonly PermissionOverwrite[];
  list: readonly PermissionOverwrite[];
  selected: number;
  /** False: saving will explain that a signed-in user is needed. */
  canSave: boolean;
  /** The last refused edit or save. */
  problem: UserError | null;
  height: number;
  width: number;
}

const STATUS_NOTES: Partial<Record<OverwriteTarget['status'], string>> = {
  'hidden-channel': 'the bot cannot view this channel',
  'deleted-role': 'the role no longer exists; d removes it',
  unresolved: 'name unknown: needs a bot token',
};

/** Rows the overwrite list gets on screen: what the title, the app-level defaults and a problem leave (a page for pgup/pgdn). */
/**
 * Said under the list when saving needs a sign-in first: wrapped, never cut; where it would take more
 * than two rows of a narrow screen, the short one (ctrl+s explains it in full).
 */
function signInNote(width: number): string[] {
  const whole = wrapText('Read with your bot credentials; saving needs a user sign-in with the permissions scope (ctrl+s explains, offers it).', width);
  return whole.length <= 2 ? whole : wrapText('Saving needs a user sign-in (ctrl+s).', width);
}

export function overwriteRows({ entry, appEntry, canSave, problem, height, width }: Pick<OverwritesViewProps, 'entry' | 'appEntry' | 'canSave' | 'problem' | 'height' | 'width'>): number {
  const appDefaults = entry.kind === 'command' ? (appEntry?.overwrites ?? []) : [];
  // The title (and what app-level defaults are), the app-level block (its heading, up to 4 rows, `… more`), the sign-in note, a problem.
  const appBlock = entry.kind === 'command' ? (appDefaults.length > 0 ? Math.min(appDefaults.length, 4) + 1 + (appDefaults.length > 4 ? 1 : 0) : 1) : 0;
  const reserved = 1 + (entry.kind === 'app' ? 1 : 0) + appBlock + (canSave ? 0 : signInNote(width).length) + (problem ? 4 : 0);
  return Math.max(1, height - reserved);
}

export function OverwritesView({ entry, appEntry, guildName, directory, base, list, selected, canSave, problem, height, width }: OverwritesViewProps) {
  const theme = useTheme();
  const changes = diffOverwrites(base, list, directory);
  const appDefaults = entry.kind === 'command' ? (appEntry?.overwrites ?? []) : [];
  const rows = overwriteRows({ entry, appEntry, canSave, problem, height, width });
  const start = useListWindow(selected, list.length, rows);
  const title = entry.kind === 'app' ? 'App-level defaults (all commands)' : `Overwrites of ${entry.label}`;
  // n/100 stays whole on a narrow screen: the guild's name gives way first, then the command's; what is unsaved is cut at the end.
  const count = overwriteCount(list);
  const unsaved = changes.length > 0 ? ` · unsaved: ${summarizeChanges(changes)} (ctrl+s saves)` : '';
  const inGuild = `${title} in ${guildName}`;
  const named = textWidth(`${inGuild} · ${count}`) <= width ? inGuild : fittedName(title, ` · ${count}`, width);
  // The inner box keeps its lines whole (Ink would squeeze a Text to no height and draw it over the next);
  // the outer one cuts what a short terminal has no room for, from the bottom.
  return (
    <Box flexDirection="column" flexGrow={1} overflow="hidden">
      <Box flexDirection="column" flexShrink={0}>
        <Text wrap="truncate">
          <Text bold>{named.slice(0, title.length)}</Text>
          <Text color={theme.text.secondary}>{named.slice(title.length)} · </Text>
          <Text color={list.length >= 100 ? theme.status.warning : undefined}>{count}</Text>
          {changes.length > 0 ? <Text color={theme.status.warning}>{unsaved}</Text> : null}
        </Text>
        {entry.kind === 'app' ? (
          <Text color={theme.text.secondary} wrap="truncate">These apply to every command that sets nothing of its own for that member or channel.</Text>
        ) : null}
        {list.length === 0 ? (
          <Text color={theme.text.secondary} wrap="truncate">
            {entry.kind === 'app' ? 'No app-level overwrites.' : 'No overwrites of its own: the app-level defaults and default_member_permissions decide.'} a adds one.
          </Text>
        ) : null}
        {list.slice(start, start + rows).map((overwrite, offset) => {
          const index = start + offset;
          const target = describeTarget(overwrite, directory);
          const before = base.find((o) => sameTarget(o, overwrite));
          const marker = !before ? '+' : before.permission !== overwrite.permission ? '~' : ' ';
          const note = STATUS_NOTES[target.status];
          return (
            <Text key={targetKey(overwrite)} wrap="truncate">
              <Text color={theme.ui.selected}>{index === selected ? '▸' : ' '}</Text>
              <Text color={theme.status.warning}>{marker} </Text>
              <Text inverse={index === selected} color={overwrite.permission ? theme.status.success : theme.status.error}>
                {allowDeny(overwrite.permission).padEnd(5)}
              </Text>
              <Text color={theme.text.secondary}> {PERMISSION_TYPE_NAMES[target.type].padEnd(8)} </Text>
              <Text>{target.label}</Text>
              {note ? <Text color={theme.text.secondary}>  ({note})</Text> : null}
            </Text>
          );
        })}
        {problem ? (
          <Box flexDirection="column" marginTop={1}>
            <DialogLine color={theme.status.error} text={problem.message} width={width} />
            {problem.hint ? <DialogLine text={problem.hint} width={width} /> : null}
          </Box>
        ) : null}
        {entry.kind === 'command' ? <AppDefaults overwrites={appDefaults} directory={directory} /> : null}
        {canSave ? null : (
          <Text color={theme.status.warning}>{signInNote(width).join('\n')}</Text>
        )}
      </Box>
    </Box>
  );
}

function AppDefaults({ overwrites, directory }: { overwrites: readonly PermissionOverwrite[]; directory: GuildDirectory }) {
  const theme = useTheme();
  if (overwrites.length === 0) return <Text color={theme.text.secondary}>App-level defaults: none (A opens them).</Text>;
  const shown = overwrites.slice(0, 4);
  return (
    <Box flexDirection="column" marginTop={0}>
      <Text color={theme.text.secondary} wrap="truncate">
        App-level defaults, used where this command sets nothing itself (A edits them):
      </Text>
      {shown.map((o) => (
        <Text key={targetKey(o)} color={theme.text.secondary} wrap="truncate">
          {'    '}
          {allowDeny(o.permission).padEnd(5)} {describeTarget(o, directory).label}
        </Text>
      ))}
      {overwrites.length > shown.length ? <Text color={theme.text.secondary}>    … and {overwrites.length - shown.length} more</Text> : null}
    </Box>
  );
}
