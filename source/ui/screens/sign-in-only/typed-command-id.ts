/**
 * A command id as a user types or pastes it where the commands cannot be listed (a browser sign-in
 * alone): a snowflake, or Discord's command mention `</name:id>` as the client copies it; anything else
 * gets a message that says what is wrong and where the id is found. Pure.
 */
import { isSnowflake } from '../../../discord/model.js';

export type TypedCommandId = { ok: true; id: string; name?: string } | { ok: false; message: string };

/** Where a command's id is found, said with every refusal. */
const WHERE = "In Discord: User Settings → Advanced → Developer Mode on, then type / in a channel, right-click the command's name and Copy ID (or paste its </name:id> mention).";

/** Ids made since 2015 have 17 digits or more; Discord's are at most 20 (a 64-bit number). */
const MIN_DIGITS = 17;

export function parseTypedCommandId(text: string): TypedCommandId {
  const typed = text.trim();
  if (typed === '') return { ok: false, message: `Type or paste the command's id. ${WHERE}` };
  const mention = /^<\/([^:>]+):(\d+)>$/.exec(typed);
  const id = mention?.[2] ?? typed;
  if (!/^\d+$/.test(id)) {
    const kind = /^<@&\d+>$/.test(typed) ? 'a role mention' : /^<#\d+>$/.test(typed) ? 'a channel mention' : /^<@!?\d+>$/.test(typed) ? 'a user mention' : undefined;
    return { ok: false, message: `${kind ? `That is ${kind}, not` : 'Not'} a command id: an id is digits only. ${WHERE}` };
  }
  if (id.length < MIN_DIGITS) return { ok: false, message: `Too short for a command id (${id.length} digits; Discord's have ${MIN_DIGITS} to 20). ${WHERE}` };
  if (!isSnowflake(id)) return { ok: false, message: `Too large for a Discord id (${id.length} digits; the largest is 20 digits below 18446744073709551616). ${WHERE}` };
  return mention?.[1] ? { ok: true, id, name: mention[1] } : { ok: true, id };
}
