import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/sql';
import type { Database } from '../../server/db/client';
import type { Scheduler } from '../../server/lib/scheduler';
import { JOB_VACUUM, nextVacuum, scheduleVacuum } from '../../server/modules/ops/vacuum';
import { describeEachDatabase } from './harness';

/**
 * PGlite has no autovacuum launcher: the server vacuums and analyzes the embedded database once a
 * day at 04:00 in Seoul (server/modules/ops/vacuum.ts). The job is made due by moving its row's
 * time, as the passing of time would.
 */
describe('the vacuum hour', () => {
  it('is the next 04:00 in Seoul, keyed by its Seoul date', () => {
    // 03:59 in Seoul → at 04:00 the same day.
    expect(nextVacuum(Date.parse('2026-11-27T18:59:00Z'))).toEqual({ at: new Date('2026-11-27T19:00:00Z'), day: '2026-11-28' });
    // 04:00 exactly → the next day's.
    expect(nextVacuum(Date.parse('2026-11-27T19:00:00Z'))).toEqual({ at: new Date('2026-11-28T19:00:00Z'), day: '2026-11-29' });
    // 23:30 in Seoul on New Year's Eve → 04:00 on New Year's Day.
    expect(nextVacuum(Date.parse('2026-12-31T14:30:00Z'))).toEqual({ at: new Date('2026-12-31T19:00:00Z'), day: '2027-01-01' });
  });
});

describe('scheduling the vacuum at boot', () => {
  it('does not stop the server from starting when the database refuses the write (a full disk): it is logged', async () => {
    const warnings: string[] = [];
    const refusing = {
      schedule: () => Promise.reject(new Error('could not extend file: No space left on device')),
      handle: () => undefined,
    } as unknown as Scheduler;
    const database = { kind: 'pglite' } as Database;
    await expect(scheduleVacuum(database, refusing, { info: () => undefined, warn: (_obj, msg) => warnings.push(msg ?? '') })).resolves.toBeUndefined();
    expect(warnings).toEqual(['the daily vacuum could not be scheduled; the next boot tries again']);
  });
});

describeEachDatabase(
  'database vacuum',
  (get) => {
    const jobs = () =>
      rowsOf<{ key: string; at: string }>(
        get().database.db,
        sql`select dedupe_key as key, to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at from jobs where kind = ${JOB_VACUUM}`,
      );
    const size = async (table: string) => Number((await rowsOf<{ n: string }>(get().database.db, sql`select pg_relation_size(${table})::text as n`))[0]!.n);

    it('on PGlite: one job at the next 04:00 in Seoul; when it runs, rows deleted give their space back, every table is analyzed, and the next day is scheduled', async () => {
      const { database, app } = get();
      if (database.kind === 'postgres') {
        // PostgreSQL's own autovacuum does this work there.
        expect(await jobs()).toEqual([]);
        return;
      }
      // The app's own poll stays out of it: the job runs once, here.
      await app.scheduler.stop();
      const first = nextVacuum(Date.now());
      expect(await jobs()).toEqual([{ key: `${JOB_VACUUM}:${first.day}`, at: first.at.toISOString().replace('.000', '') }]);

      // Churn as the job queue has it: rows inserted, then deleted.
      const db = database.db;
      await db.execute(sql`create table vacuum_probe (id serial primary key, body text not null)`);
      const fill = () => db.execute(sql`insert into vacuum_probe (body) select repeat('가', 200) from generate_series(1, 3000)`);
      await fill();
      await db.execute(sql`delete from vacuum_probe`);
      const churned = await size('vacuum_probe');

      await db.execute(sql`update jobs set run_at = now() - interval '1 second' where kind = ${JOB_VACUUM}`);
      expect(await app.scheduler.runDue()).toBe(1);

      // The deleted rows' space is used again: the same rows once more do not grow the table.
      await fill();
      expect(await size('vacuum_probe')).toBeLessThanOrEqual(churned);
      const notAnalyzed = await rowsOf<{ relname: string }>(
        db,
        sql`select relname from pg_stat_user_tables where last_analyze is null or last_vacuum is null order by relname`,
      );
      expect(notAnalyzed).toEqual([]);
      // Exactly one job left: the day after the one that ran (run early here, by moving its time).
      const next = nextVacuum(first.at.getTime());
      expect(await jobs()).toEqual([{ key: `${JOB_VACUUM}:${next.day}`, at: next.at.toISOString().replace('.000', '') }]);
      await db.execute(sql`drop table vacuum_probe`);
    });
  },
  { JOBS_POLL_MS: '30000' },
);
