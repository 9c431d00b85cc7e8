import { and, asc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { REPORT_CONTEXT_AROUND, type AdminAction, type MentorConfigInput } from '../../../contract/admin';
import type { SuspensionDays } from '../../../contract/admin-values';
import type { Db } from '../../db/client';
import { insertNotification } from '../../db/notifications';
import type { Scheduler } from '../../lib/scheduler';
import {
  adminActions,
  campusPlaces,
  chatMessages,
  departments,
  members,
  memberSuspensions,
  mentorApplications,
  mentorConfigs,
  refreshTokens,
  reports,
  universities,
  uploads,
} from '../../db/schema';

/** Rows of a raw statement; node-postgres and PGlite both answer with `{ rows }`. */
async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who acted: the audit log keeps the e-mail, so it still reads after the account is gone. */
export interface Operator {
  id: number;
  email: string;
}

/**
 * One line of the audit log, in the transaction of the action it records. `null`: no operator
 * acted (a timed suspension ended by itself); the log's operator e-mail is then empty.
 */
async function audit(
  tx: Pick<Db, 'insert'>,
  operator: Operator | null,
  action: AdminAction,
  row: { targetMemberId?: number; targetName?: string | null; reportId?: number; universityId?: number; detail?: string },
) {
  await tx.insert(adminActions).values({ operatorId: operator?.id ?? null, operatorEmail: operator?.email ?? '', action, ...row });
}

/**
 * 정지 기간 (contract section 16, extension): the job that ends a timed suspension, scheduled in the
 * suspension's transaction and cancelled in 정지 해제's. Its key names the member and the end: the
 * member's prefix ends with `:`, so cancelling member 12's leaves member 123's alone (the scheduler
 * cancels by prefix), and a job for another end of the same member is another job.
 */
export const JOB_SUSPENSION_END = 'member.suspension-end';
const suspensionJobs = (memberId: number) => `suspension-end:${memberId}:`;
const scheduleEnd = (scheduler: Pick<Scheduler, 'schedule'>, tx: Tx, memberId: number, until: Date) =>
  scheduler.schedule(JOB_SUSPENSION_END, until, { memberId }, `${suspensionJobs(memberId)}${until.getTime()}`, tx);

/** The suspension's length in the audit log: `7일`; a permanent one says nothing, as before. */
const lengthNote = (days: SuspensionDays | undefined) => (days === undefined ? undefined : `${days}일`);
const withNote = (note: string | undefined, text: string) => (note === undefined ? text : `${note} · ${text}`);

/** When the member's suspension ends by itself (null: permanent, or not suspended). */
async function suspensionEnd(tx: Pick<Db, 'select'>, memberId: number): Promise<Date | null> {
  const [row] = await tx.select({ until: memberSuspensions.suspendedUntil }).from(memberSuspensions).where(eq(memberSuspensions.memberId, memberId));
  return row?.until ?? null;
}

/** A member as decisions need them, its row locked against a concurrent decision or report. */
async function lockMember(tx: Tx, memberId: number) {
  const [row] = await tx
    .select({ status: members.status, name: sql<string>`coalesce(${members.membername}, ${members.accountName})`, universityId: members.universityId })
    .from(members)
    .where(eq(members.id, memberId))
    .for('no key update');
  return row;
}

/**
 * Closes the member's OPEN reports with the decision and tells each of their reporters the
 * outcome once (section 16, extension; `alsoTell` adds the reporter of an escalated report, who
 * was told "no action" before). Answers how many reports it closed and who to push to.
 */
/** The notification a decision sends its reporters (section 16, extension). */
export const outcomeType = (action: 'DISMISS' | 'SUSPEND') => (action === 'SUSPEND' ? 'REPORT_ACTION_TAKEN' : 'REPORT_NO_ACTION');

async function closeReports(tx: Tx, targetId: number, targetName: string, action: 'DISMISS' | 'SUSPEND', alsoTell: number[] = []) {
  const closed = await tx
    .update(reports)
    .set({ status: 'CLOSED', resolution: action, closedAt: sql`now()` })
    .where(and(eq(reports.targetId, targetId), eq(reports.status, 'OPEN')))
    .returning({ id: reports.id, reporterId: reports.reporterId });
  const reporters = [...new Set([...closed.map((r) => r.reporterId), ...alsoTell])];
  const type = outcomeType(action);
  for (const reporterId of reporters) await insertNotification(tx, reporterId, null, type, targetName);
  return { closedReports: closed.length, told: reporters };
}

/**
 * Inside a suspension's transaction, after the member is DISABLED: what other modules close for the
 * member (app.ts hands in the meetups', which cancels their open meetups and tells each partner).
 * Answers what to send once the suspension committed.
 */
export type CloseMember = (tx: Tx, memberId: number) => Promise<() => void>;

/** What a suspension does besides the member's row. */
interface Suspending {
  operatorId: number;
  reportId: number | null;
  /** 7 or 30: it ends by itself that many days from now; undefined: permanent. */
  days: SuspensionDays | undefined;
  closeMember: CloseMember;
  scheduler: Pick<Scheduler, 'schedule'>;
}

/**
 * DISABLED now, the previous status kept for 정지 해제, every refresh token revoked, and what other
 * modules keep for the member closed (`closeMember`). A timed suspension stores its end (whole
 * seconds, so the job's time is exactly the row's) and schedules the job that ends it, in this
 * transaction: both or neither. A member already suspended keeps the suspension in force, its end
 * too. Answers what to send after the commit and when the suspension in force ends (null: never).
 */
async function disable(tx: Tx, memberId: number, previousStatus: string, how: Suspending) {
  let suspendedUntil: Date | null;
  if (previousStatus !== 'DISABLED') {
    const until = how.days === undefined ? null : sql`date_trunc('second', now()) + make_interval(days => ${how.days})`;
    const [row] = await tx
      .insert(memberSuspensions)
      .values({ memberId, previousStatus, suspendedBy: how.operatorId, reportId: how.reportId, suspendedUntil: until })
      .onConflictDoNothing()
      .returning({ until: memberSuspensions.suspendedUntil });
    await tx.update(members).set({ status: 'DISABLED' }).where(eq(members.id, memberId));
    suspendedUntil = row ? row.until : await suspensionEnd(tx, memberId);
    if (row?.until) await scheduleEnd(how.scheduler, tx, memberId, row.until);
  } else {
    suspendedUntil = await suspensionEnd(tx, memberId);
  }
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt)));
  return { afterCommit: await how.closeMember(tx, memberId), suspendedUntil };
}

