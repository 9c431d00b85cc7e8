import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seedCampus } from '../../server/seed/campus';
import { CuttableProxy } from '../shared/cuttable-proxy';

/** Where the suite finds a real PostgreSQL; every test file gets its own fresh database there. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * Decided once, synchronously, so the PostgreSQL suites are registered only when a server answers.
 * `npm test` sets TEST_POSTGRES after its own check and says in its summary whether they ran.
 */
export const POSTGRES_AVAILABLE: boolean = (() => {
  if (process.env.TEST_POSTGRES === '1') return true;
  if (process.env.TEST_POSTGRES === '0') return false;
  const url = new URL(POSTGRES_ADMIN_URL);
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const s=require('net').connect(${Number(url.port || 5432)},'${url.hostname}');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1000)`,
    ],
    { timeout: 3000 },
  );
  return probe.status === 0;
})();

export type DbKind = 'pglite' | 'postgres';

/** Creates an empty PostgreSQL database for one test file and drops it afterwards. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `lc_test_${randomBytes(6).toString('hex')}`;
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

/**
 * A fresh PostgreSQL database reached through a CuttableProxy the test cuts and restores: `url`
 * goes through the proxy. `drop()` closes the proxy and drops the database.
 */
export async function freshPostgresBehindProxy(): Promise<{ url: string; proxy: CuttableProxy; drop(): Promise<void> }> {
  const fresh = await freshPostgres();
  const proxy = new CuttableProxy(Number(new URL(fresh.url).port || 5432));
  await proxy.listen();
  const url = new URL(fresh.url);
  url.port = String(proxy.port);
  return {
    url: url.toString(),
    proxy,
    async drop() {
      await proxy.close();
      await fresh.drop();
    },
  };
}

export interface TestServer {
  kind: DbKind;
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function startTestServer(kind: DbKind, env: Record<string, string> = {}): Promise<TestServer> {
  const pgdb = kind === 'postgres' ? await freshPostgres() : undefined;
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env });
  const database = await openDatabase({ databaseUrl: pgdb?.url, dataDir: 'memory://' });
  await seedCampus(database.db);
  const app = await createApp({ config, database, jwtSecret: JWT_SECRET, logger: false });
  await app.ready();
  return {
    kind,
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
    },
  };
}

/** Runs the same suite on PGlite and, when PostgreSQL is reachable, again on PostgreSQL. */
export function describeEachDatabase(title: string, suite: (get: () => TestServer) => void, env: Record<string, string> = {}): void {
  const kinds: DbKind[] = POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    describe(`${title} [${kind}]`, () => {
      let server: TestServer | undefined;
      beforeAll(async () => {
        server = await startTestServer(kind, env);
      });
      afterAll(async () => {
        await server?.close();
      });
      suite(() => {
        if (!server) throw new Error('test server did not start');
        return server;
      });
    });
  }
}

// ---------- HTTP helpers against the in-process app ----------

export interface Session {
  token: string;
  refresh: string;
  memberId: number;
  email: string;
}

function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const c of all) {
    const m = new RegExp(`^${name}=([^;]*)`).exec(c);
    if (m) return m[1];
  }
  return undefined;
}

export { cookieValue };

/**
 * The local sign-in up to the code, as a browser does it: /auth/authorize sets the state cookie,
 * the form is posted with that state, and the callback checks it and binds the code to the
 * browser with the `oauth_code` cookie. Returns the code and the cookies the browser now holds.
 */
export async function signInCode(app: FastifyInstance, email: string, name = '테스트'): Promise<{ code: string; cookies: Record<string, string> }> {
  const start = await app.inject({ url: '/auth/authorize', headers: { host: 'localhost' } });
  const state = cookieValue(start.headers['set-cookie'], 'oauth_state')!;
  const form = await app.inject({
    method: 'POST',
    url: '/auth/local/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
    payload: new URLSearchParams({ email, name, redirect_uri: '/auth/callback/google', state }).toString(),
  });
  if (form.statusCode !== 302) throw new Error(`local sign-in failed: ${form.statusCode} ${form.body}`);
  const callback = new URL(String(form.headers.location), 'http://localhost');
  const forwarded = await app.inject({ url: `${callback.pathname}${callback.search}`, cookies: { oauth_state: state }, headers: { host: 'localhost' } });
  const code = new URL(String(forwarded.headers.location), 'http://localhost').searchParams.get('code');
  const bound = cookieValue(forwarded.headers['set-cookie'], 'oauth_code');
  if (!code || !bound) throw new Error(`callback refused the code: ${forwarded.statusCode} ${String(forwarded.headers.location)}`);
  return { code, cookies: { oauth_code: bound } };
}

/** Drives the local sign-in exactly as a browser would: authorize → form → callback → login. */
export async function signIn(app: FastifyInstance, email: string, name = '테스트'): Promise<Session & { isNewUser: boolean }> {
  const { code, cookies } = await signInCode(app, email, name);
  const login = await app.inject({
    method: 'GET',
    url: `/auth/login/google?code=${encodeURIComponent(code)}`,
    cookies,
    headers: { accept: 'application/json' },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const token = String(login.headers.access);
  const refresh = cookieValue(login.headers['set-cookie'], 'refresh')!;
  const memberId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
  return { token, refresh, memberId, email, isNewUser: login.json().result === 'isNewUser' };
}

export interface SignUpOverrides {
  membername?: string;
  studentNo?: string;
  collegeId?: number;
  departmentId?: number;
  interests?: string[];
  timeTables?: unknown[];
}

/** A valid sign-up body for the member's university (first college, its first department). */
export async function validSignUpBody(app: FastifyInstance, token: string, overrides: SignUpOverrides = {}) {
  const colleges = (await app.inject({ url: '/api/colleges', headers: { authorization: `Bearer ${token}` } })).json().result as { id: number }[];
  const collegeId = colleges[0]!.id;
  const depts = (await app.inject({ url: `/api/colleges/${collegeId}/departments`, headers: { authorization: `Bearer ${token}` } })).json().result as {
    id: number;
  }[];
  return {
    membername: '김런치',
    studentNo: '23',
    collegeId,
    departmentId: depts[0]!.id,
    interests: ['STARTUP', 'EMPLOYMENT_CAREER'],
    timeTables: [
      { dayOfWeek: 'MON', startTime: '12:00', endTime: '13:00', subjectName: '' },
      { dayOfWeek: 'WED', startTime: '13:00', endTime: '14:00', subjectName: '' },
    ],
    ...overrides,
  };
}

/** Signs in and completes sign-up: a ready member. */
export async function newMember(app: FastifyInstance, email: string, overrides: SignUpOverrides = {}): Promise<Session> {
  const session = await signIn(app, email);
  const body = await validSignUpBody(app, session.token, overrides);
  const res = await app.inject({
    method: 'PATCH',
    url: '/auth/signUp/lunchChat',
    headers: { authorization: `Bearer ${session.token}` },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return session;
}

export function bearer(session: Pick<Session, 'token'>): Record<string, string> {
  return { authorization: `Bearer ${session.token}` };
}

// ---------- chat: apps with extra createApp deps; several apps on one database (fan-out) ----------

/** Decided once like POSTGRES_AVAILABLE: the fan-out suites run only when Redis answers too. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const REDIS_AVAILABLE: boolean = (() => {
  if (process.env.TEST_REDIS === '1') return true;
  if (process.env.TEST_REDIS === '0') return false;
  const url = new URL(REDIS_URL);
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const s=require('net').connect(${Number(url.port || 6379)},'${url.hostname}');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),1000)`,
    ],
    { timeout: 3000 },
  );
  return probe.status === 0;
})();

