import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedCampus } from '../../server/seed/campus';
import { freshPostgresBehindProxy, POSTGRES_AVAILABLE, startTestServer, startTestServerWith } from './harness';

describe('PGlite on disk (DATA_DIR)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lunchchat-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates a fresh folder in a child process, migrates it, and keeps the data across restarts', async () => {
    const dataDir = path.join(root, 'pglite');
    const warn = vi.spyOn(console, 'warn');
    const first = await openDatabase({ dataDir });
    // Created by the child (no fallback warning), then opened and migrated here.
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await seedCampus(first.db);
    const count = async (db: typeof first.db) =>
      Number(((await db.execute(sql`select count(*)::int as n from universities`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const seeded = await count(first.db);
    expect(seeded).toBeGreaterThan(0);
    await first.close();

    // Reopened with the server's defaults: a small buffer pool, postgres.wasm baseline-compiled.
    const config = loadConfig({});
    const again = await openDatabase({ dataDir, pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS, pgliteWasmTier: config.PGLITE_WASM_TIER });
    expect(await count(again.db)).toBe(seeded);
    const shown = (await again.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    expect(shown.rows[0]!.shared_buffers).toBe('32MB');
    await again.close();
  });
});

describe.runIf(POSTGRES_AVAILABLE)('PostgreSQL connections closed by the server', () => {
  it('drops the dead idle connections and keeps answering (no crash on the pool error)', async () => {
    const server = await startTestServer('postgres');
    try {
      const { db } = server.database;
      // Several connections in the pool, idle afterwards.
      await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select pg_sleep(0.05)`)));
      const killed = (await db.execute(
        sql`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) t`,
      )) as unknown as { rows: { n: number }[] };
      expect(killed.rows[0]!.n).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let i = 0; i < 6; i++) {
        expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});

describe.runIf(POSTGRES_AVAILABLE)('PostgreSQL lost as a transaction begins', () => {
  /**
   * drizzle's transaction() sends BEGIN before the try whose finally releases the connection
   * (drizzle-orm issue 6241, open in 0.45): a BEGIN on a connection that just died left that
   * connection checked out for good, and its 'error' event, with nobody listening, ended the process.
   */
  it('neither crashes the server nor keeps the connection: more such outages than the pool has connections, and it still answers', async () => {
    const { url, proxy, drop } = await freshPostgresBehindProxy();
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // With the leak, every connection stays checked out and the next statement waits for ever.
    const inTime = <T>(work: Promise<T>): Promise<T | 'no answer'> =>
      Promise.race([work, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5_000))]);
    try {
      const { db } = database;
      for (let outage = 0; outage < 5; outage++) {
        // An idle connection in the pool; cut; a transaction takes that connection at once.
        expect(await inTime(db.execute(sql`select 1`)), `before outage ${outage + 1}`).not.toBe('no answer');
        proxy.down();
        await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
        proxy.up();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answered = await inTime(db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }));
      expect(answered).not.toBe('no answer');
      expect((answered as { rows: { one: number }[] }).rows[0]!.one).toBe(1);
      expect(database.poolStats()).toMatchObject({ waiting: 0 });
      expect(database.poolStats()!.total).toBeLessThanOrEqual(2);
    } finally {
      stderr.mockRestore();
      await inTime(database.close());
      await drop();
    }
  });
});

describe.runIf(POSTGRES_AVAILABLE)('PostgreSQL cut again and again under load', () => {
  it('the server lives through twenty short outages while its job scheduler and readiness checks run, and answers after', async () => {
    const { url, proxy, drop } = await freshPostgresBehindProxy();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    // The scheduler's transactions every 100 ms: one is nearly always about to begin or running.
    const server = await startTestServerWith('postgres', {}, { JOBS_POLL_MS: '100' }, url);
    try {
      for (let cut = 0; cut < 20; cut++) {
        const load = Array.from({ length: 10 }, () => server.app.inject({ url: '/readyz' }));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
        proxy.down();
        await new Promise((resolve) => setTimeout(resolve, 100));
        proxy.up();
        await Promise.all(load);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await server.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      stderr.mockRestore();
      await server.close();
      await drop();
    }
  });
});
