import { fork } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverDir } from '../lib/server-dir';
import { applyFunctions } from './apply-functions';
import { lockDataDir } from './data-dir-lock';
import { guardPool } from './pg-pool';
import { PGliteThread, type WasmTier } from './pglite-thread';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other server instance runs its own: migrations and seeding. On
   * PostgreSQL a session advisory lock held by one dedicated connection (instances booting
   * together on one fresh database otherwise race in CREATE TABLE); PGlite has one process per
   * folder (the data-directory lock), so it just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Every statement's duration in seconds goes to `observer` (metrics); one observer at a time. */
  observeQueries(observer: (seconds: number) => void): void;
  /** PostgreSQL's pool (total, idle, waiting clients); undefined on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  close(): Promise<void>;
}

/** Wraps an object's `query` so its duration is reported (the drivers' one entry point for statements). */
function timeQueries(target: { query: (...args: never[]) => unknown }): (observer: (seconds: number) => void) => void {
  const original = target.query.bind(target) as (...args: unknown[]) => unknown;
  let report: ((seconds: number) => void) | undefined;
  (target as { query: unknown }).query = (...args: unknown[]) => {
    if (!report) return original(...args);
    const started = performance.now();
    const result = original(...args);
    if (result instanceof Promise) {
      const done = () => report?.((performance.now() - started) / 1000);
      result.then(done, done);
    }
    return result;
  };
  return (observer) => {
    report = observer;
  };
}

/** The advisory lock key of migrations and seeding (any fixed 64-bit number, the same for every instance). */
const BOOT_LOCK_KEY = 7_263_114_052_771n;

const migrationsFolder = path.join(serverDir, 'db', 'migrations');

export interface DatabaseOptions {
  /** postgres://… for a real server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` for an in-memory database (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite's shared_buffers (e.g. `32MB`); PostgreSQL's default (128MB) when not given. */
  pgliteSharedBuffers?: string;
  /** How V8 compiles PGlite's WebAssembly (server/config.ts PGLITE_WASM_TIER); V8's default when not given. */
  pgliteWasmTier?: WasmTier;
  /** `full` (default): commits reach the disk (fsync) before they are acknowledged; `relaxed`: PGlite's fsync-off default. */
  pgliteDurability?: 'full' | 'relaxed';
}

/** Opens the database and applies the committed migrations (same SQL on PGlite and PostgreSQL). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    // bigint columns come back as strings by default; the schema maps them explicitly.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Said as a pino-shaped JSON line, like the rest of the server's log.
    const say = (msg: string, code: string | undefined) => process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), code, msg })}\n`);
    // An idle connection closed by the server (a restart, a failover, an administrator) is dropped
    // from the pool and the next query opens a new one; without a listener the event would crash
    // the process. One lost while checked out: guardPool.
    pool.on('error', (err: Error & { code?: string }) => say('PostgreSQL closed an idle connection', err.code));
    guardPool(pool, say);
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const db = drizzle(pool, { schema });
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const session = await pool.connect();
      try {
        await session.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY.toString()]);
        try {
          return await work();
        } finally {
          await session.query('select pg_advisory_unlock($1)', [BOOT_LOCK_KEY.toString()]);
        }
      } finally {
        session.release();
      }
    };
    try {
      await exclusive(async () => {
        await migrate(db, { migrationsFolder });
        await applyFunctions(db);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      exclusive,
      observeQueries: timeQueries(pool),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    // Before anything touches the folder: a second server stops here, naming the first.
    unlock = lockDataDir(path.resolve(dataDir));
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initPgliteInChild(dataDir);
  }
  try {
    // On its own thread (decision 0023); durable unless relaxed (an in-memory database has no disk).
    const client = await PGliteThread.open({
      dataDir,
      sharedBuffers: options.pgliteSharedBuffers,
      durable: options.pgliteDurability !== 'relaxed' && !dataDir.startsWith('memory://'),
      wasmTier: options.pgliteWasmTier,
      fsyncCounter: newFsyncCounter(),
    });
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // The thread's proxy has the part of PGlite's API that drizzle's PGlite driver calls.
    const db = drizzle(client as unknown as PGlite, { schema });
    await migrate(db, { migrationsFolder });
    await applyFunctions(db);
    const close = async () => {
      await client.close();
      unlock();
    };
    return { db: db as unknown as Db, kind: 'pglite', exclusive: (work) => work(), observeQueries: timeQueries(client), poolStats: () => undefined, close };
  } catch (error) {
    unlock();
    throw error;
  }
}

const threadFsyncs: Int32Array[] = [];
function newFsyncCounter(): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(4);
  threadFsyncs.push(new Int32Array(buffer));
  return buffer;
}
/** How many fsync() calls of PGlite's threads in this process reached the disk (tests read it). */
export const pgliteFsyncCount = () => threadFsyncs.reduce((sum, counter) => sum + Atomics.load(counter, 0), 0);

/**
 * A fresh PGlite folder is created (initdb) in a short-lived child process: the memory initdb
 * takes stays with that process, not with the server for its whole life (~900 MB → ~350 MB).
 * If the child cannot run (an unusual launcher), the server initialises the folder itself.
 */
async function initPgliteInChild(dataDir: string): Promise<void> {
  // Plain JavaScript: it runs the same whether the server runs from source or built.
  const script = path.join(serverDir, 'db', 'pglite-init.mjs');
  const code = await new Promise<number | null>((resolve) => {
    const child = fork(script, [dataDir], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('error', () => resolve(null));
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0 && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    console.warn(`PGlite: creating ${dataDir} in a child process failed (exit ${code}); creating it in this process`);
  }
}
