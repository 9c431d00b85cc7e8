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
 * `event:room` batches: an idle server answers a change at once, a busy one gathers the changes of
 * this long into one query per ROOM_EVENT_CHUNK rooms. A chat list a fifth of a second behind is
 * not seen; the messages themselves are never held back. 50 ms (decision 0017) spent ~20 % of
 * PGlite's thread on these queries in bench/chat.ts's 100 pairs, each chunk a wait for the
 * messages queued behind it; 200 ms halves that and took the p99 from 29–37 to 21–22 ms (0026).
 */
const ROOM_EVENT_INTERVAL_MS = 200;
/** Rooms per `event:room` statement (bench/chat.ts: ~100 rooms in one statement took ~4–10 ms, a wait for every message behind it). */
const ROOM_EVENT_CHUNK = 16;

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
 * needs the unread counts from the database: changes are gathered (ROOM_EVENT_INTERVAL_MS) and
 * answered a chunk of rooms per query, one at a time so a member never gets an older state after a newer.
 */
export function chatEvents(repo: Pick<ChatRepo, 'roomEvents'>, broker: Broker, logger: RealtimeLogger, track: <T>(p: Promise<T>) => Promise<T>): ChatEvents {
  /** Room → the members to tell ('both' = both participants who have not left). */
  const pending = new Map<number, Set<number> | 'both'>();
  let flushing = false;
  let lastFlushAt = -Infinity;

  async function flush(): Promise<void> {
    const all = [...pending];
    pending.clear();
    for (let at = 0; at < all.length; at += ROOM_EVENT_CHUNK) {
      // Chunks, each its own statement, a turn of the event loop apart: messages stored meanwhile
      // go between them on the database thread instead of waiting behind one long statement.
      if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      await flushRooms(new Map(all.slice(at, at + ROOM_EVENT_CHUNK)));
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
      for (const { room, memberId, unreadCount } of told) {
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

  function schedule(): void {
    if (flushing) return;
    flushing = true;
    void track(
      (async () => {
        try {
          while (pending.size > 0) {
            // At least one turn of the event loop, so a batch of stored messages lands here as one
            // query; under load at most one flush per ROOM_EVENT_INTERVAL_MS, so the list's two
            // queries do not queue in front of the messages on the database (bench/chat.ts).
            const wait = lastFlushAt + ROOM_EVENT_INTERVAL_MS - performance.now();
            await new Promise<void>((resolve) => (wait > 1 ? setTimeout(resolve, wait) : setImmediate(resolve)));
            lastFlushAt = performance.now();
            await flush();
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
      else pending.set(roomId, new Set([...(current ?? []), ...memberIds]));
      schedule();
    },
  };
}
