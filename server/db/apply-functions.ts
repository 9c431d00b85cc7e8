import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { serverDir } from '../lib/server-dir';

const functionsFolder = path.join(serverDir, 'db', 'functions');

/**
 * The live definitions of the database functions (ranking, counters) are the files in
 * `server/db/functions/`, one function each, applied with CREATE OR REPLACE after the migrations
 * on every boot. The migrations keep their history; to read or change a function, open its file.
 * A change of a function's arguments or result type still needs a migration that drops the old one.
 */
export async function applyFunctions(db: { execute(query: SQL): Promise<unknown> }): Promise<void> {
  const files = readdirSync(functionsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const file of files) await db.execute(sql.raw(readFileSync(path.join(functionsFolder, file), 'utf8')));
}
