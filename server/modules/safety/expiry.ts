import { sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_PUSH, notificationContent } from '../../../contract/notifications';
import type { Db } from '../../db/client';

/**
 * Request expiry (contract section 15): a REQUESTED match older than MATCH_REQUEST_TTL becomes
 * EXPIRED and its requester gets a MATCH_EXPIRED notification (+ push).
 *
 * A periodic sweep rather than a timer per request: the deadline is the row's own `created_at`,
 * so nothing has to be scheduled, nothing is lost when the process stops, and the first sweep
 * after a restart catches up with everything that came due meanwhile. The state change and the
 * notification are one transaction, and rows are claimed with FOR UPDATE SKIP LOCKED plus the
 * `status = 'REQUESTED'` re-check, so with several instances sweeping at once every request
 * expires (and is notified) exactly once.
 */

export interface ExpiredRequest {
  matchId: number;
  requesterId: number;
  targetId: number;
  targetName: string;
}

interface Logger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/** Push after commit; never throws (the push module's contract). */
type Notify = (recipientId: number, message: { type: string; title: string; body: string; senderId: number; url: string }) => unknown;

const BATCH = 500;

async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One batch: expires up to BATCH overdue requests and writes their notifications, in one transaction. */
async function expireBatch(db: Db, ttlSeconds: number): Promise<ExpiredRequest[]> {
  return db.transaction(async (tx) => {
    const rows = await rowsOf<{ id: number; requester_id: number; target_id: number; target_name: string | null }>(
      tx,
      sql`with due as (
            select id from matches
             where status = 'REQUESTED' and created_at <= now() - make_interval(secs => ${ttlSeconds})
             order by created_at
             limit ${BATCH}
               for update skip locked
          ), expired as (
            update matches m set status = 'EXPIRED', updated_at = now()
             where m.id in (select id from due) and m.status = 'REQUESTED'
            returning m.id, m.requester_id, m.target_id
          )
          select e.id, e.requester_id, e.target_id, coalesce(t.membername, t.account_name) as target_name
            from expired e join members t on t.id = e.target_id`,
    );
    const expired = rows.map((r) => ({
      matchId: Number(r.id),
      requesterId: Number(r.requester_id),
      targetId: Number(r.target_id),
      targetName: r.target_name ?? '',
    }));
    if (expired.length > 0) {
      await tx.execute(
        sql`insert into notifications (recipient_id, sender_id, type, content) values ${sql.join(
          expired.map((e) => sql`(${e.requesterId}, ${e.targetId}, 'MATCH_EXPIRED', ${notificationContent('MATCH_EXPIRED', e.targetName)})`),
          sql`, `,
        )}`,
      );
    }
    return expired;
  });
}

/** Everything overdue, batch after batch; pushes each expiry after its batch committed. */
export async function expireRequests(db: Db, ttlSeconds: number, notify?: Notify): Promise<ExpiredRequest[]> {
  const all: ExpiredRequest[] = [];
  for (;;) {
    const batch = await expireBatch(db, ttlSeconds);
    for (const e of batch) {
      void notify?.(e.requesterId, {
        type: 'MATCH_EXPIRED',
        title: NOTIFICATION_PUSH.MATCH_EXPIRED.title,
        body: notificationContent('MATCH_EXPIRED', e.targetName),
        senderId: e.targetId,
        url: NOTIFICATION_PUSH.MATCH_EXPIRED.url,
      });
    }
    all.push(...batch);
    if (batch.length < BATCH) return all;
  }
}

/**
 * How often to sweep: a quarter of the TTL, at least every 10 s (the contract allows 30 s after
 * the deadline) and at most every 250 ms (tests use TTLs of a few seconds).
 */
export function sweepIntervalMs(ttlSeconds: number): number {
  return Math.min(10_000, Math.max(250, Math.floor((ttlSeconds * 1000) / 4)));
}

export interface ExpirySweeper {
  /** Runs a sweep now (or waits for the running one); resolves with what it expired. */
  sweep(): Promise<ExpiredRequest[]>;
  /** Stops the timer and waits for a running sweep (before the database closes). */
  stop(): Promise<void>;
}

/** Sweeps at once (catching up after a restart), then every sweepIntervalMs. */
export function startExpirySweeper(db: Db, ttlSeconds: number, notify: Notify | undefined, logger: Logger): ExpirySweeper {
  let running: Promise<ExpiredRequest[]> | undefined;
  let stopped = false;
  let failing = false;
  const sweep = (): Promise<ExpiredRequest[]> => {
    running ??= expireRequests(db, ttlSeconds, notify)
      .then(
        (expired) => {
          if (failing) logger.info({}, 'match request expiry works again');
          failing = false;
          if (expired.length > 0) logger.info({ expired: expired.length }, 'match requests expired');
          return expired;
        },
        (err: unknown) => {
          // The database is down or busy: the next sweep catches up; one log line per outage.
          if (!failing) logger.warn({ err }, 'match request expiry failed; retrying on the next sweep');
          failing = true;
          return [];
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void sweep();
  }, sweepIntervalMs(ttlSeconds));
  timer.unref();
  void sweep();
  return {
    sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
