import { expect, it } from 'vitest';
import { members, reports } from '../../server/db/schema';
import { call, describeApi, type ApiServer } from './api-harness';
import { email } from './chat-helpers';
import { newMember, type Session } from './harness';

const OPERATOR = 'ops@catholic.ac.kr';

interface NotificationRow {
  type: string;
  content: string;
  senderMembername: string | null;
}

interface AuditRow {
  id: number;
  operatorEmail: string;
  action: string;
  targetMemberId: number | null;
  targetName: string | null;
  reportId: number | null;
  universityId: number | null;
  detail: string | null;
}

const notificationsOf = async (s: ApiServer, who: Session) =>
  (await call(s.app, who.token, 'GET', '/api/notifications?size=50')).body.result.notifications as NotificationRow[];

const reportOutcomes = async (s: ApiServer, who: Session) => (await notificationsOf(s, who)).filter((n) => n.type.startsWith('REPORT_'));

const auditOf = async (s: ApiServer, op: Session, query = '') =>
  (await call(s.app, op.token, 'GET', `/api/admin/audit${query}`)).body.result as { entries: AuditRow[]; hasNext: boolean };

async function report(s: ApiServer, reporter: Session, target: Session, reason = 'NO_SHOW'): Promise<number> {
  const r = await call(s.app, reporter.token, 'POST', '/api/reports', { targetMemberId: target.memberId, reason });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.reportId as number;
}

