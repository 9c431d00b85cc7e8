import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Meetup } from '../../contract/meetups';
import { CHAT_EVENT, MEMBER_QUEUE } from '../../contract/stomp';
import { call, describeApi, type ApiServer } from './api-harness';
import { email } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { newMember, type Session } from './harness';

/**
 * Contract section 16 (extension): a suspension, direct or by a report's SUSPEND, cancels every
 * open meetup of the suspended member in its own transaction, and each partner is told. Before,
 * the partner's home kept a 확정 lunch with someone who could no longer come, and its reminders
 * still fired.
 */
const OPERATOR = 'ops-meetups@catholic.ac.kr';
const HOUR = 3_600_000;

/** The next whole minute at least `ms` from now. */
const at = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 60_000) * 60_000).toISOString();

async function rows<T>(s: ApiServer, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await s.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** An accepted match between the two, as the matches API makes it; its id. */
async function match(s: ApiServer, a: Session, b: Session): Promise<number> {
  expect((await call(s.app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId })).status).toBe(200);
  expect((await call(s.app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`)).status).toBe(200);
  const list = await call(s.app, a.token, 'GET', '/api/matches?status=ACCEPTED&size=50');
  return (list.body.result.data as { id: number; matchedUser: { id: number } }[]).find((m) => m.matchedUser.id === b.memberId)!.id;
}

async function propose(s: ApiServer, by: Session, matchId: number, startsIn: number): Promise<Meetup> {
  const res = await call<Meetup>(s.app, by.token, 'POST', `/api/matches/${matchId}/meetups`, { startsAt: at(startsIn), place: '학생식당' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result!;
}

async function notes(s: ApiServer, who: Session, type?: string) {
  const page = await call(s.app, who.token, 'GET', '/api/notifications?size=50');
  return (page.body.result.notifications as { type: string; content: string; senderMembername: string | null }[]).filter(
    (n) => type === undefined || n.type === type,
  );
}

const statusOf = async (s: ApiServer, id: number) => (await rows<{ status: string }>(s, sql`select status from meetups where id = ${id}`))[0]!.status;
const jobsOf = (s: ApiServer, id: number) => rows<{ dedupe_key: string }>(s, sql`select dedupe_key from jobs where dedupe_key like ${`meetup:${id}:%`}`);
const upcoming = async (s: ApiServer, who: Session) =>
  (await call<Meetup[]>(s.app, who.token, 'GET', '/api/meetups?scope=upcoming')).body.result!.map((m) => [m.meetupId, m.status]);

describeApi(
  'a suspension cancels the member’s open meetups (contract section 16, extension)',
  (server) => {
    it('직접 정지: every open meetup CANCELLED in its transaction, each partner told (notification, push, live event), no reminder; the rest untouched; 정지 해제 brings nothing back', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const suspended = await newMember(s.app, email('minji'), { membername: '김민지' });
      const confirmedWith = await newMember(s.app, email('confirmed'), { membername: '이확정' });
      const proposedBy = await newMember(s.app, email('proposer'), { membername: '박제안' });
      const earlierWith = await newMember(s.app, email('earlier'), { membername: '최지난' });
      // A confirmed lunch the suspended member proposed, and a proposal made to them.
      const confirmed = await propose(s, suspended, await match(s, suspended, confirmedWith), 3 * HOUR);
      expect((await call(s.app, confirmedWith.token, 'PATCH', `/api/meetups/${confirmed.meetupId}/confirm`)).status).toBe(200);
      const proposedMatch = await match(s, proposedBy, suspended);
      const proposed = await propose(s, proposedBy, proposedMatch, 2 * HOUR);
      // A lunch that already took place (ended, awaiting its check-in), and one between two others.
      const earlier = await propose(s, earlierWith, await match(s, earlierWith, suspended), 4 * HOUR);
      expect((await call(s.app, suspended.token, 'PATCH', `/api/meetups/${earlier.meetupId}/confirm`)).status).toBe(200);
      await s.database.db.execute(
        sql`update meetups set starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' where id = ${earlier.meetupId}`,
      );
      const others = await propose(s, confirmedWith, await match(s, confirmedWith, proposedBy), 5 * HOUR);
      expect(await jobsOf(s, confirmed.meetupId)).not.toEqual([]);
      expect(await upcoming(s, confirmedWith)).toEqual([
        [confirmed.meetupId, 'CONFIRMED'],
        [others.meetupId, 'PROPOSED'],
      ]);

      for (const who of [confirmedWith, proposedBy]) await call(s.app, who.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${who.memberId}` });
      // The partner of the confirmed lunch has the app open.
      const live = await ChatClient.connect(await stompUrl(s.app), confirmedWith.token);
      await live.subscribe(MEMBER_QUEUE);
      const suspendedNotesBefore = (await notes(s, suspended)).length;
      const earlierNotesBefore = (await notes(s, earlierWith)).length;

      const res = await call(s.app, op.token, 'POST', `/api/admin/members/${suspended.memberId}/suspend`, {
        reason: '단톡방에서 노쇼 신고가 여러 번 들어왔어요',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);

      // Both open meetups are cancelled, with the confirmed one's reminders and check-in.
      expect(await statusOf(s, confirmed.meetupId)).toBe('CANCELLED');
      expect(await statusOf(s, proposed.meetupId)).toBe('CANCELLED');
      expect(await jobsOf(s, confirmed.meetupId)).toEqual([]);
      // Home's 다가오는 약속 of each partner no longer shows it; the cancellation is under past.
      expect(await upcoming(s, confirmedWith)).toEqual([[others.meetupId, 'PROPOSED']]);
      expect(await upcoming(s, proposedBy)).toEqual([[others.meetupId, 'PROPOSED']]);
      const past = (await call<Meetup[]>(s.app, proposedBy.token, 'GET', '/api/meetups?scope=past')).body.result!;
      expect(past.map((m) => [m.meetupId, m.status])).toEqual([[proposed.meetupId, 'CANCELLED']]);

      // Each partner is told once, in words that accuse nobody, about the suspended member.
      for (const who of [confirmedWith, proposedBy]) {
        expect(await notes(s, who, 'MEETUP_CANCELLED'), `partner ${who.memberId}`).toEqual([
          expect.objectContaining({ content: '김민지님과의 약속이 취소되었어요.', senderMembername: '김민지' }),
        ]);
      }
      await waitUntil(() => live.eventBodies(CHAT_EVENT.notification).length > 0, 3000, 'event:notification for the cancellation');
      expect(live.eventBodies(CHAT_EVENT.notification)).toEqual([{ type: 'MEETUP_CANCELLED', content: '김민지님과의 약속이 취소되었어요.' }]);
      await s.app.ready();
      const pushed = async () => s.push.sent.filter((p) => p.data.type === 'MEETUP_CANCELLED' && p.token.startsWith('device-'));
      for (let i = 0; i < 60 && (await pushed()).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await pushed()).map((p) => [p.token, p.data.body, p.data.url]).sort()).toEqual(
        [
          [`device-${confirmedWith.memberId}`, '김민지님과의 약속이 취소되었어요.', '/meetups'],
          [`device-${proposedBy.memberId}`, '김민지님과의 약속이 취소되었어요.', '/meetups'],
        ].sort(),
      );

      // A reminder whose time comes (had it stayed) says nothing.
      await s.database.db.execute(sql`update jobs set run_at = now() where dedupe_key like ${`meetup:${confirmed.meetupId}:%`}`);
      await new Promise((r) => setTimeout(r, 600));
      expect(await notes(s, confirmedWith, 'MEETUP_REMINDER')).toEqual([]);

      // A stale screen cannot propose to the suspended member again.
      const again = await call(s.app, proposedBy.token, 'POST', `/api/matches/${proposedMatch}/meetups`, { startsAt: at(6 * HOUR), place: '학생식당' });
      expect([again.status, again.body.code]).toEqual([404, 'MEETUP_404']);

      // Untouched: the lunch that took place, the others' lunch, the suspended member's own notifications.
      expect(await statusOf(s, earlier.meetupId)).toBe('CONFIRMED');
      expect(await statusOf(s, others.meetupId)).toBe('PROPOSED');
      expect((await notes(s, earlierWith)).length).toBe(earlierNotesBefore);
      expect((await rows(s, sql`select 1 from notifications where recipient_id = ${suspended.memberId}`)).length).toBe(suspendedNotesBefore);

      // A second click changes nothing and tells nobody again.
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${suspended.memberId}/suspend`, { reason: '다시' })).status).toBe(200);
      expect(await notes(s, proposedBy, 'MEETUP_CANCELLED')).toHaveLength(1);

      // 정지 해제 does not bring the meetups back.
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${suspended.memberId}/reinstate`)).status).toBe(200);
      expect(await statusOf(s, confirmed.meetupId)).toBe('CANCELLED');
      expect(await statusOf(s, proposed.meetupId)).toBe('CANCELLED');
      expect(await upcoming(s, confirmedWith)).toEqual([[others.meetupId, 'PROPOSED']]);
      await live.close();
    });

    it('a report’s 정지 cancels the same way and tells the partner; the reporter hears the outcome as before', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const target = await newMember(s.app, email('target'), { membername: '정신고' });
      const partner = await newMember(s.app, email('partner'), { membername: '한약속' });
      const reporter = await newMember(s.app, email('reporter'), { membername: '신고자' });
      const meetup = await propose(s, partner, await match(s, partner, target), 2 * HOUR);
      expect((await call(s.app, target.token, 'PATCH', `/api/meetups/${meetup.meetupId}/confirm`)).status).toBe(200);
      const report = await call(s.app, reporter.token, 'POST', '/api/reports', { targetMemberId: target.memberId, reason: 'HARASSMENT' });
      expect(report.status).toBe(200);

      const decided = await call(s.app, op.token, 'PATCH', `/api/admin/reports/${report.body.result.reportId}`, { action: 'SUSPEND' });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);

      expect(await statusOf(s, meetup.meetupId)).toBe('CANCELLED');
      expect(await jobsOf(s, meetup.meetupId)).toEqual([]);
      expect(await upcoming(s, partner)).toEqual([]);
      expect(await notes(s, partner, 'MEETUP_CANCELLED')).toEqual([expect.objectContaining({ content: '정신고님과의 약속이 취소되었어요.' })]);
      expect(await notes(s, reporter, 'REPORT_ACTION_TAKEN')).toHaveLength(1);
      expect(await notes(s, reporter, 'MEETUP_CANCELLED')).toEqual([]);
    });

    it('a meetup left open by a suspension from before this rule sends neither its reminder nor its 만났나요?', async () => {
      const s = server();
      const a = await newMember(s.app, email('olda'), { membername: '김예전' });
      const b = await newMember(s.app, email('oldb'), { membername: '이예전' });
      const m = await propose(s, a, await match(s, a, b), 3 * HOUR);
      expect((await call(s.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`)).status).toBe(200);
      // The status alone, as an older server's suspension left it: the meetup and its jobs stayed.
      await s.database.db.execute(sql`update members set status = 'DISABLED' where id = ${a.memberId}`);
      await s.database.db.execute(sql`update jobs set run_at = now() where dedupe_key like ${`meetup:${m.meetupId}:%`}`);
      for (let i = 0; i < 100 && (await jobsOf(s, m.meetupId)).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await jobsOf(s, m.meetupId)).toEqual([]);
      expect(await notes(s, b, 'MEETUP_REMINDER')).toEqual([]);
      expect(await notes(s, b, 'MEETUP_CHECKIN')).toEqual([]);
    });

    it('a suspension racing a confirm or a proposal with the member never leaves an open meetup or a job behind', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const suspend = (who: Session) => call(s.app, op.token, 'POST', `/api/admin/members/${who.memberId}/suspend`, { reason: '경합' });
      for (let round = 0; round < 3; round++) {
        const a = await newMember(s.app, email('racea'), { membername: '경합가' });
        const b = await newMember(s.app, email('raceb'), { membername: '경합나' });
        const m = await propose(s, a, await match(s, a, b), 2 * HOUR);
        const raced = await Promise.all([call(s.app, b.token, 'PATCH', `/api/meetups/${m.meetupId}/confirm`), suspend(a)]);
        expect(raced[1].status).toBe(200);
        expect([200, 409], JSON.stringify(raced[0].body)).toContain(raced[0].status);
        const c = await newMember(s.app, email('racec'), { membername: '경합다' });
        const d = await newMember(s.app, email('raced'), { membername: '경합라' });
        const cd = await match(s, c, d);
        const racedPropose = await Promise.all([
          call(s.app, c.token, 'POST', `/api/matches/${cd}/meetups`, { startsAt: at(2 * HOUR), place: '학생식당' }),
          suspend(d),
        ]);
        expect([200, 404], JSON.stringify(racedPropose[0].body)).toContain(racedPropose[0].status);
        const stillOpen = await rows<{ id: number }>(
          s,
          sql`select id from meetups where (proposer_id in (${a.memberId}, ${d.memberId}) or partner_id in (${a.memberId}, ${d.memberId}))
                and status in ('PROPOSED', 'CONFIRMED')`,
        );
        expect(stillOpen, `round ${round}`).toEqual([]);
        expect(await jobsOf(s, m.meetupId)).toEqual([]);
      }
    });
  },
  { ADMIN_EMAILS: OPERATOR, JOBS_POLL_MS: '100', MEETUP_REMINDERS: '60m,10m' },
);
