import { CHAT_EVENT, type ReadEvent, type RoomEvent, roomTopic, STOMP_HEADERS, type TypingEvent } from '../../../contract/stomp';
import type { Broker, RealtimeLogger } from '../../realtime';
import { seoulHourMinute, seoulIso } from './message';
import { type ChatRepo, type RoomSummary, type RoomUnread, type StoredRoom, sumOf } from './repo';

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

/**
 * With `remember`, a room due within this long is told in the turn that broadcasts its new
 * message, not by a round a moment later: its frames then leave in the same socket writes as the
 * message (session.ts corks a turn's frames), where a round's frames each cost writes of their own.
 * A busy room is then told every 400–500 ms instead of every 500 (decision 0036).
 */
export const ROOM_EVENT_RIDE_MS = 100;

/**
 * How long what this instance learned of a room or of a member's unread rooms is trusted (see
 * `remember`): the changes this module is not told of (none known) are corrected within this.
 */
export const KEPT_FOR_MS = 60_000;

export interface ChatEvents {
  /**
   * A message was stored (called in store order): its room as the store statement left it, then
   * `event:room` soon for both members. `since`: when its SEND was taken up.
   */
  stored(room: StoredRoom, message: { senderId: number; content: string; createdMs: number }, since: number): void;
  /**
   * `event:read` on the room for the friend's sessions, then `event:room` to the reader (their unread count changed).
   * `moved`: the read statement's room and when the read was taken up (a read over STOMP); a read
   * made elsewhere (REST) is `forget`-ed first instead.
   */
  read(roomId: number, memberId: number, lastReadMessageId: string, moved?: { room: RoomUnread; since: number }): void;
  /** `event:typing` on the room, for the other member's sessions only. */
  typing(roomId: number, memberId: number): void;
  /** The room changed for these members (default both): each gets `event:room` soon, once. */
  roomChanged(roomId: number, memberIds?: readonly number[]): void;
  /**
   * Something this module did not write changed which rooms count or their counters (a read over
   * REST, leaving or re-opening a room, a block, a suspension and their ends): what was kept of
   * these members and this room (default: of everyone) is asked of the database again. Rows of
   * statements taken up before this moment are not kept either.
   */
  forget(memberIds?: readonly number[], roomId?: number): void;
}

export interface ChatEventsOptions {
  /**
   * False when no session anywhere can be listening on this member's queue: nothing is computed
   * for them (the app fetches its chat list when it subscribes). Default: everyone may be.
   */
  listening?: (memberId: number) => boolean;
  /** ROOM_EVENT_ROUND_MS for the database in use. */
  roundMs?: number;
  /**
   * This instance writes every message and read (one instance, no Redis): rooms and unread rows
   * learned from `event:room`'s statement are kept and followed from the store and read
   * statements' own rows, so a room is told without a statement (decision 0036). With other
   * instances writing too, every round asks the database.
   */
  remember?: boolean;
}

/** A room's chat-list line as last learned whole (a store statement or the query), and when. */
interface KeptRoom {
  summary: RoomSummary;
  at: number;
}

/** A member's unread count per room that counts towards their total, as of `at` (the query) and followed since. */
interface KeptMember {
  rooms: Map<number, number>;
  at: number;
}

/** One `event:room` frame to send. */
interface Told {
  room: RoomSummary;
  memberId: number;
  unreadCount: number;
  total: number;
}

/** Both sides of a room: who, whether they left, their unread count there. */
const sidesOf = (room: Pick<RoomSummary, 'memberA' | 'memberB' | 'aLeft' | 'bLeft' | 'aUnread' | 'bUnread'>) => [
  { memberId: room.memberA, left: room.aLeft, unreadCount: room.aUnread },
  { memberId: room.memberB, left: room.bLeft, unreadCount: room.bUnread },
];

/** The sides of a room to tell: not left, and named (or 'both'). */
const sidesToTell = (room: RoomSummary, who: Set<number> | 'both') => sidesOf(room).filter((side) => !side.left && (who === 'both' || who.has(side.memberId)));

/**
 * Section 17 events, published through the broker so every instance delivers them. `event:room`
 * needs the unread counts: a room's changes are gathered (ROOM_EVENT_INTERVAL_MS) and answered in
 * rounds (ROOM_EVENT_ROUND_MS), from what is kept (`remember`) or else a chunk of rooms per query,
 * one at a time so a member never gets an older state after a newer.
 */