describeApi(
  'operators: reporters told, members found and suspended without a report, the audit log (section 16 extensions)',
  (server) => {
    it('each reporter is told the decision once, without a sender: 정지 as action taken, 무시 as no violation, an escalation told again', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const target = await newMember(s.app, email('noshow'), { membername: '노쇼왕' });
      const [first, second] = [await newMember(s.app, email('rep1')), await newMember(s.app, email('rep2'))];
      const reportId = await report(s, first, target);
      await report(s, second, target);
      // A second report of the same member by the same student (another reason): still one notification.
      await report(s, first, target, 'HARASSMENT');

      const dismissed = await call(s.app, op.token, 'PATCH', `/api/admin/reports/${reportId}`, { action: 'DISMISS' });
      expect([dismissed.status, dismissed.body.result?.closedReports]).toEqual([200, 3]);
      for (const reporter of [first, second]) {
        expect(await reportOutcomes(s, reporter)).toEqual([
          expect.objectContaining({
            type: 'REPORT_NO_ACTION',
            content: '신고하신 노쇼왕님을 검토했지만 운영 정책 위반은 확인되지 않았어요.',
            senderMembername: null,
          }),
        ]);
      }
      // The reported member hears nothing of it.
      expect(await reportOutcomes(s, target)).toEqual([]);

      // 정지 of the closed report (an escalation): its reporter is told again, now of the action.
      const escalated = await call(s.app, op.token, 'PATCH', `/api/admin/reports/${reportId}`, { action: 'SUSPEND' });
      expect(escalated.status, JSON.stringify(escalated.body)).toBe(200);
      expect((await reportOutcomes(s, first)).map((n) => n.type)).toEqual(['REPORT_ACTION_TAKEN', 'REPORT_NO_ACTION']);
      expect((await reportOutcomes(s, first))[0]!.content).toBe('신고하신 노쇼왕님을 검토해 이용 정지 조치를 했어요. 알려 주셔서 고마워요.');
      expect((await reportOutcomes(s, second)).map((n) => n.type)).toEqual(['REPORT_NO_ACTION']);
    });

    it('회원 search: by name or e-mail (wildcards are literal), by university, most open reports first; bad input is a Korean 400', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const stamp = Date.now().toString(36);
      const quiet = await newMember(s.app, `quiet-${stamp}@catholic.ac.kr`, { membername: `조용${stamp}` });
      const reported = await newMember(s.app, `loud-${stamp}@catholic.ac.kr`, { membername: `시끄${stamp}` });
      const atEwha = await newMember(s.app, `far-${stamp}@ewha.ac.kr`, { membername: `멀리${stamp}` });
      await report(s, await newMember(s.app, email('r')), reported);
      await report(s, await newMember(s.app, email('r')), reported);

      type Row = { memberId: number; memberName: string; email: string; universityId: number; status: string; openReports: number };
      const search = async (query: string) => {
        const r = await call(s.app, op.token, 'GET', `/api/admin/members?${query}`);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.result as Row[];
      };
      const byStamp = await search(`query=${stamp}`);
      expect(byStamp.map((m) => m.memberId)).toEqual([reported.memberId, atEwha.memberId, quiet.memberId]);
      expect(byStamp[0]).toMatchObject({ memberName: `시끄${stamp}`, email: `loud-${stamp}@catholic.ac.kr`, status: 'ACTIVE', openReports: 2 });
      expect((await search(`query=${encodeURIComponent(`조용${stamp}`)}`)).map((m) => m.memberId)).toEqual([quiet.memberId]);
      expect((await search(`query=FAR-${stamp}%40EWHA`)).map((m) => m.memberId)).toEqual([atEwha.memberId]);
      expect(await search(`query=${stamp}%25`)).toEqual([]);
      expect(await search(`query=${stamp}_`)).toEqual([]);
      const universities = (await call(s.app, op.token, 'GET', '/api/admin/universities')).body.result as { universityId: number; name: string }[];
      const ewha = universities.find((u) => u.name === '이화여대')!;
      expect((await search(`query=${stamp}&universityId=${ewha.universityId}`)).map((m) => m.memberId)).toEqual([atEwha.memberId]);

      for (const bad of [`query=${'가'.repeat(101)}`, 'universityId=0', 'query=%E2%80%AE']) {
        const r = await call(s.app, op.token, 'GET', `/api/admin/members?${bad}`);
        expect([r.status, r.body.code], bad).toEqual([400, 'COMMON400']);
        expect(r.body.message).toMatch(/[가-힣]/);
      }
      // Students learn nothing here.
      expect((await call(s.app, quiet.token, 'GET', `/api/admin/members?query=${stamp}`)).body.code).toBe('ADMIN_403');
    });

    it('회원 pages with after/afterReports/size: 120 members each once, in order, ties broken by id; with query and universityId; the call without paging unchanged', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const universities = (await call(s.app, op.token, 'GET', '/api/admin/universities')).body.result as { universityId: number; name: string }[];
      const [catholic, ewha] = ['가톨릭대', '이화여대'].map((name) => universities.find((u) => u.name === name)!.universityId) as [number, number];
      const stamp = `pg${Date.now().toString(36)}`;
      const db = s.database.db;
      // Every third member at another campus; open reports 0–3 (many ties), plus closed ones that do not count.
      const inserted = await db
        .insert(members)
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            email: `${stamp}-${i}@${i % 3 === 0 ? 'ewha' : 'catholic'}.ac.kr`,
            membername: `${stamp}회원${i}`,
            universityId: i % 3 === 0 ? ewha : catholic,
            status: 'ACTIVE',
          })),
        )
        .returning({ id: members.id, universityId: members.universityId });
      const reporter = await newMember(s.app, email('pager'));
      const open = new Map(inserted.map((m, i) => [m.id, (i * 7) % 4]));
      await db
        .insert(reports)
        .values([
          ...inserted.flatMap((m) => Array.from({ length: open.get(m.id)! }, () => ({ reporterId: reporter.memberId, targetId: m.id, reason: 'NO_SHOW' }))),
          ...inserted.slice(0, 30).map((m) => ({ reporterId: reporter.memberId, targetId: m.id, reason: 'SPAM', status: 'CLOSED', resolution: 'DISMISS' })),
        ]);
      const inOrder = (rows: typeof inserted) => rows.map((m) => m.id).sort((a, b) => open.get(b)! - open.get(a)! || b - a);

      type Row = { memberId: number; openReports: number };
      type Page = { entries: Row[]; hasNext: boolean };
      const pageOf = async (search: string) => {
        const r = await call(s.app, op.token, 'GET', `/api/admin/members?${search}`);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.result as Page;
      };
      /** Every page, each asked after the last row of the one before (as the console does). */
      const pageThrough = async (search: string, size: number) => {
        const seen: number[] = [];
        const hasNext: boolean[] = [];
        let cursor = '';
        for (;;) {
          const page = await pageOf(`${search}&size=${size}${cursor}`);
          expect(page.entries.length).toBeLessThanOrEqual(size);
          seen.push(...page.entries.map((m) => m.memberId));
          hasNext.push(page.hasNext);
          if (!page.hasNext) return { seen, hasNext };
          const last = page.entries.at(-1)!;
          cursor = `&after=${last.memberId}&afterReports=${last.openReports}`;
        }
      };

      const all = await pageThrough(`query=${stamp}`, 7);
      expect(all.seen).toEqual(inOrder(inserted));
      expect(all.hasNext).toEqual([...Array.from({ length: 17 }, () => true), false]);
      // A cursor with a filter: only that campus, still each once and in order.
      const ewhaOnly = await pageThrough(`query=${stamp}&universityId=${ewha}`, 6);
      expect(ewhaOnly.seen).toEqual(inOrder(inserted.filter((m) => m.universityId === ewha)));
      expect(ewhaOnly.hasNext).toEqual([...Array.from({ length: 6 }, () => true), false]);
      // The default page is 50; the last page says there is no next one.
      expect((await pageOf(`query=${stamp}&size=50`)).entries).toHaveLength(50);
      expect(await pageOf(`query=${stamp}&size=100&after=${inOrder(inserted).at(-1)}&afterReports=0`)).toEqual({ entries: [], hasNext: false });

      // Without size or a cursor the answer is the one existing clients read: a plain array of at most 50.
      const unpaged = await call(s.app, op.token, 'GET', `/api/admin/members?query=${stamp}`);
      expect(Array.isArray(unpaged.body.result)).toBe(true);
      expect((unpaged.body.result as Row[]).map((m) => m.memberId)).toEqual(inOrder(inserted).slice(0, 50));

      for (const [bad, field] of [
        ['size=0', 'size'],
        ['size=101', 'size'],
        ['size=x', 'size'],
        ['after=x&afterReports=1', 'after'],
        ['after=0&afterReports=1', 'after'],
        ['after=5&afterReports=-1', 'afterReports'],
        ['after=5&afterReports=1.5', 'afterReports'],
        ['after=5', 'afterReports'],
        ['afterReports=2', 'after'],
      ] as const) {
        const r = await call(s.app, op.token, 'GET', `/api/admin/members?query=${stamp}&${bad}`);
        expect([r.status, r.body.code], bad).toEqual([400, 'COMMON400']);
        expect((r.body.result as Record<string, string>)[field], bad).toMatch(/[가-힣]/);
      }
    });

    it('직접 정지 needs a reason, closes the open reports (reporters told), bites at once, is logged once; 정지 해제 is logged too', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const target = await newMember(s.app, email('direct'), { membername: '직접정지' });
      const reporter = await newMember(s.app, email('witness'));
      const reportId = await report(s, reporter, target);

      for (const [body, field] of [
        [{}, '정지 사유를 입력해 주세요.'],
        [{ reason: '   ' }, '정지 사유를 입력해 주세요.'],
        [{ reason: '가'.repeat(201) }, '정지 사유는 200자 이하로 입력해 주세요.'],
      ] as const) {
        const r = await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/suspend`, body);
        expect([r.status, r.body.code, JSON.stringify(r.body.result)]).toEqual([400, 'COMMON400', expect.stringContaining(field)]);
      }
      expect((await call(s.app, target.token, 'GET', '/api/members/me')).status).toBe(200);
      expect((await call(s.app, op.token, 'POST', '/api/admin/members/99999999/suspend', { reason: '노쇼' })).body.code).toBe('ADMIN_404');
      const self = await call(s.app, op.token, 'POST', `/api/admin/members/${op.memberId}/suspend`, { reason: '실수' });
      expect([self.status, self.body.code]).toEqual([400, 'COMMON400']);

      const done = await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/suspend`, { reason: '동아리 단톡방 제보: 약속 3회 노쇼' });
      expect([done.status, done.body.result]).toEqual([200, { memberId: target.memberId, closedReports: 1, suspendedUntil: null }]);
      expect((await call(s.app, target.token, 'GET', '/api/members/me')).body.code).toBe('AUTH_403_DISABLED');
      expect((await reportOutcomes(s, reporter)).map((n) => n.type)).toEqual(['REPORT_ACTION_TAKEN']);
      const closed = (await call(s.app, op.token, 'GET', '/api/admin/reports?status=CLOSED')).body.result as { reportId: number; resolution: string }[];
      expect(closed.find((r) => r.reportId === reportId)?.resolution).toBe('SUSPEND');
      // A second click changes nothing and logs nothing.
      const again = await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/suspend`, { reason: '다시' });
      expect([again.status, again.body.result]).toEqual([200, { memberId: target.memberId, closedReports: 0, suspendedUntil: null }]);
      expect((await call(s.app, op.token, 'POST', `/api/admin/members/${target.memberId}/reinstate`)).status).toBe(200);

      const mine = (await auditOf(s, op, '?size=100')).entries.filter((e) => e.targetMemberId === target.memberId);
      expect(mine.map((e) => [e.action, e.detail, e.operatorEmail, e.targetName])).toEqual([
        ['MEMBER_REINSTATE', null, OPERATOR, '직접정지'],
        ['MEMBER_SUSPEND', '동아리 단톡방 제보: 약속 3회 노쇼', OPERATOR, '직접정지'],
      ]);
    });

    it('the audit log: every decision and save, newest first, paged with before, one campus with universityId', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const universities = (await call(s.app, op.token, 'GET', '/api/admin/universities')).body.result as { universityId: number; name: string }[];
      const ewha = universities.find((u) => u.name === '이화여대')!;
      const target = await newMember(s.app, email('logged'), { membername: '기록대상' });
      const reportId = await report(s, await newMember(s.app, email('r')), target);
      expect((await call(s.app, op.token, 'PATCH', `/api/admin/reports/${reportId}`, { action: 'DISMISS' })).status).toBe(200);
      expect((await call(s.app, op.token, 'PUT', `/api/admin/universities/${ewha.universityId}/places`, { places: ['학생식당', 'ECC 카페'] })).status).toBe(
        200,
      );

      const newest = await auditOf(s, op, '?size=2');
      expect(newest.entries.map((e) => [e.action, e.universityId, e.detail])).toEqual([
        ['PLACES_SAVE', ewha.universityId, '2곳'],
        ['REPORT_DISMISS', expect.any(Number), '신고 1건'],
      ]);
      expect(newest.entries[1]).toMatchObject({ reportId, targetMemberId: target.memberId, targetName: '기록대상', operatorEmail: OPERATOR });
      const older = await auditOf(s, op, `?size=100&before=${newest.entries[1]!.id}`);
      expect(older.entries.every((e) => e.id < newest.entries[1]!.id)).toBe(true);
      expect(older.hasNext).toBe(false);
      const onlyEwha = await auditOf(s, op, `?universityId=${ewha.universityId}`);
      expect(onlyEwha.entries.length).toBeGreaterThan(0);
      expect(onlyEwha.entries.every((e) => e.universityId === ewha.universityId)).toBe(true);
      for (const bad of ['?size=0', '?size=101', '?before=x']) {
        const r = await call(s.app, op.token, 'GET', `/api/admin/audit${bad}`);
        expect([r.status, r.body.code], bad).toEqual([400, 'COMMON400']);
      }
    });
  },
  { ADMIN_EMAILS: OPERATOR },
);
