import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminIdParamsSchema,
  adminMentorConfigSchema,
  adminMeSchema,
  adminReportsSchema,
  adminMembersSchema,
  ADMIN_MEMBER_SEARCH_MAX,
  ADMIN_PAGE_SIZE,
  adminUniversitiesSchema,
  auditPageSchema,
  auditQuerySchema,
  BUILT_IN_BANNER_RE,
  campusPlacesBodySchema,
  campusPlacesSchema,
  formatMobile,
  MEMBER_REINSTATE_SUCCESS,
  MENTOR_APPLICATION_CSV_COLUMNS,
  MENTOR_CONFIG_SAVE_SUCCESS,
  memberReinstatedSchema,
  memberSearchQuerySchema,
  memberSuspendedSchema,
  mentorApplicationRowsSchema,
  mentorApplicationsQuerySchema,
  mentorConfigInputSchema,
  mentorConfigQuerySchema,
  mentorConfigSavedSchema,
  mentorConfigSaveQuerySchema,
  reportActionSchema,
  reportDecisionSchema,
  reportsQuerySchema,
  statsQuerySchema,
  statsRowsSchema,
  suspendedMembersSchema,
  suspendMemberBodySchema,
  type AdminMe,
  type AdminMemberRow,
  type AdminMentorConfig,
  type AdminReport,
  type ReportContextLine,
  type MentorApplicationRow,
  type AuditPage,
  type SuspendedMember,
} from '../../../contract/admin';
import { checkMentorDate } from '../../../contract/mentor';
import { NOTIFICATION_PUSH, notificationContent } from '../../../contract/notifications';
import { envelopeSchema, errorEnvelopeSchema } from '../../../contract/envelope';
import { seoulParts } from '../../../contract/seoul-time';
import type { AppContext, Member } from '../../context';
import { currentMember } from '../../context';
import { mentorConfigFor, type SeedMentorMonth } from '../../db/mentor-configs';
import { AppError, ok } from '../../lib/http';
import { okResponse, typed } from '../../lib/route-schemas';
import type { Scheduler } from '../../lib/scheduler';
import { toCsv } from './csv';
import { adminRepo, JOB_SUSPENSION_END, outcomeType, type CloseMember, type Operator } from './repo';
import { dailyStats } from './stats';

export interface AdminRouteOptions {
  /**
   * A member was suspended: on every instance its sockets get an ERROR frame and close, saying the
   * end of a timed suspension (`suspendedUntil`, ISO; null: 영구).
   */
  endMember(memberId: number, suspendedUntil: string | null): void;
  /** A suspension ended: the member's rooms count again towards their friends' unread totals. */
  reinstated(memberId: number): void;
  /** The durable jobs: a timed suspension's end is one (정지 기간, section 16). */
  scheduler: Pick<Scheduler, 'schedule' | 'cancel' | 'handle'>;
  /** Inside a suspension's transaction: the member's open meetups cancelled, their partners told after the commit (section 16). */
  closeMember?: CloseMember;
  /** Wall clock of the current month (tests move it); the default is the real one. */
  now?: () => number;
  /** The demo seed only: the current month's demo mentor is saved when none is (see mentorConfigFor). */
  seedDemoMentor?: SeedMentorMonth;
}

/** The application month in Korean time (UTC+9, no daylight saving): `YYYY-MM`. */
function seoulMonth(now = new Date()): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 7);
}

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A time in the CSV: Seoul wall-clock `YYYY-MM-DD HH:mm`, the time the console's table shows
 * (a UTC instant read as local time is nine hours off), in a form spreadsheet apps read as a date.
 */
function seoulDateTime(value: string): string {
  const t = seoulParts(Date.parse(value));
  return `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}`;
}

/** An application as the CSV writes it (contract section 16's extension line). */
const csvCells = (row: MentorApplicationRow): MentorApplicationRow => ({ ...row, phone: formatMobile(row.phone), createdAt: seoulDateTime(row.createdAt) });

/** The applications: the envelope, or with `format=csv` the spreadsheet (UTF-8 with a BOM). */
const applicationsResponse = {
  200: {
    description: 'The applications (JSON envelope), or with format=csv the CSV file',
    content: {
      'application/json': { schema: envelopeSchema(mentorApplicationRowsSchema) },
      'text/csv': { schema: z.string() },
    },
  },
  '4xx': errorEnvelopeSchema,
  '5xx': errorEnvelopeSchema,
};

