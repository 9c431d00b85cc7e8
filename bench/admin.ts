// Operator stats benchmark (not a test): GET /api/admin/stats for a 90-day range over a campus of
// 50,000 members with 120 days of history, measured in-process (app.inject: routing, auth, the
// operator check, SQL, JSON). Target (issue 11): p95 ≤ 50 ms. `firstCallMs` is the call that
// freezes the past days into stats_days (decision 0015-admin-stats); p50/p95/p99 are the calls after it.
// JSON lines out.
//   node --import tsx bench/admin.ts           PGlite, then PostgreSQL when one answers
//   BENCH_DB=pglite|postgres                   only that one
//   BENCH_POSTGRES_URL=postgres://…/db         admin URL (a fresh lc_bench_* database is made and dropped)
//   BENCH_MEMBERS=50000                        members (sign-ups spread over 120 days)
//   BENCH_MATCHES_PER_MEMBER=2                 match requests per member (30 % accepted, each accepted pair a room)
//   BENCH_MESSAGES_PER_DAY=5000                chat messages per day over the 120 days
//   BENCH_N=200                                requests per query
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import type { Database } from '../server/db/client';
import { AccessTokens } from '../server/modules/auth/tokens';
import { rowsOf } from '../server/db/sql';
import { seedCampus } from '../server/seed/campus';
import { forEachDatabase, openBenchDatabase, round, timeCalls } from './_postgres';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const MATCHES_PER_MEMBER = Number(process.env.BENCH_MATCHES_PER_MEMBER ?? 2);
const MESSAGES_PER_DAY = Number(process.env.BENCH_MESSAGES_PER_DAY ?? 5_000);
const HISTORY_DAYS = 120;
const RANGE_DAYS = 90;
const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = 20;
const SECRET = randomBytes(32).toString('hex');
const OPERATOR = 'bench-operator@umc.example';

function emit(record: Record<string, unknown>): void {
  console.log(JSON.stringify({ bench: 'admin', ...record }));
}

/**
 * A campus with history, deterministic: members over four universities (sign-ups spread over
 * HISTORY_DAYS), match requests between random pairs of one university, a room per accepted
 * pair, and MESSAGES_PER_DAY messages a day spread over those rooms.
 */
