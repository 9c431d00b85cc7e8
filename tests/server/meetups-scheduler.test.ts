import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meetup } from '../../contract/meetups';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { createScheduler, type Scheduler } from '../../server/lib/scheduler';
import { seedCampus } from '../../server/seed/campus';
import { call, email, FakePush } from './api-harness';
import { freshPostgres, JWT_SECRET, newMember, POSTGRES_AVAILABLE, startTestServerWith, type DbKind, type Session } from './harness';

/**
 * The durable job scheduler (server/lib/scheduler.ts) and the meetup reminders on it: exactly once
 * with several instances on one PostgreSQL, fired after a restart when missed while down, nothing
 * after a cancel. Jobs are made due by moving their row's time, as the passing of time would.
 */
const KINDS: DbKind[] = POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite'];
const at = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 60_000) * 60_000).toISOString();

async function until(probe: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function count(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

/** A confirmed meetup between two new members, three hours from now. */
async function confirmedMeetup(app: Awaited<ReturnType<typeof createApp>>): Promise<{ a: Session; b: Session; meetup: Meetup }> {
  const a = await newMember(app, email());
  const b = await newMember(app, email());
  await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
  await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
  const list = await call(app, a.token, 'GET', '/api/matches?status=ACCEPTED');
  const matchId = (list.body.result.data as { id: number }[])[0]!.id;
  const meetup = (await call<Meetup>(app, a.token, 'POST', `/api/matches/${matchId}/meetups`, { startsAt: at(3 * 3_600_000), place: '학생식당' })).body.result!;
  await call(app, b.token, 'PATCH', `/api/meetups/${meetup.meetupId}/confirm`);
  return { a, b, meetup };
}

for (const kind of KINDS) {
  describe(`job scheduler [${kind}]`, () => {
    let database: Database;
    let scheduler: Scheduler;
    let drop: (() => Promise<void>) | undefined;
    let pgUrl: string | undefined;
    beforeAll(async () => {
      const pg = kind === 'postgres' ? await freshPostgres() : undefined;
      drop = pg?.drop;
      pgUrl = pg?.url;
      database = await openDatabase({ databaseUrl: pg?.url, dataDir: 'memory://' });
      scheduler = createScheduler(database.db, { pollMs: 50, batchSize: 10 });
    });
    afterAll(async () => {
      await scheduler?.stop();
      await database?.close();
      await drop?.();
    });

    it('fires due jobs once, in due order, leaves future ones; a key moves its pending job; cancel removes by prefix', async () => {
      const fired: string[] = [];
      scheduler.handle<{ n: number }>('test.order', async (job) => () => fired.push(`${job.dedupeKey}:${job.payload.n}`));
      const past = (s: number) => new Date(Date.now() - s * 1000);
      await scheduler.schedule('test.order', past(3), { n: 1 }, 'order:a');
      await scheduler.schedule('test.order', past(2), { n: 1 }, 'order:b');
      await scheduler.schedule('test.order', past(10), { n: 2 }, 'order:b'); // same key: moved and replaced
      await scheduler.schedule('test.order', new Date(Date.now() + 3_600_000), { n: 1 }, 'order:future');
      await scheduler.schedule('test.order', past(1), { n: 1 }, 'gone:1');
      await scheduler.schedule('test.order', past(1), { n: 1 }, 'gone:10');
      await scheduler.schedule('test.order', past(1), { n: 1 }, 'gone%:1');
      expect(await scheduler.cancel('gone:1')).toBe(2); // gone:1 and gone:10, not gone%:1 (the prefix is literal)
      expect(await scheduler.cancel('gone%')).toBe(1);
      expect(await scheduler.runDue()).toBe(2);
      expect(fired).toEqual(['order:b:2', 'order:a:1']);
      expect(await scheduler.runDue()).toBe(0);
      expect(await count(database, sql`select count(*)::int as n from jobs`)).toBe(1);
      await scheduler.cancel('order:');
    });

    it('a failing job is retried later and does not hold up the others; its writes roll back', async () => {
      await database.db.execute(sql`create table if not exists sched_probe (key text)`);
      const fired: string[] = [];
      let failures = 0;
      scheduler.handle('test.flaky', async (job, tx) => {
        await tx.execute(sql`insert into sched_probe values (${job.dedupeKey})`);
        // Fails in the batch and again alone, then succeeds on the retry.
        if (job.dedupeKey === 'flaky:bad' && failures++ < 2) throw new Error('boom');
        return () => fired.push(job.dedupeKey);
      });
      const now = new Date(Date.now() - 1000);
      for (const key of ['flaky:1', 'flaky:bad', 'flaky:2']) await scheduler.schedule('test.flaky', now, {}, key);
      expect(await scheduler.runDue()).toBe(2);
      expect(fired.sort()).toEqual(['flaky:1', 'flaky:2']);
      const [row] = (
        (await database.db.execute(sql`select attempts, last_error, run_at > now() as later from jobs where dedupe_key = 'flaky:bad'`)) as unknown as {
          rows: { attempts: number; last_error: string; later: boolean }[];
        }
      ).rows;
      expect(row).toMatchObject({ attempts: 1, later: true });
      expect(row!.last_error).toContain('boom');
      // The failed attempt's insert was rolled back with it.
      expect(await count(database, sql`select count(*)::int as n from sched_probe where key = 'flaky:bad'`)).toBe(0);
      await database.db.execute(sql`update jobs set run_at = now() where dedupe_key = 'flaky:bad'`);
      expect(await scheduler.runDue()).toBe(1);
      expect(fired).toContain('flaky:bad');
      expect(await count(database, sql`select count(*)::int as n from sched_probe where key = 'flaky:bad'`)).toBe(1);
    });

    if (kind === 'postgres') {
      it('two schedulers polling one PostgreSQL fire each of 300 jobs exactly once', async () => {
        const other = await openDatabase({ databaseUrl: pgUrl });
        const fired = new Map<string, number>();
        const byInstance = [0, 0];
        const make = (db: Database, i: number) => {
          const s = createScheduler(db.db, { pollMs: 20, batchSize: 25 });
          s.handle('test.race', async (job) => () => {
            fired.set(job.dedupeKey, (fired.get(job.dedupeKey) ?? 0) + 1);
            byInstance[i]!++;
          });
          return s;
        };
        const s1 = make(database, 0);
        const s2 = make(other, 1);
        const due = new Date(Date.now() - 1000);
        for (let i = 0; i < 300; i++) await s1.schedule('test.race', due, {}, `race:${i}`);
        s1.start();
        s2.start();
        await until(() => fired.size === 300);
        await new Promise((r) => setTimeout(r, 300));
        await Promise.all([s1.stop(), s2.stop()]);
        await other.close();
        expect([...fired.values()].every((n) => n === 1)).toBe(true);
        expect(byInstance[0]! + byInstance[1]!).toBe(300);
      });
    }
  });

  describe(`meetup reminders across instances and restarts [${kind}]`, () => {
    if (kind === 'postgres') {
      it('two server instances on one PostgreSQL send each reminder exactly once', async () => {
        const push = new FakePush();
        const env = { JOBS_POLL_MS: '100' };
        const first = await startTestServerWith('postgres', { push, instanceId: 'one' }, env);
        const second = await startTestServerWith('postgres', { push, instanceId: 'two' }, env, first.databaseUrl);
        try {
          const meetups = [];
          for (let i = 0; i < 6; i++) meetups.push(await confirmedMeetup(i % 2 ? first.app : second.app));
          await first.database.db.execute(sql`update jobs set run_at = now() where dedupe_key like '%:reminder:%'`);
          const reminders = () => count(first.database, sql`select count(*)::int as n from notifications where type = 'MEETUP_REMINDER'`);
          // Two offsets × two members × six meetups.
          await until(async () => (await reminders()) >= 24);
          await new Promise((r) => setTimeout(r, 500));
          expect(await reminders()).toBe(24);
          expect(
            await count(
              first.database,
              sql`select count(*)::int as n from (select recipient_id, content from notifications where type = 'MEETUP_REMINDER' group by 1, 2 having count(*) <> 2) x`,
            ),
          ).toBe(0);
        } finally {
          await second.close();
          await first.close();
        }
      });
    }

    it('a reminder due while the server was down is sent after the restart; a cancelled meetup sends none', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lunchchat-sched-'));
      const pg = kind === 'postgres' ? await freshPostgres() : undefined;
      const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent', JOBS_POLL_MS: '100', DATA_DIR: dataDir });
      const open = () => openDatabase({ databaseUrl: pg?.url, dataDir: path.join(dataDir, 'pglite') });
      try {
        let database = await open();
        await seedCampus(database.db);
        let app = await createApp({ config, database, jwtSecret: JWT_SECRET, logger: false, push: new FakePush() });
        await app.ready();
        const kept = await confirmedMeetup(app);
        const dropped = await confirmedMeetup(app);
        await call(app, dropped.a.token, 'PATCH', `/api/meetups/${dropped.meetup.meetupId}/cancel`);
        await app.close();
        await database.close();

        // While down, the 60-minute reminder's time passes (the meetup itself has not started).
        database = await open();
        await database.db.execute(sql`update jobs set run_at = now() - interval '5 minutes' where dedupe_key like '%:reminder:3600000'`);
        const reminders = (memberId: number) =>
          count(database, sql`select count(*)::int as n from notifications where type = 'MEETUP_REMINDER' and recipient_id = ${memberId}`);
        expect(await reminders(kept.a.memberId)).toBe(0);
        app = await createApp({ config, database, jwtSecret: JWT_SECRET, logger: false, push: new FakePush() });
        await app.ready();
        await until(async () => (await reminders(kept.b.memberId)) === 1 && (await reminders(kept.a.memberId)) === 1);
        await new Promise((r) => setTimeout(r, 400));
        expect(await reminders(kept.a.memberId)).toBe(1);
        expect(await reminders(dropped.a.memberId)).toBe(0);
        expect(await reminders(dropped.b.memberId)).toBe(0);
        await app.close();
        await database.close();
      } finally {
        await pg?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
