/**
 * The Try form as Discord's client lays out the command, and the bot's reply under it: pure, drawn
 * from the rows (try-form.ts) and the screen's state. Every name, description, value and reply line
 * comes from a server and goes through the sanitizing Text.
 */
import { Box } from 'ink';
import type { ReactElement } from 'react';
import { fitCell } from '../../../terminal/fit-cell.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { localeName, OPTION_TYPE_NAMES, type Command } from '../../../discord/model.js';
import { Text } from '../../components/text.js';
import { bindingOf, keyLabel } from '../../input/key-bindings.js';
import { TextField } from '../../components/text-field.js';
import { useTheme } from '../../theme/theme-context.js';
import { channelLabel, isTyped, localized, memberLabel, optionHint, shownValue, type TryPlace, type TryRow } from './try-form.js';
import { conversation, type ReplyLine } from './reply-conversation.js';
import { currentSuggestions, type TryState } from './use-try-state.js';
import { plural } from '../../../terminal/plural.js';

/** Shown under a reply whose wait was stopped (ctrl+c): the interaction was sent, and the bot may go on. */
export const STOPPED_WAITING = 'stopped waiting: the bot may still answer (send again to see a new reply)';

export interface TryViewProps {
  command: Command;
  rows: readonly TryRow[];
  state: TryState;
  place: TryPlace;
  guildLabel: string;
  /** Rows the view may take (the footer is below it). */
  height: number;
  width: number;
  /** Whether the focused text field takes keys (no picker or overlay over it). */
  typing: boolean;
  /** Why the guild's members, roles and channels could not be read. */
  loadProblem?: string;
  onText: (name: string, text: string) => void;
}

const LABEL_WIDTH = 14;

/** The left column: what the row is, as the client names it in the locale; `*` marks a required option. */
function rowLabel(row: TryRow, locale: string): string {
  switch (row.kind) {
    case 'guild':
      return 'Server';
    case 'locale':
      return 'Language';
    case 'member':
      return 'As member';
    case 'channel':
      return 'In channel';
    case 'subcommand':
      return row.depth === 0 && row.choices.some((choice) => choice.type === 2) ? 'Group' : 'Subcommand';
    case 'option':
      return `${localized(row.option.name, row.option.name_localizations, locale)}${row.option.required ? '*' : ''}`;
    case 'send':
      return '';
  }
}

export type Theme = ReturnType<typeof useTheme>;

/** What a row's lines are drawn with beside the row itself. */
interface RowContext {
  theme: Theme;
  state: TryState;
  place: TryPlace;
  guildLabel: string;
  width: number;
  typing: boolean;
  onText: (name: string, text: string) => void;
}

/** A row other than Send: its label, value and hint, then what the client would say of it (a hidden channel, a problem, the bot's suggestions). */
function rowLines(row: Exclude<TryRow, { kind: 'send' }>, focused: boolean, { theme, state, place, guildLabel, width, typing, onText }: RowContext): ReactElement[] {
  const { form } = state;
  const lines: ReactElement[] = [];
  let value: ReactElement;
  let hint = '';
  if (row.kind === 'option' && isTyped(row)) {
    value = <TextField value={row.text} onChange={(text) => onText(row.option.name, text)} focused={focused && typing} width={Math.max(10, Math.floor((width - LABEL_WIDTH - 4) / 2))} placeholder={focused ? '' : '—'} />;
  } else {
    const shown =
      row.kind === 'guild' ? guildLabel
      : row.kind === 'locale' ? `${form.locale}  ${localeName(form.locale)}`
      : row.kind === 'member' ? (form.userId ? memberLabel(place.directory, form.userId) : '(choose)')
      : row.kind === 'channel' ? (form.channelId ? channelLabel(place.directory, form.channelId) : '(choose)')
      : row.kind === 'subcommand' ? (row.chosen ? localized(row.chosen.name, row.chosen.name_localizations, form.locale) : '(choose)')
      : shownValue(row, form.locale, place.directory) || '—';
    value = <Text inverse={focused}>{shown}</Text>;
  }
  if (row.kind === 'option') {
    const description = localized(row.option.description, row.option.description_localizations, form.locale);
    hint = [description, OPTION_TYPE_NAMES[row.option.type], optionHint(row.option, row.input)].filter(Boolean).join(' · ');
  } else if (row.kind === 'subcommand' && row.chosen) {
    hint = localized(row.chosen.description, row.chosen.description_localizations, form.locale);
  } else if (focused && !isTyped(row)) hint = 'enter picks';
  lines.push(
    <Text key={row.key} wrap="truncate">
      <Text color={theme.ui.selected}>{focused ? '▸ ' : '  '}</Text>
      <Text color={theme.text.secondary}>{rowLabel(row, form.locale).padEnd(LABEL_WIDTH).slice(0, LABEL_WIDTH)}</Text>
      {value}
      <Text color={theme.text.secondary}>  {hint}</Text>
    </Text>,
  );
  if (row.kind === 'channel' && row.hidden) {
    wrapText(`⚠ Discord's picker would not offer it: ${row.hidden}`, width - 4, '  ').forEach((line, index) => lines.push(<Text key={`hidden:${index}`} wrap="truncate" color={theme.status.warning}>{`    ${line}`}</Text>));
  }
  if (row.kind === 'option' && row.problem) {
    lines.push(<Text key={`${row.key}:problem`} wrap="truncate" color={theme.status.error}>{'    ✗ '}{row.problem}</Text>);
  }
  const suggestions = currentSuggestions(state.suggestions, row);
  if (suggestions) {
    const { choices, problems } = suggestions;
    const names = choices.map((choice) => choice.name).join(' · ');
    lines.push(
      <Text key={`${row.key}:suggestions`} wrap="truncate" color={theme.text.accent}>
        {'    '}
        {choices.length > 0 ? `suggested: ${names}${focused ? '  (enter picks)' : ''}` : 'no suggestions'}
      </Text>,
    );
    for (const problem of problems) lines.push(<Text key={`${row.key}:${problem}`} wrap="truncate" color={theme.status.warning}>{'    ! '}{problem}</Text>);
  }
  return lines;
}

