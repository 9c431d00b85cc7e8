// The pace of `event:room` (server/modules/chat/events.ts), with a database stand-in and fake
// clocks: when each room's chat-list update goes out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatEvents, KEPT_FOR_MS, memberRoute, ROOM_EVENT_INTERVAL_MS, ROOM_EVENT_RIDE_MS } from '../../server/modules/chat/events';
import type { ChatRepo } from '../../server/modules/chat/repo';
import type { Broker } from '../../server/realtime';

function standIn(listening?: (memberId: number) => boolean) {
  /** Each `event:room` statement: when it ran and for which rooms. */
  const statements: Array<{ at: number; roomIds: number[] }> = [];
  const repo: Pick<ChatRepo, 'roomEvents'> = {
    roomEvents(roomIds) {
      statements.push({ at: performance.now(), roomIds: [...roomIds] });
      const rooms = roomIds.map((id) => ({
        id,
        memberA: id * 10 + 1,
        memberB: id * 10 + 2,
        aLeft: false,
        bLeft: false,
        lastMessage: '안녕',
        lastMessageMs: 0,
        aUnread: 0,
        bUnread: 1,
      }));
      return Promise.resolve({ rooms, unread: new Map<number, Map<number, number>>() });
    },
  };
  const broker = { publish() {} } as unknown as Broker;
  const quiet = { info() {}, warn() {}, error() {} };
  return { statements, events: chatEvents(repo, broker, quiet, (p) => p, { listening }) };
}

/** Moves the fake clock to `ms` after the test's start, running what falls due on the way. */
const until = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms - performance.now());
};
/** Each room's `event:room` times. */
const toldAt = (statements: Array<{ at: number; roomIds: number[] }>, roomId: number) => statements.filter((s) => s.roomIds.includes(roomId)).map((s) => s.at);

describe('event:room pacing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'], now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells a quiet room at once while a busy room waits out its own interval', async () => {
    const { statements, events } = standIn();
    events.roomChanged(1);
    await until(20);
    events.roomChanged(1); // room 1 was told at 0: its next event waits out the interval
    await until(100);
    events.roomChanged(2); // room 2 has not been told: now, not with room 1 later
    await until(ROOM_EVENT_INTERVAL_MS + 200);
    // Each within a turn of the (fake) event loop of when it is due.
    const due = [0, 100, ROOM_EVENT_INTERVAL_MS];
    expect(statements.map((s) => s.roomIds)).toEqual([[1], [2], [1]]);
    expect(statements.every((s, i) => s.at - due[i]! >= 0 && s.at - due[i]! <= 2)).toBe(true);
  });

  it('computes nothing for members nobody listens for; a room changed for both without names is always computed', async () => {
    // Room 1's members (11, 12) have no session on their queue; room 2's member 22 has one.
    const { statements, events } = standIn((memberId) => memberId === 22);
    events.roomChanged(1, [11, 12]);
    events.roomChanged(2, [21, 22]);
    await until(100);
    events.roomChanged(3);
    await until(400);
    expect(statements.map((s) => s.roomIds)).toEqual([[2], [3]]);
  });

  it('tells a busy room at most once per interval and at most 50 ms beyond it after a change; rounds are 50 ms apart or more', async () => {
    const { statements, events } = standIn();
    // Ten rooms, each changed every 100 ms, 10 ms after the one before it, for two seconds.
    const lastChange = new Map<number, number>();
    for (let t = 0; t < 4 * ROOM_EVENT_INTERVAL_MS; t += 10) {
      const roomId = (t / 10) % 10;
      events.roomChanged(roomId);
      lastChange.set(roomId, t);
      await until(t + 10);
    }
    await until(5 * ROOM_EVENT_INTERVAL_MS);
    for (let roomId = 0; roomId < 10; roomId++) {
      const times = toldAt(statements, roomId);
      const gaps = times.slice(1).map((at, i) => at - times[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(ROOM_EVENT_INTERVAL_MS);
      // Its last change is told, and no later than a round after the interval.
      expect(times.at(-1)! - lastChange.get(roomId)!).toBeGreaterThanOrEqual(0);
      expect(times.at(-1)! - lastChange.get(roomId)!).toBeLessThanOrEqual(ROOM_EVENT_INTERVAL_MS + 50);
    }
    const rounds = [...new Set(statements.map((s) => s.at))];
    expect(Math.min(...rounds.slice(1).map((at, i) => at - rounds[i]!))).toBeGreaterThanOrEqual(50);
    // The rooms come due at different moments, so the rounds are smaller than all ten at once.
    expect(Math.max(...statements.map((s) => s.roomIds.length))).toBeLessThan(10);
  });
});

