/**
 * Members for the add-overwrite picker and the check-a-member prompt, found as the user types:
 * findMembers (Discord's member search with a bot token; without one, the signed-in user and a note
 * saying why) a moment after the last key, so a name typed quickly costs one request. A target
 * spelled out (`role:ID`, a bare id) is not searched: it is looked up when picked.
 */
import { useEffect, useState } from 'react';
import { findMembers } from '../../../api/guild-members.js';
import type { Member } from '../../../discord/model.js';
import { parseTargetSpec } from '../../../discord/overwrite-targets.js';
import { describeError, errorLine } from '../../format/describe-error.js';
import { useAppContext } from '../../state/app-context.js';

export interface MemberSearchState {
  members: Member[];
  /** Searching, a partial answer (no bot token), or a failed search, in words. */
  note?: string;
}

/** Long enough to let a word be typed, short enough to feel immediate. */
const SETTLE_MS = 250;

export function useMemberSearch(guildId: string, query: string, enabled: boolean): MemberSearchState {
  const { state } = useAppContext();
  const api = state.session?.api;
  const [result, setResult] = useState<MemberSearchState>({ members: [] });
  const spelled = parseTargetSpec(query, guildId).ok || /^\d+$/.test(query.trim());
  useEffect(() => {
    if (!enabled || !api || spelled) return;
    let live = true;
    // While the search runs, only the members already found that the new text still matches stay offered.
    const needle = query.trim().toLowerCase();
    const stillMatches = (member: Member) => [member.user?.username, member.user?.global_name, member.nick].some((name) => name?.toLowerCase().startsWith(needle));
    setResult((previous) => ({ members: previous.members.filter(stillMatches), note: 'searching members…' }));
    const timer = setTimeout(() => {
      findMembers(api, guildId, query).then(
        (found) => live && setResult(found),
        (error: unknown) => live && setResult({ members: [], note: `Member search failed: ${errorLine(describeError(error))}` }),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, guildId, query, enabled, spelled]);
  return enabled && !spelled ? result : { members: [] };
}
