import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { seedCampus } from '../../server/seed/campus';
import { seedDemoMembers } from '../../server/seed/demo-members';
import { POSTGRES_ADMIN_URL, POSTGRES_AVAILABLE } from './harness';

const SERVER_ENV = {
  NODE_ENV: 'development',
  JWT_SECRET: 'boot-secret-boot-secret-boot-secret-0123',
  DEMO_MEMBERS: '0',
  LOG_LEVEL: 'warn',
  STATIC_DIR: '/nonexistent',
  HOST: '127.0.0.1',
};

/** The real server (`server/index.ts`) as its own process; resolves with its exit code and output. */
function startServer(
  dataDir: string,
  port: number,
): { child: ChildProcess; exited: Promise<{ code: number | null; output: string }>; ready: Promise<boolean> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  const ready = (async () => {
    for (let i = 0; i < 240; i++) {
      if (child.exitCode !== null) return false;
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return true;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  })();
  return { child, exited, ready };
}

describe('one PGlite data directory, one server', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'lunchchat-boot-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('a second server on the same DATA_DIR exits at once, naming the first one’s pid; the first keeps running', async () => {
    const dataDir = path.join(root, 'shared');
    const first = startServer(dataDir, 18731);
    children.push(first.child);
    expect(await first.ready).toBe(true);
    const second = startServer(dataDir, 18732);
    children.push(second.child);
    const result = await second.exited;
    expect(result.code).not.toBe(0);
    expect(result.output).toContain(`pid ${first.child.pid}`);
    expect((await fetch('http://127.0.0.1:18731/healthz')).ok).toBe(true);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    // A clean stop leaves no lock behind.
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);

  it('a lock left by a server killed with kill -9 does not block the next start', async () => {
    const dataDir = path.join(root, 'killed');
    const first = startServer(dataDir, 18733);
    children.push(first.child);
    expect(await first.ready).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toContain(String(first.child.pid));
    const next = startServer(dataDir, 18734);
    children.push(next.child);
    expect(await next.ready).toBe(true);
    next.child.kill('SIGTERM');
    expect((await next.exited).code).toBe(0);
  }, 120_000);

  it('a lock naming a pid that no longer runs is taken over (a restarted machine)', async () => {
    const dataDir = path.join(root, 'stale');
    const seed = startServer(dataDir, 18735);
    children.push(seed.child);
    expect(await seed.ready).toBe(true);
    seed.child.kill('SIGTERM');
    await seed.exited;
    writeFileSync(path.join(dataDir, 'pglite.lock'), '2147483646\n');
    const next = startServer(dataDir, 18736);
    children.push(next.child);
    expect(await next.ready).toBe(true);
    next.child.kill('SIGTERM');
    expect((await next.exited).code).toBe(0);
  }, 120_000);
});

describe.runIf(POSTGRES_AVAILABLE)('instances booting together on one fresh PostgreSQL', () => {
  it('migrate and seed one after the other: both start, nothing seeded twice (4 rounds)', async () => {
    const { default: pg } = await import('pg');
    for (let round = 0; round < 4; round++) {
      const name = `lc_boot_${process.pid}_${round}_${Date.now() % 100000}`;
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${name}`;
      const boot = async () => {
        const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
        try {
          await database.exclusive(async () => {
            await seedCampus(database.db);
            await seedDemoMembers(database.db, { count: 30 });
          });
          return Number(((await database.db.execute(sql`select count(*)::int as n from members`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
        } finally {
          await database.close();
        }
      };
      try {
        const results = await Promise.allSettled([boot(), boot()]);
        expect(
          results.map((r) => r.status),
          `round ${round}: ${results.map((r) => (r.status === 'rejected' ? String(r.reason) : '')).join(' ')}`,
        ).toEqual(['fulfilled', 'fulfilled']);
        expect(results.map((r) => (r as PromiseFulfilledResult<number>).value)).toEqual([30, 30]);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  }, 120_000);
});

describe('the documented start command passes signals to the server', () => {
  it.each([
    ['npm run serve', ['run', 'serve', '--silent'], 18741],
    ['npm start', ['start', '--silent'], 18742],
  ])(
    'SIGTERM to `%s` stops the server: its port closes and no process is left',
    async (_name, args, port) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lunchchat-serve-'));
      const npm = spawn('npm', args as string[], {
        env: { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port) },
        stdio: 'ignore',
        detached: true,
      });
      const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
      try {
        let up = false;
        for (let i = 0; i < 480 && !up; i++) {
          await new Promise((r) => setTimeout(r, 250));
          up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.ok,
            () => false,
          );
        }
        expect(up).toBe(true);
        npm.kill('SIGTERM');
        await exited;
        let closed = false;
        for (let i = 0; i < 60 && !closed; i++) {
          await new Promise((r) => setTimeout(r, 250));
          closed = await fetch(`http://127.0.0.1:${port}/healthz`).then(
            () => false,
            () => true,
          );
        }
        expect(closed).toBe(true);
        // The data directory's lock is gone: the server itself shut down cleanly, not just npm.
        expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
      } finally {
        // Whatever is left of the process group (the server, if the signal never reached it).
        try {
          process.kill(-npm.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
