import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENT, MEMBER_QUEUE, roomPublish, STOMP_HEADERS } from '../../contract/stomp';
import { acceptMatch, email } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { bearer, newMember, POSTGRES_AVAILABLE, REDIS_AVAILABLE, startTwoInstances, type Session, type TestServer } from './harness';

/**
 * A suspension, its 정지 해제 and its end (contract section 16) change which rooms count towards
 * the suspended member's friends' unread totals (section 17). A friend's open app learns it from
 * `event:room` on its member queue, whichever instance it is connected to: here the operator and
 * the scheduler's job act on instance A, the friend's socket is on instance B. The suspended
 * member's own socket on B is told until when.
 */
const OPERATOR = 'ops@catholic.ac.kr';
const json = (content: string) => JSON.stringify({ content });
const settle = () => new Promise((r) => setTimeout(r, 1000));

interface RoomEvent {
  roomId: number;
  unreadCount: number;
  totalUnreadCount: number;
}

describe.runIf(POSTGRES_AVAILABLE && REDIS_AVAILABLE)('a suspension and its end reach the friends’ unread totals on every instance [postgres + redis]', () => {
  let a: TestServer;
  let b: TestServer;
  const clients: ChatClient[] = [];
  const track = (c: ChatClient) => (clients.push(c), c);

  beforeAll(async () => {
    ({ a, b } = await startTwoInstances({ ADMIN_EMAILS: OPERATOR }));
    // The suspension's end runs where the test says (on A), not on whichever instance polls first.
    await a.app.scheduler.stop();
    await b.app.scheduler.stop();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await b?.close();
    await a?.close();
  });

  it('suspended, reinstated by 정지 해제, suspended for 7일 and ended by the job on A: the friend on B gets event:room with the new total each time', async () => {
    const op = await newMember(a.app, OPERATOR, { membername: '운영자' });
    const friend = await newMember(a.app, email('friend'), { membername: '친구' });
    const target = await newMember(a.app, email('target'), { membername: '대상' });
    const other = await newMember(a.app, email('other'), { membername: '다른' });
    await acceptMatch(a.database.db, target.memberId, friend.memberId);
    await acceptMatch(a.database.db, other.memberId, friend.memberId);
    const open = async (who: Session) =>
      (await a.app.inject({ method: 'POST', url: `/api/chatrooms?friendId=${friend.memberId}`, headers: bearer(who) })).json().result.chatRoomId as number;
    const targetRoom = await open(target);
    const otherRoom = await open(other);
    const urlA = await stompUrl(a.app);
    const fromTarget = track(await ChatClient.connect(urlA, target.token));
    const fromOther = track(await ChatClient.connect(urlA, other.token));
    await fromTarget.send(roomPublish(targetRoom), json('하나'));
    await fromTarget.send(roomPublish(targetRoom), json('둘'));
    await fromOther.send(roomPublish(otherRoom), json('셋'));
    const totalOnB = async () => (await b.app.inject({ url: '/api/chatrooms/unread', headers: bearer(friend) })).json().result.unreadCount as number;
    expect(await totalOnB()).toBe(3);

    // The friend's app, on instance B, listens to its queue; what the sends announced is over.
    const queue = track(await ChatClient.connect(await stompUrl(b.app), friend.token));
    await queue.subscribe(MEMBER_QUEUE);
    await settle();
    queue.events.length = 0;
    /** What the friend's queue hears after `act` (no message is sent meanwhile), then cleared. */
    const heardAfter = async (what: string, act: () => Promise<unknown>) => {
      await act();
      await waitUntil(() => queue.events.length > 0, 5000, `event:room on B after ${what}`);
      await settle();
      const heard = queue.eventBodies(CHAT_EVENT.room) as RoomEvent[];
      queue.events.length = 0;
      return heard;
    };
    const admin = (method: 'POST', path: string, payload?: object) =>
      a.app.inject({ method, url: path, headers: bearer(op), ...(payload ? { payload } : {}) }).then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.json().result as { suspendedUntil?: string | null };
      });
    // The target's own app is on B too.
    const targetOnB = track(await ChatClient.connect(await stompUrl(b.app), target.token));

    // Suspended (7일) on A: the target's room counts no more for the friend.
    let suspendedUntil: string | null | undefined;
    const suspend = async () => {
      ({ suspendedUntil } = await admin('POST', `/api/admin/members/${target.memberId}/suspend`, { reason: '노쇼', days: 7 }));
    };
    expect(await heardAfter('the suspension', suspend)).toMatchObject([{ roomId: targetRoom, lastMessage: '둘', unreadCount: 2, totalUnreadCount: 1 }]);
    expect(await totalOnB()).toBe(1);
    // The target's socket on B is closed with an ERROR that says until when (section 16, extension).
    await waitUntil(() => targetOnB.closed, 3000, 'the target’s socket on B closed');
    expect(suspendedUntil).toEqual(expect.any(String));
    expect(targetOnB.errors.map((e) => [e.headers.code, e.headers[STOMP_HEADERS.suspendedUntilMs]])).toEqual([
      ['AUTH_403_DISABLED', String(Date.parse(suspendedUntil!))],
    ]);

    // 정지 해제 on A: it counts again.
    expect(await heardAfter('정지 해제', () => admin('POST', `/api/admin/members/${target.memberId}/reinstate`))).toMatchObject([
      { roomId: targetRoom, unreadCount: 2, totalUnreadCount: 3 },
    ]);

    // Suspended again, and the week passes: the job on A reinstates, and the friend on B hears it.
    expect(await heardAfter('the second suspension', suspend)).toMatchObject([{ roomId: targetRoom, totalUnreadCount: 1 }]);
    await a.database.db.execute(sql`with moved as (
                                      update member_suspensions set created_at = created_at - interval '30 days', suspended_until = suspended_until - interval '30 days'
                                       where member_id = ${target.memberId} returning member_id)
                                    update jobs set run_at = run_at - interval '30 days' where dedupe_key like ${`suspension-end:${target.memberId}:%`}`);
    expect(await heardAfter('the end of the 정지', () => a.app.scheduler.runDue())).toMatchObject([
      { roomId: targetRoom, unreadCount: 2, totalUnreadCount: 3 },
    ]);
    expect(await totalOnB()).toBe(3);
  });
});
