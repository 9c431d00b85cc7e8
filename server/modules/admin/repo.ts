import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { MentorConfigInput } from '../../../contract/admin';
import type { Db } from '../../db/client';
import {
  campusPlaces,
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

export type AdminRepo = ReturnType<typeof adminRepo>;

export function adminRepo(db: Db) {
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
    async savePlaces(universityId: number, names: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.select({ id: universities.id }).from(universities).where(eq(universities.id, universityId)).for('update');
        await tx.delete(campusPlaces).where(eq(campusPlaces.universityId, universityId));
        await tx.insert(campusPlaces).values(names.map((name, i) => ({ universityId, name, position: i + 1 })));
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

    async saveMentorConfig(universityId: number, month: string, config: MentorConfigInput, operatorId: number) {
      await db
        .insert(mentorConfigs)
        .values({ universityId, month, config, updatedBy: operatorId })
        .onConflictDoUpdate({
          target: [mentorConfigs.universityId, mentorConfigs.month],
          set: { config, updatedBy: operatorId, updatedAt: sql`now()` },
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
        })
        .from(memberSuspensions)
        .innerJoin(members, eq(members.id, memberSuspensions.memberId))
        .orderBy(asc(memberSuspensions.suspendedAt));
    },

    /**
     * One transaction: the target's OPEN reports are closed with the decision; on SUSPEND the
     * member is DISABLED (its previous status kept for 정지 해제) and every refresh token revoked.
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
      operatorId: number,
    ): Promise<{ kind: 'decided'; closedReports: number } | { kind: 'closed' } | { kind: 'gone' }> {
      return db.transaction(async (tx) => {
        const [target] = await tx.select({ status: members.status }).from(members).where(eq(members.id, report.targetId)).for('no key update');
        const [named] = await tx.select({ status: reports.status }).from(reports).where(eq(reports.id, report.id)).for('update');
        // Deleted since the route looked it up (an account's deletion takes its reports along).
        if (!target || !named) return { kind: 'gone' };
        if (action === 'DISMISS' && named.status === 'CLOSED') return { kind: 'closed' };
        const closed = await tx
          .update(reports)
          .set({ status: 'CLOSED', resolution: action, closedAt: sql`now()` })
          .where(and(eq(reports.targetId, report.targetId), eq(reports.status, 'OPEN')))
          .returning({ id: reports.id });
        if (named.status === 'CLOSED') {
          // The escalation: the report closed earlier now names the SUSPEND; it keeps its first closing time.
          await tx.update(reports).set({ resolution: action }).where(eq(reports.id, report.id));
        }
        if (action === 'SUSPEND') {
          if (target.status !== 'DISABLED') {
            await tx
              .insert(memberSuspensions)
              .values({ memberId: report.targetId, previousStatus: target.status, suspendedBy: operatorId, reportId: report.id })
              .onConflictDoNothing();
            await tx.update(members).set({ status: 'DISABLED' }).where(eq(members.id, report.targetId));
          }
          await tx
            .update(refreshTokens)
            .set({ revokedAt: sql`now()` })
            .where(and(eq(refreshTokens.memberId, report.targetId), isNull(refreshTokens.revokedAt)));
        }
        return { kind: 'decided', closedReports: closed.length };
      });
    },

    /** 정지 해제: restores the status the member had; false when it was not suspended. */
    async reinstate(memberId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(memberSuspensions)
          .where(eq(memberSuspensions.memberId, memberId))
          .returning({ previous: memberSuspensions.previousStatus });
        if (!row) return false;
        await tx
          .update(members)
          .set({ status: row.previous })
          .where(and(eq(members.id, memberId), inArray(members.status, ['DISABLED'])));
        return true;
      });
    },

    rowsOf<T>(query: SQL) {
      return rowsOf<T>(db, query);
    },
  };
}
