import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedCampus } from '../../server/seed/campus';
import { POSTGRES_AVAILABLE, startTestServer } from './harness';

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
