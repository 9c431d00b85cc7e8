// Shared by the benches (the leading underscore keeps `npm run bench` from running it alone): the
// PostgreSQL they measure against, a throwaway database per run, and the numbers they report.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether something answers on the URL's port within a second (no PostgreSQL: the bench says so and skips it). */
export function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection(Number(u.port || 5432), u.hostname);
    socket.setTimeout(1000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** A new empty database on the admin URL's server; `drop()` removes it even with connections left open. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `lc_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The database a server bench measures, with the production config it runs under: PGlite in a
 * temporary folder with the server's default buffer pool and WebAssembly tier (as `npm start` runs
 * it, unless PGLITE_WASM_TIER / PGLITE_SHARED_BUFFERS are set), or a fresh
 * PostgreSQL database. `dispose()` closes and removes it; `keepPostgres` leaves the PostgreSQL one
 * (for EXPLAIN afterwards).
 */
export async function openBenchDatabase(kind: 'pglite' | 'postgres', name: string, env: Record<string, string>) {
  const pgdb = kind === 'postgres' ? await freshPostgres() : undefined;
  const dataDir = kind === 'pglite' ? mkdtempSync(path.join(tmpdir(), `lunchchat-bench-${name}-`)) : undefined;
  // PGlite's two memory settings (decision 0008) can be overridden from the environment to measure
  // what they cost, e.g. PGLITE_WASM_TIER=optimizing; unset, the server's defaults apply.
  const pgliteEnv = Object.fromEntries(
    (['PGLITE_WASM_TIER', 'PGLITE_SHARED_BUFFERS'] as const).flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])),
  );
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1', STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...pgliteEnv, ...env });
  const database = await openDatabase({
    databaseUrl: pgdb?.url,
    dataDir,
    poolSize: 4,
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    pgliteWasmTier: config.PGLITE_WASM_TIER,
  });
  return {
    config,
    database,
    postgresUrl: pgdb?.url,
    async dispose(keepPostgres = false) {
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (!keepPostgres) await pgdb?.drop();
    },
  };
}

/**
 * `n` timed calls after `warmup` untimed ones (each must answer 200): the p50/p95/p99 in ms and
 * `n`, as the server benches report them.
 */
export async function timeCalls(query: string, n: number, warmup: number, call: () => Promise<{ statusCode: number }>) {
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await call();
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), n };
}

/**
 * Runs a bench on PGlite, then on PostgreSQL when one answers (BENCH_DB=pglite|postgres: only that
 * one); an unreachable PostgreSQL is reported through `emit` as skipped.
 */
export async function forEachDatabase(run: (kind: 'pglite' | 'postgres') => Promise<void>, emit: (record: Record<string, unknown>) => void) {
  const only = process.env.BENCH_DB;
  if (!only || only === 'pglite') await run('pglite');
  if (!only || only === 'postgres') {
    if (await reachable(POSTGRES_ADMIN_URL)) await run('postgres');
    else emit({ db: 'postgres', skipped: `not reachable at ${new URL(POSTGRES_ADMIN_URL).host}` });
  }
}

/** A run's latencies (ms) as the live benches report them: how many, p50 / p95 / p99 and the worst. */
export function latencySummary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  };
}
