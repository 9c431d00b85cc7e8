import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';

// PGlite runs on its own thread (decision 0023): the server's event loop goes on while a
// statement runs, and what crosses the thread (results, errors, transactions) is what the
// in-process PGlite gave.
describe('PGlite on its own thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('keeps the event loop turning while a long statement runs', async () => {
    let done = false;
    const running = database.db.execute(sql`select count(*) from generate_series(1, 3000000)`).then(() => (done = true));
    // On the event loop's own thread the statement held it: the first timer fired after it ended.
    let turns = 0;
    while (!done && turns < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      turns++;
    }
    await running;
    expect(turns).toBeGreaterThan(1);
  });

  it("gives back PostgreSQL's error fields, rows in order, and transactions that commit or roll back whole", async () => {
    const { db } = database;
    await db.execute(sql`create table thread_t (id int primary key, v text)`);
    const duplicate = await db.execute(sql`insert into thread_t values (1, 'a'), (1, 'b')`).catch((error: unknown) => error);
    // drizzle wraps the driver's error; the cause carries SQLSTATE as in-process PGlite did.
    const cause = (duplicate as { cause?: { code?: string; constraint?: string } }).cause ?? (duplicate as { code?: string });
    expect(cause.code).toBe('23505');

    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_t values (1, 'kept')`);
      await tx.execute(sql`insert into thread_t values (2, 'kept')`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_t values (3, 'gone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_t values (4, 'gone')`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    const rows = (await db.execute(sql`select id, v from thread_t order by id`)) as unknown as { rows: { id: number; v: string }[] };
    expect(rows.rows).toEqual([
      { id: 1, v: 'kept' },
      { id: 2, v: 'kept' },
    ]);
  });

  it('fails at once, not never, once the thread is gone', async () => {
    const other = await openDatabase({ dataDir: 'memory://' });
    await other.close();
    await expect(other.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