export type ExtraDeps = Omit<Partial<Parameters<typeof createApp>[0]>, 'config' | 'database' | 'jwtSecret'>;

/**
 * Like startTestServer, with extra createApp deps (e.g. chatPush, redisUrl, redisPrefix). With
 * `databaseUrl` the app joins that existing PostgreSQL database (no seeding, not dropped on close),
 * so two apps can share one: start the first with kind 'postgres' and pass its `databaseUrl`.
 */
export async function startTestServerWith(
  kind: DbKind,
  deps: ExtraDeps = {},
  env: Record<string, string> = {},
  databaseUrl?: string,
): Promise<TestServer & { databaseUrl?: string }> {
  const pgdb = kind === 'postgres' && !databaseUrl ? await freshPostgres() : undefined;
  const url = databaseUrl ?? pgdb?.url;
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env });
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  if (!databaseUrl) await seedCampus(database.db);
  const app = await createApp({ config, database, jwtSecret: JWT_SECRET, logger: false, ...deps });
  await app.ready();
  return {
    kind,
    app,
    database,
    config,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
    },
  };
}

/**
 * Two instances of the app on one fresh PostgreSQL database and one Redis, under a key prefix of
 * their own: the cross-instance tests. `b` joins `a`'s database; close `b` first.
 */
export async function startTwoInstances(env: Record<string, string> = {}): Promise<{ a: TestServer; b: TestServer }> {
  const shared = { redisUrl: REDIS_URL, redisPrefix: `lc-test-${randomUUID()}` };
  const a = await startTestServerWith('postgres', { ...shared, instanceId: 'A' }, env);
  const b = await startTestServerWith('postgres', { ...shared, instanceId: 'B' }, env, a.databaseUrl);
  return { a, b };
}

/** A loopback port nothing listens on (listened on once, then closed): an unreachable service. */
export async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