describe('event:room from what is kept (one instance)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'], now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Room 1 of members 11 and 12; member 12 also has 3 unread in room 5. */
  function keeping(remember: boolean) {
    const asked: number[][] = [];
    const told: Array<{ to: string; roomId: number; lastMessage: string | null; unreadCount: number; totalUnreadCount: number }> = [];
    const repo: Pick<ChatRepo, 'roomEvents'> = {
      roomEvents(roomIds) {
        asked.push([...roomIds]);
        const rooms = roomIds.map((id) => ({
          id,
          memberA: 11,
          memberB: 12,
          aLeft: false,
          bLeft: false,
          lastMessage: '처음',
          lastMessageMs: 0,
          aUnread: 0,
          bUnread: 1,
        }));
        const unread = new Map([
          [11, new Map<number, number>()],
          [12, new Map([...roomIds.map((id): [number, number] => [id, 1]), [5, 3]])],
        ]);
        return Promise.resolve({ rooms, unread });
      },
    };
    const broker = {
      publish: (to: string, body: string) => told.push({ to, ...JSON.parse(body) }),
    } as unknown as Broker;
    const quiet = { info() {}, warn() {}, error() {} };
    const events = chatEvents(repo, broker, quiet, (p) => p, { remember });
    const room = (aUnread: number, bUnread: number) => ({ id: 1, memberA: 11, memberB: 12, aLeft: false, bLeft: false, aUnread, bUnread });
    const lastTo = (memberId: number) => told.filter((t) => t.to === memberRoute(memberId)).at(-1);
    return { asked, told, events, room, lastTo };
  }

  it.each([
    ['kept and followed', true],
    ['asked every time (other instances write too)', false],
  ])("tells a room again from the store and read statements' rows, with no statement of its own: %s", async (_, remember) => {
    const { asked, events, room, lastTo } = keeping(remember);
    events.roomChanged(1, [11, 12]);
    await until(100);
    expect(lastTo(12)).toMatchObject({ roomId: 1, lastMessage: '처음', unreadCount: 1, totalUnreadCount: 4 });
    // 11 writes twice more; then 12 reads everything.
    events.stored(room(0, 3), { senderId: 11, content: '또', createdMs: 60_000 }, performance.now());
    await until(ROOM_EVENT_INTERVAL_MS + 150);
    if (remember) {
      expect(lastTo(12)).toMatchObject({ lastMessage: '또', unreadCount: 3, totalUnreadCount: 6 });
      expect(lastTo(11)).toMatchObject({ lastMessage: '또', unreadCount: 0, totalUnreadCount: 0 });
    }
    events.read(1, 12, '9', { room: room(0, 0), since: performance.now() });
    await until(2 * ROOM_EVENT_INTERVAL_MS + 150);
    if (remember) {
      expect(lastTo(12)).toMatchObject({ lastMessage: '또', unreadCount: 0, totalUnreadCount: 3 });
      expect(asked).toEqual([[1]]);
    } else expect(asked).toEqual([[1], [1], [1]]);
  });

  it('tells a kept room that is (nearly) due in the turn of its message, so its frames leave with the message', async () => {
    const { asked, told, events, room, lastTo } = keeping(true);
    events.roomChanged(1, [11, 12]);
    await until(100);
    // Told at 0: ROOM_EVENT_RIDE_MS before it is due, it waits for its round.
    events.stored(room(0, 2), { senderId: 11, content: '둘', createdMs: 1 }, performance.now());
    await until(ROOM_EVENT_INTERVAL_MS - ROOM_EVENT_RIDE_MS - 20);
    events.stored(room(0, 3), { senderId: 11, content: '셋', createdMs: 2 }, performance.now());
    expect(lastTo(12)).toMatchObject({ lastMessage: '처음' });
    // Now it is due within ROOM_EVENT_RIDE_MS: told in the same turn, before any timer runs.
    await until(ROOM_EVENT_INTERVAL_MS - ROOM_EVENT_RIDE_MS + 20);
    const before = told.length;
    // One batch with two messages in the room (both results carry the batch's counters): told once, with the newer.
    events.stored(room(0, 5), { senderId: 11, content: '넷', createdMs: 3 }, performance.now());
    events.stored(room(0, 5), { senderId: 11, content: '다섯', createdMs: 4 }, performance.now());
    await Promise.resolve();
    expect(told.length).toBe(before + 2);
    expect(lastTo(12)).toMatchObject({ lastMessage: '다섯', unreadCount: 5, totalUnreadCount: 8 });
    expect(lastTo(11)).toMatchObject({ lastMessage: '다섯', unreadCount: 0, totalUnreadCount: 0 });
    // Nothing left for the round at 500.
    const count = asked.length;
    await until(2 * ROOM_EVENT_INTERVAL_MS);
    expect(told.length).toBe(before + 2);
    expect(asked).toHaveLength(count);
  });

  it('asks again after a forget, and keeps nothing from rows of statements taken up before it', async () => {
    const { asked, events, room, lastTo } = keeping(true);
    events.roomChanged(1, [11, 12]);
    await until(100);
    // A send taken up before 12 read the room over REST, stored after it: its rows may predate the read.
    const since = performance.now();
    await until(200);
    events.forget([12], 1);
    events.read(1, 12, '7');
    events.stored(room(0, 2), { senderId: 11, content: '또', createdMs: 60_000 }, since);
    await until(ROOM_EVENT_INTERVAL_MS + 150);
    expect(asked).toEqual([[1], [1]]);
    // What the database said (its stand-in: 1 here, 3 in room 5), not the rows.
    expect(lastTo(12)).toMatchObject({ lastMessage: '처음', unreadCount: 1, totalUnreadCount: 4 });
    // Rows taken up after the forget are kept again.
    events.stored(room(0, 2), { senderId: 11, content: '셋', createdMs: 61_000 }, performance.now());
    await until(2 * ROOM_EVENT_INTERVAL_MS + 200);
    expect(asked).toEqual([[1], [1]]);
    expect(lastTo(12)).toMatchObject({ lastMessage: '셋', unreadCount: 2, totalUnreadCount: 5 });
  });

  it('asks again once what it kept is KEPT_FOR_MS old', async () => {
    const { asked, events, room } = keeping(true);
    events.roomChanged(1, [11, 12]);
    await until(100);
    events.stored(room(0, 2), { senderId: 11, content: '또', createdMs: 60_000 }, performance.now());
    await until(KEPT_FOR_MS + 100);
    expect(asked).toEqual([[1]]);
    events.stored(room(0, 3), { senderId: 11, content: '셋', createdMs: 120_000 }, performance.now());
    await until(KEPT_FOR_MS + ROOM_EVENT_INTERVAL_MS + 200);
    expect(asked).toEqual([[1], [1]]);
  });
});