/** The form's lines: the title, a guild that could not be read, each row; where Send is and which line has the focus; why Send cannot send yet (wrapped, never cut mid-line). */
function formLines(props: TryViewProps, theme: Theme) {
  const { command, rows, state, loadProblem, width } = props;
  const { form } = state;
  const lines: ReactElement[] = [];
  const title = `/${[command.name, ...form.path].map((name, index) => (index === 0 ? localized(command.name, command.name_localizations, form.locale) : name)).join(' ')}`;
  lines.push(
    <Text key="title" wrap="truncate" bold>
      Try {title}
      <Text color={theme.text.secondary}> — {localized(command.description, command.description_localizations, form.locale)}</Text>
    </Text>,
  );
  if (loadProblem) lines.push(<Text key="load" wrap="truncate" color={theme.status.error}>Could not read the guild: {loadProblem}</Text>);
  let focusLine = 0;
  let sendLine = -1;
  let why: string[] = [];
  const context = { ...props, theme };
  for (const row of rows) {
    const focused = state.focus === row.key;
    if (focused) focusLine = lines.length;
    if (row.kind !== 'send') {
      lines.push(...rowLines(row, focused, context));
      continue;
    }
    sendLine = lines.length;
    lines.push(
      <Text key={row.key} wrap="truncate">
        <Text color={theme.ui.selected}>{focused ? '▸ ' : '  '}</Text>
        <Text inverse={focused} bold>[ Send ]</Text>
        <Text color={row.problems.length > 0 ? theme.status.warning : theme.text.secondary}>
          {'  '}
          {row.problems.length > 0 ? `not yet, Discord's client would not send it:` : 'ctrl+s or enter sends it to the bot'}
        </Text>
      </Text>,
    );
    // Why, in full (a member timed out until when, which permission is missing): wrapped under Send, never cut mid-line.
    why = row.problems.flatMap((problem) => wrapText(`• ${problem}`, width - 4, '  ').map((line) => `    ${line}`));
  }
  return { lines, focusLine, sendLine, why };
}

/** The Try screen laid out at its height: the form's lines shown, the reply's lines and the window on them, and how far the reply can scroll up. */
export interface TryLayout {
  shownForm: ReactElement[];
  /** Every line of the form, before it is fitted (what it would take unscrolled). */
  formLines: number;
  reply: ReplyLine[];
  /** Rows the reply has under its rule (0: none on a screen too short for both). */
  room: number;
  replyStart: number;
  replyEnd: number;
  /** How many lines the reply can scroll up from its newest (pgup). */
  maxScroll: number;
}

