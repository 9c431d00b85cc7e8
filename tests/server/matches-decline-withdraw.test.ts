import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { bitmapDrift, call, describeApi, email, type ApiServer } from './api-harness';
import { newMember, type Session } from './harness';

/** Contract section 5 extension: declining a received request, withdrawing a sent one, and when each expires. */

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function statusOf(db: Db, requester: Session, target: Session): Promise<string | undefined> {
  const [row] = await rows<{ status: string }>(
    db,
    sql`select status from matches where requester_id = ${requester.memberId} and target_id = ${target.memberId}`,
  );
  return row?.status;
}

async function listed(app: ApiServer['app'], who: Session, status: 'REQUESTED' | 'RECEIVED' | 'ACCEPTED'): Promise<number[]> {
  const res = await call(app, who.token, 'GET', `/api/matches?status=${status}`);
  return res.body.result.data.map((m: { matchedUser: { id: number } }) => m.matchedUser.id);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeApi(
  'matches: decline and withdraw (contract section 5 extension)',
  (server) => {
    async function pair(tag: string) {
      const { app } = server();
      const a = await newMember(app, email('catholic.ac.kr', `${tag}-a`), { membername: '보낸이' });
      const b = await newMember(app, email('catholic.ac.kr', `${tag}-b`), { membername: '받은이' });
      await call(app, a.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${a.memberId}` });
      expect((await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId })).status).toBe(200);
      return { app, db: server().database.db, a, b };
    }

    it('sent and received requests carry expiresAt = createdAt + MATCH_REQUEST_TTL; accepted ones do not', async () => {
      const { app, a, b } = await pair('exp');
      const [sent] = (await call(app, a.token, 'GET', '/api/matches?status=REQUESTED')).body.result.data;
      expect(Date.parse(sent.expiresAt) - Date.parse(sent.createdAt)).toBe(72 * 3600 * 1000);
      const [received] = (await call(app, b.token, 'GET', '/api/matches?status=RECEIVED')).body.result.data;
      expect(received.expiresAt).toBe(sent.expiresAt);
      await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
      const [accepted] = (await call(app, a.token, 'GET', '/api/matches?status=ACCEPTED')).body.result.data;
      expect(accepted).not.toHaveProperty('expiresAt');
    });

    it('a decline removes the request from both lists quietly, frees the quota, and holds the requester off until the TTL', async () => {
      const { app, db, a, b } = await pair('dec');
      const res = await call(app, b.token, 'PATCH', `/api/matches/decline/${a.memberId}`);
      expect([res.status, res.body.result]).toEqual([200, 'MATCH_DECLINE_SUCCESS']);
      expect(await listed(app, a, 'REQUESTED')).toEqual([]);
      expect(await listed(app, b, 'RECEIVED')).toEqual([]);
      expect((await call(app, a.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ requested: 0 });
      expect((await call(app, b.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ received: 0 });
      expect(await statusOf(db, a, b)).toBe('DECLINED');
      // Not told: no notification, no push (an expiry would send MATCH_EXPIRED).
      await sleep(100);
      expect((await call(app, a.token, 'GET', '/api/notifications')).body.result.notifications).toEqual([]);
      expect(server().push.sent.filter((p) => p.token === `device-${a.memberId}`)).toEqual([]);
      expect((await call(app, a.token, 'GET', `/api/members/${b.memberId}`)).body.result.matchStatus).toBe('NONE');
      expect((await call(app, b.token, 'GET', `/api/members/${a.memberId}`)).body.result.matchStatus).toBe('NONE');

      // A late accept of the declined request, and a second decline, are refused.
      const late = await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
      expect([late.status, late.body.code, late.body.result]).toEqual([400, 'MATCH_400', { otherMemberId: '이미 거절한 요청이에요.' }]);
      expect((await call(app, b.token, 'PATCH', `/api/matches/decline/${a.memberId}`)).status).toBe(404);

      // The requester may not ask again until the TTL has passed since the decline.
      const again = await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
      expect([again.status, again.body.code]).toEqual([400, 'MATCH_400']);
      expect(again.body.message).not.toMatch(/500/);
      await db.execute(
        sql`update matches set updated_at = now() - interval '72 hours 1 second' where requester_id = ${a.memberId} and target_id = ${b.memberId}`,
      );
      expect((await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId })).status).toBe(200);
      expect(await listed(app, b, 'RECEIVED')).toEqual([a.memberId]);
    });

    it('the one who declined may request the other at once', async () => {
      const { app, a, b } = await pair('dec2');
      await call(app, b.token, 'PATCH', `/api/matches/decline/${a.memberId}`);
      expect((await call(app, b.token, 'POST', '/api/matches', { toMemberId: a.memberId })).status).toBe(200);
      expect(await listed(app, a, 'RECEIVED')).toEqual([b.memberId]);
    });

    it('a withdrawal removes the request from both lists, frees a quota slot, a late accept is 404, and a new request is allowed', async () => {
      const { app, db, a, b } = await pair('wd');
      const c = await newMember(app, email('catholic.ac.kr', 'wd-c'));
      const d = await newMember(app, email('catholic.ac.kr', 'wd-d'));
      expect((await call(app, a.token, 'POST', '/api/matches', { toMemberId: c.memberId })).status).toBe(200);
      // MAX_PENDING_REQUESTS is 2 in this suite: full.
      const full = await call(app, a.token, 'POST', '/api/matches', { toMemberId: d.memberId });
      expect([full.body.code, full.body.message]).toEqual([
        'MATCH_429_PENDING',
        '응답을 기다리는 요청이 너무 많아요. 보낸 요청을 취소하거나, 수락되거나 만료된 뒤에 다시 요청해 주세요.',
      ]);

      const res = await call(app, a.token, 'PATCH', `/api/matches/withdraw/${b.memberId}`);
      expect([res.status, res.body.result]).toEqual([200, 'MATCH_WITHDRAW_SUCCESS']);
      expect(await listed(app, a, 'REQUESTED')).toEqual([c.memberId]);
      expect(await listed(app, b, 'RECEIVED')).toEqual([]);
      expect(await statusOf(db, a, b)).toBeUndefined();
      expect((await call(app, a.token, 'POST', '/api/matches', { toMemberId: d.memberId })).status).toBe(200);

      // B's MATCH_REQUEST notification still shows; accepting from it now finds no request.
      const late = await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
      expect([late.status, late.body.code, late.body.message]).toEqual([404, 'MATCH_404', '런치챗 요청을 찾을 수 없어요.']);
      expect((await call(app, a.token, 'PATCH', `/api/matches/withdraw/${b.memberId}`)).body.code).toBe('MATCH_404');

      await call(app, a.token, 'PATCH', `/api/matches/withdraw/${c.memberId}`);
      expect((await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId })).status).toBe(200);
      expect(await listed(app, b, 'RECEIVED')).toEqual([a.memberId]);
      // The ranking's bitmaps follow the pending counters a withdrawal and a decline change.
      await call(app, b.token, 'PATCH', `/api/matches/decline/${a.memberId}`);
      expect(await bitmapDrift(server())).toEqual([]);
    });

    it('only pending requests: accepted ones, someone else’s, and bad ids are refused', async () => {
      const { app, a, b } = await pair('only');
      // B cannot withdraw A's request, nor A decline its own.
      expect((await call(app, b.token, 'PATCH', `/api/matches/withdraw/${a.memberId}`)).body.code).toBe('MATCH_404');
      expect((await call(app, a.token, 'PATCH', `/api/matches/decline/${b.memberId}`)).body.code).toBe('MATCH_404');
      await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
      for (const [who, path] of [
        [a, `withdraw/${b.memberId}`],
        [b, `decline/${a.memberId}`],
      ] as const) {
        const res = await call(app, who.token, 'PATCH', `/api/matches/${path}`);
        expect([res.status, res.body.code], path).toEqual([400, 'MATCH_400']);
      }
      expect(await listed(app, a, 'ACCEPTED')).toEqual([b.memberId]);
      for (const bad of ['abc', '-1', '1.5', '9999999999999']) {
        const res = await call(app, a.token, 'PATCH', `/api/matches/withdraw/${bad}`);
        expect(res.status, bad).toBeGreaterThanOrEqual(400);
        expect(res.status, bad).toBeLessThan(500);
      }
      expect((await call(app, undefined, 'PATCH', `/api/matches/decline/${a.memberId}`)).status).toBe(401);
    });

    it('accept racing withdraw ends in one state: accepted (withdraw 400) or gone (accept 404), counters right', async () => {
      for (let round = 0; round < 6; round++) {
        const { app, db, a, b } = await pair(`race${round}`);
        const [accept, withdraw] = await Promise.all([
          call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`),
          call(app, a.token, 'PATCH', `/api/matches/withdraw/${b.memberId}`),
        ]);
        const status = await statusOf(db, a, b);
        if (accept.status === 200) {
          expect([withdraw.status, withdraw.body.code, status]).toEqual([400, 'MATCH_400', 'ACCEPTED']);
          expect(await listed(app, a, 'ACCEPTED')).toEqual([b.memberId]);
        } else {
          expect([accept.status, accept.body.code, withdraw.status, status]).toEqual([404, 'MATCH_404', 200, undefined]);
          expect(await listed(app, a, 'ACCEPTED')).toEqual([]);
        }
        const counters = await rows<{ pending_sent: number; pending_received: number }>(
          db,
          sql`select pending_sent, pending_received from members where id in (${a.memberId}, ${b.memberId}) order by id`,
        );
        expect(counters.map((c) => [Number(c.pending_sent), Number(c.pending_received)])).toEqual([
          [0, 0],
          [0, 0],
        ]);
      }
    });
  },
  { MAX_PENDING_REQUESTS: '2' },
);
