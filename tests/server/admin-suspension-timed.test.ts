import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { seedCampus } from '../../server/seed/campus';
import { STOMP_HEADERS } from '../../contract/stomp';
import { call, describeApi, type ApiServer } from './api-harness';
import { email } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { freshPostgres, newMember, POSTGRES_AVAILABLE, signIn, startTestServerWith, type Session } from './harness';

/**
 * 정지 기간 (contract section 16, extension): `days` 7 or 30 on a report's SUSPEND and on 직접 정지;
 * without it a suspension is permanent as before. A timed one ends by itself (a job on the durable
 * scheduler), once, logged as MEMBER_REINSTATE_AUTO. The end is made to pass by moving the
 * suspension's and its job's time back, as the passing of days would.
 */
const OPERATOR = 'ops@catholic.ac.kr';
const DAY = 86_400_000;

interface AuditRow {
  action: string;
  operatorEmail: string;
  targetMemberId: number | null;
  detail: string | null;
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The member's suspension end and its job as they stand. */
const pastEnd = (db: Database, memberId: number) =>
  db.db.execute(sql`with moved as (
                      update member_suspensions set created_at = created_at - interval '30 days', suspended_until = suspended_until - interval '30 days'
                       where member_id = ${memberId} returning member_id)
                    update jobs set run_at = run_at - interval '30 days' where dedupe_key like ${`suspension-end:${memberId}:%`}`);

const statusOf = async (db: Database, memberId: number) =>
  (await rows<{ status: string }>(db, sql`select status from members where id = ${memberId}`))[0]?.status;

const jobsOf = async (db: Database, memberId: number) =>
  (await rows<{ n: number }>(db, sql`select count(*)::int as n from jobs where dedupe_key like ${`suspension-end:${memberId}:%`}`))[0]!.n;

const autoReinstatements = async (s: { app: ApiServer['app'] }, op: Session, memberId: number) =>
  ((await call(s.app, op.token, 'GET', '/api/admin/audit?size=100')).body.result.entries as AuditRow[]).filter(
    (e) => e.action === 'MEMBER_REINSTATE_AUTO' && e.targetMemberId === memberId,
  );

/** The refusal of a sign-in: status and envelope. */
async function refusedSignIn(s: { app: ApiServer['app'] }, address: string) {
  const error = await signIn(s.app, address).then(
    () => undefined,
    (e: Error) => e,
  );
  if (!error) throw new Error('sign-in was not refused');
  const [, status, body] = /^login failed: (\d+) (.*)$/s.exec(error.message)!;
  return { status: Number(status), body: JSON.parse(body!) as { code: string; message: string; result?: Record<string, string> } };
}

async function reportOf(s: ApiServer, target: Session): Promise<number> {
  const reporter = await newMember(s.app, email('reporter'));
  const r = await call(s.app, reporter.token, 'POST', '/api/reports', { targetMemberId: target.memberId, reason: 'NO_SHOW' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.reportId as number;
}

describeApi(
  '정지 기간: 7일 / 30일 / 영구 (section 16, extension)',
  (server) => {
    it('a bad days is a Korean 400 on days and suspends nobody; without days it is permanent as before', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const target = await newMember(s.app, email('bad'), { membername: '대상' });
      const reportId = await reportOf(s, target);
      for (const days of [14, 0, -7, 7.5, '7', 'seven', true]) {
        for (const [method, url, body] of [
          ['PATCH', `/api/admin/reports/${reportId}`, { action: 'SUSPEND', days }],
          ['POST', `/api/admin/members/${target.memberId}/suspend`, { reason: '노쇼', days }],
        ] as const) {
          const res = await call(s.app, op.token, method, url, body);
          expect([res.status, res.body.code, res.body.result?.days], `${url} ${JSON.stringify(days)}`).toEqual([
            400,
            'COMMON400',
            '정지 기간은 7일 또는 30일이에요. 영구 정지는 days 없이 보내 주세요.',
          ]);
        }
      }
      // A length on a 무시 says the client is confused: refused too.
      const dismiss = await call(s.app, op.token, 'PATCH', `/api/admin/reports/${reportId}`, { action: 'DISMISS', days: 7 });
      expect([dismiss.status, dismiss.body.result?.days]).toEqual([400, '정지 기간은 정지할 때만 보낼 수 있어요.']);
      expect(await statusOf(s.database, target.memberId)).toBe('ACTIVE');
      expect((await call(s.app, target.token, 'GET', '/api/members/me')).status).toBe(200);

      // An existing client: no days (or null) is 영구, and nothing schedules its end.
      const decided = await call(s.app, op.token, 'PATCH', `/api/admin/reports/${reportId}`, { action: 'SUSPEND', days: null });
      expect([decided.status, decided.body.result?.suspendedUntil]).toEqual([200, null]);
      const listed = (await call(s.app, op.token, 'GET', '/api/admin/members/suspended')).body.result as { memberId: number; suspendedUntil: string | null }[];
      expect(listed.find((m) => m.memberId === target.memberId)?.suspendedUntil).toBeNull();
      expect(await jobsOf(s.database, target.memberId)).toBe(0);
      const refused = await refusedSignIn(s, target.email);
      expect([refused.status, refused.body.code, refused.body.message, refused.body.result]).toEqual([
        403,
        'AUTH_403_DISABLED',
        '사용할 수 없는 계정이에요.',
        undefined,
      ]);
    });

    it('7일 from a report and 30일 directly: the lists and the sign-in refusal say until when; the audit log the length', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const week = await newMember(s.app, email('week'), { membername: '일주일' });
      const month = await newMember(s.app, email('month'), { membername: '한달' });
      const before = Date.now();
      const decided = await call(s.app, op.token, 'PATCH', `/api/admin/reports/${await reportOf(s, week)}`, { action: 'SUSPEND', days: 7 });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      const weekEnd = Date.parse(decided.body.result.suspendedUntil as string);
      expect(weekEnd).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7 * DAY - 1000);
      expect(weekEnd).toBeLessThanOrEqual(Date.now() + 7 * DAY);
      const direct = await call(s.app, op.token, 'POST', `/api/admin/members/${month.memberId}/suspend`, { reason: '노쇼 두 번', days: 30 });
      expect([direct.status, direct.body.result?.closedReports]).toEqual([200, 0]);
      const monthEnd = Date.parse(direct.body.result.suspendedUntil as string);
      expect(Math.round((monthEnd - weekEnd) / DAY)).toBe(23);

      const listed = (
        (await call(s.app, op.token, 'GET', '/api/admin/members/suspended')).body.result as { memberId: number; suspendedUntil: string | null }[]
      ).filter((m) => [week.memberId, month.memberId].includes(m.memberId));
      expect(listed.map((m) => [m.memberId, m.suspendedUntil && Date.parse(m.suspendedUntil)])).toEqual([
        [week.memberId, weekEnd],
        [month.memberId, monthEnd],
      ]);
      const found = (await call(s.app, op.token, 'GET', `/api/admin/members?query=${encodeURIComponent('한달')}`)).body.result as {
        memberId: number;
        status: string;
        suspendedUntil: string | null;
      }[];
      expect(found.map((m) => [m.memberId, m.status, m.suspendedUntil && Date.parse(m.suspendedUntil)])).toEqual([[month.memberId, 'DISABLED', monthEnd]]);
      const active = (await call(s.app, op.token, 'GET', '/api/admin/members?query=ops')).body.result as { status: string; suspendedUntil: string | null }[];
      expect(active.map((m) => [m.status, m.suspendedUntil])).toEqual([['ACTIVE', null]]);

      // Already suspended: the suspension in force stands, its end too.
      const again = await call(s.app, op.token, 'POST', `/api/admin/members/${month.memberId}/suspend`, { reason: '또', days: 7 });
      expect([again.status, again.body.result]).toEqual([
        200,
        { memberId: month.memberId, closedReports: 0, suspendedUntil: direct.body.result.suspendedUntil },
      ]);

      // The student is told until when, in Seoul time; the code is the same.
      const refused = await refusedSignIn(s, week.email);
      expect([refused.status, refused.body.code, refused.body.result]).toEqual([403, 'AUTH_403_DISABLED', { suspendedUntil: new Date(weekEnd).toISOString() }]);
      const seoul = new Date(weekEnd + 9 * 3_600_000);
      const hhmm = `${String(seoul.getUTCHours()).padStart(2, '0')}:${String(seoul.getUTCMinutes()).padStart(2, '0')}`;
      expect(refused.body.message).toBe(
        `${seoul.getUTCFullYear()}년 ${seoul.getUTCMonth() + 1}월 ${seoul.getUTCDate()}일 ${hhmm}까지 이용이 정지된 계정이에요.`,
      );
      const me = await call(s.app, month.token, 'GET', '/api/members/me');
      expect([me.status, me.body.code, me.body.message]).toEqual([
        403,
        'AUTH_403_DISABLED',
        expect.stringMatching(/^\d{4}년 \d+월 \d+일 \d\d:\d\d까지 이용이 정지된 계정이에요\.$/),
      ]);

      const log = (await call(s.app, op.token, 'GET', '/api/admin/audit')).body.result.entries as AuditRow[];
      const mine = log.filter((e) => e.action.endsWith('SUSPEND') && [week.memberId, month.memberId].includes(e.targetMemberId!));
      expect(mine.map((e) => [e.action, e.targetMemberId, e.detail])).toEqual([
        ['MEMBER_SUSPEND', month.memberId, '30일 · 노쇼 두 번'],
        ['REPORT_SUSPEND', week.memberId, '신고 1건 · 7일'],
      ]);
    });

    it('the open socket of a member suspended for 7일 gets ERROR saying until when (suspended-until-ms), so does a later CONNECT; 영구 names no end', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const week = await newMember(s.app, email('sockweek'), { membername: '일주일' });
      const forever = await newMember(s.app, email('sockforever'), { membername: '영구' });
      const url = await stompUrl(s.app);
      const weekSocket = await ChatClient.connect(url, week.token);
      const foreverSocket = await ChatClient.connect(url, forever.token);
      const decided = await call(s.app, op.token, 'POST', `/api/admin/members/${week.memberId}/suspend`, { reason: '노쇼', days: 7 });
      const until = decided.body.result.suspendedUntil as string;
      expect(Date.parse(until)).toBeGreaterThan(Date.now());
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${forever.memberId}/suspend`, { reason: '욕설' })).status).toBe(200);
      await waitUntil(() => weekSocket.closed && foreverSocket.closed, 3000, 'suspended sockets closed');
      const said = (socket: ChatClient) => socket.errors.map((e) => [e.headers.code, e.headers[STOMP_HEADERS.suspendedUntilMs]]);
      expect(said(weekSocket)).toEqual([['AUTH_403_DISABLED', String(Date.parse(until))]]);
      expect(said(foreverSocket)).toEqual([['AUTH_403_DISABLED', undefined]]);
      // The app reconnecting with its still unexpired token is refused the same way.
      const again = await ChatClient.refused(url, { Authorization: `Bearer ${week.token}` });
      expect([again.error.headers.code, again.error.headers[STOMP_HEADERS.suspendedUntilMs]]).toEqual(['AUTH_403_DISABLED', String(Date.parse(until))]);
      const foreverAgain = await ChatClient.refused(url, { Authorization: `Bearer ${forever.token}` });
      expect([foreverAgain.error.headers.code, foreverAgain.error.headers[STOMP_HEADERS.suspendedUntilMs]]).toEqual(['AUTH_403_DISABLED', undefined]);
      // And a REST request: the same end in `result`, which the app reads as well.
      const me = await call(s.app, week.token, 'GET', '/api/members/me');
      expect([me.status, me.body.code, me.body.result]).toEqual([403, 'AUTH_403_DISABLED', { suspendedUntil: until }]);
    });

    it('at the end the member is reinstated once, logged as automatic, and signs in; a permanent one stays suspended', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const timed = await newMember(s.app, email('timed'), { membername: '기간' });
      const forever = await newMember(s.app, email('forever'), { membername: '영구' });
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${timed.memberId}/suspend`, { reason: '노쇼', days: 7 })).status).toBe(200);
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${forever.memberId}/suspend`, { reason: '욕설' })).status).toBe(200);

      // Not yet: nothing is due.
      await s.app.scheduler.runDue();
      expect(await statusOf(s.database, timed.memberId)).toBe('DISABLED');

      await pastEnd(s.database, timed.memberId);
      await pastEnd(s.database, forever.memberId);
      // Several passes at once (as several instances would poll): one reinstatement.
      await Promise.all([s.app.scheduler.runDue(), s.app.scheduler.runDue(), s.app.scheduler.runDue()]);
      await s.app.scheduler.runDue();
      expect(await statusOf(s.database, timed.memberId)).toBe('ACTIVE');
      expect(await statusOf(s.database, forever.memberId)).toBe('DISABLED');
      expect(await jobsOf(s.database, timed.memberId)).toBe(0);
      const auto = await autoReinstatements(s, op, timed.memberId);
      expect(auto.map((e) => [e.operatorEmail, e.detail])).toEqual([['', '7일 정지 끝']]);
      expect(await autoReinstatements(s, op, forever.memberId)).toEqual([]);

      const listed = (await call(s.app, op.token, 'GET', '/api/admin/members/suspended')).body.result as { memberId: number; suspendedUntil: string | null }[];
      expect(listed.filter((m) => [timed.memberId, forever.memberId].includes(m.memberId)).map((m) => [m.memberId, m.suspendedUntil])).toEqual([
        [forever.memberId, null],
      ]);
      const back = await signIn(s.app, timed.email);
      expect(back.isNewUser).toBe(false);
      expect((await call(s.app, back.token, 'GET', '/api/members/me')).status).toBe(200);
      expect((await refusedSignIn(s, forever.email)).body.code).toBe('AUTH_403_DISABLED');
    });

    it('정지 해제 before the end takes the job along: a later 영구 suspension is not ended by the first one’s time', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const target = await newMember(s.app, email('early'), { membername: '조기' });
      // Member 1…9's key must not be a prefix of another member's (cancel is by prefix).
      const neighbour = await newMember(s.app, email('neighbour'), { membername: '이웃' });
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/suspend`, { reason: '노쇼', days: 7 })).status).toBe(200);
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${neighbour.memberId}/suspend`, { reason: '노쇼', days: 30 })).status).toBe(200);
      expect(await jobsOf(s.database, target.memberId)).toBe(1);
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/reinstate`)).status).toBe(200);
      expect(await jobsOf(s.database, target.memberId)).toBe(0);
      expect(await jobsOf(s.database, neighbour.memberId)).toBe(1);
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/suspend`, { reason: '다시' })).status).toBe(200);
      expect(await jobsOf(s.database, target.memberId)).toBe(0);
      // A job ahead of its row (the end moved later by hand in the database): it ends nothing, and the row's end keeps a job.
      await s.database.db.execute(
        sql`update member_suspensions set suspended_until = suspended_until + interval '1 day' where member_id = ${neighbour.memberId}`,
      );
      await s.database.db.execute(sql`update jobs set run_at = now() - interval '1 day' where kind = 'member.suspension-end'`);
      await s.app.scheduler.runDue();
      expect(await statusOf(s.database, target.memberId)).toBe('DISABLED');
      expect(await statusOf(s.database, neighbour.memberId)).toBe('DISABLED');
      expect(await autoReinstatements(s, op, target.memberId)).toEqual([]);
      expect(await autoReinstatements(s, op, neighbour.memberId)).toEqual([]);
      const [job] = await rows<{ later: boolean }>(
        s.database,
        sql`select j.run_at = m.suspended_until as later from jobs j join member_suspensions m on m.member_id = ${neighbour.memberId}
             where j.dedupe_key like ${`suspension-end:${neighbour.memberId}:%`}`,
      );
      expect(job).toEqual({ later: true });
    });
  },
  { ADMIN_EMAILS: OPERATOR },
);

// PGlite is one process's database: instances and restarts are PostgreSQL's.
if (POSTGRES_AVAILABLE)
  describe('정지 기간 across instances and restarts [postgres] (section 16, extension)', () => {
    it('the end passes while the server is down: on the next boot one of two instances reinstates, within the poll, once', async () => {
      const pg = await freshPostgres();
      const env = { ADMIN_EMAILS: OPERATOR, JOBS_POLL_MS: '100' };
      try {
        const seeding = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://' });
        await seedCampus(seeding.db);
        await seeding.close();
        const first = await startTestServerWith('postgres', {}, env, pg.url);
        const op = await newMember(first.app, OPERATOR, { membername: '운영자' });
        const target = await newMember(first.app, email('restart'), { membername: '재시작' });
        expect((await call(first.app, op.token, 'POST', `/api/admin/members/${target.memberId}/suspend`, { reason: '노쇼', days: 7 })).status).toBe(200);
        // Down: the server stops, and the week passes meanwhile.
        await first.app.close();
        await pastEnd(first.database, target.memberId);
        expect(await statusOf(first.database, target.memberId)).toBe('DISABLED');
        await first.database.close();

        // Two instances boot on the database and both poll.
        const second = await startTestServerWith('postgres', {}, env, pg.url);
        const third = await startTestServerWith('postgres', {}, env, pg.url);
        try {
          const deadline = Date.now() + 30_000;
          while ((await statusOf(second.database, target.memberId)) !== 'ACTIVE') {
            if (Date.now() > deadline) throw new Error('not reinstated within 30 s');
            await new Promise((r) => setTimeout(r, 50));
          }
          await new Promise((r) => setTimeout(r, 500));
          expect(await autoReinstatements(third, op, target.memberId)).toHaveLength(1);
          expect((await signIn(second.app, target.email)).isNewUser).toBe(false);
        } finally {
          await third.close();
          await second.close();
        }
      } finally {
        await pg.drop();
      }
    });
  });
