/**
 * "Check a member", pure: one member's answer in every channel with its reason — the answers
 * `cmd-tui perms who --user` prints, from the same checkMember, channels with the same reason on one
 * line — computed from the list on screen, so unsaved edits show their effect.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import { DialogLine } from '../../components/dialog-frame.js';
import type { MemberAccessAnswer } from '../../../discord/member-access.js';
import { wrapText } from '../../../terminal/wrap-text.js';
import { useTheme } from '../../theme/theme-context.js';
import { answerMark } from './access-view.js';

export interface MemberAnswerViewProps {
  commandLabel: string;
  guildName: string;
  answer: MemberAccessAnswer;
  unsaved: boolean;
  width: number;
  height: number;
}

const MARK_WIDTH = 7;

interface AnswerGroup {
  /** `#general, #ideas`, or `every channel`. */
  where: string;
  decision: MemberAccessAnswer['answers'][number]['decision'];
}

/** Channels with the same answer and reason on one line, as `perms who` groups them. */
function groupAnswers(answers: MemberAccessAnswer['answers']): AnswerGroup[] {
  const groups = new Map<string, { places: string[]; decision: AnswerGroup['decision'] }>();
  for (const { place, decision } of answers) {
    const group = groups.get(decision.reason) ?? { places: [], decision };
    group.places.push(place.label);
    groups.set(decision.reason, group);
  }
  const everywhere = groups.size === 1 && answers.length > 1;
  return [...groups.values()].map(({ places, decision }) => ({ where: everywhere ? 'every channel' : places.join(', '), decision }));
}

/** Wrapped lines of one group at this width, wrapped as the terminal will (the view must never be taller than the terminal). */
function groupRows(group: AnswerGroup, width: number): number {
  return wrapText(`${' '.repeat(MARK_WIDTH)}${group.where}: ${group.decision.reason}`, width).length;
}

export function MemberAnswerView({ commandLabel, guildName, answer, unsaved, width, height }: MemberAnswerViewProps) {
  const theme = useTheme();
  const { who, timedOutUntil, answers } = answer;
  const groups = groupAnswers(answers);
  // Title and timeout lines (two each at most), and one for "… more".
  let room = height - 1 - 2 * (1 + (timedOutUntil ? 1 : 0));
  const shown: AnswerGroup[] = [];
  for (const group of groups) {
    room -= groupRows(group, width);
    if (room < 0) break;
    shown.push(group);
  }
  return (
    <Box flexDirection="column" flexGrow={1} overflow="hidden">
      <DialogLine text={[{ text: `Can ${who.label} use ${commandLabel}`, bold: true }, { text: ` in ${guildName}?${unsaved ? ' (with your unsaved edits)' : ''}`, color: theme.text.secondary }]} width={width} />
      {timedOutUntil ? <DialogLine color={theme.status.error} text={`Timed out until ${timedOutUntil}: a timed-out member cannot use commands.`} width={width} /> : null}
      {answers.length === 0 ? <DialogLine color={theme.text.secondary} text={`No channel of ${guildName} is visible to the bot.`} width={width} /> : null}
      {shown.map((group) => {
        const mark = answerMark(group.decision);
        return <DialogLine key={group.where} text={[{ text: mark.text.padEnd(MARK_WIDTH), color: mark.color(theme) }, { text: group.where, bold: true }, `: ${group.decision.reason}`]} width={width} />;
      })}
      {shown.length < groups.length ? <Text color={theme.text.secondary} wrap="truncate">… {groups.length - shown.length} more answers: a taller terminal shows them</Text> : null}
    </Box>
  );
}