async function seed(database: Database): Promise<Record<string, number>> {
  const db = database.db;
  const unis = (await rowsOf<{ id: number }>(database.db, sql`select id from universities order by id`)).map((r) => r.id);
  await db.execute(sql`
    insert into members (email, membername, student_no, university_id, status, created_at, updated_at)
    select 'bench-' || g || '@bench.example', '벤치' || g, '23', (${sql.raw(`array[${unis.join(',')}]`)})[1 + g % ${unis.length}], 'ACTIVE',
           now() - (g % ${HISTORY_DAYS}) * interval '1 day' - (g % 1440) * interval '1 minute', now()
      from generate_series(1, ${MEMBERS}) g`);
  const [range] = await rowsOf<{ first: number; n: number }>(
    database.db,
    sql`select min(id)::int as first, count(*)::int as n from members where email like 'bench-%'`,
  );
  const first = range!.first;
  const n = range!.n;
  // Pairs inside one university: member ids with the same remainder mod the university count.
  const k = unis.length;
  await db.execute(sql`
    insert into matches (requester_id, target_id, status, created_at, updated_at)
    select a, b, case when g % 10 < 3 then 'ACCEPTED' else 'REQUESTED' end,
           now() - (g % ${HISTORY_DAYS}) * interval '1 day' - (g % 1440) * interval '1 minute',
           now() - (g % ${HISTORY_DAYS}) * interval '1 day' - (g % 1440) * interval '1 minute' + interval '3 hours'
      from (select g, ${first}::int + ((g::bigint * 7919) % ${n})::int as a,
                   ${first}::int + ((((g::bigint * 7919) % ${n}) + ${k} * (1 + (g::bigint * 104729) % 1000)) % ${n})::int as b
              from generate_series(1, ${n * MATCHES_PER_MEMBER}) g) s
     where a <> b
    on conflict do nothing`);
  await db.execute(sql`
    insert into chat_rooms (member_a, member_b, starter_id, created_at)
    select least(requester_id, target_id), greatest(requester_id, target_id), requester_id, updated_at from matches where status = 'ACCEPTED'
    on conflict do nothing`);
  const [rooms] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from chat_rooms`);
  const messages = MESSAGES_PER_DAY * HISTORY_DAYS;
  await db.execute(sql`
    with r as (select id, member_a, member_b, row_number() over (order by id) - 1 as i from chat_rooms)
    insert into chat_messages (room_id, sender_id, content, created_at)
    select r.id, case when g % 2 = 0 then r.member_a else r.member_b end, '안녕하세요 ' || g,
           now() - ((g::bigint * ${HISTORY_DAYS * 1440}) / ${messages}) * interval '1 minute'
      from generate_series(1, ${messages}) g join r on r.i = (g::bigint * 31) % ${rooms!.n}`);
  const [matchCount] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from matches`);
  return { members: n, matches: matchCount!.n, rooms: rooms!.n, messages };
}

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const bench = await openBenchDatabase(kind, 'admin', { JWT_SECRET: SECRET, ADMIN_EMAILS: OPERATOR });
  const { config, database } = bench;
  try {
    await seedCampus(database.db);
    const t0 = performance.now();
    const counts = await seed(database);
    await database.db.execute(sql`vacuum analyze`);
    emit({
      db: kind,
      query: 'seed',
      ...counts,
      ms: Math.round(performance.now() - t0),
      ...(process.env.BENCH_KEEP === '1' && bench.postgresUrl ? { database: bench.postgresUrl } : {}),
    });

    const app = await createApp({ config, database, jwtSecret: SECRET, logger: false });
    await app.ready();
    const [op] = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into members (email, membername, university_id, status) select ${OPERATOR}, '운영자', min(id), 'ACTIVE' from universities returning id`,
    );
    const token = await new AccessTokens(SECRET, 3600).sign(op!.id, OPERATOR);
    const headers = { authorization: `Bearer ${token}` };
    // A steady-state database: autovacuum has set the visibility map (index-only scans skip the heap).
    await database.db.execute(sql`vacuum analyze`);
    const [uni] = await rowsOf<{ id: number }>(database.db, sql`select min(id)::int as id from universities`);
    const seoulToday = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const from = new Date(Date.parse(seoulToday) - (RANGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

    const queries: [string, string][] = [
      ['baseline-admin-me', '/api/admin/me'],
      ['stats-90d-all', `/api/admin/stats?from=${from}&to=${seoulToday}`],
      ['stats-90d-university', `/api/admin/stats?from=${from}&to=${seoulToday}&universityId=${uni!.id}`],
    ];
    for (const [query, url] of queries) {
      // The first call of a range computes the days that are over into stats_days (once per deployment).
      const coldStart = performance.now();
      const first = await app.inject({ url, headers });
      const coldMs = round(performance.now() - coldStart);
      if (first.statusCode !== 200) throw new Error(`${query}: ${first.statusCode} ${first.body.slice(0, 200)}`);
      const timing = await timeCalls(query, N, WARMUP, () => app.inject({ url, headers }));
      const result = first.json().result as { messages?: number }[] | unknown;
      emit({
        db: kind,
        query,
        ...timing,
        firstCallMs: coldMs,
        ...(Array.isArray(result)
          ? { rows: result.length, messagesInRange: result.reduce((sum: number, r: { messages?: number }) => sum + (r.messages ?? 0), 0) }
          : {}),
        target: query.startsWith('stats') ? 'p95 <= 50 ms' : undefined,
        // The machine is shared: the 1-minute load average says how much to trust the figures.
        load1: Math.round(loadavg()[0]! * 100) / 100,
      });
    }
    await app.close();
  } finally {
    // BENCH_KEEP=1 keeps the PostgreSQL database for EXPLAIN (its name is in the seed line's `database`).
    await bench.dispose(process.env.BENCH_KEEP === '1');
  }
}

await forEachDatabase(run, emit);
