// PGlite is PostgreSQL in one process, without the autovacuum launcher: nothing ever vacuums or
// analyzes the embedded database that `npm start` runs a campus on. The space of a deleted or
// updated row is then never handed back, so a table with churn only grows (the job queue itself:
// every reminder is a row inserted and deleted; 20 rounds of 5,000 rows inserted and deleted left
// 24 MB where 1.2 MB holds them), and the planner never has column statistics. So on PGlite the
// server does autovacuum's work once a day, at 04:00 in Seoul when a campus sleeps, table by table
// so chat statements take their turns on the database thread between them. On PostgreSQL its own
// autovacuum does this work, and the server leaves it alone.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { Scheduler } from '../../lib/scheduler';

export const JOB_VACUUM = 'db.vacuum';
/** The hour in Seoul (no daylight saving) the embedded database is vacuumed. */
const VACUUM_HOUR_SEOUL = 4;
const SEOUL_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The first 04:00 in Seoul after `now`, and its Seoul date (`YYYY-MM-DD`), the job's key. */
export function nextVacuum(now: number): { at: Date; day: string } {
  const seoul = new Date(now + SEOUL_OFFSET_MS);
  let at = Date.UTC(seoul.getUTCFullYear(), seoul.getUTCMonth(), seoul.getUTCDate(), VACUUM_HOUR_SEOUL) - SEOUL_OFFSET_MS;
  if (at <= now) at += DAY_MS;
  return { at: new Date(at), day: new Date(at + SEOUL_OFFSET_MS).toISOString().slice(0, 10) };
}

/** `VACUUM (ANALYZE)` of every table outside the system schemas, one statement each; returns their names. */
async function vacuumTables(database: Database): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    database.db,
    sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind = 'r' and n.nspname <> 'information_schema' and left(n.nspname, 3) <> 'pg_'
         order by 1`,
  );
  // VACUUM cannot run in a transaction: each is a statement of its own, after the job's commit.
  for (const { name } of tables) await database.db.execute(sql.raw(`vacuum (analyze) ${name}`));
  return tables.map((t) => t.name);
}

/**
 * On PGlite: the daily vacuum job. Each run schedules the next one in its own transaction, keyed by
 * its Seoul date, so a server that was down at 04:00 vacuums when it comes back and keeps one job.
 */
export async function scheduleVacuum(
  database: Database,
  scheduler: Scheduler,
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void },
): Promise<void> {
  if (database.kind !== 'pglite') return;
  const keyOf = (day: string) => `${JOB_VACUUM}:${day}`;
  scheduler.handle(JOB_VACUUM, async (job, tx) => {
    // Never the running job's own key: that would move this row, which the scheduler then deletes.
    let next = nextVacuum(Date.now());
    if (keyOf(next.day) === job.dedupeKey) next = nextVacuum(next.at.getTime());
    await scheduler.schedule(JOB_VACUUM, next.at, {}, keyOf(next.day), tx);
    return async () => {
      const started = performance.now();
      const tables = await vacuumTables(database);
      log.info({ tables: tables.length, ms: Math.round(performance.now() - started) }, 'embedded database vacuumed and analyzed');
    };
  });
  const next = nextVacuum(Date.now());
  try {
    await scheduler.schedule(JOB_VACUUM, next.at, {}, keyOf(next.day));
  } catch (error) {
    // Not a reason to refuse to start: a server on a full disk still serves what is stored.
    log.warn({ err: error }, 'the daily vacuum could not be scheduled; the next boot tries again');
  }
}
