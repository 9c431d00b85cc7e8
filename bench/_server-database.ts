// For the bench server children (the leading underscore keeps `npm run bench` from running it alone):
// the app's config as those benches run it, and its database — PostgreSQL when the parent passed
// BENCH_DATABASE_URL, else PGlite on a folder on disk, as `npm start` runs it (an in-memory PGlite
// holds its files in RAM).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

export async function openServerDatabase(name: string, env: Record<string, string>) {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    STATIC_DIR: '/nonexistent',
    ACCESS_TOKEN_TTL: '3600',
    REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
    // BENCH_PGLITE_DURABILITY=relaxed measures what fsync costs.
    PGLITE_DURABILITY: process.env.BENCH_PGLITE_DURABILITY ?? 'full',
    ...(process.env.BENCH_PGLITE_WASM_TIER ? { PGLITE_WASM_TIER: process.env.BENCH_PGLITE_WASM_TIER } : {}),
    ...env,
  });
  // BENCH_DATA_DIR: a folder an earlier child made (and seeded); this one removes it when it closes.
  const dataDir = databaseUrl ? undefined : process.env.BENCH_DATA_DIR || mkdtempSync(path.join(tmpdir(), `lunchchat-bench-${name}-`));
  const database = await openDatabase({
    databaseUrl,
    dataDir,
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    pgliteWasmTier: config.PGLITE_WASM_TIER,
    pgliteDurability: config.PGLITE_DURABILITY,
  });
  return {
    config,
    database,
    /** Closes the app, then the database, removes the PGlite folder and ends the process. */
    async closeAndExit(app: { close(): Promise<unknown> }): Promise<never> {
      await app.close();
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    },
    dataDir,
  };
}
