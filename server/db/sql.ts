import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw statement; node-postgres and PGlite both answer with `{ rows }`. */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The SQLSTATE of a database error, wherever the driver or drizzle put it. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const DEADLOCK_DETECTED = '40P01';
export const SERIALIZATION_FAILURE = '40001';

/** Largest value of an int4 column: ids beyond it cannot exist. */
export const MAX_INT4 = 2 ** 31 - 1;
