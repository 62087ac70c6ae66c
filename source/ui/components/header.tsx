/**
 * The always-visible header: which app, who is signed in and how, which profile and API, which scope, and how
 * close the scope is to its caps and to the day's 200 creates.
 */
import { Box, useWindowSize } from 'ink';
import { textWidth } from '../../terminal/text-width.js';
import { Text } from './text.js';
import type { AuthKind } from '../../api/contract.js';
import { LIMITS } from '../../discord/model.js';
import { canReadCommands } from '../../api/contract.js';
import { capsSummary } from '../format/command-summary.js';
import { scopeLabel, type AppState } from '../state/app-state.js';
import { useTheme } from '../theme/theme-context.js';

/** The header's lines, which every screen (and the cached list) leaves above its body. */
export const HEADER_ROWS = 3;

const AUTH_LABELS: Record<AuthKind, string> = { bot: 'bot token', 'client-credentials': 'client credentials', user: 'user sign-in' };

/**
 * The segments that fit whole in `width` cells, joined by ` · `, and ` …` where some did not: a count
 * cut in the middle (`message 3/1…`) would read as another count.
 */
export function wholeSegments(segments: readonly string[], width: number): string[] {
  const kept: string[] = [];
  for (const [index, segment] of segments.entries()) {
    // Room for ` · …` after it, unless it is the last.
    const rest = index < segments.length - 1 ? ' · …'.length : 0;
    if (textWidth([...kept, segment].join(' · ')) + rest > width) return [...kept, '…'];
    kept.push(segment);
  }
  return kept;
}

export function Header({ state }: { state: AppState }) {
  const theme = useTheme();
  const width = useWindowSize().columns - 1;
  const session = state.session;
  if (!session) {
    return state.start.connecting ? (
      <Box flexDirection="column" flexShrink={0} height={3}>
        <Text bold color={theme.text.accent}>cmd-tui</Text>
      </Box>
    ) : null;
  }
  const app = state.identity.application;
  const how = session.api.authKinds().map((kind) => AUTH_LABELS[kind]).join(' + ');
  const creates = state.local.createsUsed;
  const caps = state.data.status === 'ready' ? capsSummary(state.data.commands, state.scope) : state.data.status === 'error' ? 'counts unknown: the list did not load (ctrl+r)' : 'counting…';
  const createsText = `creates today ${creates ?? '?'}/${LIMITS.dailyCreates}`;
  // Counts are kept whole or left out; a sentence (the list did not load) is cut at the end as text is.
  const counts = state.data.status === 'ready' ? wholeSegments([...caps.split(' · '), createsText], width) : [caps, createsText];
  const createsShown = counts.at(-1) === createsText;
  const { target } = session;
  const profile = target.profile ? `profile ${target.profile}  ` : target.outsideProfiles ? 'no profile  ' : '';
  // Narrow, the scope goes first: which scope the keys act on matters more than which API (a cut line loses its end).
  const scopeFirst = textWidth(`${profile}API ${target.label}  scope ${scopeLabel(state)}`) > width;
  const scope = (
    <>
      <Text color={theme.text.secondary}>scope </Text>
      <Text bold>{scopeLabel(state)}</Text>
    </>
  );
  return (
    <Box flexDirection="column" flexShrink={0}>
      <Text wrap="truncate">
        <Text bold color={theme.text.accent}>cmd-tui</Text>
        {'  '}
        <Text bold>{app ? app.name : 'app'}</Text>
        {'  '}
        {state.identity.who ? `${state.identity.who} via ` : 'via '}
        {how || 'no credentials'}
        {/* Which exported DISCORD_* variables are used or set aside, by the rule every command follows. */}
        {target.environmentNote ? <Text color={theme.text.secondary}> ({target.environmentNote})</Text> : null}
        {/* Last, so a narrow terminal cuts the id rather than who is signed in and how. */}
        <Text color={theme.text.secondary}>  app id {session.api.applicationId}</Text>
      </Text>
      <Text wrap="truncate">
        {scopeFirst ? <>{scope}{'  '}</> : null}
        {target.profile ? (
          <>
            <Text color={theme.text.secondary}>profile </Text>
            <Text bold>{target.profile}</Text>
            {'  '}
          </>
        ) : target.outsideProfiles ? (
          // Said, not left out: a header without a profile must not be read as the current one's.
          <Text color={theme.text.secondary}>no profile  </Text>
        ) : null}
        <Text color={theme.text.secondary}>API </Text>
        {target.label}
        {scopeFirst ? null : <>{'  '}{scope}</>}
      </Text>
      {!canReadCommands(session.api) ? (
        // No count to wait for: Discord lists no commands to a browser sign-in alone.
        <Text wrap="truncate" color={theme.text.secondary}>
          commands unread: a browser sign-in alone lists none
        </Text>
      ) : (
        <Text wrap="truncate">
          {(createsShown ? counts.slice(0, -1) : counts).join(' · ')}
          {createsShown ? (
            <Text color={(creates ?? 0) >= LIMITS.dailyCreates ? theme.status.error : theme.text.secondary}>
              {counts.length > 1 ? ' · ' : ''}
              {createsText}
            </Text>
          ) : null}
        </Text>
      )}
    </Box>
  );
}
