/**
 * "Check a member", pure: one member's answer in every channel with its reason — the answers
 * `cmd-tui perms who --user` prints, from the same checkMember, channels with the same reason on one
 * line — computed from the list on screen, so unsaved edits show their effect.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
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
      <Text wrap="wrap">
        <Text bold>Can {who.label} use {commandLabel}</Text>
        <Text color={theme.text.secondary}> in {guildName}?{unsaved ? ' (with your unsaved edits)' : ''}</Text>
      </Text>
      {timedOutUntil ? <Text color={theme.status.error} wrap="wrap">Timed out until {timedOutUntil}: a timed-out member cannot use commands.</Text> : null}
      {answers.length === 0 ? <Text color={theme.text.secondary}>No channel of {guildName} is visible to the bot.</Text> : null}
      {shown.map((group) => {
        const mark = answerMark(group.decision);
        return (
          <Text key={group.where} wrap="wrap">
            <Text color={mark.color(theme)}>{mark.text.padEnd(MARK_WIDTH)}</Text>
            <Text bold>{group.where}</Text>
            <Text>: {group.decision.reason}</Text>
          </Text>
        );
      })}
      {shown.length < groups.length ? <Text color={theme.text.secondary} wrap="truncate">… {groups.length - shown.length} more answers: a taller terminal shows them</Text> : null}
    </Box>
  );
}
