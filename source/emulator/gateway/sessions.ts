/**
 * Gateway sessions, which outlive their connections: each has Discord's `session_id`, a sequence number
 * per dispatch, the intents and shard it identified with, and the dispatches it was sent, kept so that a
 * RESUME can replay what a dropped connection missed (DOCS/TOPICS "Resuming"). A session whose client
 * closed with 1000/1001, or timed out, is over; one dropped otherwise stays resumable for
 * RESUMABLE_MS. Bounded: a session keeps its last MAX_KEPT_DISPATCHES; a client up to date within those
 * resumes however many the session has sent, one that missed more cannot (it identifies again, as
 * after a long outage on Discord).
 */
import { randomBytes } from 'node:crypto';

/** How long a dropped session may be resumed (the emulator's choice; Discord does not publish one). */
export const RESUMABLE_MS = 2 * 60 * 1000;
export const MAX_KEPT_DISPATCHES = 500;

export interface Dispatch {
  op: 0;
  t: string;
  s: number;
  d: unknown;
}

/** Where a session's dispatches go while it has a connection. */
export interface SessionLink {
  send(dispatch: Dispatch): void;
  /** A RESUME on another connection took the session over: this one is closed. */
  superseded(): void;
}

export interface Session {
  id: string;
  intents: number;
  shard: readonly [number, number];
  seq: number;
  kept: Dispatch[];
  link?: SessionLink;
  /** When the last connection dropped (for RESUMABLE_MS). */
  droppedAt?: number;
}

/** DOCS/TOPICS "Session Start Limit Object": what GET /gateway/bot reports of IDENTIFYs left. */
export interface SessionStartLimit {
  total: number;
  remaining: number;
  reset_after: number;
  max_concurrency: number;
}

/** An event and whom it is for: a guild's events go to the shard that guild is on. */
export interface GatewayEvent {
  name: string;
  data: unknown;
  guildId?: string;
  /** Intents a session needs to receive it (0: none, as INTERACTION_CREATE). */
  intents: number;
}

/** DOCS/TOPICS "Sharding": a guild's events go to shard (guild_id >> 22) % num_shards. */
export function isOnShard(guildId: string, [shardId, shards]: readonly [number, number]): boolean {
  return Number((BigInt(guildId) >> 22n) % BigInt(shards)) === shardId;
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly clock: () => number) {}

  start(intents: number, shard: readonly [number, number], link: SessionLink): Session {
    this.sweep();
    const session: Session = { id: randomBytes(16).toString('hex'), intents, shard, seq: 0, kept: [], link };
    this.sessions.set(session.id, session);
    return session;
  }

  /** Sends one dispatch on the session (kept for a resume, sent now if connected). */
  send(session: Session, name: string, data: unknown): void {
    session.seq += 1;
    // Keys in the order Discord writes them: {"t":"READY","s":1,"op":0,"d":…}.
    const dispatch: Dispatch = { t: name, s: session.seq, op: 0, d: data };
    session.kept.push(dispatch);
    if (session.kept.length > MAX_KEPT_DISPATCHES) session.kept.shift();
    session.link?.send(dispatch);
  }

  /** The sessions an event reaches: by shard for a guild's event, and by intents. */
  recipients(event: Pick<GatewayEvent, 'guildId' | 'intents'>): Session[] {
    this.sweep();
    return [...this.sessions.values()].filter(
      (session) =>
        (session.intents & event.intents) === event.intents &&
        (event.guildId === undefined || isOnShard(event.guildId, session.shard)),
    );
  }

  /** Dispatches the event to every session it reaches; how many it reached. */
  dispatch(event: GatewayEvent): number {
    const recipients = this.recipients(event);
    for (const session of recipients) this.send(session, event.name, event.data);
    return recipients.length;
  }

  /** The connection dropped: resumable unless `over` (a 1000/1001 close, a timeout). */
  drop(session: Session, over: boolean): void {
    session.link = undefined;
    session.droppedAt = this.clock();
    if (over) this.sessions.delete(session.id);
  }

  /**
   * The session a RESUME names, attached to `link` (a connection it still has is replaced), with the
   * dispatches after `seq` to replay; undefined when it cannot be resumed.
   */
  resume(sessionId: string, seq: number, link: SessionLink): { session: Session; missed: Dispatch[]; replaced?: SessionLink } | undefined {
    this.sweep();
    const session = this.sessions.get(sessionId);
    if (!session || seq < 0 || seq > session.seq) return undefined;
    const missed = session.kept.filter((dispatch) => dispatch.s > seq);
    // A real gap: some the client missed were dropped from `kept` (those before the oldest kept one).
    if (missed.length < session.seq - seq) return undefined;
    const replaced = session.link;
    session.link = link;
    session.droppedAt = undefined;
    return { session, missed, ...(replaced ? { replaced } : {}) };
  }

  /** Whether an event for this guild would reach a session with a connection or one that may resume. */
  reaches(guildId: string): boolean {
    return this.recipients({ guildId, intents: 0 }).length > 0;
  }

  private sweep(): void {
    const now = this.clock();
    for (const [id, session] of this.sessions) if (session.droppedAt !== undefined && now - session.droppedAt > RESUMABLE_MS) this.sessions.delete(id);
  }
}

