/**
 * "Check a member", pure: one member's answer in every channel with its reason — the lines
 * `cmd-tui perms who --user` prints, from the same checkMember — computed from the list on screen,
 * so unsaved edits show their effect.
 */
import { Box } from 'ink';
import { Text } from '../../components/text.js';
import type { MemberAccessAnswer } from '../../../discord/member-access.js';
import { useTheme } from '../../theme/theme-context.js';
import { answerMark } from './access-view.js';

export interface MemberAnswerViewProps {
  commandLabel: string;
  guildName: string;
  answer: MemberAccessAnswer;
  /** Why the answer may be off (the member's roles could not be read). */
  note?: string;
  unsaved: boolean;
  height: number;
}

export function MemberAnswerView({ commandLabel, guildName, answer, note, unsaved, height }: MemberAnswerViewProps) {
  const theme = useTheme();
  const { who, timedOutUntil, answers } = answer;
  const shown = answers.slice(0, Math.max(1, height - 4 - (note ? 1 : 0)));
  return (
    <Box flexDirection="column" flexGrow={1} overflow="hidden">
      <Text wrap="wrap">
        <Text bold>Can {who.label} use {commandLabel}</Text>
        <Text color={theme.text.secondary}> in {guildName}?{unsaved ? ' (with your unsaved edits)' : ''}</Text>
      </Text>
      {timedOutUntil ? <Text color={theme.status.error} wrap="wrap">Timed out until {timedOutUntil}: a timed-out member cannot use commands.</Text> : null}
      {note ? <Text color={theme.status.warning} wrap="wrap">{note}</Text> : null}
      {answers.length === 0 ? <Text color={theme.text.secondary}>No channel of {guildName} is visible to the bot.</Text> : null}
      {shown.map(({ place, decision }) => {
        const mark = answerMark(decision);
        return (
          <Text key={place.id} wrap="wrap">
            <Text color={mark.color(theme)}>{mark.text.padEnd(7)}</Text>
            <Text bold>{place.label}</Text>
            <Text>: {decision.reason}</Text>
          </Text>
        );
      })}
      {shown.length < answers.length ? <Text color={theme.text.secondary}>… {answers.length - shown.length} more channels (`cmd-tui perms who --user {who.id}` lists all)</Text> : null}
    </Box>
  );
}
