import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { seedCampus } from '../../server/seed/campus';

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
    const count = async (db: typeof first.db) => Number(((await db.execute(sql`select count(*)::int as n from universities`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const seeded = await count(first.db);
    expect(seeded).toBeGreaterThan(0);
    await first.close();

    const again = await openDatabase({ dataDir });
    expect(await count(again.db)).toBe(seeded);
    await again.close();
  });
});
