import { sql, type SQL } from 'drizzle-orm';
import { REPORT_HOLD_DAYS, REPORT_HOLD_REPORTERS, type ReportReason } from '../../../contract/safety';
import type { Db } from '../../db/client';

/** A transaction or the database. */
type Runner = Pick<Db, 'execute'>;

/** node-postgres and PGlite both answer raw queries with `{ rows }`. */
async function rowsOf<T>(db: Runner, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface PeopleRow {
  id: number;
  university_id: number;
  status: string;
}

export function safetyRepo(db: Db) {
  return {
    /**
     * Both members, their rows locked in id order (FOR NO KEY UPDATE, as the match counters
     * trigger and a match request lock them): a block and a request for the same pair run one
     * after the other, so no request slips in between "blocked" and "pending requests withdrawn".
     */
    lockPair(tx: Runner, a: number, b: number): Promise<PeopleRow[]> {
      return rowsOf<PeopleRow>(tx, sql`select id, university_id, status from members where id in (${a}, ${b}) order by id for no key update`);
    },

    member(id: number): Promise<PeopleRow | undefined> {
      return rowsOf<PeopleRow>(db, sql`select id, university_id, status from members where id = ${id}`).then((r) => r[0]);
    },

    /** Adds the block (idempotent) and withdraws every pending request between the two, either way. */
    async block(tx: Runner, blockerId: number, blockedId: number): Promise<void> {
      await tx.execute(sql`insert into blocks (blocker_id, blocked_id) values (${blockerId}, ${blockedId}) on conflict do nothing`);
      // The pair index's expressions, so this is one index probe.
      await tx.execute(sql`delete from matches
                            where least(requester_id, target_id) = ${Math.min(blockerId, blockedId)}
                              and greatest(requester_id, target_id) = ${Math.max(blockerId, blockedId)}
                              and status = 'REQUESTED'`);
    },

    async unblock(blockerId: number, blockedId: number): Promise<void> {
      await db.execute(sql`delete from blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`);
    },

    /** The pair's chat room, if they ever had one. */
    async roomOf(a: number, b: number): Promise<number | undefined> {
      const rows = await rowsOf<{ id: number }>(db, sql`select id from chat_rooms where member_a = ${Math.min(a, b)} and member_b = ${Math.max(a, b)}`);
      return rows[0] ? Number(rows[0].id) : undefined;
    },

    blocks(blockerId: number) {
      return rowsOf<{ member_id: number; name: string | null; blocked_ms: number }>(
        db,
        sql`select b.blocked_id as member_id, coalesce(m.membername, m.account_name) as name,
                   (extract(epoch from b.created_at) * 1000)::float8 as blocked_ms
              from blocks b join members m on m.id = b.blocked_id
             where b.blocker_id = ${blockerId}
             order by b.created_at desc, b.blocked_id desc`,
      );
    },

    /**
     * A message of a room the reporter is in (has not left), the room being the reporter's with
     * the target: its text, to be copied into the report.
     */
    async messageFor(reporterId: number, targetId: number, messageId: string): Promise<{ content: string } | undefined> {
      const rows = await rowsOf<{ content: string }>(
        db,
        sql`select m.content
              from chat_messages m join chat_rooms r on r.id = m.room_id
             where m.id = ${messageId}::bigint
               and r.member_a = ${Math.min(reporterId, targetId)} and r.member_b = ${Math.max(reporterId, targetId)}
               and ((r.member_a = ${reporterId} and not r.a_left) or (r.member_b = ${reporterId} and not r.b_left))`,
      );
      return rows[0];
    },

    /**
     * Stores the report. The target's row is locked first, so concurrent reports of one target
     * count each other: the one that makes the third distinct reporter within 30 days (among
     * OPEN reports) is marked `hold`, which hides the target from discovery until an operator
     * closes its reports.
     */
    async insertReport(
      tx: Runner,
      report: { reporterId: number; targetId: number; reason: ReportReason; detail?: string; messageId?: string; messageText?: string },
    ): Promise<{ id: number; already: boolean }> {
      // Reports of one target are serialised on its row: of two identical ones at once, the second sees the first.
      await tx.execute(sql`select id from members where id = ${report.targetId} for no key update`);
      // A report its reporter already made (same target, reason and message) and no operator closed yet:
      // a second tap adds nothing for the operators to sort through.
      const [earlier] = await rowsOf<{ id: number }>(
        tx,
        sql`select id from reports
             where reporter_id = ${report.reporterId} and target_id = ${report.targetId} and status = 'OPEN'
               and reason = ${report.reason} and message_id is not distinct from ${report.messageId ?? null}::bigint
             limit 1`,
      );
      if (earlier) return { id: Number(earlier.id), already: true };
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into reports (reporter_id, target_id, reason, detail, message_id, message_text)
            values (${report.reporterId}, ${report.targetId}, ${report.reason}, ${report.detail ?? null},
                    ${report.messageId ?? null}::bigint, ${report.messageText ?? null})
            returning id`,
      );
      const id = Number(row!.id);
      await tx.execute(sql`update reports set hold = true
                            where id = ${id}
                              and not exists (select 1 from reports h where h.target_id = ${report.targetId} and h.status = 'OPEN' and h.hold)
                              and (select count(distinct r.reporter_id) from reports r
                                    where r.target_id = ${report.targetId} and r.status = 'OPEN'
                                      and r.created_at > now() - make_interval(days => ${REPORT_HOLD_DAYS})) >= ${REPORT_HOLD_REPORTERS}`);
      return { id, already: false };
    },
  };
}

export type SafetyRepo = ReturnType<typeof safetyRepo>;
