import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/envelope';
import { loadConfig } from '../../server/config';
import { createApp } from '../../server/app';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { expireRequests, sweepIntervalMs } from '../../server/modules/safety/expiry';
import { seedCampus } from '../../server/seed/campus';
import { call, describeApi, email, FakePush, GENEROUS_LIMITS } from './api-harness';
import { JWT_SECRET, newMember, POSTGRES_ADMIN_URL, POSTGRES_AVAILABLE, startTestServerWith, type DbKind, type Session } from './harness';

/** Contract section 15: request expiry (MATCH_REQUEST_TTL) and the pending quota (MAX_PENDING_REQUESTS). */

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function statusOf(db: Db, requester: Session, target: Session): Promise<string | undefined> {
  const [row] = await rows<{ status: string }>(
    db,
    sql`select status from matches where requester_id = ${requester.memberId} and target_id = ${target.memberId}`,
  );
  return row?.status;
}

describe('MATCH_REQUEST_TTL', () => {
  it('takes a number with s, m, h or d and defaults to 72h', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET };
    expect(loadConfig(base).MATCH_REQUEST_TTL).toBe(72 * 3600);
    expect(loadConfig({ ...base, MATCH_REQUEST_TTL: '90s' }).MATCH_REQUEST_TTL).toBe(90);
    expect(loadConfig({ ...base, MATCH_REQUEST_TTL: '30m' }).MATCH_REQUEST_TTL).toBe(1800);
    expect(loadConfig({ ...base, MATCH_REQUEST_TTL: '3d' }).MATCH_REQUEST_TTL).toBe(3 * 86_400);
    for (const bad of ['72', '1w', '-3h', 'h', '0s', '1.5h']) expect(() => loadConfig({ ...base, MATCH_REQUEST_TTL: bad }), bad).toThrow(/MATCH_REQUEST_TTL/);
    expect(loadConfig(base).MAX_PENDING_REQUESTS).toBe(10);
    expect(() => loadConfig({ ...base, MAX_PENDING_REQUESTS: '0' })).toThrow(/MAX_PENDING_REQUESTS/);
    // Swept often enough to meet "within 30 s of the deadline" at any TTL.
    expect(sweepIntervalMs(72 * 3600)).toBe(10_000);
    expect(sweepIntervalMs(2)).toBe(500);
  });
});

