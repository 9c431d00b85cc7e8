// Meetups benchmark (not a test; contract section 14). JSON lines out, with the load average.
//  1. suggestions: GET /api/matches/{id}/meetup-suggestions for one accepted pair on a campus of
//     BENCH_MEMBERS members, in-process (routing, auth, SQL, the slot function, JSON). Target p95 ≤ 10 ms.
//  2. scheduler: BENCH_JOBS due jobs (each writing one row, as a reminder writes a notification)
//     fired by one scheduler on PGlite; counts duplicates. Target: 10,000 in ≤ 10 s, none twice.
//   node --import tsx bench/meetups.ts     BENCH_MEMBERS=50000 BENCH_N=300 BENCH_JOBS=10000
//   BENCH_DB=pglite|postgres (suggestions only on that one; the scheduler part always runs on PGlite)
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { createScheduler } from '../server/lib/scheduler';
import { AccessTokens } from '../server/modules/auth/tokens';
import { seedCampus } from '../server/seed/campus';
import { seedDemoMembers } from '../server/seed/demo-members';
import { forEachDatabase, freshPostgres, percentile, round } from './_postgres';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const N = Number(process.env.BENCH_N ?? 300);
const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const SECRET = randomBytes(32).toString('hex');

const load1 = () => Math.round(loadavg()[0]! * 100) / 100;
const emit = (record: Record<string, unknown>) => console.log(JSON.stringify({ bench: 'meetups', ...record, load1: load1() }));

async function suggestions(kind: 'pglite' | 'postgres'): Promise<void> {
  const pgdb = kind === 'postgres' ? await freshPostgres() : undefined;
  const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, PUBLIC_URL: 'http://127.0.0.1', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: pgdb?.url, dataDir: 'memory://', poolSize: 4 });
  try {
    await seedCampus(database.db);
    const t0 = performance.now();
    await seedDemoMembers(database.db, { count: MEMBERS, university: '가톨릭대', prefix: 'bench', seed: 42 });
    const [range] = (
      (await database.db.execute(sql`select min(id)::int as first, count(*)::int as n from members where email like 'bench-%'`)) as unknown as {
        rows: { first: number; n: number }[];
      }
    ).rows;
    const a = range!.first + Math.floor(range!.n / 2);
    const b = a + 1;
    // Both free every weekday hour, so the answer is a full five suggestions.
    await database.db.execute(sql`update members set time_mask = ${(1n << 50n) - 1n} where id in (${a}, ${b})`);
    const [match] = (
      (await database.db.execute(
        sql`insert into matches (requester_id, target_id, status) values (${a}, ${b}, 'ACCEPTED') on conflict do nothing returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    emit({ db: kind, query: 'seed', members: range!.n, ms: Math.round(performance.now() - t0) });
    const app = await createApp({ config, database, jwtSecret: SECRET, logger: false });
    await app.ready();
    const token = await new AccessTokens(SECRET, 3600).sign(a, `bench-${a}@catholic.ac.kr`);
    const request = { url: `/api/matches/${match!.id}/meetup-suggestions`, headers: { authorization: `Bearer ${token}` } };
    const first = await app.inject(request);
    if (first.statusCode !== 200) throw new Error(`suggestions: ${first.statusCode} ${first.body.slice(0, 200)}`);
    for (let i = 0; i < 30; i++) await app.inject(request);
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      const start = performance.now();
      await app.inject(request);
      times.push(performance.now() - start);
    }
    times.sort((x, y) => x - y);
    emit({
      db: kind,
      query: 'suggestions',
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      p99: round(percentile(times, 99)),
      n: N,
      rows: (first.json().result as unknown[]).length,
      targetP95Ms: 10,
    });
    await app.close();
  } finally {
    await database.close();
    await pgdb?.drop();
  }
}

async function scheduler(): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.db.execute(sql`create table bench_fired (key text not null)`);
    const fired = new Map<string, number>();
    const jobs = createScheduler(database.db, { batchSize: 100 });
    jobs.handle('bench.fire', async (job, tx) => {
      await tx.execute(sql`insert into bench_fired values (${job.dedupeKey})`);
      return () => fired.set(job.dedupeKey, (fired.get(job.dedupeKey) ?? 0) + 1);
    });
    await database.db.execute(
      sql`insert into jobs (kind, run_at, payload, dedupe_key) select 'bench.fire', now() - interval '1 second', '{}', 'bench:' || g from generate_series(1, ${JOBS}) g`,
    );
    const t0 = performance.now();
    const ran = await jobs.runDue();
    const ms = performance.now() - t0;
    const duplicates = [...fired.values()].filter((n) => n !== 1).length;
    const [rows] = (
      (await database.db.execute(sql`select count(*)::int as n, count(distinct key)::int as d from bench_fired`)) as unknown as {
        rows: { n: number; d: number }[];
      }
    ).rows;
    emit({
      db: 'pglite',
      query: 'scheduler-fire',
      jobs: JOBS,
      ran,
      ms: Math.round(ms),
      perSecond: Math.round((ran / ms) * 1000),
      duplicates,
      rowsWritten: rows!.n,
      distinctRows: rows!.d,
      targetMs: 10_000,
    });
  } finally {
    await database.close();
  }
}

await forEachDatabase(suggestions, emit);
await scheduler();
