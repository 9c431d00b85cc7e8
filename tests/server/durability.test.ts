import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, pgliteFsyncCount } from '../../server/db/client';

const setting = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], name: string) =>
  ((await db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]![name];

describe('PGlite on disk: a commit is on the disk before it is acknowledged', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lunchchat-durable-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('by default: fsync on, the WAL flushed with fsync(), and every commit reaches fsync on the real file', async () => {
    expect(loadConfig({}).PGLITE_DURABILITY).toBe('full');
    const database = await openDatabase({ dataDir: path.join(root, 'full'), pgliteDurability: loadConfig({}).PGLITE_DURABILITY });
    try {
      expect(await setting(database.db, 'fsync')).toBe('on');
      expect(await setting(database.db, 'synchronous_commit')).toBe('on');
      expect(await setting(database.db, 'wal_sync_method')).toBe('fsync');
      await database.db.execute(sql`create table t (x int)`);
      for (let i = 0; i < 3; i++) {
        const before = pgliteFsyncCount();
        await database.db.execute(sql`insert into t values (${i})`);
        expect(pgliteFsyncCount(), `commit ${i}`).toBeGreaterThan(before);
      }
    } finally {
      await database.close();
    }
  });

  it('a new WAL segment is not zero-filled through the database thread: the commit that needs one is not held up by 16 MB of writes', async () => {
    const dataDir = path.join(root, 'segments');
    const database = await openDatabase({ dataDir, pgliteDurability: 'full' });
    try {
      expect(await setting(database.db, 'wal_init_zero')).toBe('off');
      await database.db.execute(sql`create table t (x int)`);
      await database.db.execute(sql`select pg_switch_wal()`);
      const before = pgliteFsyncCount();
      await database.db.execute(sql`insert into t values (1)`);
      expect(pgliteFsyncCount()).toBeGreaterThan(before);
      const walDir = path.join(dataDir, 'pg_wal');
      const segments = readdirSync(walDir)
        .filter((name) => /^[0-9A-F]{24}$/.test(name))
        .sort();
      const newest = statSync(path.join(walDir, segments.at(-1)!));
      expect(newest.size).toBe(16 * 2 ** 20);
      // What the disk holds of it: the records written, not 16 MB of zeros.
      expect(newest.blocks * 512).toBeLessThan(2 * 2 ** 20);
    } finally {
      await database.close();
    }
  });

  it('PGLITE_DURABILITY=relaxed keeps PGlite’s fsync-off speed, named and opt-in', async () => {
    expect(loadConfig({ PGLITE_DURABILITY: 'relaxed' }).PGLITE_DURABILITY).toBe('relaxed');
    expect(() => loadConfig({ PGLITE_DURABILITY: 'fast' })).toThrow(/PGLITE_DURABILITY/);
    const database = await openDatabase({ dataDir: path.join(root, 'relaxed'), pgliteDurability: 'relaxed' });
    try {
      expect(await setting(database.db, 'fsync')).toBe('off');
      await database.db.execute(sql`create table t (x int)`);
      const before = pgliteFsyncCount();
      await database.db.execute(sql`insert into t values (1)`);
      expect(pgliteFsyncCount()).toBe(before);
    } finally {
      await database.close();
    }
  });
});