describeApi(
  'safety: request expiry (contract section 15)',
  (server) => {
    it('a request past the TTL becomes EXPIRED, leaves the lists, tells the requester (+ push), and a new request is allowed', async () => {
      const s = server();
      const { app, database } = s;
      const a = await newMember(app, email('catholic.ac.kr', 'exp-a'), { membername: '요청자' });
      const b = await newMember(app, email('catholic.ac.kr', 'exp-b'), { membername: '받는이' });
      await call(app, a.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${a.memberId}` });
      const created = await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
      expect(created.status).toBe(200);
      const deadline = Date.parse(created.body.result.createdAt) + 2000;

      // Before the deadline it is an ordinary request.
      await sleep(800);
      expect(await statusOf(database.db, a, b)).toBe('REQUESTED');
      expect((await call(app, a.token, 'GET', '/api/matches?status=REQUESTED')).body.result.data).toHaveLength(1);

      // Within a sweep (500 ms at this TTL) of the deadline; far inside the contract's 30 s.
      while ((await statusOf(database.db, a, b)) === 'REQUESTED') {
        expect(Date.now()).toBeLessThan(deadline + 3000);
        await sleep(50);
      }
      expect(await statusOf(database.db, a, b)).toBe('EXPIRED');

      for (const [who, status] of [
        [a, 'REQUESTED'],
        [b, 'RECEIVED'],
        [a, 'ACCEPTED'],
      ] as const) {
        const list = await call(app, who.token, 'GET', `/api/matches?status=${status}`);
        expect(list.body.result, `${status}`).toMatchObject({ data: [], meta: { totalItems: 0 } });
      }
      expect((await call(app, a.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ requested: 0 });
      expect((await call(app, b.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ received: 0 });
      expect((await call(app, a.token, 'GET', `/api/members/${b.memberId}`)).body.result.matchStatus).toBe('NONE');
      expect((await call(app, b.token, 'GET', `/api/members/${a.memberId}`)).body.result.matchStatus).toBe('NONE');

      const notes = (await call(app, a.token, 'GET', '/api/notifications')).body.result.notifications;
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        type: 'MATCH_EXPIRED',
        content: '받는이님에게 보낸 런치챗 요청이 만료되었어요.',
        senderMembername: '받는이',
        isRead: false,
      });
      for (let i = 0; i < 100 && !s.push.sent.some((p) => p.token === `device-${a.memberId}`); i++) await sleep(10);
      expect(s.push.sent.filter((p) => p.token === `device-${a.memberId}`).map((p) => p.data)).toEqual([
        {
          title: '런치챗 요청 만료',
          body: '받는이님에게 보낸 런치챗 요청이 만료되었어요.',
          type: 'MATCH_EXPIRED',
          senderId: String(b.memberId),
          senderMembername: '받는이',
          url: '/alarm',
        },
      ]);
      // The target was never asked anything new: only the original request notification.
      expect((await call(app, b.token, 'GET', '/api/notifications')).body.result.notifications.map((n: { type: string }) => n.type)).toEqual(['MATCH_REQUEST']);

      // Accepting the expired request is refused; a new request, either way, is allowed.
      const late = await call(app, b.token, 'PATCH', `/api/matches/accept/${a.memberId}`);
      expect([late.status, late.body.code]).toEqual([400, 'MATCH_400']);
      const again = await call(app, b.token, 'POST', '/api/matches', { toMemberId: a.memberId });
      expect(again.status).toBe(200);
      expect((await call(app, a.token, 'GET', '/api/matches?status=RECEIVED')).body.result.data).toHaveLength(1);
      expect((await call(app, a.token, 'PATCH', `/api/matches/accept/${b.memberId}`)).status).toBe(200);
      // Accepted requests never expire.
      await sleep(2600);
      expect(await statusOf(database.db, b, a)).toBe('ACCEPTED');
    });
  },
  { MATCH_REQUEST_TTL: '2s' },
);

describeApi(
  'safety: pending-request quota (contract section 15)',
  (server) => {
    it(`MAX_PENDING_REQUESTS open requests sent → 429 MATCH_429_PENDING in Korean; an answer or an expiry frees a place`, async () => {
      const { app, database } = server();
      const me = await newMember(app, email('catholic.ac.kr', 'quota'));
      const others = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => newMember(app, email('catholic.ac.kr', `quota-${i}`))));
      for (const o of others.slice(0, 3)) expect((await call(app, me.token, 'POST', '/api/matches', { toMemberId: o.memberId })).status).toBe(200);
      const refused = await call(app, me.token, 'POST', '/api/matches', { toMemberId: others[3]!.memberId });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([429, 'MATCH_429_PENDING', ERROR_CODES.MATCH_429_PENDING.message]);
      expect(refused.body.message).toMatch(/요청/);
      expect(await statusOf(database.db, me, others[3]!)).toBeUndefined();
      // Requests received do not count against the quota.
      expect((await call(app, others[4]!.token, 'POST', '/api/matches', { toMemberId: me.memberId })).status).toBe(200);

      // Concurrent attempts never get past the quota.
      await call(app, others[0]!.token, 'PATCH', `/api/matches/accept/${me.memberId}`);
      const burst = await Promise.all(
        others
          .slice(3)
          .filter((o) => o !== others[4])
          .map((o) => call(app, me.token, 'POST', '/api/matches', { toMemberId: o.memberId })),
      );
      expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
      expect(burst.filter((r) => r.status === 429)).toHaveLength(3);
      const [open] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from matches where requester_id = ${me.memberId} and status = 'REQUESTED'`,
      );
      expect(open!.n).toBe(3);

      // After they expire, the quota is free again.
      const deadline = Date.now() + 10_000;
      while ((await call(app, me.token, 'GET', '/api/matches?status=REQUESTED')).body.result.meta.totalItems > 0) {
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(100);
      }
      const extra = await newMember(app, email('catholic.ac.kr', 'quota-x'));
      expect((await call(app, me.token, 'POST', '/api/matches', { toMemberId: extra.memberId })).status).toBe(200);
    });
  },
  // A TTL long enough that nothing expires while the quota is being filled on a busy machine.
  { MATCH_REQUEST_TTL: '6s', MAX_PENDING_REQUESTS: '3' },
);

/** A server on a database that outlives it: a PGlite folder, or a PostgreSQL database. */
async function bootOn(kind: DbKind, store: string, dataDir: string, push: FakePush, env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...GENEROUS_LIMITS, ...env });
  const database: Database = await openDatabase(kind === 'postgres' ? { databaseUrl: store } : { dataDir: store, pgliteDurability: 'relaxed' });
  await seedCampus(database.db);
  const app = await createApp({ config, database, jwtSecret: JWT_SECRET, logger: false, push });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** An empty PostgreSQL database of its own and how to drop it. */
