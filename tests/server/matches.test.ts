import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatNotificationTime } from '../../contract/notifications';
import { matches, members, notifications } from '../../server/db/schema';
import { bitmapDrift, call, describeApi, email, type ApiServer } from './api-harness';
import { newMember, signIn, type Session } from './harness';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function myPage(app: ApiServer['app'], s: Session) {
  return (await call(app, s.token, 'GET', '/api/members/mypage')).body.result as { completed: number; requested: number; received: number };
}

async function pushesTo(server: ApiServer, token: string) {
  await server.app.ready();
  // Pushes go out after the response; wait for them like a device would.
  for (let i = 0; i < 100 && !server.push.sent.some((p) => p.token === token); i++) await new Promise((r) => setTimeout(r, 10));
  return server.push.sent.filter((p) => p.token === token);
}

describeApi('matches and notifications (contract sections 5, 6, 12)', (server) => {
  describe('POST /api/matches', () => {
    it('creates a request, notifies the target in-app and by push', async () => {
      const s = server();
      const a = await newMember(s.app, email(), { membername: '김요청' });
      const b = await newMember(s.app, email());
      await call(s.app, b.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${b.memberId}` });
      const res = await call(s.app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.result).sort()).toEqual(['createdAt', 'id', 'status']);
      expect(res.body.result.status).toBe('REQUESTED');
      expect(res.body.result.createdAt).toMatch(ISO);
      expect(typeof res.body.result.id).toBe('number');

      const list = (await call(s.app, b.token, 'GET', '/api/notifications')).body.result;
      expect(list.notifications).toHaveLength(1);
      expect(list.notifications[0]).toMatchObject({
        type: 'MATCH_REQUEST',
        content: '김요청님이 런치챗을 요청했어요!',
        isRead: false,
        senderMembername: '김요청',
        senderProfileImageUrl: null,
      });
      const pushes = await pushesTo(s, `device-${b.memberId}`);
      expect(pushes.map((p) => p.data)).toEqual([
        {
          title: '새 런치챗 요청',
          body: '김요청님이 런치챗을 요청했어요!',
          type: 'MATCH_REQUEST',
          senderId: String(a.memberId),
          senderMembername: '김요청',
          url: '/matching?selectTab=RECEIVED',
        },
      ]);
      expect(await myPage(s.app, a)).toMatchObject({ requested: 1, received: 0, completed: 0 });
      expect(await myPage(s.app, b)).toMatchObject({ requested: 0, received: 1, completed: 0 });
    });

    it('rejects self, repeats in either direction, unknown and unfinished members, bad bodies', async () => {
      const { app } = server();
      const a = await newMember(app, email());
      const b = await newMember(app, email());
      const pending = await signIn(app, email());
      await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
      for (const [who, body, status, code] of [
        [a, { toMemberId: a.memberId }, 400, 'MATCH_400'],
        [a, { toMemberId: b.memberId }, 400, 'MATCH_400'],
        [b, { toMemberId: a.memberId }, 400, 'MATCH_400'],
        [a, { toMemberId: 987654 }, 404, 'USER_404'],
        [a, { toMemberId: 2 ** 31 + 5 }, 404, 'USER_404'],
        [a, { toMemberId: pending.memberId }, 404, 'USER_404'],
        [pending, { toMemberId: a.memberId }, 400, 'MATCH_400'],
        [a, { toMemberId: 0 }, 400, 'COMMON400'],
        [a, { toMemberId: -3 }, 400, 'COMMON400'],
        [a, { toMemberId: 1.5 }, 400, 'COMMON400'],
        [a, { toMemberId: 'abc' }, 400, 'COMMON400'],
        [a, {}, 400, 'COMMON400'],
      ] as const) {
        const res = await call(app, who.token, 'POST', '/api/matches', body);
        expect([res.status, res.body.code], JSON.stringify(body)).toEqual([status, code]);
      }
      // A digit string is a member id too (older clients).
      const c = await newMember(app, email());
      expect((await call(app, a.token, 'POST', '/api/matches', { toMemberId: String(c.memberId) })).status).toBe(200);
      expect(await myPage(app, a)).toMatchObject({ requested: 2 });
    });
  });

  describe('PATCH /api/matches/accept/{otherMemberId}', () => {
    it('accepts the request from that member, notifies the requester, moves both to ACCEPTED', async () => {
      const s = server();
      const a = await newMember(s.app, email());
      const b = await newMember(s.app, email(), { membername: '이수락' });
      await call(s.app, a.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${a.memberId}` });
      await call(s.app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
      const res = await call(s.app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
      expect(res.body).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.', result: 'MATCH_ACCEPT_SUCCESS' });
      const note = (await call(s.app, a.token, 'GET', '/api/notifications')).body.result.notifications[0];
      expect(note).toMatchObject({ type: 'MATCH_ACCEPTED', content: '이수락님이 런치챗을 수락했어요!', senderMembername: '이수락' });
      const pushes = await pushesTo(s, `device-${a.memberId}`);
      expect(pushes.map((p) => [p.data.type, p.data.url])).toEqual([['MATCH_ACCEPTED', '/matching?selectTab=ACCEPTED']]);
      expect(await myPage(s.app, a)).toMatchObject({ requested: 0, received: 0, completed: 1 });
      expect(await myPage(s.app, b)).toMatchObject({ requested: 0, received: 0, completed: 1 });
      for (const who of [a, b]) {
        const accepted = (await call(s.app, who.token, 'GET', '/api/matches?status=ACCEPTED')).body.result;
        expect(accepted.data.map((m: { matchedUser: { id: number } }) => m.matchedUser.id)).toEqual([who === a ? b.memberId : a.memberId]);
      }
    });

    it('none → MATCH_404 (also the requester "accepting" their own request), not REQUESTED → MATCH_400', async () => {
      const { app } = server();
      const a = await newMember(app, email());
      const b = await newMember(app, email());
      await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
      for (const [who, other, status, code] of [
        [a, b.memberId, 404, 'MATCH_404'],
        [b, 987654, 404, 'MATCH_404'],
        [b, 99999999999, 404, 'MATCH_404'],
        [b, 0, 404, 'MATCH_404'],
      ] as const) {
        const res = await call(app, who.token, 'PATCH', `/api/matches/accept/${other}`);
        expect([res.status, res.body.code]).toEqual([status, code]);
      }
      expect((await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`)).status).toBe(200);
      const again = await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
      expect([again.status, again.body.code]).toEqual([400, 'MATCH_400']);
      const bad = await call(app, b.token, 'PATCH', '/api/matches/accept/abc');
      expect([bad.status, bad.body.code]).toEqual([400, 'COMMON400']);
      // A request between members who are already matched is refused too.
      const repeat = await call(app, b.token, 'POST', '/api/matches', { toMemberId: a.memberId });
      expect([repeat.status, repeat.body.code]).toEqual([400, 'MATCH_400']);
    });
  });

  describe('GET /api/matches', () => {
    it('pages REQUESTED (sent), RECEIVED and ACCEPTED, newest first, with the matched member', async () => {
      const { app } = server();
      const me = await newMember(app, email());
      const others: Session[] = [];
      for (let i = 0; i < 5; i++) others.push(await newMember(app, email(), { membername: `상대${i}`, studentNo: '21' }));
      await call(app, others[0]!.token, 'PATCH', '/api/members/keywords', {
        keywords: [
          { type: 'INTEREST', title: '독서', description: '책' },
          { type: 'EXPRESS', title: '열정', description: '열정' },
          { type: 'GOAL', title: '토익', description: '시험' },
        ],
      });
      for (const o of others.slice(0, 3)) await call(app, me.token, 'POST', '/api/matches', { toMemberId: o.memberId });
      for (const o of others.slice(3)) await call(app, o.token, 'POST', '/api/matches', { toMemberId: me.memberId });

      const sent = (await call(app, me.token, 'GET', '/api/matches?status=REQUESTED&page=0&size=2')).body.result;
      expect(sent.meta).toEqual({ currentPage: 0, pageSize: 2, totalItems: 3, totalPages: 2, hasNext: true });
      expect(sent.data.map((m: { matchedUser: { id: number } }) => m.matchedUser.id)).toEqual([others[2]!.memberId, others[1]!.memberId]);
      const page2 = (await call(app, me.token, 'GET', '/api/matches?status=REQUESTED&page=1&size=2')).body.result;
      expect(page2.meta).toEqual({ currentPage: 1, pageSize: 2, totalItems: 3, totalPages: 2, hasNext: false });
      const item = page2.data[0];
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'matchedUser']);
      expect(item.createdAt).toMatch(ISO);
      expect(item.matchedUser).toEqual({
        id: others[0]!.memberId,
        memberName: '상대0',
        studentNo: '21',
        department: expect.any(String),
        profileImageUrl: null,
        userKeywords: [
          { id: expect.any(Number), keywordName: '열정' },
          { id: expect.any(Number), keywordName: '토익' },
          { id: expect.any(Number), keywordName: '독서' },
        ],
        userInterests: [
          { id: 2, interestName: 'EMPLOYMENT_CAREER' },
          { id: 4, interestName: 'STARTUP' },
        ],
      });
      const received = (await call(app, me.token, 'GET', '/api/matches?status=RECEIVED')).body.result;
      expect(received.data.map((m: { matchedUser: { id: number } }) => m.matchedUser.id)).toEqual([others[4]!.memberId, others[3]!.memberId]);
      expect(received.meta).toEqual({ currentPage: 0, pageSize: 10, totalItems: 2, totalPages: 1, hasNext: false });
      const beyond = (await call(app, me.token, 'GET', '/api/matches?status=RECEIVED&page=7')).body.result;
      expect(beyond).toEqual({ data: [], meta: { currentPage: 7, pageSize: 10, totalItems: 2, totalPages: 1, hasNext: false } });
      for (const q of ['', 'status=', 'status=PENDING', 'status=REQUESTED&size=0', 'status=REQUESTED&size=51', 'status=REQUESTED&page=-1']) {
        const res = await call(app, me.token, 'GET', `/api/matches?${q}`);
        expect([res.status, res.body.code], q).toEqual([400, 'COMMON400']);
      }
    });
  });

  describe('GET /api/notifications', () => {
    it('cursor-pages newest first with "M/d HH:mm" Korean time', async () => {
      const { app, database } = server();
      const me = await newMember(app, email());
      const senders: Session[] = [];
      for (let i = 0; i < 23; i++) {
        const s = await newMember(app, email(), { membername: `보낸이${i}` });
        senders.push(s);
        await call(app, s.token, 'POST', '/api/matches', { toMemberId: me.memberId });
      }
      const first = (await call(app, me.token, 'GET', '/api/notifications')).body.result;
      expect(first.notifications).toHaveLength(20);
      expect(first.hasNext).toBe(true);
      expect(first.size).toBe(20);
      expect(first.notifications[0].content).toBe('보낸이22님이 런치챗을 요청했어요!');
      const ids = first.notifications.map((n: { id: number }) => n.id);
      expect([...ids].sort((a: number, b: number) => b - a)).toEqual(ids);
      expect(first.lastNotificationId).toBe(ids.at(-1));
      const second = (await call(app, me.token, 'GET', `/api/notifications?lastNotificationId=${first.lastNotificationId}&size=20`)).body.result;
      expect(second.notifications.map((n: { content: string }) => n.content)).toEqual([
        '보낸이2님이 런치챗을 요청했어요!',
        '보낸이1님이 런치챗을 요청했어요!',
        '보낸이0님이 런치챗을 요청했어요!',
      ]);
      expect(second.hasNext).toBe(false);
      const empty = (await call(app, me.token, 'GET', `/api/notifications?lastNotificationId=${second.lastNotificationId}`)).body.result;
      expect(empty).toEqual({ notifications: [], lastNotificationId: null, hasNext: false, size: 20 });

      // The time as Korea sees it, whatever the server's zone.
      const [row] = await database.db.select({ id: notifications.id, at: notifications.createdAt }).from(notifications).where(eq(notifications.id, ids[0]));
      expect(first.notifications[0].createdAt).toBe(formatNotificationTime(row!.at));
      expect(first.notifications[0].createdAt).toMatch(/^\d{1,2}\/\d{1,2} \d{2}:\d{2}$/);
      for (const q of ['size=0', 'size=51', 'size=x', 'lastNotificationId=0', 'lastNotificationId=-5', 'lastNotificationId=abc']) {
        const res = await call(app, me.token, 'GET', `/api/notifications?${q}`);
        expect([res.status, res.body.code], q).toEqual([400, 'COMMON400']);
      }
      expect((await call(app, me.token, 'GET', '/api/notifications?lastNotificationId=&size=')).body.result.size).toBe(20);
      // Someone else sees only their own.
      expect((await call(app, senders[0]!.token, 'GET', '/api/notifications')).body.result.notifications).toEqual([]);
    });

    it('POST /api/notifications/read marks the caller’s notifications up to the id read, no one else’s and none newer', async () => {
      const { app } = server();
      const me = await newMember(app, email());
      const other = await newMember(app, email());
      for (let i = 0; i < 3; i++) {
        const s = await newMember(app, email());
        await call(app, s.token, 'POST', '/api/matches', { toMemberId: me.memberId });
        await call(app, s.token, 'POST', '/api/matches', { toMemberId: other.memberId });
      }
      const list = async (who: Session) =>
        ((await call(app, who.token, 'GET', '/api/notifications')).body.result.notifications as { id: number; isRead: boolean }[]).map((n) => n.isRead);
      const shown = (await call(app, me.token, 'GET', '/api/notifications')).body.result.notifications as { id: number }[];
      expect(await list(me)).toEqual([false, false, false]);
      // The screen showed the older two; the newest arrived after.
      const read = await call(app, me.token, 'POST', '/api/notifications/read', { lastNotificationId: shown[1]!.id });
      expect([read.status, read.body.result]).toEqual([200, 'NOTIFICATIONS_READ']);
      expect(await list(me)).toEqual([false, true, true]);
      expect(await list(other)).toEqual([false, false, false]);
      // Again, or with another member's newer id: nothing else changes.
      expect((await call(app, me.token, 'POST', '/api/notifications/read', { lastNotificationId: shown[1]!.id })).status).toBe(200);
      expect(await list(me)).toEqual([false, true, true]);
      for (const body of [{}, { lastNotificationId: 0 }, { lastNotificationId: 'x' }, { lastNotificationId: 2 ** 31 }, { lastNotificationId: 1.5 }]) {
        const res = await call(app, me.token, 'POST', '/api/notifications/read', body);
        expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'COMMON400']);
        expect(res.body.message).toMatch(/[가-힣]/);
      }
    });

    it('formats times in Korean time: 23:30 UTC on 2 March is 3/3 08:30', () => {
      expect(formatNotificationTime(new Date('2026-03-02T23:30:00Z'))).toBe('3/3 08:30');
      expect(formatNotificationTime(new Date('2026-12-31T15:05:00Z'))).toBe('1/1 00:05');
    });
  });

  describe('concurrency', () => {
    it('two members requesting each other at the same instant make exactly one match, never a 500', async () => {
      const { app, database } = server();
      const pairs: [Session, Session][] = [];
      for (let i = 0; i < 6; i++) pairs.push([await newMember(app, email()), await newMember(app, email())]);
      const results = await Promise.all(
        pairs.flatMap(([a, b]) => [
          call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId }),
          call(app, b.token, 'POST', '/api/matches', { toMemberId: a.memberId }),
        ]),
      );
      for (let i = 0; i < pairs.length; i++) {
        const [x, y] = [results[2 * i]!, results[2 * i + 1]!];
        expect([x.status, y.status].sort()).toEqual([200, 400]);
        expect([x, y].find((r) => r.status === 400)!.body.code).toBe('MATCH_400');
        const [a, b] = pairs[i]!;
        const rows = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(matches)
          .where(
            sql`least(${matches.requesterId}, ${matches.targetId}) = ${Math.min(a.memberId, b.memberId)} and greatest(${matches.requesterId}, ${matches.targetId}) = ${Math.max(a.memberId, b.memberId)}`,
          );
        expect(rows[0]!.n).toBe(1);
        const pa = await myPage(app, a);
        const pb = await myPage(app, b);
        expect(pa.requested + pa.received).toBe(1);
        expect(pa.requested).toBe(pb.received);
        expect(pa.received).toBe(pb.requested);
        // Exactly one notification, to whoever was asked.
        const notes = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notifications)
          .where(and(sql`${notifications.recipientId} in (${a.memberId}, ${b.memberId})`, eq(notifications.type, 'MATCH_REQUEST')));
        expect(notes[0]!.n).toBe(1);
      }
    });

    it('a crowd requesting, accepting and re-requesting at once keeps every counter consistent', async () => {
      const { app, database } = server();
      const star = await newMember(app, email());
      const crowd: Session[] = [];
      for (let i = 0; i < 12; i++) crowd.push(await newMember(app, email()));
      const created = await Promise.all(crowd.map((c) => call(app, c.token, 'POST', '/api/matches', { toMemberId: star.memberId })));
      expect(created.map((r) => r.status)).toEqual(crowd.map(() => 200));
      const mixed = await Promise.all([
        ...crowd.slice(0, 6).map((c) => call(app, star.token, 'PATCH', `/api/matches/accept/${c.memberId}`)),
        ...crowd.slice(0, 6).map((c) => call(app, star.token, 'PATCH', `/api/matches/accept/${c.memberId}`)),
        ...crowd.slice(6).map((c) => call(app, star.token, 'POST', '/api/matches', { toMemberId: c.memberId })),
        ...crowd.map((c) => call(app, c.token, 'GET', '/api/members/mypage')),
      ]);
      expect(mixed.every((r) => r.status < 500)).toBe(true);
      const accepts = mixed.slice(0, 12);
      expect(accepts.filter((r) => r.status === 200)).toHaveLength(6);
      expect(accepts.filter((r) => r.status === 400).every((r) => r.body.code === 'MATCH_400')).toBe(true);
      expect(mixed.slice(12, 18).every((r) => r.body.code === 'MATCH_400')).toBe(true);
      expect(await myPage(app, star)).toMatchObject({ completed: 6, received: 6, requested: 0 });
      const [counters] = await database.db
        .select({ pr: members.pendingReceived, ps: members.pendingSent, mc: members.matchCount })
        .from(members)
        .where(eq(members.id, star.memberId));
      expect(counters).toEqual({ pr: 6, ps: 0, mc: 12 });
      for (const [i, c] of crowd.entries()) expect(await myPage(app, c)).toMatchObject(i < 6 ? { completed: 1, requested: 0 } : { completed: 0, requested: 1 });
      // The ranking bitmaps followed every concurrent change.
      expect(await bitmapDrift(server())).toEqual([]);
    });
  });
});

describeApi(
  'match requests are rate limited per member',
  (server) => {
    it('answers 429 COMMON429 in the envelope beyond the limit, for that member only', async () => {
      const { app } = server();
      const a = await newMember(app, email());
      const b = await newMember(app, email());
      const targets: Session[] = [];
      for (let i = 0; i < 4; i++) targets.push(await newMember(app, email()));
      const statuses: number[] = [];
      for (const t of targets) statuses.push((await call(app, a.token, 'POST', '/api/matches', { toMemberId: t.memberId })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await call(app, a.token, 'POST', '/api/matches', { toMemberId: targets[3]!.memberId });
      expect(limited.body).toEqual({ isSuccess: false, code: 'COMMON429', message: '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.' });
      expect((await call(app, b.token, 'POST', '/api/matches', { toMemberId: targets[3]!.memberId })).status).toBe(200);
    });
  },
  { RATE_LIMIT_MATCHES: '3' },
);