/** The operator of a request, as the audit log records them. */
const operatorOf = (member: Member): Operator => ({ id: member.id, email: member.email });

function isOperator(ctx: AppContext, member: Member): boolean {
  return ctx.config.adminEmails.includes(member.email.toLowerCase());
}

/**
 * Contract section 16: the operator console's API, in its own scope under /api/admin inside the
 * signed-in /api scope. The scope's hook refuses everyone whose e-mail is not in ADMIN_EMAILS
 * before any route, request validation or the scope's own 404 runs, so a student learns nothing
 * about what exists here (not even which inputs are wrong).
 */
export async function adminRoutes(api: FastifyInstance, ctx: AppContext, options: AdminRouteOptions): Promise<void> {
  const repo = adminRepo(ctx.db, options.scheduler, options.closeMember);

  // 정지 기간: a timed suspension ends by itself. Every instance polls the jobs; the one that claims
  // this job reinstates in the job's own transaction, so exactly once, also after a restart.
  options.scheduler.handle<{ memberId: number }>(JOB_SUSPENSION_END, async (job, tx) => {
    const { memberId } = job.payload;
    if (!(await repo.endSuspension(tx, memberId))) return;
    return () => options.reinstated(memberId);
  });

  /** After the commit: each reporter's phone and open apps hear the outcome (section 16, extension). */
  const tellReporters = (reporters: number[], action: 'DISMISS' | 'SUSPEND', targetName: string) => {
    const type = outcomeType(action);
    // No member sent it: the push dedupes these per reporter under sender 0.
    for (const reporterId of reporters) {
      void ctx.push.notifyPush(reporterId, { type, ...NOTIFICATION_PUSH[type], body: notificationContent(type, targetName), senderId: 0 });
    }
  };

  await api.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        if (!isOperator(ctx, currentMember(request))) throw new AppError('ADMIN_403');
      });
      // Anything else under /api/admin: operators get the plain 404; others never got this far.
      scope.setNotFoundHandler(async () => {
        throw new AppError('COMMON404');
      });
      const admin = typed(scope);

      admin.get('/me', { schema: { response: okResponse(adminMeSchema) } }, async (request) => {
        const result: AdminMe = { operator: true, email: currentMember(request).email };
        return ok(result);
      });

      admin.get('/universities', { schema: { response: okResponse(adminUniversitiesSchema) } }, async () => ok(await repo.universities()));

      const universityOf = async (id: number) => {
        if (!(await repo.universityExists(id))) throw new AppError('ADMIN_404');
        return id;
      };

      admin.get(
        '/universities/:id/mentor',
        { schema: { params: adminIdParamsSchema, querystring: mentorConfigQuerySchema, response: okResponse(adminMentorConfigSchema) } },
        async (request) => {
          const universityId = await universityOf(request.params.id);
          const current = seoulMonth(new Date((options.now ?? Date.now)()));
          const month = request.query.month ?? current;
          // Only the current month: browsing months ahead or past must not invent demo sessions there.
          const resolved = await mentorConfigFor(ctx.db, universityId, month, month === current ? options.seedDemoMentor : undefined);
          if (!resolved) throw new AppError('ADMIN_404');
          const { key: _key, ...fields } = resolved.config;
          const result: AdminMentorConfig = { ...fields, universityId, month, stored: resolved.stored, updatedAt: resolved.updatedAt?.toISOString() ?? null };
          return ok(result);
        },
      );

      admin.put(
        '/universities/:id/mentor',
        {
          bodyLimit: 32 * 1024,
          schema: {
            params: adminIdParamsSchema,
            querystring: mentorConfigSaveQuerySchema,
            body: mentorConfigInputSchema,
            response: okResponse(mentorConfigSavedSchema),
          },
        },
        async (request) => {
          const universityId = await universityOf(request.params.id);
          const { month } = request.query;
          // The session date is a day of this month with its real weekday (added when left out), so
          // students are never offered "9월 8일 (목)" when 8 September is a Tuesday.
          const checked = checkMentorDate(request.body.schedule.date, month);
          if ('problem' in checked) throw new AppError('COMMON400', { 'schedule.date': checked.problem });
          const input = { ...request.body, schedule: { ...request.body.schedule, date: checked.date } };
          // A built-in image the PWA ships, or a file this deployment's upload flow stored: never a
          // URL elsewhere (students' browsers would fetch it).
          if (!BUILT_IN_BANNER_RE.test(input.bannerImage) && !(await repo.isStoredUpload(input.bannerImage))) {
            throw new AppError('COMMON400', { bannerImage: '배너 이미지는 업로드한 이미지만 쓸 수 있어요.' });
          }
          await repo.saveMentorConfig(universityId, month, input, operatorOf(currentMember(request)));
          return ok(MENTOR_CONFIG_SAVE_SUCCESS);
        },
      );

      admin.get('/universities/:id/places', { schema: { params: adminIdParamsSchema, response: okResponse(campusPlacesSchema) } }, async (request) => {
        const universityId = await universityOf(request.params.id);
        return ok({ universityId, places: await repo.places(universityId) });
      });

      admin.put(
        '/universities/:id/places',
        { bodyLimit: 16 * 1024, schema: { params: adminIdParamsSchema, body: campusPlacesBodySchema, response: okResponse(campusPlacesSchema) } },
        async (request) => {
          const universityId = await universityOf(request.params.id);
          await repo.savePlaces(universityId, request.body.places, operatorOf(currentMember(request)));
          return ok({ universityId, places: await repo.places(universityId) });
        },
      );

      admin.get('/mentor-applications', { schema: { querystring: mentorApplicationsQuerySchema, response: applicationsResponse } }, async (request, reply) => {
        const { universityId, month, format } = request.query;
        if (!(await repo.universityExists(universityId))) throw new AppError('ADMIN_404');
        const rows: MentorApplicationRow[] = (await repo.applications(universityId, month)).map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
        // `result` restated: the content-typed response schema types it as required, ok() as optional.
        if (format !== 'csv') return { ...ok(rows), result: rows };
        const csv = toCsv(
          MENTOR_APPLICATION_CSV_COLUMNS.map(([, label]) => label),
          rows.map(csvCells).map((row) => MENTOR_APPLICATION_CSV_COLUMNS.map(([field]) => row[field])),
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="mentor-applications-${universityId}-${month}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      });

      admin.get('/reports', { schema: { querystring: reportsQuerySchema, response: okResponse(adminReportsSchema) } }, async (request) => {
        const rows = await repo.reports(request.query.status, request.query.universityId);
        // One more statement for the page's conversations, not one per report.
        const context = new Map<number, ReportContextLine[]>();
        for (const line of await repo.reportContext(rows.filter((r) => r.message_id !== null).map((r) => r.report_id))) {
          const lines = context.get(line.report_id) ?? [];
          lines.push({
            messageId: line.message_id,
            senderMemberId: line.sender_id,
            senderName: line.sender_name,
            message: line.content,
            sentAt: iso(line.sent_at),
            reported: line.reported,
          });
          context.set(line.report_id, lines);
        }
        const result: AdminReport[] = rows.map((r) => ({
          reportId: r.report_id,
          status: r.status,
          resolution: r.resolution,
          reason: r.reason,
          detail: r.detail,
          messageId: r.message_id,
          messageText: r.message_text,
          createdAt: iso(r.created_at),
          reporter: { memberId: r.reporter_id, memberName: r.reporter_name, email: r.reporter_email, status: r.reporter_status },
          target: { memberId: r.target_id, memberName: r.target_name, email: r.target_email, status: r.target_status },
          targetReportCount: Number(r.target_count),
          targetUniversityId: Number(r.target_university_id),
          context: context.get(r.report_id) ?? [],
        }));
        return ok(result);
      });

      admin.patch(
        '/reports/:id',
        { bodyLimit: 4 * 1024, schema: { params: adminIdParamsSchema, body: reportActionSchema, response: okResponse(reportDecisionSchema) } },
        async (request) => {
          const { id } = request.params;
          const { action, days } = request.body;
          const report = await repo.report(id);
          if (!report) throw new AppError('ADMIN_404');
          const operator = currentMember(request);
          if (action === 'SUSPEND' && report.targetId === operator.id) throw new AppError('COMMON400', { action: '자기 자신은 정지할 수 없어요.' });
          const decided = await repo.decide(report, action, operatorOf(operator), days);
          if (decided.kind === 'gone') throw new AppError('ADMIN_404');
          // Another operator decided it first: a 무시 would overwrite that decision (contract section 16).
          if (decided.kind === 'closed') throw new AppError('ADMIN_409');
          // After the commit: sockets on every instance close with an ERROR frame (AUTH_403_DISABLED).
          const suspendedUntil = isoOrNull(decided.suspendedUntil);
          if (action === 'SUSPEND') options.endMember(report.targetId, suspendedUntil);
          decided.afterCommit();
          tellReporters(decided.told, action, decided.targetName);
          const result = { reportId: id, action, targetMemberId: report.targetId, closedReports: decided.closedReports };
          return ok(action === 'SUSPEND' ? { ...result, suspendedUntil } : result);
        },
      );

      admin.get('/members/suspended', { schema: { response: okResponse(suspendedMembersSchema) } }, async () => {
        const result: SuspendedMember[] = (await repo.suspended()).map((r) => ({
          ...r,
          suspendedAt: iso(r.suspendedAt),
          suspendedUntil: isoOrNull(r.suspendedUntil),
        }));
        return ok(result);
      });

      admin.get('/members', { schema: { querystring: memberSearchQuerySchema, response: okResponse(adminMembersSchema) } }, async (request) => {
        const { query, universityId, after, afterReports, size } = request.query;
        const cursor = after === undefined || afterReports === undefined ? undefined : { memberId: after, openReports: afterReports };
        // Paging is asked for by its parameters; without them the answer stays what existing clients read.
        const paged = size !== undefined || cursor !== undefined;
        const page = await repo.memberPage(query, universityId, cursor, size ?? (paged ? ADMIN_PAGE_SIZE : ADMIN_MEMBER_SEARCH_MAX));
        const entries: AdminMemberRow[] = page.rows.map((r) => ({
          memberId: r.member_id,
          memberName: r.member_name,
          email: r.email,
          universityId: Number(r.university_id),
          department: r.department,
          studentNo: r.student_no,
          status: r.status,
          openReports: Number(r.open_reports),
          createdAt: iso(r.created_at),
          suspendedUntil: r.status === 'DISABLED' ? isoOrNull(r.suspended_until) : null,
        }));
        return ok(paged ? { entries, hasNext: page.hasNext } : entries);
      });

      admin.post(
        '/members/:id/suspend',
        { bodyLimit: 4 * 1024, schema: { params: adminIdParamsSchema, body: suspendMemberBodySchema, response: okResponse(memberSuspendedSchema) } },
        async (request) => {
          const { id } = request.params;
          const operator = currentMember(request);
          if (id === operator.id) throw new AppError('COMMON400', { id: '자기 자신은 정지할 수 없어요.' });
          const suspended = await repo.suspend(id, request.body.reason, operatorOf(operator), request.body.days);
          if (suspended.kind === 'gone') throw new AppError('ADMIN_404');
          // Already suspended: the suspension in force stands, its end too (the answer says which it is).
          if (suspended.kind === 'already') return ok({ memberId: id, closedReports: 0, suspendedUntil: isoOrNull(suspended.suspendedUntil) });
          const suspendedUntil = isoOrNull(suspended.suspendedUntil);
          options.endMember(id, suspendedUntil);
          suspended.afterCommit();
          tellReporters(suspended.told, 'SUSPEND', suspended.targetName);
          return ok({ memberId: id, closedReports: suspended.closedReports, suspendedUntil });
        },
      );

      admin.get('/audit', { schema: { querystring: auditQuerySchema, response: okResponse(auditPageSchema) } }, async (request) => {
        const { before, size, universityId } = request.query;
        const page = await repo.auditPage(before, size, universityId);
        const result: AuditPage = {
          entries: page.rows.map((r) => ({
            id: r.id,
            createdAt: r.createdAt.toISOString(),
            operatorEmail: r.operatorEmail,
            action: r.action as AuditPage['entries'][number]['action'],
            targetMemberId: r.targetMemberId,
            targetName: r.targetName,
            reportId: r.reportId,
            universityId: r.universityId,
            detail: r.detail,
          })),
          hasNext: page.hasNext,
        };
        return ok(result);
      });

      admin.post('/members/:id/reinstate', { schema: { params: adminIdParamsSchema, response: okResponse(memberReinstatedSchema) } }, async (request) => {
        if (!(await repo.reinstate(request.params.id, operatorOf(currentMember(request))))) throw new AppError('ADMIN_404');
        options.reinstated(request.params.id);
        return ok(MEMBER_REINSTATE_SUCCESS);
      });

      admin.get('/stats', { schema: { querystring: statsQuerySchema, response: okResponse(statsRowsSchema) } }, async (request) => {
        const q = request.query;
        if (q.universityId !== undefined && !(await repo.universityExists(q.universityId))) throw new AppError('ADMIN_404');
        return ok(await dailyStats(repo, q.from, q.to, q.universityId));
      });
    },
    { prefix: '/api/admin' },
  );
}
