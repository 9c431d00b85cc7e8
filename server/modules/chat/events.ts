import { CHAT_EVENT, type ReadEvent, type RoomEvent, roomTopic, STOMP_HEADERS, type TypingEvent } from '../../../contract/stomp';
import type { Broker, RealtimeLogger } from '../../realtime';
import { seoulHourMinute } from './message';
import type { ChatRepo } from './repo';

/**
 * The fan-out route of a member's own queue. Clients reach it only as `/sub/members/me`
 * (authorizeSubscribe resolves it), never by this name.
 */
export const memberRoute = (memberId: number) => `/internal/members/${memberId}/queue`;
/** Fan-out header: deliver to every session on the destination except this member's. */
export const EXCEPT_MEMBER_HEADER = 'except-member';

const JSON_TYPE = 'application/json';
/**
 * `event:room` at most once per room per this long: an idle room is answered at once, a busy one
 * gathers its changes of this long into one event. The messages themselves are never held back;
 * a busy room's line in the chat list is at most half a second behind. 50 ms (decision 0017)
 * spent ~20 % of PGlite's thread on these queries in bench/chat.ts's 100 pairs; 200 ms halved
 * it (0026); 500 ms took these events from ~1.05 to 0.44 a message there (0034).
 */
export const ROOM_EVENT_INTERVAL_MS = 500;
/**
 * At most one `event:room` query round per this long. The limit above is per room, so rooms
 * busy since different moments come due at different moments, and each round takes only those
 * due: one round for every room each 200 ms put ~200 frames on the event loop at once, and the
 * messages that arrived meanwhile waited behind them (bench/chat.ts, decision 0029).
 *
 * `pool` (PostgreSQL): rounds every 10 ms (a few rooms each) left the CPU per message as it was
 * and, with the frames spread below, took the 100-pair p99's median from 7.4 to 5.5 ms (decision
 * 0031, when the statement still ran beside the commits; since 0034 it runs between two batches).
 * `oneThread`: on PGlite every statement takes its turn on the thread that also commits, and rounds
 * every 10 or 25 ms did no better there, for up to 5× the statements (decision 0031).
 */
export const ROOM_EVENT_ROUND_MS = { oneThread: 50, pool: 10 } as const;
/** Rooms per `event:room` statement (bench/chat.ts: ~100 rooms in one statement took ~4–10 ms, a wait for every message behind it). */
const ROOM_EVENT_CHUNK = 16;
/**
 * A round's `event:room` frames go out this many per turn of the event loop, so messages stored
 * meanwhile are broadcast between them, not after all of them: the slowest 1 % of the 100-pair
 * run's messages had each waited behind 30–50 of a round's frames (decision 0031).
 */
const ROOM_EVENTS_PER_TURN = 2;

export interface ChatEvents {
  /** `event:read` on the room, then `event:room` to the reader (their unread count changed). */
  read(roomId: number, memberId: number, lastReadMessageId: string): void;
  /** `event:typing` on the room, for the other member's sessions only. */
  typing(roomId: number, memberId: number): void;
  /** The room changed for these members (default both): each gets `event:room` soon, once. */
  roomChanged(roomId: number, memberIds?: readonly number[]): void;
}

/**
 * Section 17 events, published through the broker so every instance delivers them. `event:room`
 * needs the unread counts from the database: a room's changes are gathered (ROOM_EVENT_INTERVAL_MS)
 * and answered in rounds (ROOM_EVENT_ROUND_MS), a chunk of rooms per query, one at a time so a
 * member never gets an older state after a newer.
 */
