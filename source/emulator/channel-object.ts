/**
 * A guild channel as GET /guilds/{id}/channels answers with it: the fields every channel has, plus the
 * fields each type documents, null or their default where the world has no value (libraries read
 * `topic` on a text channel and `bitrate` on a voice one without checking). Fields per type from the
 * docs' example objects (DOCS `developers/resources/channel.mdx`: "Example Guild Text Channel",
 * "… Announcement Channel", "… Voice Channel", "… Channel Category", and the forum/media fields table).
 */
import type { ChannelRecord } from './state.js';

const TEXT_FIELDS = { topic: null, last_message_id: null, rate_limit_per_user: 0, default_auto_archive_duration: 60 };
const VOICE_FIELDS = { last_message_id: null, bitrate: 64000, user_limit: 0, rtc_region: null, rate_limit_per_user: 0, video_quality_mode: 1 };
const THREAD_ONLY_FIELDS = {
  topic: null,
  last_message_id: null,
  rate_limit_per_user: 0,
  default_auto_archive_duration: 4320,
  available_tags: [],
  default_reaction_emoji: null,
  default_thread_rate_limit_per_user: 0,
  default_sort_order: null,
  template: '',
};

/** Channel type → its documented fields with their empty values. */
const FIELDS_BY_TYPE: Record<number, Record<string, unknown>> = {
  0: TEXT_FIELDS,
  2: VOICE_FIELDS,
  4: {},
  5: TEXT_FIELDS,
  13: { ...VOICE_FIELDS, topic: null },
  15: { ...THREAD_ONLY_FIELDS, default_forum_layout: 0 },
  16: THREAD_ONLY_FIELDS,
};

export function channelObject(channel: ChannelRecord, guildId: string): Record<string, unknown> {
  const { id, type, name, position, parent_id, permission_overwrites } = channel;
  return {
    id,
    type,
    guild_id: guildId,
    name,
    position,
    parent_id,
    permission_overwrites,
    nsfw: false,
    flags: 0,
    ...structuredClone(FIELDS_BY_TYPE[type] ?? {}),
  };
}
