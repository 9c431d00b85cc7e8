import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client';
import { prepared } from '../../server/db/prepared';

// On PGlite the arguments of a prepared statement are inlined as dollar-quoted text
// (server/db/prepared.ts): whatever a message holds must come back as it was sent.
describe('prepared statements on PGlite: inlined text comes back verbatim', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lunchchat-prepared-'));
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: path.join(root, 'db'), pgliteDurability: 'relaxed' });
  });
  afterAll(async () => {
    await database.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('text holding the quote tags, dollar quotes, quotes and backslashes', async () => {
    const texts = [
      '점심 같이 먹어요',
      '$q$',
      '$q$); drop table members; --',
      'a $q$ b $q$ c',
      '$$ $q $q$$ $$q$',
      "it's \\ a \\' test",
      '$q' + 'ab12'.repeat(3) + '$',
      '',
    ];
    const statements = prepared(database.db);
    for (const text of texts) {
      const rows = await statements.run<{ t: string; n: number }>('probe_echo', 'select $1::text as t, $2::int as n', [text, 7]);
      expect(rows).toEqual([{ t: text, n: 7 }]);
    }
    // Nothing in the texts ran as SQL.
    await expect(database.db.execute(sql`select count(*) from members`)).resolves.toBeDefined();
  });
});