async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `lc_test_expiry_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

for (const kind of (POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite']) as DbKind[]) {
  describe(`safety: expiry is durable across restarts [${kind}]`, () => {
    it('a request that came due while the server was down expires, once, right after the next start', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lunchchat-expiry-'));
      const pgdb = kind === 'postgres' ? await scratchPostgres() : undefined;
      const store = pgdb?.url ?? path.join(dataDir, 'pglite');
      try {
        const push = new FakePush();
        const env = { MATCH_REQUEST_TTL: '3s' };
        const one = await bootOn(kind, store, dataDir, push, env);
        const a = await newMember(one.app, email('catholic.ac.kr', 'rs-a'));
        const b = await newMember(one.app, email('catholic.ac.kr', 'rs-b'));
        expect((await call(one.app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId })).status).toBe(200);
        expect(await statusOf(one.database.db, a, b)).toBe('REQUESTED');
        await one.close();

        // Down past the deadline.
        await sleep(3500);
        const two = await bootOn(kind, store, dataDir, push, env);
        try {
          // The sweep at start catches up without waiting for its first interval.
          const deadline = Date.now() + 1500;
          while ((await statusOf(two.database.db, a, b)) !== 'EXPIRED') {
            expect(Date.now()).toBeLessThan(deadline);
            await sleep(25);
          }
          const notes = (await call(two.app, a.token, 'GET', '/api/notifications')).body.result.notifications;
          expect(notes.map((n: { type: string }) => n.type)).toEqual(['MATCH_EXPIRED']);
        } finally {
          await two.close();
        }
      } finally {
        await pgdb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

if (POSTGRES_AVAILABLE) {
  describe('safety: expiry with several instances [postgres]', () => {
    it('two instances sweeping one database at once expire and notify every request exactly once', async () => {
      const pushA = new FakePush();
      const pushB = new FakePush();
      const first = await startTestServerWith('postgres', { push: pushA }, GENEROUS_LIMITS);
      const second = await startTestServerWith('postgres', { push: pushB }, GENEROUS_LIMITS, first.databaseUrl);
      try {
        const people = await Promise.all(Array.from({ length: 24 }, (_, i) => newMember(first.app, email('catholic.ac.kr', `multi-${i}`))));
        for (const p of people) await call(first.app, p.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${p.memberId}` });
        // Every pair once (276 requests, more than one sweep batch of a few), due an hour ago.
        const ids = people.map((p) => p.memberId);
        await first.database.db.execute(sql`
          insert into matches (requester_id, target_id, status, created_at)
          select x, y, 'REQUESTED', now() - interval '1 hour'
            from unnest(${sql.raw(`array[${ids.join(',')}]`)}::int[]) x, unnest(${sql.raw(`array[${ids.join(',')}]`)}::int[]) y
           where x < y`);
        const total = (ids.length * (ids.length - 1)) / 2;

        const notify = (push: FakePush) => (recipientId: number, message: { type: string; title: string; body: string; senderId: number; url: string }) =>
          push.send(`device-${recipientId}`, { ...message, senderId: String(message.senderId) });
        // Both instances' own sweepers run too (72h TTL: they find nothing of this); these use a 30-minute TTL.
        const runs = await Promise.all([
          expireRequests(first.database.db, 1800, notify(pushA)),
          expireRequests(second.database.db, 1800, notify(pushB)),
          expireRequests(first.database.db, 1800, notify(pushA)),
          expireRequests(second.database.db, 1800, notify(pushB)),
        ]);
        const expired = runs.flat().map((e) => e.matchId);
        expect(expired).toHaveLength(total);
        expect(new Set(expired).size).toBe(total);
        expect(runs.filter((r) => r.length > 0).length).toBeGreaterThanOrEqual(1);

        const [counts] = await rows<{ expired: number; requested: number; notes: number; dup: number }>(
          first.database.db,
          sql`select (select count(*)::int from matches where status = 'EXPIRED') as expired,
                     (select count(*)::int from matches where status = 'REQUESTED') as requested,
                     (select count(*)::int from notifications where type = 'MATCH_EXPIRED') as notes,
                     (select count(*)::int from (select recipient_id, sender_id from notifications where type = 'MATCH_EXPIRED'
                                                  group by 1, 2 having count(*) > 1) d) as dup`,
        );
        expect(counts).toEqual({ expired: total, requested: 0, notes: total, dup: 0 });
        expect(pushA.sent.length + pushB.sent.length).toBe(total);
        // The counters the trigger keeps agree with the rows after the concurrent sweeps.
        const [drift] = await rows<{ n: number }>(
          first.database.db,
          sql`select count(*)::int as n from members where pending_sent <> 0 or pending_received <> 0`,
        );
        expect(drift!.n).toBe(0);
      } finally {
        await second.close();
        await first.close();
      }
    });
  });
}