/** 정지 해제 (by an operator or at a timed suspension's end): the member's status as it was before. */
async function restore(tx: Tx, memberId: number, previousStatus: string) {
  const [member] = await tx
    .update(members)
    .set({ status: previousStatus })
    .where(and(eq(members.id, memberId), inArray(members.status, ['DISABLED'])))
    .returning({ name: sql<string>`coalesce(${members.membername}, ${members.accountName})`, universityId: members.universityId });
  return member;
}

/** A paged list's rows, read one past the page: that one only says whether another page follows. */
const pageOf = <T>(rows: T[], size: number) => ({ rows: rows.slice(0, size), hasNext: rows.length > size });

/** `_`, `%` and `\` match themselves in a search (ILIKE's wildcards are not the operator's). */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AdminRepo = ReturnType<typeof adminRepo>;

const nothingToClose: CloseMember = async () => () => undefined;

export function adminRepo(db: Db, scheduler: Pick<Scheduler, 'schedule' | 'cancel'>, closeMember: CloseMember = nothingToClose) {
  return {
    universities() {
      return db.select({ universityId: universities.id, name: universities.shortName }).from(universities).orderBy(asc(universities.id));
    },

    /** The campus places in their display order (the meetup suggestions' order). */
    async places(universityId: number): Promise<string[]> {
      const rows = await db
        .select({ name: campusPlaces.name })
        .from(campusPlaces)
        .where(eq(campusPlaces.universityId, universityId))
        .orderBy(asc(campusPlaces.position), asc(campusPlaces.id));
      return rows.map((r) => r.name);
    },

    /**
     * Replaces a university's places, all or nothing. Saves of one university are serialised on its
     * row, so two operators saving at once end with one list or the other, never a mix or a 500.
     */
    async savePlaces(universityId: number, names: readonly string[], operator: Operator): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.select({ id: universities.id }).from(universities).where(eq(universities.id, universityId)).for('update');
        await tx.delete(campusPlaces).where(eq(campusPlaces.universityId, universityId));
        await tx.insert(campusPlaces).values(names.map((name, i) => ({ universityId, name, position: i + 1 })));
        await audit(tx, operator, 'PLACES_SAVE', { universityId, detail: `${names.length}곳` });
      });
    },

    async universityExists(id: number): Promise<boolean> {
      const rows = await db.select({ id: universities.id }).from(universities).where(eq(universities.id, id)).limit(1);
      return rows.length > 0;
    },

    /** A banner must be a file this deployment's upload flow stored (contract section 11). */
    async isStoredUpload(url: string): Promise<boolean> {
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.url, url), isNotNull(uploads.contentType)))
        .limit(1);
      return rows.length > 0;
    },

    async saveMentorConfig(universityId: number, month: string, config: MentorConfigInput, operator: Operator) {
      await db.transaction(async (tx) => {
        await tx
          .insert(mentorConfigs)
          .values({ universityId, month, config, updatedBy: operator.id })
          .onConflictDoUpdate({
            target: [mentorConfigs.universityId, mentorConfigs.month],
            set: { config, updatedBy: operator.id, updatedAt: sql`now()` },
          });
        await audit(tx, operator, 'MENTOR_SAVE', { universityId, detail: `${month} · ${config.mentorName}` });
      });
    },

    applications(universityId: number, month: string) {
      return db
        .select({
          applicationId: mentorApplications.id,
          memberId: mentorApplications.memberId,
          memberName: members.membername,
          department: departments.name,
          studentNo: members.studentNo,
          phone: mentorApplications.phone,
          question: mentorApplications.question,
          createdAt: mentorApplications.createdAt,
        })
        .from(mentorApplications)
        .innerJoin(members, eq(members.id, mentorApplications.memberId))
        .leftJoin(departments, eq(departments.id, members.departmentId))
        .where(and(eq(mentorApplications.universityId, universityId), eq(mentorApplications.month, month)))
        .orderBy(asc(mentorApplications.createdAt), asc(mentorApplications.id));
    },

    /** Reports of one status (of one university's members, when given) with both members and how many reports of that status the target has. */
    reports(status: 'OPEN' | 'CLOSED', universityId?: number) {
      return rowsOf<{
        report_id: number;
        status: 'OPEN' | 'CLOSED';
        resolution: string | null;
        reason: string;
        detail: string | null;
        message_id: string | null;
        message_text: string | null;
        created_at: string | Date;
        reporter_id: number;
        reporter_name: string | null;
        reporter_email: string;
        reporter_status: string;
        target_id: number;
        target_name: string | null;
        target_email: string;
        target_status: string;
        target_university_id: number;
        target_count: number | string;
      }>(
        db,
        sql`select r.id as report_id, r.status, r.resolution, r.reason, r.detail, r.message_id::text as message_id, r.message_text, r.created_at,
                   rm.id as reporter_id, rm.membername as reporter_name, rm.email as reporter_email, rm.status as reporter_status,
                   tm.id as target_id, tm.membername as target_name, tm.email as target_email, tm.status as target_status,
                   tm.university_id as target_university_id, count(*) over (partition by r.target_id) as target_count
              from ${reports} r
              join ${members} rm on rm.id = r.reporter_id
              join ${members} tm on tm.id = r.target_id
             where r.status = ${status} ${universityId === undefined ? sql`` : sql`and tm.university_id = ${universityId}`}
             order by target_count desc, r.target_id, r.created_at desc, r.id desc
             limit 1000`,
      );
    },

    /**
     * The conversation around the reported message of each of these reports (section 16,
     * extension), in one statement for a whole page: the message and up to REPORT_CONTEXT_AROUND
     * lines before and after it in its room, oldest first per report. Each side is a short walk
     * of chat_messages_room from the message; lines sent after the report are then left out (the
     * reporter handed over the conversation as it stood, not what the two wrote since). A room
     * deleted since (both left) has no lines: the report keeps only its copied text.
     */
    reportContext(reportIds: readonly number[]) {
      if (reportIds.length === 0) return Promise.resolve([]);
      return rowsOf<{
        report_id: number;
        message_id: string;
        sender_id: number;
        sender_name: string | null;
        content: string;
        sent_at: string | Date;
        reported: boolean;
      }>(
        db,
        sql`select r.id as report_id, c.id::text as message_id, c.sender_id, sm.membername as sender_name, c.content, c.created_at as sent_at,
                   c.id = r.message_id as reported
              from ${reports} r
              join ${chatMessages} m on m.id = r.message_id
              cross join lateral (
                (select b.id, b.sender_id, b.content, b.created_at from ${chatMessages} b
                  where b.room_id = m.room_id and b.id < m.id order by b.id desc limit ${REPORT_CONTEXT_AROUND})
                union all
                (select f.id, f.sender_id, f.content, f.created_at from ${chatMessages} f
                  where f.room_id = m.room_id and f.id >= m.id order by f.id limit ${REPORT_CONTEXT_AROUND + 1})
              ) c
              join ${members} sm on sm.id = c.sender_id
             where r.id = any(${`{${reportIds.join(',')}}`}::int[]) and c.created_at <= r.created_at
             order by r.id, c.id`,
      );
    },

    async report(id: number) {
      const rows = await db.select({ id: reports.id, targetId: reports.targetId, status: reports.status }).from(reports).where(eq(reports.id, id)).limit(1);
      return rows[0];
    },

    suspended() {
      return db
        .select({
          memberId: members.id,
          memberName: members.membername,
          email: members.email,
          universityId: members.universityId,
          suspendedAt: memberSuspensions.suspendedAt,
          suspendedUntil: memberSuspensions.suspendedUntil,
        })
        .from(memberSuspensions)
        .innerJoin(members, eq(members.id, memberSuspensions.memberId))
        .orderBy(asc(memberSuspensions.suspendedAt));
    },

    /**
     * One transaction: the target's OPEN reports are closed with the decision; on SUSPEND the
     * member is DISABLED (its previous status kept for 정지 해제), every refresh token revoked and
     * its open meetups cancelled (`closeMember`; `afterCommit` tells their partners).
     * Access tokens need nothing here: the /api guard reads the member's status on every request.
     *
     * Decisions on one member are serialised on the member's row, locked first (the order in
     * which a new report of them locks too, so the two cannot deadlock); the named report's status
     * is then read under its own row lock: of two operators deciding at once, the second sees
     * what the first committed. A DISMISS of a report that is closed by then is refused
     * (`'closed'`): it would overwrite a decision the operator never saw, such as another
     * operator's SUSPEND. A SUSPEND of a closed report goes ahead (an escalation of an earlier
     * DISMISS) and records itself on that report.
     */
    async decide(
      report: { id: number; targetId: number },
      action: 'DISMISS' | 'SUSPEND',
      operator: Operator,
      days?: SuspensionDays,
    ): Promise<
      | { kind: 'decided'; closedReports: number; told: number[]; targetName: string; afterCommit: () => void; suspendedUntil: Date | null }
      | { kind: 'closed' }
      | { kind: 'gone' }
    > {
      return db.transaction(async (tx) => {
        const target = await lockMember(tx, report.targetId);
        const [named] = await tx
          .select({ status: reports.status, reporterId: reports.reporterId })
          .from(reports)
          .where(eq(reports.id, report.id))
          .for('update');
        // Deleted since the route looked it up (an account's deletion takes its reports along).
        if (!target || !named) return { kind: 'gone' };
        if (action === 'DISMISS' && named.status === 'CLOSED') return { kind: 'closed' };
        const escalated = named.status === 'CLOSED';
        const { closedReports, told } = await closeReports(tx, report.targetId, target.name, action, escalated ? [named.reporterId] : []);
        if (escalated) {
          // The escalation: the report closed earlier now names the SUSPEND; it keeps its first closing time.
          await tx.update(reports).set({ resolution: action }).where(eq(reports.id, report.id));
        }
        const { afterCommit, suspendedUntil } =
          action === 'SUSPEND'
            ? await disable(tx, report.targetId, target.status, { operatorId: operator.id, reportId: report.id, days, closeMember, scheduler })
            : { afterCommit: () => undefined, suspendedUntil: null };
        // The length as decided (a member already suspended keeps the suspension in force).
        const note = action === 'SUSPEND' && target.status !== 'DISABLED' ? lengthNote(days) : undefined;
        await audit(tx, operator, action === 'SUSPEND' ? 'REPORT_SUSPEND' : 'REPORT_DISMISS', {
          targetMemberId: report.targetId,
          targetName: target.name,
          reportId: report.id,
          universityId: target.universityId,
          detail: note === undefined ? `신고 ${closedReports}건` : `신고 ${closedReports}건 · ${note}`,
        });
        return { kind: 'decided', closedReports, told, targetName: target.name, afterCommit, suspendedUntil };
      });
    },

    /**
     * 직접 정지 (extension): a suspension without a report, with the operator's reason. Like a
     * SUSPEND decision it closes the member's OPEN reports (their reporters are told). Already
     * suspended: nothing changes (`'already'`), so a double click logs one suspension.
     */
    async suspend(
      memberId: number,
      reason: string,
      operator: Operator,
      days?: SuspensionDays,
    ): Promise<
      | { kind: 'suspended'; closedReports: number; told: number[]; targetName: string; afterCommit: () => void; suspendedUntil: Date | null }
      | { kind: 'already'; suspendedUntil: Date | null }
      | { kind: 'gone' }
    > {
      return db.transaction(async (tx) => {
        const target = await lockMember(tx, memberId);
        if (!target) return { kind: 'gone' };
        if (target.status === 'DISABLED') return { kind: 'already', suspendedUntil: await suspensionEnd(tx, memberId) };
        const { closedReports, told } = await closeReports(tx, memberId, target.name, 'SUSPEND');
        const { afterCommit, suspendedUntil } = await disable(tx, memberId, target.status, {
          operatorId: operator.id,
          reportId: null,
          days,
          closeMember,
          scheduler,
        });
        await audit(tx, operator, 'MEMBER_SUSPEND', {
          targetMemberId: memberId,
          targetName: target.name,
          universityId: target.universityId,
          detail: withNote(lengthNote(days), reason),
        });
        return { kind: 'suspended', closedReports, told, targetName: target.name, afterCommit, suspendedUntil };
      });
    },

    /**
     * 회원: members whose name or e-mail contains the text (all when empty), most open reports
     * first, then the newest; up to `size` rows after the cursor (the previous page's last row:
     * its open reports and id, the two keys of the order), and whether more follow.
     */
    async memberPage(query: string, universityId: number | undefined, after: { memberId: number; openReports: number } | undefined, size: number) {
      const pattern = `%${likeEscaped(query)}%`;
      const rows = await rowsOf<{
        member_id: number;
        member_name: string | null;
        email: string;
        university_id: number;
        department: string | null;
        student_no: string | null;
        status: string;
        open_reports: number | string;
        created_at: string | Date;
        suspended_until: string | Date | null;
      }>(
        db,
        sql`select * from (
              select m.id as member_id, coalesce(m.membername, nullif(m.account_name, '')) as member_name, m.email, m.university_id, d.name as department,
                     m.student_no, m.status, m.created_at, s.suspended_until,
                     (select count(*) from ${reports} r where r.target_id = m.id and r.status = 'OPEN') as open_reports
                from ${members} m
                left join ${departments} d on d.id = m.department_id
                left join ${memberSuspensions} s on s.member_id = m.id
               where (${query} = '' or m.membername ilike ${pattern} or m.account_name ilike ${pattern} or m.email ilike ${pattern})
                     ${universityId === undefined ? sql`` : sql`and m.university_id = ${universityId}`}
            ) t
             ${after === undefined ? sql`` : sql`where (t.open_reports, t.member_id) < (${after.openReports}::bigint, ${after.memberId}::integer)`}
             order by t.open_reports desc, t.member_id desc
             limit ${size + 1}`,
      );
      return pageOf(rows, size);
    },

    /** The audit log, newest first: up to `size` rows with id < `before`, and whether more are older. */
    async auditPage(before: number | undefined, size: number, universityId?: number) {
      const rows = await db
        .select()
        .from(adminActions)
        .where(
          and(
            before === undefined ? undefined : sql`${adminActions.id} < ${before}`,
            universityId === undefined ? undefined : eq(adminActions.universityId, universityId),
          ),
        )
        .orderBy(sql`${adminActions.id} desc`)
        .limit(size + 1);
      return pageOf(rows, size);
    },

    /**
     * 정지 해제: restores the status the member had; false when it was not suspended. A timed
     * suspension's job goes with it, so it cannot end a later suspension early.
     */
    async reinstate(memberId: number, operator: Operator): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(memberSuspensions)
          .where(eq(memberSuspensions.memberId, memberId))
          .returning({ previous: memberSuspensions.previousStatus });
        if (!row) return false;
        await scheduler.cancel(suspensionJobs(memberId), tx);
        const member = await restore(tx, memberId, row.previous);
        await audit(tx, operator, 'MEMBER_REINSTATE', { targetMemberId: memberId, targetName: member?.name ?? null, universityId: member?.universityId });
        return true;
      });
    },

    /**
     * The job of a timed suspension whose end has come (in the job's transaction, so the
     * reinstatement, its audit line and the job's removal commit together: once, on one instance).
     * The suspension row is deleted only if it is still there and due: 정지 해제 deleted it (and
     * the job) already, and an account deleted since took it along. A job ahead of its row (an end
     * moved later by hand in the database) ends nothing and leaves a job at the row's end, so the
     * row stays the truth. Answers whether it reinstated.
     */
    async endSuspension(tx: Tx, memberId: number): Promise<boolean> {
      const [row] = await tx
        .delete(memberSuspensions)
        .where(and(eq(memberSuspensions.memberId, memberId), isNotNull(memberSuspensions.suspendedUntil), lte(memberSuspensions.suspendedUntil, sql`now()`)))
        .returning({ previous: memberSuspensions.previousStatus, at: memberSuspensions.suspendedAt, until: memberSuspensions.suspendedUntil });
      if (!row) {
        const until = await suspensionEnd(tx, memberId);
        if (until) await scheduleEnd(scheduler, tx, memberId, until);
        return false;
      }
      const member = await restore(tx, memberId, row.previous);
      const days = Math.round((row.until!.getTime() - row.at.getTime()) / 86_400_000);
      await audit(tx, null, 'MEMBER_REINSTATE_AUTO', {
        targetMemberId: memberId,
        targetName: member?.name ?? null,
        universityId: member?.universityId,
        detail: `${days}일 정지 끝`,
      });
      return true;
    },

    rowsOf<T>(query: SQL) {
      return rowsOf<T>(db, query);
    },
  };
}
