// Member API benchmark (not a test): one university with 50,000 members, the ranking endpoints
// measured in-process (app.inject: routing, auth, SQL, JSON) from one member. JSON lines out.
// The 200,000-member campus (issue 15) is BENCH_MEMBERS=200000: ~4 min of seeding on PGlite, so
// `npm run bench` keeps 50,000; targets are in each line, not asserted.
//   node --import tsx bench/api.ts             PGlite, then PostgreSQL when one answers
//   BENCH_DB=pglite|postgres                   only that one
//   BENCH_POSTGRES_URL=postgres://…/db         admin URL (a fresh lc_bench_* database is made and dropped)
//   BENCH_MEMBERS=50000  BENCH_N=300           size of the campus, requests per query
//   BENCH_CHECK_RESPONSES=1                    check each response against its contract schema (decision 0011)
//   PGLITE_WASM_TIER=baseline|optimizing       how V8 compiles PGlite (decisions 0008, 0027; default lazy)
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import type { Database } from '../server/db/client';
import { AccessTokens } from '../server/modules/auth/tokens';
import { seedCampus } from '../server/seed/campus';
import { seedDemoMembers } from '../server/seed/demo-members';
import { forEachDatabase, openBenchDatabase, timeCalls } from './_postgres';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const N = Number(process.env.BENCH_N ?? 300);
const WARMUP = 30;
const CHECK_RESPONSES = process.env.BENCH_CHECK_RESPONSES === '1';
const UNIVERSITY = '가톨릭대';
const SECRET = randomBytes(32).toString('hex');

function emit(record: Record<string, unknown>): void {
  console.log(JSON.stringify({ bench: 'api', checkResponses: CHECK_RESPONSES, ...record }));
}

/**
 * About two matches per member between random pairs (30 % accepted), so pending counts and
 * match counts vary like on a live campus. Deterministic: pairs come from the series number.
 * Accepted matches are up to 30 days old; open requests are younger than the request TTL (72 h by
 * default), as on a live campus where the expiry sweep runs every few seconds. Older open requests
 * made the server's first sweep expire ~70 % of them in 500-row batches while the queries were
 * being timed, each batch rewriting the campus's bitmaps.
 */
async function seedMatches(database: Database, first: number, count: number): Promise<number> {
  const pairs = count * 2;
  const result = (await database.db.execute(sql`
    insert into matches (requester_id, target_id, status, created_at, updated_at)
    select a, b, case when accepted then 'ACCEPTED' else 'REQUESTED' end, at, at
      from (select g % 10 < 3 as accepted, now() - (g % case when g % 10 < 3 then 720 else 71 end) * interval '1 hour' as at,
                   ${first}::int + ((g::bigint * 7919) % ${count})::int as a, ${first}::int + ((g::bigint * 104729 + 7) % ${count})::int as b
              from generate_series(1, ${pairs}) g) s
     where a <> b
    on conflict do nothing`)) as unknown as { rowCount?: number; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const bench = await openBenchDatabase(kind, 'api', { JWT_SECRET: SECRET });
  const { config, database } = bench;
  try {
    await seedCampus(database.db);
    const t0 = performance.now();
    await seedDemoMembers(database.db, { count: MEMBERS, university: UNIVERSITY, prefix: 'bench', seed: 42 });
    const seededMembers = performance.now();
    const [range] = (
      (await database.db.execute(sql`select min(id)::int as first, count(*)::int as n from members where email like 'bench-%'`)) as unknown as {
        rows: { first: number; n: number }[];
      }
    ).rows;
    const matchCount = await seedMatches(database, range!.first, range!.n);
    await database.db.execute(sql`vacuum analyze`);
    const seeded = performance.now();
    const pglite = kind === 'pglite' ? { wasmTier: config.PGLITE_WASM_TIER, sharedBuffers: config.PGLITE_SHARED_BUFFERS } : {};
    emit({
      db: kind,
      ...pglite,
      query: 'seed',
      members: range!.n,
      matches: matchCount,
      ms: Math.round(seeded - t0),
      membersMs: Math.round(seededMembers - t0),
      targetMs: MEMBERS <= 50_000 ? 60_000 : 120_000,
      load1: Math.round(loadavg()[0]! * 100) / 100,
    });

    const app = await createApp({ config, database, jwtSecret: SECRET, logger: false, checkResponses: CHECK_RESPONSES });
    await app.ready();
    // The caller: a seeded member in the middle of the campus.
    const callerId = range!.first + Math.floor(range!.n / 2);
    const token = await new AccessTokens(SECRET, 3600).sign(callerId, `bench-${callerId}@catholic.ac.kr`);
    const headers = { authorization: `Bearer ${token}` };

    const queries: [string, string][] = [
      // The floor: routing, bearer check and its member lookup, envelope; no ranking.
      ['baseline-auth-only', '/api/tags'],
      ['recommendations', '/api/members/recommendations'],
      ['popular', '/api/members/popular'],
      ['filters-recommend-p0', '/api/members/filters?sort=recommend&page=0&size=10'],
      ['filters-recommend-p100', '/api/members/filters?sort=recommend&page=100&size=10'],
      ['filters-recent-p0', '/api/members/filters?sort=recent&page=0&size=10'],
      ['filters-recent-p100', '/api/members/filters?sort=recent&page=100&size=10'],
      ['filters-interest-dept-p0', `/api/members/filters?sort=recommend&page=0&size=10&interest=STARTUP&department=${encodeURIComponent('경영학과')}`],
    ];
    for (const [query, url] of queries) {
      const first = await app.inject({ url, headers });
      if (first.statusCode !== 200) throw new Error(`${query}: ${first.statusCode} ${first.body.slice(0, 200)}`);
      const timing = await timeCalls(query, N, WARMUP, () => app.inject({ url, headers }));
      const result = first.json().result as unknown;
      const page = result as { data?: unknown[]; meta?: { totalItems: number } };
      emit({
        db: kind,
        ...pglite,
        query,
        ...timing,
        ...(Array.isArray(result) ? { rows: result.length } : page.data ? { rows: page.data.length, totalItems: page.meta?.totalItems } : {}),
        ...(query.startsWith('baseline') ? {} : { targetP95Ms: kind === 'pglite' ? 15 : 10 }),
        // The machine is shared: the 1-minute load average says how much to trust the figures.
        load1: Math.round(loadavg()[0]! * 100) / 100,
      });
    }
    await app.close();
  } finally {
    await bench.dispose();
  }
}

await forEachDatabase(run, emit);
