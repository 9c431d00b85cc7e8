import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meetup } from '../../contract/meetups';
import { call, email, FakePush } from './api-harness';
import { newMember, POSTGRES_AVAILABLE, startTestServerWith, type DbKind, type Session, type TestServer } from './harness';

/**
 * Contract section 14 through the HTTP API, on PGlite and PostgreSQL. The request rules run on a
 * clock the test can move (`shift`); jobs run on the database's clock, so a test makes a job due by
 * moving its row's time, exactly what the passing of time would do.
 */
const KINDS: DbKind[] = POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite'];
const HOUR = 3_600_000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The next whole minute at least `ms` from now. */
const at = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 60_000) * 60_000).toISOString();

async function rows<T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function pair(server: TestServer, names: [string, string] = ['김제안', '이수락']) {
  const free = [
    { dayOfWeek: 'MON', startTime: '10:00', endTime: '20:00', subjectName: '' },
    { dayOfWeek: 'TUE', startTime: '10:00', endTime: '20:00', subjectName: '' },
    { dayOfWeek: 'WED', startTime: '10:00', endTime: '20:00', subjectName: '' },
    { dayOfWeek: 'THU', startTime: '10:00', endTime: '20:00', subjectName: '' },
    { dayOfWeek: 'FRI', startTime: '10:00', endTime: '20:00', subjectName: '' },
  ];
  const a = await newMember(server.app, email(), { membername: names[0], timeTables: free });
  const b = await newMember(server.app, email(), { membername: names[1], timeTables: free });
  await call(server.app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
  await call(server.app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
  const list = await call(server.app, a.token, 'GET', '/api/matches?status=ACCEPTED&size=50');
  const matchId = (list.body.result.data as { id: number; matchedUser: { id: number } }[]).find((m) => m.matchedUser.id === b.memberId)!.id;
  return { a, b, matchId };
}

async function propose(server: TestServer, s: Session, matchId: number, body: object) {
  return call<Meetup>(server.app, s.token, 'POST', `/api/matches/${matchId}/meetups`, body);
}

async function notes(server: TestServer, s: Session, type: string) {
  const page = await call(server.app, s.token, 'GET', '/api/notifications?size=50');
  return (page.body.result.notifications as { type: string; content: string }[]).filter((n) => n.type === type);
}

/** Moves a meetup into the past (as time passing would), keeping its length. */
async function endMeetup(server: TestServer, id: number) {
  await server.database.db.execute(sql`update meetups set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${id}`);
}

for (const kind of KINDS) {
  describe(`meetups (contract section 14) [${kind}]`, () => {
    let server: TestServer;
    const push = new FakePush();
    beforeAll(async () => {
      server = await startTestServerWith(kind, { push }, { JOBS_POLL_MS: '100', MEETUP_REMINDERS: '60m,10m' });
    });
    afterAll(async () => server?.close());

    it('suggests common free hours with a campus place, soonest first, at most 5', async () => {
      const { a, matchId } = await pair(server);
      const res = await call(server.app, a.token, 'GET', `/api/matches/${matchId}/meetup-suggestions`);
      expect(res.status).toBe(200);
      const slots = res.body.result as { startsAt: string; endsAt: string; place: string }[];
      expect(slots).toHaveLength(5);
      for (const s of slots) {
        expect(s.startsAt).toMatch(ISO);
        expect(Date.parse(s.endsAt) - Date.parse(s.startsAt)).toBe(HOUR);
        expect(Date.parse(s.startsAt)).toBeGreaterThanOrEqual(Date.now() + 30 * 60_000 - 1000);
        expect(s.place.length).toBeGreaterThan(0);
      }
      expect(slots.map((s) => s.startsAt)).toEqual([...slots.map((s) => s.startsAt)].sort());
      expect(slots[0]!.place).toBe('학생식당');
    });

    it('proposes: PROPOSED meetup, the partner is notified in-app and by push to the pair room', async () => {
      const { a, b, matchId } = await pair(server, ['김제안', '이알림']);
      await call(server.app, b.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${b.memberId}` });
      const startsAt = at(2 * HOUR);
      const res = await propose(server, a, matchId, { startsAt, place: '  중앙도서관 카페 ' });
      expect(res.status).toBe(200);
      const m = res.body.result!;
      expect(m).toMatchObject({
        matchId,
        proposerId: a.memberId,
        partnerId: b.memberId,
        startsAt,
        place: '중앙도서관 카페',
        status: 'PROPOSED',
        myCheckin: null,
      });
      expect(Date.parse(m.endsAt) - Date.parse(m.startsAt)).toBe(HOUR);
      expect(m.createdAt).toMatch(ISO);
      expect(m.chatRoomId).toEqual(expect.any(Number));
      expect(await notes(server, b, 'MEETUP_PROPOSED')).toEqual([expect.objectContaining({ content: '김제안님이 점심 약속을 제안했어요!' })]);
      await server.app.ready();
      const pushed = await until(
        async () => push.sent.filter((p) => p.token === `device-${b.memberId}`),
        (l) => l.length > 0,
      );
      expect(pushed[0]!.data).toMatchObject({ type: 'MEETUP_PROPOSED', url: `/chatting/${m.chatRoomId}` });
      // Both see it as upcoming; the room is the pair's (the chat list of both shows it).
      for (const s of [a, b]) {
        const up = (await call<Meetup[]>(server.app, s.token, 'GET', '/api/meetups?scope=upcoming')).body.result!;
        expect(up.map((x) => x.meetupId)).toEqual([m.meetupId]);
      }
      const rooms = await call(server.app, b.token, 'GET', '/api/chatrooms');
      expect((rooms.body.result.data as { roomId: number }[]).map((r) => r.roomId)).toContain(m.chatRoomId);
    });

    it('refuses bad times and places with a Korean 400, writing nothing', async () => {
      const { a, matchId } = await pair(server);
      const start = at(HOUR);
      const cases: [object, string][] = [
        [{ startsAt: at(-HOUR), place: '학생식당' }, 'startsAt'],
        [{ startsAt: at(15 * 24 * HOUR), place: '학생식당' }, 'startsAt'],
        [{ startsAt: new Date(Date.parse(start) + 30_000).toISOString(), place: '학생식당' }, 'startsAt'],
        [{ startsAt: start, endsAt: start, place: '학생식당' }, 'endsAt'],
        [{ startsAt: start, endsAt: new Date(Date.parse(start) - 60_000).toISOString(), place: '학생식당' }, 'endsAt'],
        [{ startsAt: start, endsAt: new Date(Date.parse(start) + 3 * HOUR + 60_000).toISOString(), place: '학생식당' }, 'endsAt'],
        [{ startsAt: start, place: '' }, 'place'],
        [{ startsAt: start, place: '   ' }, 'place'],
        [{ startsAt: start, place: '가'.repeat(61) }, 'place'],
        [{ startsAt: 'tomorrow noon', place: '학생식당' }, 'startsAt'],
        [{ place: '학생식당' }, 'startsAt'],
      ];
      for (const [body, field] of cases) {
        const res = await propose(server, a, matchId, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('COMMON400');
        expect((res.body.result as unknown as Record<string, string>)[field], JSON.stringify(body)).toMatch(/[가-힣]/);
      }
      // Exactly 3 hours and 60 characters are allowed.
      const ok = await propose(server, a, matchId, { startsAt: start, endsAt: new Date(Date.parse(start) + 3 * HOUR).toISOString(), place: '가'.repeat(60) });
      expect(ok.status).toBe(200);
      const [count] = await rows<{ n: number }>(server, sql`select count(*)::int as n from meetups where match_id = ${matchId}`);
      expect(count!.n).toBe(1);
    });

    it('someone else’s match is 403, an unknown one 404, a second open meetup 409', async () => {
      const { a, b, matchId } = await pair(server);
      const stranger = await newMember(server.app, email());
      expect((await propose(server, stranger, matchId, { startsAt: at(HOUR), place: '학생식당' })).body.code).toBe('MEETUP_403');
      expect((await call(server.app, stranger.token, 'GET', `/api/matches/${matchId}/meetup-suggestions`)).status).toBe(403);
      expect((await propose(server, a, 999_999, { startsAt: at(HOUR), place: '학생식당' })).body.code).toBe('MEETUP_404');
      expect((await propose(server, a, matchId, { startsAt: at(HOUR), place: '학생식당' })).status).toBe(200);
      const second = await propose(server, b, matchId, { startsAt: at(3 * HOUR), place: '학생식당' });
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('MEETUP_409');
      // The partner proposed meanwhile: the message says so (the app shows it as a toast).
      expect(second.body.message).toBe('상대가 먼저 약속을 제안했어요. 제안을 확인해 주세요.');
      // The proposer's own second proposal (another device, a double tap) is just "already open".
      expect((await propose(server, a, matchId, { startsAt: at(3 * HOUR), place: '학생식당' })).body.message).toBe('이미 진행 중인 약속이 있어요.');
      // Concurrent proposals of one pair: exactly one wins; the other hears of the winner's.
      const p2 = await pair(server);
      const both = await Promise.all([
        propose(server, p2.a, p2.matchId, { startsAt: at(HOUR), place: '학생식당' }),
        propose(server, p2.b, p2.matchId, { startsAt: at(2 * HOUR), place: '학생식당' }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.message).toBe('상대가 먼저 약속을 제안했어요. 제안을 확인해 주세요.');
      // A match that is only requested has no meetups yet.
      const c = await newMember(server.app, email());
      const d = await newMember(server.app, email());
      await call(server.app, c.token, 'POST', '/api/matches', { toMemberId: d.memberId });
      const [req] = await rows<{ id: number }>(server, sql`select id from matches where requester_id = ${c.memberId}`);
      expect((await propose(server, c, req!.id, { startsAt: at(HOUR), place: '학생식당' })).status).toBe(409);
    });

    it('confirm/decline by the partner only, cancel by either before the start, wrong state 409', async () => {
      const { a, b, matchId } = await pair(server, ['김취소', '이확정']);
      const m = (await propose(server, a, matchId, { startsAt: at(2 * HOUR), place: '학생식당' })).body.result!;
      expect((await call(server.app, a.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`)).body.code).toBe('MEETUP_403');
      expect((await call(server.app, a.token, 'PATCH', `/api/meetups/${m.meetupId}/decline`)).body.code).toBe('MEETUP_403');
      const stranger = await newMember(server.app, email());
      expect((await call(server.app, stranger.token, 'PATCH', `/api/meetups/${m.meetupId}/cancel`)).body.code).toBe('MEETUP_403');
      expect((await call(server.app, b.token, 'PATCH', '/api/meetups/999999/confirm')).body.code).toBe('MEETUP_404');
      expect((await call(server.app, b.token, 'PATCH', '/api/meetups/abc/confirm')).status).toBe(400);

      const confirmed = await call<Meetup>(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`);
      expect(confirmed.body.result!.status).toBe('CONFIRMED');
      expect(await notes(server, a, 'MEETUP_CONFIRMED')).toEqual([expect.objectContaining({ content: '이확정님이 약속을 수락했어요!' })]);
      expect((await call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`)).body.code).toBe('MEETUP_409');
      expect((await call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/decline`)).body.code).toBe('MEETUP_409');
      // Reminders at 60m and 10m and the check-in at the end are pending.
      const jobs = await rows<{ dedupe_key: string }>(server, sql`select dedupe_key from jobs where dedupe_key like ${`meetup:${m.meetupId}:%`} order by 1`);
      expect(jobs.map((j) => j.dedupe_key)).toEqual([
        `meetup:${m.meetupId}:checkin`,
        `meetup:${m.meetupId}:reminder:3600000`,
        `meetup:${m.meetupId}:reminder:600000`,
      ]);

      const cancelled = await call<Meetup>(server.app, a.token, 'PATCH', `/api/meetups/${m.meetupId}/cancel`);
      expect(cancelled.body.result!.status).toBe('CANCELLED');
      expect(await notes(server, b, 'MEETUP_CANCELLED')).toEqual([expect.objectContaining({ content: '김취소님이 약속을 취소했어요.' })]);
      expect((await call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/cancel`)).body.code).toBe('MEETUP_409');
      expect(await rows(server, sql`select 1 from jobs where dedupe_key like ${`meetup:${m.meetupId}:%`}`)).toEqual([]);
      // Cancelled is past, not upcoming; a new proposal is possible again.
      const past = (await call<Meetup[]>(server.app, a.token, 'GET', '/api/meetups?scope=past')).body.result!;
      expect(past.map((x) => x.meetupId)).toContain(m.meetupId);
      const again = (await propose(server, b, matchId, { startsAt: at(3 * HOUR), place: '학생식당' })).body.result!;
      expect((await call<Meetup>(server.app, a.token, 'PATCH', `/api/meetups/${again.meetupId}/decline`)).body.result!.status).toBe('DECLINED');
      // The proposer hears of the decline as of any other answer (section 14, extension).
      expect(await notes(server, b, 'MEETUP_DECLINED')).toEqual([
        expect.objectContaining({ content: '김취소님이 약속을 거절했어요. 다른 시간을 제안해 보세요.' }),
      ]);
      expect(await notes(server, a, 'MEETUP_DECLINED')).toEqual([]);

      // Cancelling after the start is refused.
      const late = (await propose(server, a, matchId, { startsAt: at(HOUR), place: '학생식당' })).body.result!;
      await endMeetup(server, late.meetupId);
      expect((await call(server.app, a.token, 'PATCH', `/api/meetups/${late.meetupId}/cancel`)).body.code).toBe('MEETUP_409');
      expect((await call(server.app, b.token, 'GET', '/api/meetups?scope=bogus')).status).toBe(400);
    });

    it('upcoming soonest first, past newest first', async () => {
      const p1 = await pair(server);
      const friend = await newMember(server.app, email());
      await call(server.app, friend.token, 'POST', '/api/matches', { toMemberId: p1.a.memberId });
      await call(server.app, p1.a.token, 'PATCH', `/api/matches/accept/${friend.memberId}`);
      const [m2] = await rows<{ id: number }>(server, sql`select id from matches where requester_id = ${friend.memberId}`);
      const later = (await propose(server, p1.a, p1.matchId, { startsAt: at(5 * HOUR), place: '학생식당' })).body.result!;
      const sooner = (await propose(server, friend, m2!.id, { startsAt: at(2 * HOUR), place: '학생식당' })).body.result!;
      const up = (await call<Meetup[]>(server.app, p1.a.token, 'GET', '/api/meetups')).body.result!;
      expect(up.map((x) => x.meetupId)).toEqual([sooner.meetupId, later.meetupId]);
      expect(up[0]!.partner).toEqual({ id: friend.memberId, memberName: '김런치' });
    });

    it('withPendingCheckins=true (decision 0061): upcoming, then the lunches over awaiting my check-in, newest first; without it, as before', async () => {
      const me = await newMember(server.app, email(), { membername: '김체크' });
      const partner = async (name: string) => {
        const friend = await newMember(server.app, email(), { membername: name });
        await call(server.app, friend.token, 'POST', '/api/matches', { toMemberId: me.memberId });
        await call(server.app, me.token, 'PATCH', `/api/matches/accept/${friend.memberId}`);
        const [match] = await rows<{ id: number }>(server, sql`select id from matches where requester_id = ${friend.memberId}`);
        return { friend, matchId: match!.id };
      };
      const confirmedAndOver = async (p: Awaited<ReturnType<typeof partner>>, hoursAgo: number) => {
        const m = (await propose(server, me, p.matchId, { startsAt: at(HOUR), place: '학생식당' })).body.result!;
        await call(server.app, p.friend.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`);
        await server.database.db.execute(
          sql`update meetups set starts_at = now() - make_interval(hours => ${hoursAgo + 1}), ends_at = now() - make_interval(hours => ${hoursAgo}) where id = ${m.meetupId}`,
        );
        return m;
      };
      const ahead = await partner('이다음');
      const upcoming = (await propose(server, me, ahead.matchId, { startsAt: at(3 * HOUR), place: '학생식당' })).body.result!;
      const older = await confirmedAndOver(await partner('박지난'), 26);
      const newer = await confirmedAndOver(await partner('최어제'), 1);
      const answeredWith = await partner('정답함');
      const answered = await confirmedAndOver(answeredWith, 3);
      expect((await call(server.app, me.token, 'POST', `/api/meetups/${answered.meetupId}/checkin`, { met: true })).status).toBe(200);
      const declinedWith = await partner('한거절');
      const declined = (await propose(server, me, declinedWith.matchId, { startsAt: at(2 * HOUR), place: '학생식당' })).body.result!;
      await call(server.app, declinedWith.friend.token, 'PATCH', `/api/meetups/${declined.meetupId}/decline`);

      const list = async (s: Session, query: string) => {
        const res = await call<Meetup[]>(server.app, s.token, 'GET', `/api/meetups?${query}`);
        expect(res.status, query).toBe(200);
        return res.body.result!;
      };
      const ids = (meetups: Meetup[]) => meetups.map((m) => m.meetupId);
      const withCheckins = await list(me, 'scope=upcoming&withPendingCheckins=true');
      expect(ids(withCheckins)).toEqual([upcoming.meetupId, newer.meetupId, older.meetupId]);
      // Exactly what the PWA picked out of the past list before (CONFIRMED or DONE, no check-in of
      // mine), same shape; each meetup says whether its check-in is due, by the server's clock.
      const past = await list(me, 'scope=past');
      expect(ids(past)).toEqual([declined.meetupId, newer.meetupId, answered.meetupId, older.meetupId]);
      const owedBefore = past.filter((m) => (m.status === 'CONFIRMED' || m.status === 'DONE') && m.myCheckin === null);
      expect(withCheckins.slice(1)).toEqual(owedBefore);
      expect(past.filter((m) => m.myCheckinDue)).toEqual(owedBefore);
      expect(withCheckins.map((m) => m.myCheckinDue)).toEqual([false, true, true]);
      expect(withCheckins[1]).toMatchObject({ status: 'CONFIRMED', myCheckin: null, partner: { memberName: '최어제' }, chatRoomId: expect.any(Number) });
      // Left out, false or empty: the upcoming list as existing clients get it; past is unchanged by it.
      for (const query of ['scope=upcoming', 'scope=upcoming&withPendingCheckins=false', 'scope=upcoming&withPendingCheckins=', '']) {
        expect(ids(await list(me, query)), query).toEqual([upcoming.meetupId]);
      }
      expect(await list(me, 'scope=past&withPendingCheckins=true')).toEqual(past);
      // The partner who has not answered the lunch I answered still owes theirs.
      expect(ids(await list(answeredWith.friend, 'scope=upcoming&withPendingCheckins=true'))).toEqual([answered.meetupId]);
      // Answered, it leaves the list.
      await call(server.app, me.token, 'POST', `/api/meetups/${newer.meetupId}/checkin`, { met: false });
      expect(ids(await list(me, 'scope=upcoming&withPendingCheckins=true'))).toEqual([upcoming.meetupId, older.meetupId]);

      const bad = await call(server.app, me.token, 'GET', '/api/meetups?scope=upcoming&withPendingCheckins=yes');
      expect([bad.status, bad.body.code, bad.body.result]).toEqual([
        400,
        'COMMON400',
        { withPendingCheckins: 'withPendingCheckins는 true, false 중 하나예요.' },
      ]);
      const doc = (await server.app.inject({ url: '/api/docs/json' })).json<{
        paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
      }>();
      expect(doc.paths['/api/meetups']!.get.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['query:scope', 'query:withPendingCheckins']);
    });

    it('check-in: only after the end, once each; both met → DONE; compliments counted on the profile', async () => {
      const { a, b, matchId } = await pair(server);
      const m = (await propose(server, a, matchId, { startsAt: at(HOUR), place: '학생식당' })).body.result!;
      await call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`);
      const early = await call(server.app, a.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: true });
      expect(early.body.code).toBe('MEETUP_409');
      await endMeetup(server, m.meetupId);
      expect((await call(server.app, a.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: 'yes' })).status).toBe(400);
      expect((await call(server.app, a.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: true, compliments: ['RUDE'] })).status).toBe(400);
      const first = await call<Meetup>(server.app, a.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: true, compliments: ['KIND', 'FUN', 'KIND'] });
      expect(first.body.result).toMatchObject({ status: 'CONFIRMED', myCheckin: { met: true, compliments: ['KIND', 'FUN'] } });
      expect((await call(server.app, a.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: true })).body.code).toBe('MEETUP_409');
      const second = await call<Meetup>(server.app, b.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: true, compliments: ['PUNCTUAL'] });
      expect(second.body.result!.status).toBe('DONE');
      const counts = await call(server.app, a.token, 'GET', `/api/members/${b.memberId}/compliments`);
      expect(counts.body.result).toEqual({ memberId: b.memberId, counts: { KIND: 1, FUN: 1, INSIGHTFUL: 0, PUNCTUAL: 0, GOOD_LISTENER: 0 }, total: 2 });
      const mine = await call(server.app, b.token, 'GET', `/api/members/${a.memberId}/compliments`);
      expect(mine.body.result.counts.PUNCTUAL).toBe(1);
      // Each sees their own on their own profile (section 14's extension, /me as in section 3).
      const own = await call(server.app, b.token, 'GET', '/api/members/me/compliments');
      expect([own.status, own.body.result]).toEqual([200, counts.body.result]);
      expect((await call(server.app, a.token, 'GET', '/api/members/me/compliments')).body.result).toEqual({
        memberId: a.memberId,
        counts: { KIND: 0, FUN: 0, INSIGHTFUL: 0, PUNCTUAL: 1, GOOD_LISTENER: 0 },
        total: 1,
      });
      // DONE is past for both.
      expect((await call<Meetup[]>(server.app, b.token, 'GET', '/api/meetups?scope=past')).body.result!.map((x) => x.status)).toContain('DONE');
    });

    it('compliments: a bad member id is a Korean 400; the extensions are in the OpenAPI document', async () => {
      const s = await newMember(server.app, email());
      for (const bad of ['abc', '0', '1.5', '1e3', '99999999999']) {
        const res = await call(server.app, s.token, 'GET', `/api/members/${bad}/compliments`);
        expect(res.status, bad).toBe(400);
        expect(res.body.result).toEqual({ memberId: '회원 번호가 올바르지 않아요.' });
      }
      const doc = (await server.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
      const result = (path: string, method: string) =>
        (doc.paths[path]?.[method] as { responses: { 200: { content: { 'application/json': { schema: { properties: { result: unknown } } } } } } })
          .responses[200].content['application/json'].schema.properties.result as {
          properties?: Record<string, unknown>;
          items?: { properties: Record<string, unknown> };
        };
      expect(Object.keys(result('/api/members/{memberId}/compliments', 'get').properties!)).toEqual(['memberId', 'counts', 'total']);
      expect(Object.keys(result('/api/members/me/compliments', 'get').properties!)).toEqual(['memberId', 'counts', 'total']);
      // Nobody has praised a new member yet: zeros, not an error.
      expect((await call(server.app, s.token, 'GET', '/api/members/me/compliments')).body.result).toEqual({
        memberId: s.memberId,
        counts: { KIND: 0, FUN: 0, INSIGHTFUL: 0, PUNCTUAL: 0, GOOD_LISTENER: 0 },
        total: 0,
      });
      expect(Object.keys(result('/api/meetups', 'get').items!.properties)).toEqual(expect.arrayContaining(['partner', 'chatRoomId']));
      expect(Object.keys(result('/api/meetups/{id}/confirm', 'patch').properties!)).toEqual(expect.arrayContaining(['partner', 'chatRoomId']));
    });

    it('.ics: RFC 5545 one VEVENT, parsed back by ical.js; stable UID, SEQUENCE and STATUS follow the state', async () => {
      const { a, b, matchId } = await pair(server, ['김달력', '이일정']);
      const m = (await propose(server, a, matchId, { startsAt: at(3 * HOUR), place: '중앙도서관 카페; 2층, 창가' })).body.result!;
      const fetchIcs = async (s: Session) =>
        server.app.inject({ url: `/api/meetups/${m.meetupId}/calendar.ics`, headers: { authorization: `Bearer ${s.token}` } });
      const parse = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
      const proposed = await fetchIcs(a);
      expect(proposed.statusCode).toBe(200);
      expect(proposed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const text = proposed.body;
      // CRLF everywhere, every physical line ≤ 75 octets.
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const event = parse(text);
      expect(event.getFirstPropertyValue('status')).toBe('TENTATIVE');
      expect(event.getFirstPropertyValue('location')).toBe('중앙도서관 카페; 2층, 창가');
      expect(String(event.getFirstPropertyValue('summary'))).toContain('이일정');
      const start = event.getFirstPropertyValue('dtstart') as unknown as { toJSDate(): Date };
      expect(start.toJSDate().toISOString()).toBe(m.startsAt);
      const uid = event.getFirstPropertyValue('uid');
      const seq0 = Number(event.getFirstPropertyValue('sequence'));

      await call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`);
      const confirmed = parse((await fetchIcs(b)).body);
      expect(confirmed.getFirstPropertyValue('uid')).toBe(uid);
      expect(confirmed.getFirstPropertyValue('status')).toBe('CONFIRMED');
      expect(String(confirmed.getFirstPropertyValue('summary'))).toContain('김달력');
      const seq1 = Number(confirmed.getFirstPropertyValue('sequence'));
      expect(seq1).toBeGreaterThan(seq0);
      await call(server.app, a.token, 'PATCH', `/api/meetups/${m.meetupId}/cancel`);
      const cancelled = parse((await fetchIcs(a)).body);
      expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(Number(cancelled.getFirstPropertyValue('sequence'))).toBeGreaterThan(seq1);
      const stranger = await newMember(server.app, email());
      expect((await fetchIcs(stranger)).statusCode).toBe(403);
    });

    it('reminders fire once per member and offset, open the room; a cancelled meetup fires nothing', async () => {
      const { a, b, matchId } = await pair(server, ['김알람', '이알람']);
      await call(server.app, a.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${a.memberId}` });
      const m = (await propose(server, a, matchId, { startsAt: at(3 * HOUR), place: '학생식당' })).body.result!;
      await call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`);
      const other = await pair(server);
      const c = (await propose(server, other.a, other.matchId, { startsAt: at(3 * HOUR), place: '학생식당' })).body.result!;
      await call(server.app, other.b.token, 'PATCH', `/api/meetups/${c.meetupId}/confirm`);
      await call(server.app, other.a.token, 'PATCH', `/api/meetups/${c.meetupId}/cancel`);
      // The 60-minute reminder's time comes (both meetups' rows, had there been any for the cancelled one).
      await server.database.db.execute(
        sql`update jobs set run_at = now() where dedupe_key in (${`meetup:${m.meetupId}:reminder:3600000`}, ${`meetup:${c.meetupId}:reminder:3600000`})`,
      );
      const got = await until(
        () => notes(server, a, 'MEETUP_REMINDER'),
        (l) => l.length > 0,
      );
      expect(got).toEqual([expect.objectContaining({ content: '이알람님과의 약속이 곧 시작돼요.' })]);
      expect(await notes(server, b, 'MEETUP_REMINDER')).toHaveLength(1);
      const pushed = await until(
        async () => push.sent.filter((p) => p.token === `device-${a.memberId}` && p.data.type === 'MEETUP_REMINDER'),
        (l) => l.length > 0,
      );
      expect(pushed.map((p) => p.data.url)).toEqual([`/chatting/${m.chatRoomId}`]);
      await new Promise((r) => setTimeout(r, 400));
      expect(await notes(server, a, 'MEETUP_REMINDER')).toHaveLength(1);
      expect(await notes(server, other.a, 'MEETUP_REMINDER')).toHaveLength(0);
      expect(await notes(server, other.b, 'MEETUP_REMINDER')).toHaveLength(0);

      // The end comes: "만났나요?" once for each member.
      await endMeetup(server, m.meetupId);
      await server.database.db.execute(sql`update jobs set run_at = now() where dedupe_key like ${`meetup:${m.meetupId}:%`}`);
      const asked = await until(
        () => notes(server, b, 'MEETUP_CHECKIN'),
        (l) => l.length > 0,
      );
      expect(asked).toEqual([expect.objectContaining({ content: '김알람님과 만났나요?' })]);
      expect(await notes(server, a, 'MEETUP_CHECKIN')).toHaveLength(1);
      const asking = await until(
        async () => push.sent.filter((p) => p.token === `device-${a.memberId}` && p.data.type === 'MEETUP_CHECKIN'),
        (l) => l.length > 0,
      );
      expect(asking.map((p) => p.data.url)).toEqual([`/meetups?checkin=${m.meetupId}`]);
      // The 10-minute reminder came due after the start: no longer meaningful, not sent.
      expect(await notes(server, a, 'MEETUP_REMINDER')).toHaveLength(1);
      expect(await rows(server, sql`select 1 from jobs where dedupe_key like ${`meetup:${m.meetupId}:%`}`)).toEqual([]);
    });

    it('no-show: two met:false reports within 30 days leave a member out of recommendations and popular', async () => {
      // X meets two people who both say X did not come; Y (a third member) no longer sees X.
      const free = [{ dayOfWeek: 'MON', startTime: '10:00', endTime: '20:00', subjectName: '' }];
      // Another campus than the other tests', so the top 10 are these few members.
      const x = await newMember(server.app, email('ewha.ac.kr'), { membername: '노쇼', timeTables: free, interests: ['STARTUP'] });
      const y = await newMember(server.app, email('ewha.ac.kr'), { timeTables: free, interests: ['STARTUP'] });
      const seen = async () => {
        const rec = (await call(server.app, y.token, 'GET', '/api/members/recommendations')).body.result as { memberId: number }[];
        const pop = (await call(server.app, y.token, 'GET', '/api/members/popular')).body.result as { memberId: number }[];
        return { rec: rec.some((c) => c.memberId === x.memberId), pop: pop.some((c) => c.memberId === x.memberId) };
      };
      expect(await seen()).toEqual({ rec: true, pop: true });
      for (let i = 0; i < 2; i++) {
        const r = await newMember(server.app, email('ewha.ac.kr'), { timeTables: free });
        await call(server.app, r.token, 'POST', '/api/matches', { toMemberId: x.memberId });
        await call(server.app, x.token, 'PATCH', `/api/matches/accept/${r.memberId}`);
        const [match] = await rows<{ id: number }>(server, sql`select id from matches where requester_id = ${r.memberId}`);
        const m = (await propose(server, r, match!.id, { startsAt: at(HOUR), place: '학생식당' })).body.result!;
        await call(server.app, x.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`);
        await endMeetup(server, m.meetupId);
        expect((await call(server.app, r.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: false, compliments: ['KIND'] })).status).toBe(200);
        if (i === 0) expect(await seen()).toEqual({ rec: true, pop: true });
      }
      expect(await seen()).toEqual({ rec: false, pop: false });
      // Compliments never go with met:false.
      expect((await call(server.app, y.token, 'GET', `/api/members/${x.memberId}/compliments`)).body.result.total).toBe(0);
      // 30 days after the later report, X is back.
      await server.database.db.execute(sql`update meetup_checkins set created_at = created_at - interval '31 days' where about_id = ${x.memberId}`);
      expect(await seen()).toEqual({ rec: true, pop: true });
    });

    /** Every meetup call a member of the pair can make about `meetupId` and `matchId`, with what it answers. */
    async function meetupCalls(s: Session, meetupId: number, matchId: number) {
      const answers: Record<string, [number, string]> = {};
      for (const [method, path, body] of [
        ['PATCH', `/api/meetups/${meetupId}/confirm`],
        ['PATCH', `/api/meetups/${meetupId}/decline`],
        ['PATCH', `/api/meetups/${meetupId}/cancel`],
        ['POST', `/api/meetups/${meetupId}/checkin`, { met: true }],
        ['GET', `/api/meetups/${meetupId}/calendar.ics`],
        ['POST', `/api/matches/${matchId}/meetups`, { startsAt: at(5 * HOUR), place: '학생식당' }],
        ['GET', `/api/matches/${matchId}/meetup-suggestions`],
      ] as const) {
        const res = await call(server.app, s.token, method, path, body);
        answers[`${method} ${path.replace(/\d+/, '{id}')}`] = [res.status, res.body.code];
      }
      return answers;
    }

    const asUnknown = (answers: Record<string, [number, string]>) => Object.fromEntries(Object.keys(answers).map((k) => [k, [404, 'MEETUP_404']]));

    it('a block cancels the pair’s open meetups in its transaction, silently: gone from both lists, every meetup call 404, no reminder; unblock brings them back cancelled', async () => {
      // p: a pending proposal, blocked by its proposer; q: a confirmed one, blocked by the one who accepted it.
      const p = await pair(server, ['김차단', '이제안받음']);
      const proposed = (await propose(server, p.a, p.matchId, { startsAt: at(2 * HOUR), place: '학생식당' })).body.result!;
      const q = await pair(server, ['박확정', '최차단']);
      const confirmed = (await propose(server, q.a, q.matchId, { startsAt: at(3 * HOUR), place: '학생식당' })).body.result!;
      expect((await call(server.app, q.b.token, 'PATCH', `/api/meetups/${confirmed.meetupId}/confirm`)).status).toBe(200);
      const jobsOf = (id: number) => rows<{ dedupe_key: string }>(server, sql`select dedupe_key from jobs where dedupe_key like ${`meetup:${id}:%`}`);
      expect(await jobsOf(confirmed.meetupId)).toHaveLength(3);
      const everyone = [p.a, p.b, q.a, q.b];
      for (const s of everyone) await call(server.app, s.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${s.memberId}` });
      const allNotes = async (s: Session) => (await call(server.app, s.token, 'GET', '/api/notifications?size=50')).body.result.notifications.length as number;
      const notesBefore = await Promise.all(everyone.map(allNotes));
      const tokens = new Set(everyone.map((s) => `device-${s.memberId}`));
      const pushes = () => push.sent.filter((x) => tokens.has(x.token)).length;
      const pushesBefore = pushes();

      expect((await call(server.app, p.a.token, 'POST', `/api/members/${p.b.memberId}/block`)).status).toBe(200);
      expect((await call(server.app, q.b.token, 'POST', `/api/members/${q.a.memberId}/block`)).status).toBe(200);

      // Both cancelled with the block; the confirmed one's reminders and check-in went with it.
      const stored = await rows<{ id: number; status: string }>(
        server,
        sql`select id, status from meetups where id in (${proposed.meetupId}, ${confirmed.meetupId}) order by id`,
      );
      expect(stored.map((r) => r.status)).toEqual(['CANCELLED', 'CANCELLED']);
      expect(await jobsOf(confirmed.meetupId)).toEqual([]);
      // The accept of the QA walkthrough: the blocked member cannot confirm the proposal.
      const accept = await call(server.app, p.b.token, 'PATCH', `/api/meetups/${proposed.meetupId}/confirm`);
      expect([accept.status, accept.body.code]).toEqual([404, 'MEETUP_404']);
      // Gone from both members' lists (home's 다가오는 약속 and /meetups), both scopes.
      for (const s of everyone) {
        for (const scope of ['upcoming', 'past']) {
          const list = await call<Meetup[]>(server.app, s.token, 'GET', `/api/meetups?scope=${scope}`);
          expect(list.body.result, `${scope} of ${s.memberId}`).toEqual([]);
        }
      }
      // Every meetup call of the pair, by either member, answers as for a meetup that does not exist.
      for (const [s, m, matchId] of [
        [p.a, proposed, p.matchId],
        [p.b, proposed, p.matchId],
        [q.a, confirmed, q.matchId],
        [q.b, confirmed, q.matchId],
      ] as const) {
        const answers = await meetupCalls(s, m.meetupId, matchId);
        expect(answers, `member ${s.memberId}`).toEqual(asUnknown(answers));
      }
      // Received compliments answer as the member's profile does (section 15: USER_404).
      expect((await call(server.app, p.b.token, 'GET', `/api/members/${p.a.memberId}/compliments`)).body.code).toBe('USER_404');
      // Nobody was told: no notification (no 취소했어요, no 수락했어요), no push.
      await new Promise((r) => setTimeout(r, 200));
      expect(await Promise.all(everyone.map(allNotes))).toEqual(notesBefore);
      expect(pushes()).toBe(pushesBefore);
      expect(await rows(server, sql`select 1 from meetups where id in (${proposed.meetupId}, ${confirmed.meetupId}) and status <> 'CANCELLED'`)).toEqual([]);

      // Unblocked: the cancelled proposal is back in both past lists, and a new one can be made.
      await call(server.app, p.a.token, 'DELETE', `/api/members/${p.b.memberId}/block`);
      for (const s of [p.a, p.b]) {
        const past = (await call<Meetup[]>(server.app, s.token, 'GET', '/api/meetups?scope=past')).body.result!;
        expect(past.map((x) => [x.meetupId, x.status])).toEqual([[proposed.meetupId, 'CANCELLED']]);
      }
      expect((await propose(server, p.b, p.matchId, { startsAt: at(4 * HOUR), place: '학생식당' })).status).toBe(200);
    });

    it('a meetup left open under a block (stored before this rule) is hidden and refused, and its reminders and check-in send nothing', async () => {
      const { a, b, matchId } = await pair(server, ['김예전', '이예전']);
      const m = (await propose(server, a, matchId, { startsAt: at(3 * HOUR), place: '학생식당' })).body.result!;
      await call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`);
      // The block row alone, as an older server stored it: the meetup and its jobs stayed.
      await server.database.db.execute(sql`insert into blocks (blocker_id, blocked_id) values (${a.memberId}, ${b.memberId})`);
      expect((await call<Meetup[]>(server.app, b.token, 'GET', '/api/meetups?scope=upcoming')).body.result).toEqual([]);
      const answers = await meetupCalls(b, m.meetupId, matchId);
      expect(answers).toEqual(asUnknown(answers));
      await server.database.db.execute(sql`update jobs set run_at = now() where dedupe_key like ${`meetup:${m.meetupId}:%`}`);
      await until(
        () => rows(server, sql`select 1 from jobs where dedupe_key like ${`meetup:${m.meetupId}:%`}`),
        (left) => left.length === 0,
      );
      for (const s of [a, b]) {
        expect(await notes(server, s, 'MEETUP_REMINDER')).toEqual([]);
        expect(await notes(server, s, 'MEETUP_CHECKIN')).toEqual([]);
      }
    });

    it('a block racing a confirm or a proposal of the same pair never leaves an open meetup or a job behind', async () => {
      for (let round = 0; round < 4; round++) {
        const { a, b, matchId } = await pair(server);
        const m = (await propose(server, a, matchId, { startsAt: at(2 * HOUR), place: '학생식당' })).body.result!;
        const raced = await Promise.all([
          call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`),
          call(server.app, a.token, 'POST', `/api/members/${b.memberId}/block`),
        ]);
        expect(raced[1].status).toBe(200);
        expect([200, 404], JSON.stringify(raced[0].body)).toContain(raced[0].status);
        // And a proposal racing the block (the first one is closed by now either way).
        const other = await pair(server);
        const racedPropose = await Promise.all([
          propose(server, other.a, other.matchId, { startsAt: at(2 * HOUR), place: '학생식당' }),
          call(server.app, other.b.token, 'POST', `/api/members/${other.a.memberId}/block`),
        ]);
        expect([200, 404], JSON.stringify(racedPropose[0].body)).toContain(racedPropose[0].status);
        const open = await rows<{ id: number }>(
          server,
          sql`select id from meetups where match_id in (${matchId}, ${other.matchId}) and status in ('PROPOSED', 'CONFIRMED')`,
        );
        expect(open, `round ${round}`).toEqual([]);
        expect(await rows(server, sql`select 1 from jobs where dedupe_key like ${`meetup:${m.meetupId}:%`}`)).toEqual([]);
      }
    });
  });
}

describe('MEETUP_TEST_CLOCK (browser tests only)', () => {
  it('is refused in production and absent by default', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://a.example', MEETUP_TEST_CLOCK: '1' })).toThrow(
      /MEETUP_TEST_CLOCK/,
    );
    const server = await startTestServerWith('pglite');
    try {
      const a = await newMember(server.app, email());
      expect((await call(server.app, a.token, 'PUT', '/api/test/meetup-clock', { shiftMs: 1000 })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('when on, moves the request rules past a meetup’s end', async () => {
    const server = await startTestServerWith('pglite', {}, { MEETUP_TEST_CLOCK: '1' });
    try {
      const { a, b, matchId } = await pair(server);
      const m = (await propose(server, a, matchId, { startsAt: at(HOUR), place: '학생식당' })).body.result!;
      await call(server.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`);
      expect((await call(server.app, a.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: true })).status).toBe(409);
      await call(server.app, a.token, 'PUT', '/api/test/meetup-clock', { shiftMs: 3 * HOUR });
      expect((await call(server.app, a.token, 'POST', `/api/meetups/${m.meetupId}/checkin`, { met: true })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
