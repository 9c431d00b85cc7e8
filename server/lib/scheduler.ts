import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/sql';

/** A transaction handle (drizzle's), or the database itself: jobs are scheduled with their cause. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Pick<Db, 'execute'>;

interface Job<P = unknown> {
  id: number;
  kind: string;
  runAt: Date;
  payload: P;
  dedupeKey: string;
  attempts: number;
}

/**
 * Runs inside the transaction that deletes the job, so its database writes and the job's removal
 * commit together (exactly once). What must not be repeated and cannot be rolled back (a push) goes
 * in the returned callback, called after the commit.
 */
type JobHandler<P = unknown> = (job: Job<P>, tx: Tx) => Promise<void | (() => unknown)>;

export interface SchedulerOptions {
  /** How often each instance looks for due jobs (ms); default 5000, so a job fires within ~5 s of its time. */
  pollMs?: number;
  /** Jobs claimed per transaction. */
  batchSize?: number;
  /** A failing job is retried this many times (backoff 5 s · 2^n, at most 10 min), then dropped and logged. */
  maxAttempts?: number;
  log?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export interface Scheduler {
  /** Adds a job, or moves the pending job with the same key to the new time and payload. */
  schedule(kind: string, runAt: Date, payload: unknown, dedupeKey: string, tx?: Executor): Promise<void>;
  /** Removes every pending job whose key starts with `prefix`; returns how many. */
  cancel(prefix: string, tx?: Executor): Promise<number>;
  /** The handler of a kind; an instance claims only the kinds it has handlers for. */
  handle<P>(kind: string, handler: JobHandler<P>): void;
  /** Claims and runs due jobs until none is left; returns how many ran (tests, benches and the poll loop). */
  runDue(): Promise<number>;
  /** Polls every `pollMs`, first at once (jobs missed while the server was down fire on boot). */
  start(): void;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

interface JobRow {
  id: string | number;
  kind: string;
  run_ms: number;
  payload: string;
  dedupe_key: string;
  attempts: number;
}

const toJob = (r: JobRow): Job => ({
  id: Number(r.id),
  kind: r.kind,
  runAt: new Date(Number(r.run_ms)),
  payload: JSON.parse(r.payload) as unknown,
  dedupeKey: r.dedupe_key,
  attempts: r.attempts,
});

/** `like` with the prefix taken literally. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

class RollbackBatch extends Error {}

/**
 * A small durable scheduler on the application database (decision record `scheduler`): works the
 * same on PGlite and on PostgreSQL with several instances, because a due job is claimed with
 * `FOR UPDATE SKIP LOCKED` and deleted in the same transaction as its handler's writes.
 */
export function createScheduler(db: Db, options: SchedulerOptions = {}): Scheduler {
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 100;
  const maxAttempts = options.maxAttempts ?? 8;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  const claimSql = (kinds: string[], limit: number) =>
    sql`select id::text as id, kind, (extract(epoch from run_at) * 1000)::float8 as run_ms, payload, dedupe_key, attempts
          from jobs
         where run_at <= now() and kind in (${sql.join(
           kinds.map((k) => sql`${k}`),
           sql`, `,
         )})
         order by run_at, id
         limit ${limit}
         for update skip locked`;

  async function runAfterCommit(callbacks: (() => unknown)[]) {
    for (const callback of callbacks) {
      try {
        await callback();
      } catch (error) {
        options.log?.warn({ err: error }, 'job after-commit step failed');
      }
    }
  }

  /** Fast path: the whole batch in one transaction; any failure rolls it back and returns null. */
  async function batch(kinds: string[]): Promise<{ ran: number; full: boolean } | null> {
    const after: (() => unknown)[] = [];
    let claimed = 0;
    try {
      await db.transaction(async (tx) => {
        const rows = await rowsOf<JobRow>(tx, claimSql(kinds, batchSize));
        claimed = rows.length;
        if (rows.length === 0) return;
        for (const row of rows) {
          const handler = handlers.get(row.kind)!;
          let done: void | (() => unknown);
          try {
            done = await handler(toJob(row), tx);
          } catch (error) {
            throw new RollbackBatch('a job failed', { cause: error });
          }
          if (done) after.push(done);
        }
        await tx.execute(
          sql`delete from jobs where id in (${sql.join(
            rows.map((r) => sql`${Number(r.id)}`),
            sql`, `,
          )})`,
        );
      });
    } catch (error) {
      if (error instanceof RollbackBatch) return null;
      throw error;
    }
    await runAfterCommit(after);
    return { ran: claimed, full: claimed === batchSize };
  }

  /** Slow path after a failed batch: each due job alone, a failure recorded and retried later. */
  async function oneByOne(kinds: string[]): Promise<number> {
    let ran = 0;
    for (;;) {
      const after: (() => unknown)[] = [];
      let claimedOne = false;
      await db.transaction(async (tx) => {
        const [row] = await rowsOf<JobRow>(tx, claimSql(kinds, 1));
        if (!row) return;
        claimedOne = true;
        const job = toJob(row);
        try {
          const done = await tx.transaction(async (sp) => handlers.get(row.kind)!(job, sp));
          if (done) after.push(done);
          await tx.execute(sql`delete from jobs where id = ${job.id}`);
          ran++;
        } catch (error) {
          const attempts = job.attempts + 1;
          if (attempts >= maxAttempts) {
            options.log?.error({ err: error, kind: job.kind, key: job.dedupeKey }, 'job dropped after repeated failures');
            await tx.execute(sql`delete from jobs where id = ${job.id}`);
          } else {
            options.log?.warn({ err: error, kind: job.kind, key: job.dedupeKey, attempts }, 'job failed; retrying later');
            const delay = Math.min(5 * 2 ** attempts, 600);
            await tx.execute(
              sql`update jobs set attempts = ${attempts}, last_error = ${String(error).slice(0, 500)},
                          run_at = now() + make_interval(secs => ${delay}) where id = ${job.id}`,
            );
          }
        }
      });
      await runAfterCommit(after);
      if (!claimedOne) return ran;
    }
  }

  async function runDue(): Promise<number> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return 0;
    let total = 0;
    for (;;) {
      const result = await batch(kinds);
      if (result === null) {
        total += await oneByOne(kinds);
        return total;
      }
      total += result.ran;
      if (!result.full) return total;
    }
  }

  function tick() {
    if (stopped) return;
    running = runDue()
      .catch((error: unknown) => options.log?.warn({ err: error }, 'job poll failed (retrying at the next poll)'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  }

  return {
    async schedule(kind, runAt, payload, dedupeKey, tx = db) {
      await tx.execute(
        sql`insert into jobs (kind, run_at, payload, dedupe_key) values (${kind}, ${runAt.toISOString()}::timestamptz, ${JSON.stringify(payload ?? {})}, ${dedupeKey})
            on conflict (dedupe_key) do update set kind = excluded.kind, run_at = excluded.run_at, payload = excluded.payload, attempts = 0, last_error = null`,
      );
    },
    async cancel(prefix, tx = db) {
      const rows = await rowsOf<{ id: string }>(tx, sql`delete from jobs where dedupe_key like ${likePrefix(prefix)} returning id::text as id`);
      return rows.length;
    },
    handle(kind, handler) {
      handlers.set(kind, handler as JobHandler);
    },
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
