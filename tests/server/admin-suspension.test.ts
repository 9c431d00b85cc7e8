import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { roomPublish, roomTopic } from '../../contract/stomp';
import { call, describeApi, type ApiServer } from './api-harness';
import { matchedPair, email as chatEmail } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { newMember, signIn } from './harness';

const OPERATOR = 'ops@catholic.ac.kr';
const SECOND_OPERATOR = 'ops2@catholic.ac.kr';

/** A report of `target` by a fresh member; its id. */
async function reportOf(s: ApiServer, targetMemberId: number): Promise<number> {
  const reporter = await newMember(s.app, chatEmail('reporter'));
  const r = await call(s.app, reporter.token, 'POST', '/api/reports', { targetMemberId, reason: 'SPAM' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.reportId as number;
}

/** The closed report as the console lists it, and whether its target is suspended now. */
async function outcome(s: ApiServer, operatorToken: string, reportId: number, targetId: number) {
  const closed = (await call(s.app, operatorToken, 'GET', '/api/admin/reports?status=CLOSED')).body.result as { reportId: number; resolution: string }[];
  const suspended = (await call(s.app, operatorToken, 'GET', '/api/admin/members/suspended')).body.result as { memberId: number }[];
  return { resolution: closed.find((r) => r.reportId === reportId)?.resolution, suspended: suspended.some((m) => m.memberId === targetId) };
}

describeApi(
  'operator reports and suspension (contract sections 15–16)',
  (server, kind) => {
    it('groups open reports by target with the message text; 무시 closes them and changes nothing else', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const pair = await matchedPair(s.app, s.database.db, 'dismiss');
      const r = await call(s.app, pair.a.token, 'POST', '/api/reports', { targetMemberId: pair.b.memberId, reason: 'SPAM', detail: '광고를 보내요' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const open = (await call(s.app, op.token, 'GET', '/api/admin/reports?status=OPEN')).body.result as {
        reportId: number;
        target: { memberId: number };
        targetReportCount: number;
        detail: string;
      }[];
      const mine = open.find((x) => x.reportId === r.body.result.reportId)!;
      expect(mine).toMatchObject({ target: { memberId: pair.b.memberId }, targetReportCount: 1, detail: '광고를 보내요', reason: 'SPAM', status: 'OPEN' });
      const dismissed = await call(s.app, op.token, 'PATCH', `/api/admin/reports/${mine.reportId}`, { action: 'DISMISS' });
      expect(dismissed.body.result).toEqual({ reportId: mine.reportId, action: 'DISMISS', targetMemberId: pair.b.memberId, closedReports: 1 });
      const closed = (await call(s.app, op.token, 'GET', '/api/admin/reports?status=CLOSED')).body.result as { reportId: number; resolution: string }[];
      expect(closed.find((x) => x.reportId === mine.reportId)?.resolution).toBe('DISMISS');
      expect((await call(s.app, pair.b.token, 'GET', '/api/members/me')).status).toBe(200);

      for (const [body, status] of [
        [{ action: 'BAN' }, 400],
        [{}, 400],
      ] as const)
        expect((await call(s.app, op.token, 'PATCH', `/api/admin/reports/${mine.reportId}`, body)).status).toBe(status);
      expect((await call(s.app, op.token, 'PATCH', '/api/admin/reports/99999999', { action: 'DISMISS' })).status).toBe(404);
      expect((await call(s.app, op.token, 'GET', '/api/admin/reports?status=MAYBE')).status).toBe(400);
    });

    it('정지 bites at once: open socket closed with an ERROR, unexpired access token and refresh refused, hidden, sign-in refused; 정지 해제 undoes it', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const pair = await matchedPair(s.app, s.database.db, 'suspend');
      const reporter = pair.a;
      const target = pair.b;
      const url = await stompUrl(s.app);

      // The target is chatting on a live socket.
      const socket = await ChatClient.connect(url, target.token);
      await socket.subscribe(roomTopic(pair.roomId));
      await socket.send(roomPublish(pair.roomId), JSON.stringify({ content: '나쁜 말' }));
      const page = await call(s.app, reporter.token, 'GET', `/api/chatrooms/${pair.roomId}/messages`);
      const messageId = (page.body.result.data as { id: { value: string }; content: string }[]).find((m) => m.content === '나쁜 말')!.id.value;

      const report = await call(s.app, reporter.token, 'POST', '/api/reports', { targetMemberId: target.memberId, reason: 'HARASSMENT', messageId });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      const other = await newMember(s.app, chatEmail('other'));
      expect((await call(s.app, other.token, 'POST', '/api/reports', { targetMemberId: target.memberId, reason: 'OTHER' })).status).toBe(200);

      const open = (await call(s.app, op.token, 'GET', '/api/admin/reports?status=OPEN')).body.result as {
        reportId: number;
        target: { memberId: number };
        targetReportCount: number;
        messageText: string | null;
      }[];
      const against = open.filter((x) => x.target.memberId === target.memberId);
      expect(against.map((x) => x.targetReportCount)).toEqual([2, 2]);
      expect(against.map((x) => x.messageText).sort()).toEqual(['나쁜 말', null].sort());
      // Grouped: a target's reports are next to each other.
      const positions = open.map((x, i) => (x.target.memberId === target.memberId ? i : -1)).filter((i) => i >= 0);
      expect(positions[1]! - positions[0]!).toBe(1);

      // Before: the reporter sees the target in their lists.
      const rooms = async () =>
        ((await call(s.app, reporter.token, 'GET', '/api/chatrooms')).body.result.data as { friendId: number }[]).map((r) => r.friendId);
      const accepted = async () =>
        ((await call(s.app, reporter.token, 'GET', '/api/matches?status=ACCEPTED')).body.result.data as { matchedUser: { id: number } }[]).map(
          (m) => m.matchedUser.id,
        );
      expect(await rooms()).toContain(target.memberId);
      expect(await accepted()).toContain(target.memberId);

      const suspended = await call(s.app, op.token, 'PATCH', `/api/admin/reports/${report.body.result.reportId}`, { action: 'SUSPEND' });
      expect(suspended.body.result).toEqual({
        reportId: report.body.result.reportId,
        action: 'SUSPEND',
        targetMemberId: target.memberId,
        closedReports: 2,
        suspendedUntil: null,
      });

      // The open socket: an ERROR frame naming the reason, then the close.
      await waitUntil(() => socket.closed, 3000, 'suspended socket closed');
      expect(socket.errors.map((e) => e.headers.code)).toEqual(['AUTH_403_DISABLED']);
      // The same, still unexpired, access token is refused from now on.
      const me = await call(s.app, target.token, 'GET', '/api/members/me');
      expect([me.status, me.body.code, me.body.message]).toEqual([403, 'AUTH_403_DISABLED', '사용할 수 없는 계정이에요.']);
      expect((await ChatClient.refused(url, { Authorization: `Bearer ${target.token}` })).error.headers.code).toBe('AUTH_403_DISABLED');
      // Refresh tokens are revoked and sign-in is refused.
      const reissue = await s.app.inject({ method: 'POST', url: '/auth/reissue', cookies: { refresh: target.refresh } });
      expect(reissue.statusCode).toBeGreaterThanOrEqual(400);
      await expect(signIn(s.app, target.email)).rejects.toThrow(/403.*AUTH_403_DISABLED/);
      // Hidden from every list and from the profile.
      expect(await rooms()).not.toContain(target.memberId);
      expect(await accepted()).not.toContain(target.memberId);
      expect((await call(s.app, reporter.token, 'GET', `/api/members/${target.memberId}`)).status).toBe(404);
      const filters = (await call(s.app, other.token, 'GET', '/api/members/filters?size=50')).body.result.data as { memberId: number }[];
      expect(filters.map((m) => m.memberId)).not.toContain(target.memberId);
      expect(filters.map((m) => m.memberId)).toContain(reporter.memberId);

      const list = (await call(s.app, op.token, 'GET', '/api/admin/members/suspended')).body.result as { memberId: number }[];
      expect(list.map((m) => m.memberId)).toEqual([target.memberId]);

      // 정지 해제: the member signs in again and is back in the lists.
      const reinstated = await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/reinstate`);
      expect([reinstated.status, reinstated.body.result]).toEqual([200, 'MEMBER_REINSTATE_SUCCESS']);
      const again = await signIn(s.app, target.email);
      expect(again.isNewUser).toBe(false);
      expect((await call(s.app, again.token, 'GET', '/api/members/me')).status).toBe(200);
      expect(await rooms()).toContain(target.memberId);
      expect((await call(s.app, op.token, 'GET', '/api/admin/members/suspended')).body.result).toEqual([]);
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/reinstate`)).status).toBe(404);
      // An operator cannot suspend themselves.
      const self = await call(s.app, reporter.token, 'POST', '/api/reports', { targetMemberId: op.memberId, reason: 'OTHER' });
      expect(self.status).toBe(200);
      expect((await call(s.app, op.token, 'PATCH', `/api/admin/reports/${self.body.result.reportId}`, { action: 'SUSPEND' })).status).toBe(400);
    });

    it('a stale 무시 after another operator’s 정지 is refused (409 ADMIN_409) and changes nothing; 정지 of a dismissed report still suspends', async () => {
      const s = server();
      const first = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const second = await newMember(s.app, SECOND_OPERATOR, { membername: '운영자 2' });
      const target = await newMember(s.app, chatEmail('stale'), { membername: '대상' });
      const reportId = await reportOf(s, target.memberId);

      // Operator 2 suspends; operator 1, whose list still shows the report open, clicks 무시.
      expect((await call(s.app, second.token, 'PATCH', `/api/admin/reports/${reportId}`, { action: 'SUSPEND' })).status).toBe(200);
      const stale = await call(s.app, first.token, 'PATCH', `/api/admin/reports/${reportId}`, { action: 'DISMISS' });
      expect([stale.status, stale.body]).toEqual([409, { isSuccess: false, code: 'ADMIN_409', message: '이미 처리된 신고예요.' }]);
      expect(await outcome(s, first.token, reportId, target.memberId)).toEqual({ resolution: 'SUSPEND', suspended: true });
      expect((await call(s.app, target.token, 'GET', '/api/members/me')).body.code).toBe('AUTH_403_DISABLED');

      // The escalation stays: a report dismissed earlier can still be the reason for a 정지.
      const later = await newMember(s.app, chatEmail('later'), { membername: '나중' });
      const laterReport = await reportOf(s, later.memberId);
      const dismissed = await call(s.app, first.token, 'PATCH', `/api/admin/reports/${laterReport}`, { action: 'DISMISS' });
      expect([dismissed.status, dismissed.body.result?.closedReports]).toEqual([200, 1]);
      expect(await outcome(s, first.token, laterReport, later.memberId)).toEqual({ resolution: 'DISMISS', suspended: false });
      const escalated = await call(s.app, second.token, 'PATCH', `/api/admin/reports/${laterReport}`, { action: 'SUSPEND' });
      expect([escalated.status, escalated.body.result]).toEqual([
        200,
        { reportId: laterReport, action: 'SUSPEND', targetMemberId: later.memberId, closedReports: 0, suspendedUntil: null },
      ]);
      expect(await outcome(s, first.token, laterReport, later.memberId)).toEqual({ resolution: 'SUSPEND', suspended: true });
      // …and a 무시 of it now, or a second 무시 of any closed report, is refused the same way.
      expect((await call(s.app, first.token, 'PATCH', `/api/admin/reports/${laterReport}`, { action: 'DISMISS' })).body.code).toBe('ADMIN_409');
      expect(await outcome(s, first.token, laterReport, later.memberId)).toEqual({ resolution: 'SUSPEND', suspended: true });
    });

    it('reports name the target’s university and filter by it (a campus’s own queue); a bad universityId is a Korean 400', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const universities = (await call(s.app, op.token, 'GET', '/api/admin/universities')).body.result as { universityId: number; name: string }[];
      const stamp = Date.now().toString(36);
      const atEwha = async (tag: string) => newMember(s.app, `${tag}-${stamp}@ewha.ac.kr`, { membername: tag });
      const ewhaTarget = await atEwha('ewhatarget');
      const ewhaReporter = await atEwha('ewhareporter');
      expect((await call(s.app, ewhaReporter.token, 'POST', '/api/reports', { targetMemberId: ewhaTarget.memberId, reason: 'SPAM' })).status).toBe(200);
      const catholicTarget = await newMember(s.app, chatEmail('cathtarget'), { membername: '가톨릭' });
      await reportOf(s, catholicTarget.memberId);
      type Row = { target: { memberId: number }; targetUniversityId: number };
      const all = (await call(s.app, op.token, 'GET', '/api/admin/reports')).body.result as Row[];
      const universityOf = (memberId: number) => all.find((r) => r.target.memberId === memberId)?.targetUniversityId;
      const ewha = universities.find((u) => u.name === '이화여대')!;
      expect(universityOf(ewhaTarget.memberId)).toBe(ewha.universityId);
      expect(universityOf(catholicTarget.memberId)).not.toBe(ewha.universityId);
      const onlyEwha = (await call(s.app, op.token, 'GET', `/api/admin/reports?status=OPEN&universityId=${ewha.universityId}`)).body.result as Row[];
      expect(onlyEwha.map((r) => r.target.memberId)).toEqual([ewhaTarget.memberId]);
      for (const bad of ['0', '-1', 'x', '2147483648']) {
        const res = await call(s.app, op.token, 'GET', `/api/admin/reports?universityId=${bad}`);
        expect([res.status, res.body.code], bad).toEqual([400, 'COMMON400']);
        expect(res.body.message).toMatch(/[가-힣]/);
      }
    });

    // Two operators deciding at the same moment: both requests are held at the report's row (a
    // test transaction locks it) until both are inside the database, then let go together. A
    // status read without a lock would let both see OPEN and both win. PostgreSQL only: PGlite
    // has one connection, and a transaction held open by the test would stall the requests for good.
    if (kind === 'postgres')
      it.for([
        ['DISMISS', 'DISMISS'],
        ['SUSPEND', 'DISMISS'],
        ['DISMISS', 'SUSPEND'],
      ] as const)('operators racing %s and %s on one report: never two 무시, never a 무시 left on a suspended member', async ([one, two]) => {
        const s = server();
        const ops = [await newMember(s.app, OPERATOR, { membername: '운영자' }), await newMember(s.app, SECOND_OPERATOR, { membername: '운영자 2' })];
        const target = await newMember(s.app, chatEmail('race'), { membername: '경합' });
        const reportId = await reportOf(s, target.memberId);
        const waiting = async () =>
          (
            (await s.database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )) as unknown as { rows: { n: number }[] }
          ).rows[0]!.n;

        let replies: Promise<Awaited<ReturnType<typeof call>>[]> | undefined;
        await s.database.db.transaction(async (tx) => {
          await tx.execute(sql`select id from reports where id = ${reportId} for update`);
          replies = Promise.all([one, two].map((action, i) => call(s.app, ops[i]!.token, 'PATCH', `/api/admin/reports/${reportId}`, { action })));
          const deadline = Date.now() + 5000;
          while ((await waiting()) < 2) {
            if (Date.now() > deadline) throw new Error('the two decisions never both waited for the report');
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        });
        const [a, b] = (await replies!).map((r) => r.status);
        const after = await outcome(s, ops[0]!.token, reportId, target.memberId);
        if (one === 'DISMISS' && two === 'DISMISS') {
          expect([a, b].sort()).toEqual([200, 409]);
          expect(after).toEqual({ resolution: 'DISMISS', suspended: false });
        } else {
          // 정지 always goes through (before the 무시, or as an escalation after it); a 무시 that
          // came second is refused.
          const [suspend, dismiss] = one === 'SUSPEND' ? [a, b] : [b, a];
          expect(suspend).toBe(200);
          expect([200, 409]).toContain(dismiss);
          expect(after).toEqual({ resolution: 'SUSPEND', suspended: true });
        }
      });
  },
  { ADMIN_EMAILS: `${OPERATOR},${SECOND_OPERATOR}` },
);
