import { sql } from 'drizzle-orm';
import type { StatsRow } from '../../../contract/admin';
import type { AdminRepo } from './repo';

const DAY_MS = 86_400_000;

/** Seoul midnight of a `YYYY-MM-DD` day as an instant (Korea keeps UTC+9 all year). */
export function seoulMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+09:00`);
}

/**
 * Contract section 16: one row per Seoul day of [from, to], computed over the real tables.
 *
 * - signups: accounts created that day (first sign-in; a sign-up finished later counts on its first day);
 * - activeMembers: distinct members who sent a chat message, sent a match request or accepted one that day;
 * - requests: match requests sent that day (whatever became of them later);
 * - accepts: requests accepted that day (accepting sets the match's updated_at, nothing else changes it);
 * - messages: chat messages sent that day;
 * - meetupsConfirmed / meetupsDone: 0 until the meetups table (contract section 14) is merged in.
 *
 * With a university, only its members count (matches and rooms never cross universities, so the
 * sender / requester decides). Each table is read once through an index on its timestamp.
 */
export async function dailyStats(repo: AdminRepo, from: string, to: string, universityId?: number): Promise<StatsRow[]> {
  const lo = seoulMidnight(from);
  const hi = new Date(seoulMidnight(to).getTime() + DAY_MS);
  const ofUniversity = (column: ReturnType<typeof sql.raw>) =>
    universityId === undefined ? sql`true` : sql`${column} in (select id from members where university_id = ${universityId})`;
  const day = (column: string) => sql.raw(`(${column} at time zone 'Asia/Seoul')::date`);
  const rows = await repo.rowsOf<{
    date: string;
    signups: number | string;
    active: number | string;
    requests: number | string;
    accepts: number | string;
    messages: number | string;
  }>(sql`
    with msgs as materialized (
           select ${day('c.created_at')} as d, c.sender_id as id from chat_messages c
            where c.created_at >= ${lo} and c.created_at < ${hi} and ${ofUniversity(sql.raw('c.sender_id'))}),
         reqs as materialized (
           select ${day('m.created_at')} as d, m.requester_id as id from matches m
            where m.created_at >= ${lo} and m.created_at < ${hi} and ${ofUniversity(sql.raw('m.requester_id'))}),
         accs as materialized (
           select ${day('m.updated_at')} as d, m.target_id as id from matches m
            where m.status = 'ACCEPTED' and m.updated_at >= ${lo} and m.updated_at < ${hi} and ${ofUniversity(sql.raw('m.requester_id'))}),
         sign as (
           select ${day('created_at')} as d, count(*) as n from members
            where created_at >= ${lo} and created_at < ${hi} ${universityId === undefined ? sql`` : sql`and university_id = ${universityId}`}
            group by 1),
         msg_n as (select d, count(*) as n from msgs group by d),
         req_n as (select d, count(*) as n from reqs group by d),
         acc_n as (select d, count(*) as n from accs group by d),
         act_n as (select d, count(*) as n from (select d, id from msgs union select d, id from reqs union select d, id from accs) x group by d),
         days as (select g::date as d from generate_series(${from}::date, ${to}::date, interval '1 day') g)
    select to_char(days.d, 'YYYY-MM-DD') as date,
           coalesce(sign.n, 0) as signups, coalesce(act_n.n, 0) as active, coalesce(req_n.n, 0) as requests,
           coalesce(acc_n.n, 0) as accepts, coalesce(msg_n.n, 0) as messages
      from days
      left join sign on sign.d = days.d
      left join act_n on act_n.d = days.d
      left join req_n on req_n.d = days.d
      left join acc_n on acc_n.d = days.d
      left join msg_n on msg_n.d = days.d
     order by days.d`);
  return rows.map((r) => ({
    date: r.date,
    signups: Number(r.signups),
    activeMembers: Number(r.active),
    requests: Number(r.requests),
    accepts: Number(r.accepts),
    messages: Number(r.messages),
    // Integrator: count meetups (contract section 14) per Seoul day here once the meetups table is in.
    meetupsConfirmed: 0,
    meetupsDone: 0,
  }));
}
