import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applyFunctions } from '../../server/db/apply-functions';
import { describeEachDatabase } from './harness';

const folder = path.resolve('server/db/functions');
const files = readdirSync(folder).filter((name) => name.endsWith('.sql'));

/** A function file's name and body (what PostgreSQL keeps as `prosrc`). */
function parse(file: string): { name: string; body: string } {
  const text = readFileSync(path.join(folder, file), 'utf8');
  const name = /CREATE OR REPLACE FUNCTION "(\w+)"/.exec(text)?.[1];
  const start = text.indexOf('$$');
  const end = text.lastIndexOf('$$');
  if (!name || start < 0 || end <= start) throw new Error(`${file}: no CREATE OR REPLACE FUNCTION "name" … $$ body $$`);
  return { name, body: text.slice(start + 2, end) };
}

describeEachDatabase('database functions (server/db/functions)', (getServer) => {
  it('every file is one function, and the database runs exactly the body written there', async () => {
    expect(files.length).toBeGreaterThan(10);
    const { db } = getServer().database;
    for (const file of files) {
      const { name, body } = parse(file);
      const rows = ((await db.execute(sql`select prosrc from pg_proc where proname = ${name}`)) as unknown as { rows: { prosrc: string }[] }).rows;
      expect(rows, file).toHaveLength(1);
      expect(rows[0]!.prosrc, file).toBe(body);
    }
  });

  it('applying them again changes nothing and fails nothing (every boot does it)', async () => {
    const { db } = getServer().database;
    const snapshot = async () =>
      (
        (await db.execute(
          sql`select p.oid::regprocedure::text as n, md5(pg_get_functiondef(p.oid)) as d from pg_proc p join pg_namespace s on s.oid = p.pronamespace where s.nspname = 'public' order by 1`,
        )) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const before = await snapshot();
    await applyFunctions(db);
    expect(await snapshot()).toEqual(before);
  });
});

describe('function files', () => {
  it('name one function each', () => {
    for (const file of files) expect(parse(file).name.replaceAll('_', '-') + '.sql').toBe(file);
  });
});