export function chatEvents(
  repo: Pick<ChatRepo, 'roomEvents'>,
  broker: Broker,
  logger: RealtimeLogger,
  track: <T>(p: Promise<T>) => Promise<T>,
  /**
   * False when no session anywhere can be listening on this member's queue: nothing is computed
   * for them (the app fetches its chat list when it subscribes). Default: everyone may be.
   */
  listening: (memberId: number) => boolean = () => true,
  /** ROOM_EVENT_ROUND_MS for the database in use. */
  roundMs: number = ROOM_EVENT_ROUND_MS.oneThread,
): ChatEvents {
  /** Room → the members to tell ('both' = both participants who have not left). */
  const pending = new Map<number, Set<number> | 'both'>();
  /** Room → when its last `event:room` round began; only rooms told within ROOM_EVENT_INTERVAL_MS. */
  const toldAt = new Map<number, number>();
  let flushing = false;
  let lastRoundAt = -Infinity;

  /** When a room may be told again (-Infinity: not told within ROOM_EVENT_INTERVAL_MS). */
  const dueAt = (roomId: number) => (toldAt.get(roomId) ?? -Infinity) + ROOM_EVENT_INTERVAL_MS;

  /** When the earliest pending room may be told again. */
  function earliestDue(): number {
    let due = Infinity;
    for (const roomId of pending.keys()) due = Math.min(due, dueAt(roomId));
    return due;
  }

  /** The pending rooms that may be told now, taken out of `pending`; forgets rooms told long ago. */
  function takeDue(now: number): Array<[number, Set<number> | 'both']> {
    for (const roomId of toldAt.keys()) if (dueAt(roomId) <= now) toldAt.delete(roomId);
    const due = [...pending].filter(([roomId]) => !toldAt.has(roomId));
    for (const [roomId] of due) {
      pending.delete(roomId);
      toldAt.set(roomId, now);
    }
    return due;
  }

  async function flush(rounds: Array<[number, Set<number> | 'both']>): Promise<void> {
    // Named members nobody listens for are dropped, and with them a room left with no one to tell:
    // its statement is not run. ('both' names nobody before the query: it is always run.)
    const due = rounds.flatMap(([roomId, who]): Array<[number, Set<number> | 'both']> => {
      if (who === 'both') return [[roomId, who]];
      const told = new Set([...who].filter(listening));
      return told.size > 0 ? [[roomId, told]] : [];
    });
    for (let at = 0; at < due.length; at += ROOM_EVENT_CHUNK) {
      // Chunks, each its own statement, a turn of the event loop apart: messages stored meanwhile
      // go between them on the database thread instead of waiting behind one long statement.
      if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      await flushRooms(new Map(due.slice(at, at + ROOM_EVENT_CHUNK)));
    }
  }

  async function flushRooms(batch: Map<number, Set<number> | 'both'>): Promise<void> {
    try {
      // Totals for every named member and both participants of a 'both' room; a side that has
      // left the room (the query says) is told nothing.
      const named = new Set<number>();
      for (const who of batch.values()) if (who !== 'both') for (const id of who) named.add(id);
      const both = [...batch].filter(([, who]) => who === 'both').map(([roomId]) => roomId);
      const { rooms, totals } = await repo.roomEvents([...batch.keys()], [...named], both);
      const told = rooms.flatMap((room) => {
        const who = batch.get(room.id)!;
        return [
          { room, memberId: room.memberA, left: room.aLeft, unreadCount: room.aUnread },
          { room, memberId: room.memberB, left: room.bLeft, unreadCount: room.bUnread },
        ].filter((side) => !side.left && (who === 'both' || who.has(side.memberId)));
      });
      for (const [i, { room, memberId, unreadCount }] of told.entries()) {
        if (i > 0 && i % ROOM_EVENTS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
        const event: RoomEvent = {
          roomId: room.id,
          lastMessage: room.lastMessage,
          lastMessageSentAt: room.lastMessageMs === null ? null : seoulHourMinute(room.lastMessageMs),
          unreadCount,
          totalUnreadCount: totals.get(memberId) ?? unreadCount,
        };
        broker.publish(memberRoute(memberId), JSON.stringify(event), { 'content-type': JSON_TYPE, [STOMP_HEADERS.event]: CHAT_EVENT.room });
      }
    } catch (err) {
      // The list is corrected by its next REST fetch; live updates resume with the next change.
      logger.warn({ err, rooms: batch.size }, 'chat: room updates could not be computed');
    }
  }

  /** The round loop's sleep, while it sleeps: until when, and how to end it sooner. */
  let sleeping: { until: number; wake(): void } | undefined;

  function sleepUntil(until: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleeping = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.ceil(until - performance.now()));
      sleeping = { until, wake: done };
    });
  }

  function schedule(): void {
    if (flushing) return;
    flushing = true;
    void track(
      (async () => {
        try {
          while (pending.size > 0) {
            // Rounds at most one per roundMs, each taking the rooms whose last event
            // is ROOM_EVENT_INTERVAL_MS old; a room changed meanwhile that is due sooner wakes this.
            const now = performance.now();
            const until = Math.max(lastRoundAt + roundMs, earliestDue());
            if (until > now) {
              await sleepUntil(until);
              continue;
            }
            // One turn of the event loop, so a batch of stored messages lands here as one round.
            await new Promise<void>((resolve) => setImmediate(resolve));
            lastRoundAt = performance.now();
            await flush(takeDue(lastRoundAt));
          }
        } finally {
          flushing = false;
        }
      })(),
    );
  }

  return {
    read(roomId, memberId, lastReadMessageId) {
      const event: ReadEvent = { memberId, lastReadMessageId };
      broker.publish(roomTopic(roomId), JSON.stringify(event), { 'content-type': JSON_TYPE, [STOMP_HEADERS.event]: CHAT_EVENT.read });
      this.roomChanged(roomId, [memberId]);
    },
    typing(roomId, memberId) {
      const event: TypingEvent = { memberId };
      broker.publish(roomTopic(roomId), JSON.stringify(event), {
        'content-type': JSON_TYPE,
        [STOMP_HEADERS.event]: CHAT_EVENT.typing,
        [EXCEPT_MEMBER_HEADER]: String(memberId),
      });
    },
    roomChanged(roomId, memberIds) {
      const current = pending.get(roomId);
      if (memberIds === undefined || current === 'both') pending.set(roomId, 'both');
      else if (current) for (const id of memberIds) current.add(id);
      else pending.set(roomId, new Set(memberIds));
      if (sleeping && dueAt(roomId) < sleeping.until) sleeping.wake();
      schedule();
    },
  };
}
