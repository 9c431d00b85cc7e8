// The pace of `event:room` (server/modules/chat/events.ts), with a database stand-in and fake
// clocks: when each room's chat-list update goes out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatEvents, ROOM_EVENT_INTERVAL_MS } from '../../server/modules/chat/events';
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
      return Promise.resolve({ rooms, totals: new Map<number, number>() });
    },
  };
  const broker = { publish() {} } as unknown as Broker;
  const quiet = { info() {}, warn() {}, error() {} };
  return { statements, events: chatEvents(repo, broker, quiet, (p) => p, listening) };
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
