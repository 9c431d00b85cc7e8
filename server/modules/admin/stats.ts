import { sql } from 'drizzle-orm';
import type { StatsRow } from '../../../contract/admin';
import type { AdminRepo } from './repo';

const DAY_MS = 86_400_000;
/** A Seoul day is frozen into stats_days this long after it ended (late commits of its last seconds land first). */
const SETTLE_MS = 10 * 60_000;

/** Seoul midnight of a `YYYY-MM-DD` day as an instant (Korea keeps UTC+9 all year). */
function seoulMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+09:00`);
}

/** The Seoul calendar day of an instant. */
function seoulDay(at: Date): string {
  return new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

type Counts = Omit<StatsRow, 'date' | 'meetupsConfirmed' | 'meetupsDone'>;
interface DayRow {
  d: string;
  u: number;
  signups: number | string;
  active: number | string;
  requests: number | string;
  accepts: number | string;
  messages: number | string;
}

/**
 * The counts of every (Seoul day, university) in [lo, hi) with any activity, over the real tables:
 *
 * - signups: accounts created that day (first sign-in; a sign-up finished later counts on its first day);
 * - active: distinct members who sent a chat message, sent a match request or accepted one that day;
 * - requests: match requests sent that day (whatever became of them later);
 * - accepts: requests accepted that day (accepting sets the match's updated_at, nothing else changes it);
 * - messages: chat messages sent that day.
 *
 * A member belongs to one university, and matches and rooms never cross universities, so the
 * sender / requester decides the university and the per-university active counts add up.
 */
function perDayPerUniversity(lo: Date, hi: Date, scope: 'split' | 'all' | number) {
  const day = (column: string) => sql.raw(`(${column} at time zone 'Asia/Seoul')::date`);
  // 'split' (freezing days): the university of each actor, through its member row. Live (one
  // day): no join at all for every university (u = 0), or only that university's members — a
  // hash of all 50,000 members per table would cost more than the day's rows themselves.
  const actor = (alias: string, idColumn: string) =>
    scope === 'split'
      ? { u: sql.raw(`${alias}.university_id`), join: sql.raw(`join members ${alias} on ${alias}.id = ${idColumn}`), where: sql`` }
      : {
          u: sql`${typeof scope === 'number' ? scope : 0}::int`,
          join: sql``,
          where: typeof scope === 'number' ? sql`and ${sql.raw(idColumn)} in (select id from members where university_id = ${scope})` : sql``,
        };
  const sender = actor('s', 'c.sender_id');
  const requester = actor('r', 'm.requester_id');
  return sql`
    with msgs as materialized (
           select ${day('c.created_at')} as d, ${sender.u} as u, c.sender_id as id
             from chat_messages c ${sender.join}
            where c.created_at >= ${lo} and c.created_at < ${hi} ${sender.where}),
         reqs as materialized (
           select ${day('m.created_at')} as d, ${requester.u} as u, m.requester_id as id
             from matches m ${requester.join}
            where m.created_at >= ${lo} and m.created_at < ${hi} ${requester.where}),
         accs as materialized (
           select ${day('m.updated_at')} as d, ${requester.u} as u, m.target_id as id
             from matches m ${requester.join}
            where m.status = 'ACCEPTED' and m.updated_at >= ${lo} and m.updated_at < ${hi} ${requester.where}),
         sign as (select ${day('created_at')} as d, ${scope === 'split' ? sql.raw('university_id') : sql`${typeof scope === 'number' ? scope : 0}::int`} as u, count(*) as n
                    from members
                   where created_at >= ${lo} and created_at < ${hi} ${typeof scope === 'number' ? sql`and university_id = ${scope}` : sql``}
                   group by 1, 2),
         msg_n as (select d, u, count(*) as n from msgs group by d, u),
         req_n as (select d, u, count(*) as n from reqs group by d, u),
         acc_n as (select d, u, count(*) as n from accs group by d, u),
         act_n as (select d, u, count(*) as n from (select d, u, id from msgs union select d, u, id from reqs union select d, u, id from accs) x group by d, u),
         -- Any message, request or accept makes an active member: these two cover every key.
         keys as (select d, u from sign union select d, u from act_n)
    select to_char(keys.d, 'YYYY-MM-DD') as d, keys.u,
           coalesce(sign.n, 0) as signups, coalesce(act_n.n, 0) as active, coalesce(req_n.n, 0) as requests,
           coalesce(acc_n.n, 0) as accepts, coalesce(msg_n.n, 0) as messages
      from keys
      left join sign using (d, u)
      left join act_n using (d, u)
      left join req_n using (d, u)
      left join acc_n using (d, u)
      left join msg_n using (d, u)`;
}

interface MeetupDayRow {
  d: string;
  confirmed: number | string;
  done: number | string;
}

/**
 * Meetups (contract section 14) per Seoul day of their start, in [lo, hi), always live: a
 * meetup's status changes after its day (both check-ins make it DONE; a confirmed one may still
 * be cancelled before it starts), so these counts are never frozen into stats_days.
 *
 * - confirmed: meetups of that day that were confirmed and still stand (CONFIRMED, or DONE — a
 *   meetup becomes DONE only after it was confirmed); proposed, declined and cancelled ones are not;
 * - done: meetups of that day both members said took place (DONE).
 *
 * A meetup belongs to a match, which never crosses universities: the proposer's university is the meetup's.
 */
function meetupsPerDay(lo: Date, hi: Date, universityId: number | undefined) {
  return sql`
    select to_char((m.starts_at at time zone 'Asia/Seoul')::date, 'YYYY-MM-DD') as d,
           count(*) as confirmed,
           count(*) filter (where m.status = 'DONE') as done
      from meetups m
     where m.starts_at >= ${lo} and m.starts_at < ${hi} and m.status in ('CONFIRMED', 'DONE')
           ${universityId === undefined ? sql`` : sql`and m.proposer_id in (select id from members where university_id = ${universityId})`}
     group by 1`;
}

/**
 * Contract section 16: one row per Seoul day of [from, to] (decision 0015-admin-stats). Days that
 * are over are computed once into stats_days and read from there; the current day (and one that
 * ended under SETTLE_MS ago) is computed live. A 90-day range so reads ~90 rows per university
 * plus one day of activity, instead of every message of the quarter. Meetups are counted live
 * for the whole range (meetupsPerDay).
 *
 * Frozen days keep what happened: a room deleted later (both left) does not take its messages
 * out of the day they were sent.
 */
export async function dailyStats(repo: AdminRepo, from: string, to: string, universityId?: number, now = new Date()): Promise<StatsRow[]> {
  const lastFrozen = addDays(seoulDay(new Date(now.getTime() - SETTLE_MS)), -1);
  const frozenTo = to < lastFrozen ? to : lastFrozen;

  if (from <= frozenTo) {
    const [have] = await repo.rowsOf<{ n: number | string }>(
      sql`select count(distinct day) as n from stats_days where day between ${from}::date and ${frozenTo}::date`,
    );
    const expected = (Date.parse(frozenTo) - Date.parse(from)) / DAY_MS + 1;
    if (Number(have?.n ?? 0) < expected) {
      // Every university gets a row for each filled day (zeros too); concurrent fills agree.
      await repo.rowsOf(sql`
        with computed as (${perDayPerUniversity(seoulMidnight(from), seoulMidnight(addDays(frozenTo, 1)), 'split')}),
             grid as (select g::date as d, u.id as u from generate_series(${from}::date, ${frozenTo}::date, interval '1 day') g cross join universities u)
        insert into stats_days (day, university_id, signups, active_members, requests, accepts, messages)
        select grid.d, grid.u, coalesce(c.signups, 0), coalesce(c.active, 0), coalesce(c.requests, 0), coalesce(c.accepts, 0), coalesce(c.messages, 0)
          from grid left join computed c on c.d = to_char(grid.d, 'YYYY-MM-DD') and c.u = grid.u
         where not exists (select 1 from stats_days s where s.day = grid.d)
        on conflict do nothing`);
    }
  }

  const byDay = new Map<string, Counts>();
  const add = (r: DayRow) => {
    const sum = byDay.get(r.d) ?? { signups: 0, activeMembers: 0, requests: 0, accepts: 0, messages: 0 };
    sum.signups += Number(r.signups);
    sum.activeMembers += Number(r.active);
    sum.requests += Number(r.requests);
    sum.accepts += Number(r.accepts);
    sum.messages += Number(r.messages);
    byDay.set(r.d, sum);
  };
  if (from <= frozenTo) {
    const frozen = await repo.rowsOf<DayRow>(sql`
      select to_char(day, 'YYYY-MM-DD') as d, university_id as u, signups, active_members as active, requests, accepts, messages
        from stats_days
       where day between ${from}::date and ${frozenTo}::date ${universityId === undefined ? sql`` : sql`and university_id = ${universityId}`}`);
    frozen.forEach(add);
  }
  if (to > frozenTo) {
    const liveFrom = from > frozenTo ? from : addDays(frozenTo, 1);
    const live = await repo.rowsOf<DayRow>(perDayPerUniversity(seoulMidnight(liveFrom), seoulMidnight(addDays(to, 1)), universityId ?? 'all'));
    live.forEach(add);
  }

  const meetups = new Map<string, { meetupsConfirmed: number; meetupsDone: number }>();
  for (const r of await repo.rowsOf<MeetupDayRow>(meetupsPerDay(seoulMidnight(from), seoulMidnight(addDays(to, 1)), universityId))) {
    meetups.set(r.d, { meetupsConfirmed: Number(r.confirmed), meetupsDone: Number(r.done) });
  }

  const rows: StatsRow[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const counts = byDay.get(d) ?? { signups: 0, activeMembers: 0, requests: 0, accepts: 0, messages: 0 };
    rows.push({ date: d, ...counts, ...(meetups.get(d) ?? { meetupsConfirmed: 0, meetupsDone: 0 }) });
  }
  return rows;
}