export function chatEvents(
  repo: Pick<ChatRepo, 'roomEvents'>,
  broker: Broker,
  logger: RealtimeLogger,
  track: <T>(p: Promise<T>) => Promise<T>,
  { listening = () => true, roundMs = ROOM_EVENT_ROUND_MS.oneThread, remember = false }: ChatEventsOptions = {},
): ChatEvents {
  /** Room → the members to tell ('both' = both participants who have not left). */
  const pending = new Map<number, Set<number> | 'both'>();
  /** Room → when its last `event:room` round began; only rooms told within ROOM_EVENT_INTERVAL_MS. */
  const toldAt = new Map<number, number>();
  let flushing = false;
  let lastRoundAt = -Infinity;

  // What is kept (only with `remember`), and the last `forget`: rows of a statement taken up
  // before it may predate the change it announced, so they are not kept.
  const keptRooms = new Map<number, KeptRoom>();
  const keptMembers = new Map<number, KeptMember>();
  let forgottenAt = -Infinity;
  let sweptAt = -Infinity;
  /** Rooms a round has taken, until its frames for them are out: nothing else tells them meanwhile. */
  const inRound = new Set<number>();

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
    if (now - sweptAt >= KEPT_FOR_MS) {
      sweptAt = now;
      for (const [id, kept] of keptRooms) if (now - kept.at >= KEPT_FOR_MS) keptRooms.delete(id);
      for (const [id, kept] of keptMembers) if (now - kept.at >= KEPT_FOR_MS) keptMembers.delete(id);
    }
    const due = [...pending].filter(([roomId]) => !toldAt.has(roomId));
    for (const [roomId] of due) {
      pending.delete(roomId);
      toldAt.set(roomId, now);
    }
    return due;
  }

  /** A kept member's rooms, while they may be trusted. */
  function keptMember(memberId: number, now: number): KeptMember | undefined {
    const kept = keptMembers.get(memberId);
    return kept && now - kept.at < KEPT_FOR_MS ? kept : undefined;
  }

  /**
   * Follows one room's counter for a kept member. `mayCount`: the room counts for them if it has
   * unread messages (the caller knows it); otherwise a room not kept stays out, for it was either
   * at zero or does not count (a read only ever lowers a counter).
   */
  function follow(memberId: number, roomId: number, unread: number, left: boolean, mayCount: boolean): void {
    const kept = keptMembers.get(memberId);
    if (!kept) return;
    if (left || unread === 0) kept.rooms.delete(roomId);
    else if (mayCount || kept.rooms.has(roomId)) kept.rooms.set(roomId, unread);
  }

  /**
   * The members to tell: named ones nobody listens for are dropped ('both' names nobody before the
   * query); undefined when no one is left.
   */
  function listeners(who: Set<number> | 'both'): Set<number> | 'both' | undefined {
    if (who === 'both') return who;
    const to = new Set([...who].filter(listening));
    return to.size > 0 ? to : undefined;
  }

  /** A room's frames from what is kept, or undefined when the room or a member to tell is not kept. */
  function fromKept(roomId: number, who: Set<number> | 'both', now: number): Told[] | undefined {
    const room = keptRooms.get(roomId);
    if (!room || now - room.at >= KEPT_FOR_MS) return undefined;
    const sides = sidesToTell(room.summary, who);
    const members = sides.map((side) => keptMember(side.memberId, now));
    if (members.some((m) => m === undefined)) return undefined;
    return sides.map((side, i) => ({ room: room.summary, memberId: side.memberId, unreadCount: side.unreadCount, total: sumOf(members[i]!.rooms) }));
  }

  /** Rooms with a message broadcast in this turn, to tell with it (tellWithMessage). */
  const riding = new Set<number>();
  function ride(): void {
    for (const roomId of riding) tellWithMessage(roomId);
    riding.clear();
  }

  /** A room changed by a message being broadcast now: told now if it is (nearly) due and kept. */
  function tellWithMessage(roomId: number): void {
    const now = performance.now();
    const who = pending.get(roomId);
    if (!who || inRound.has(roomId) || dueAt(roomId) - ROOM_EVENT_RIDE_MS > now) return;
    const to = listeners(who);
    const told = to ? fromKept(roomId, to, now) : [];
    if (!told) return;
    pending.delete(roomId);
    toldAt.set(roomId, now);
    for (const frame of told) publish(frame);
  }

  async function flush(rounds: Array<[number, Set<number> | 'both']>): Promise<void> {
    // A room left with no one to tell is dropped: its statement is not run.
    const due = rounds.flatMap(([roomId, who]): Array<[number, Set<number> | 'both']> => {
      const to = listeners(who);
      return to ? [[roomId, to]] : [];
    });
    for (const [roomId] of due) inRound.add(roomId);
    try {
      // Rooms whose every member to tell is kept are told from memory; the others are asked.
      const now = performance.now();
      const fromMemory: Told[] = [];
      const asked = due.filter(([roomId, who]) => {
        const told = fromKept(roomId, who, now);
        if (told) fromMemory.push(...told);
        return told === undefined;
      });
      await publishAll(fromMemory);
      for (let at = 0; at < asked.length; at += ROOM_EVENT_CHUNK) {
        // Chunks, each its own statement, a turn of the event loop apart: messages stored meanwhile
        // go between them on the database thread instead of waiting behind one long statement.
        if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        await flushRooms(new Map(asked.slice(at, at + ROOM_EVENT_CHUNK)));
      }
    } finally {
      for (const [roomId] of due) inRound.delete(roomId);
    }
  }

  /** One `event:room` frame. */
  function publish({ room, memberId, unreadCount, total }: Told): void {
    const event: RoomEvent = {
      roomId: room.id,
      lastMessage: room.lastMessage,
      lastMessageSentAt: room.lastMessageMs === null ? null : seoulHourMinute(room.lastMessageMs),
      lastMessageAt: room.lastMessageMs === null ? null : seoulIso(room.lastMessageMs),
      unreadCount,
      totalUnreadCount: total,
    };
    broker.publish(memberRoute(memberId), JSON.stringify(event), { 'content-type': JSON_TYPE, [STOMP_HEADERS.event]: CHAT_EVENT.room });
  }

  /** A round's frames, ROOM_EVENTS_PER_TURN a turn of the event loop. */
  async function publishAll(told: readonly Told[]): Promise<void> {
    for (const [i, frame] of told.entries()) {
      if (i > 0 && i % ROOM_EVENTS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      publish(frame);
    }
  }

  async function flushRooms(batch: Map<number, Set<number> | 'both'>): Promise<void> {
    try {
      // Rows for every named member and both participants of a 'both' room; a side that has
      // left the room (the query says) is told nothing.
      const named = new Set<number>();
      for (const who of batch.values()) if (who !== 'both') for (const id of who) named.add(id);
      const both = [...batch].filter(([, who]) => who === 'both').map(([roomId]) => roomId);
      const askedAt = performance.now();
      const { rooms, unread } = await repo.roomEvents([...batch.keys()], [...named], both);
      if (remember && askedAt > forgottenAt) {
        for (const room of rooms) keptRooms.set(room.id, { summary: room, at: askedAt });
        for (const [memberId, counted] of unread) keptMembers.set(memberId, { rooms: counted, at: askedAt });
      }
      const told = rooms.flatMap((room) => {
        const who = batch.get(room.id)!;
        return sidesToTell(room, who).map((side): Told => {
          const counted = unread.get(side.memberId);
          return { room, memberId: side.memberId, unreadCount: side.unreadCount, total: counted ? sumOf(counted) : side.unreadCount };
        });
      });
      await publishAll(told);
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

  /** Rows that may predate a `forget`: what they touch is asked of the database again. */
  function dropRoom(room: RoomUnread): void {
    keptRooms.delete(room.id);
    keptMembers.delete(room.memberA);
    keptMembers.delete(room.memberB);
  }

  const events: ChatEvents = {
    stored(room, message, since) {
      if (remember) {
        if (since <= forgottenAt) dropRoom(room);
        else {
          keptRooms.set(room.id, { summary: { ...room, lastMessage: message.content, lastMessageMs: message.createdMs }, at: performance.now() });
          // The sender's friend has a new unread message in a room that counts for them: not left
          // (the row says), no block (the statement refused it), the sender not suspended (a
          // suspension is forgotten). The sender's own side counts only if it was counted already.
          for (const side of sidesOf(room)) follow(side.memberId, room.id, side.unreadCount, side.left, side.memberId !== message.senderId);
        }
      }
      events.roomChanged(room.id, [room.memberA, room.memberB]);
      if (remember) {
        // After the rest of this batch's messages (a microtask: the same turn, before session.ts
        // uncorks), so a room with several of them is told with its newest.
        if (riding.size === 0) queueMicrotask(ride);
        riding.add(room.id);
      }
    },
    read(roomId, memberId, lastReadMessageId, moved) {
      const event: ReadEvent = { memberId, lastReadMessageId };
      // To the friend's sessions only: the `1`s it clears are beside the friend's messages, and the
      // reader's own sessions learn their new counts from `event:room`. bench/chat.ts: the reader's
      // copies were 1,100 frames a 10,000 messages that every receiving phone parsed and dropped (decision 0036).
      broker.publish(roomTopic(roomId), JSON.stringify(event), {
        'content-type': JSON_TYPE,
        [STOMP_HEADERS.event]: CHAT_EVENT.read,
        [EXCEPT_MEMBER_HEADER]: String(memberId),
      });
      if (remember && moved) {
        const { room, since } = moved;
        if (since <= forgottenAt) dropRoom(room);
        else {
          const kept = keptRooms.get(room.id);
          if (kept) kept.summary = { ...kept.summary, aUnread: room.aUnread, bUnread: room.bUnread };
          follow(room.memberA, room.id, room.aUnread, false, false);
          follow(room.memberB, room.id, room.bUnread, false, false);
        }
      }
      events.roomChanged(roomId, [memberId]);
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
    forget(memberIds, roomId) {
      forgottenAt = performance.now();
      if (memberIds === undefined) {
        keptRooms.clear();
        keptMembers.clear();
        return;
      }
      for (const id of memberIds) keptMembers.delete(id);
      if (roomId !== undefined) keptRooms.delete(roomId);
    },
  };
  return events;
}