export function layOutTry(props: TryViewProps, theme: Theme): TryLayout {
  const { state, height, width } = props;
  const { lines, focusLine, sendLine, why } = formLines(props, theme);
  const formLineCount = lines.length;
  // Long lines wrap under their own indent, as the client wraps a message: nothing the bot said is cut.
  // wrapText makes the lines safe first: a control character shown as `\x07` is wrapped at the 4 columns it takes.
  const reply = replyLines(state).flatMap((line) => wrapText(line.text, width, `${/^ */.exec(line.text)?.[0] ?? ''}  `).map((text) => ({ ...line, text })));
  // The focused button or select stays in view: the reply scrolls to it rather than to its newest line.
  const focusedAt = state.showNewest ? -1 : reply.findLastIndex((line) => line.component !== undefined && line.component === state.focus);
  // The reply's newest lines stay in view: a long one scrolls its top away.
  // A form taller than the screen shows the rows around the focus, and leaves the reply at least half the screen.
  const formRoom = reply.length > 0 ? Math.max(Math.min(3, height), height - 1 - Math.min(reply.length, Math.floor(height / 2))) : height;
  // Send stays in view however short the screen: the rows around the focus scroll above it.
  // Why Send cannot send yet gets the rows the form can spare (two stay for the rows around the focus); a longer list ends with the key that shows it all.
  const most = Math.max(2, formRoom - 1 - Math.min(sendLine, 2));
  const shownWhy = why.length > most ? [...why.slice(0, most - 1), `    … ${plural(why.length - most + 1, 'more line')}: ${keyLabel(bindingOf('showMessage', 'try'))} shows them all`] : why;
  shownWhy.forEach((line, index) => lines.push(<Text key={`send:why:${index}`} wrap="truncate" color={theme.status.warning}>{line}</Text>));
  // Send and why it cannot send yet are the block at the end: pinned below whatever scrolls.
  const sendBlock = sendLine >= 0 ? lines.slice(sendLine) : [];
  const pinSend = lines.length > formRoom && sendLine >= 0 && formRoom > sendBlock.length;
  const body = pinSend ? lines.slice(0, sendLine) : lines;
  const bodyRoom = pinSend ? formRoom - sendBlock.length : formRoom;
  const bodyFocus = pinSend && focusLine >= sendLine ? body.length - 1 : focusLine;
  const formStart = body.length > bodyRoom ? Math.max(0, Math.min(bodyFocus - Math.floor(bodyRoom / 2), body.length - bodyRoom)) : 0;
  const shownForm = [...body.slice(formStart, formStart + bodyRoom), ...(pinSend ? sendBlock : [])];
  // What the form leaves, under its rule: none on a screen too short for both (the form comes first; nothing is squeezed over it).
  const room = reply.length > 0 ? Math.max(0, height - shownForm.length - 1) : 0;
  const maxScroll = Math.max(0, reply.length - room);
  // Scrolled up (pgup), the window stays where the user put it; else it follows the focused button, or the newest lines.
  const scroll = Math.min(state.replyScroll ?? 0, maxScroll);
  const replyEnd = scroll > 0 ? reply.length - scroll : focusedAt >= 0 ? Math.min(reply.length, Math.max(focusedAt + 1 + Math.floor(room / 3), room)) : reply.length;
  return { shownForm, formLines: formLineCount + shownWhy.length, reply, room, replyStart: Math.max(0, replyEnd - room), replyEnd, maxScroll };
}

/** `layout`: layOutTry of these props, which the form has already made. */
export function TryView(props: TryViewProps & { layout: TryLayout }) {
  const { state, width } = props;
  const theme = useTheme();
  const { shownForm, reply, room, replyStart, replyEnd } = props.layout;
  const shownReply = room > 0 ? reply.slice(replyStart, replyEnd) : [];
  // A reply longer than its rows says where the window is on its rule, and the keys that move it.
  const scrollKeys = `${keyLabel(bindingOf('pageUp', 'try'))}/${keyLabel(bindingOf('pageDown', 'try'))}`;
  const rule = reply.length > room ? fitCell(`── reply lines ${replyStart + 1}–${replyEnd} of ${reply.length} · ${scrollKeys} scroll `, Math.max(1, width), 'end').replace(/ +$/, (spaces) => '─'.repeat(spaces.length)) : '─'.repeat(Math.max(1, width));
  return (
    <Box flexDirection="column" height={props.height} overflowY="hidden">
      {shownForm}
      {room > 0 ? <Text color={theme.ui.border} wrap="truncate">{rule}</Text> : null}
      {shownReply.map((line, index) => (
        <Text key={`reply:${replyStart + index}`} wrap="truncate" inverse={line.component !== undefined && line.component === state.focus} color={line.tone === 'error' ? theme.status.error : line.tone === 'dim' ? theme.text.secondary : undefined}>
          {line.text}
        </Text>
      ))}
    </Box>
  );
}

function replyLines(state: TryState): ReplyLine[] {
  const { reply } = state;
  if (!reply) return [];
  const refusal = (message: string, problems: readonly string[]): ReplyLine[] => [{ text: message, tone: 'error' }, ...problems.map((problem) => ({ text: `  ${problem}`, tone: 'error' as const }))];
  if (reply.status === 'refused') return refusal(reply.message, reply.problems);
  return [
    ...conversation(reply.exchanges).lines,
    ...(reply.problem ? refusal(reply.problem.message, reply.problem.problems) : []),
    ...(reply.waiting ? [{ text: 'waiting for the bot…', tone: 'dim' as const }] : []),
    ...(reply.stoppedWaiting ? [{ text: STOPPED_WAITING, tone: 'dim' as const }] : []),
  ];
}
