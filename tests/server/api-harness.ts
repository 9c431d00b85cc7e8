import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import type { PushResult, PushSender } from '../../server/modules/push';
import { seedCampus } from '../../server/seed/campus';
import { JWT_SECRET, POSTGRES_ADMIN_URL, POSTGRES_AVAILABLE, type DbKind } from './harness';

/**
 * The member-API suites: like harness.ts's describeEachDatabase (PGlite, and PostgreSQL when it
 * answers), plus a recording fake push sender, a private DATA_DIR for uploads, and rate limits
 * high enough that only the rate-limit test meets them.
 */

export interface SentPush {
  token: string;
  data: Record<string, string>;
}

export class FakePush implements PushSender {
  sent: SentPush[] = [];
  /** Tokens FCM would report as unregistered. */
  dead = new Set<string>();
  async send(token: string, data: Record<string, string>): Promise<PushResult> {
    this.sent.push({ token, data });
    return this.dead.has(token) ? 'unregistered' : 'ok';
  }
}

export interface ApiServer {
  kind: DbKind;
  app: FastifyInstance;
  database: Database;
  config: Config;
  push: FakePush;
  dataDir: string;
  close(): Promise<void>;
}

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
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
      // Politely first: a forced drop can hit pool clients still saying goodbye (FATAL 57P01 as an unhandled error).
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name}${attempt >= 20 ? ' with (force)' : ''}`);
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await c.end();
    },
  };
}

export const GENEROUS_LIMITS = { RATE_LIMIT_MATCHES: '100000', RATE_LIMIT_KEYWORD_AI: '100000', RATE_LIMIT_UPLOADS: '100000' };

export async function startApiServer(kind: DbKind, env: Record<string, string> = {}): Promise<ApiServer> {
  const pgdb = kind === 'postgres' ? await freshPostgres() : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lunchchat-api-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET,
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...GENEROUS_LIMITS,
    ...env,
  });
  const database = await openDatabase({ databaseUrl: pgdb?.url, dataDir: 'memory://' });
  await seedCampus(database.db);
  const push = new FakePush();
  const app = await createApp({ config, database, jwtSecret: JWT_SECRET, logger: false, push });
  await app.ready();
  return {
    kind,
    app,
    database,
    config,
    push,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DB_KINDS: DbKind[] = POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite'];

/** Runs the suite once per database kind, each with a fresh app and database (`kind`: for tests only one kind can run). */
export function describeApi(title: string, suite: (get: () => ApiServer, kind: DbKind) => void, env: Record<string, string> = {}): void {
  for (const kind of DB_KINDS) {
    describe(`${title} [${kind}]`, () => {
      let server: ApiServer | undefined;
      beforeAll(async () => {
        server = await startApiServer(kind, env);
      });
      afterAll(async () => {
        await server?.close();
      });
      suite(() => {
        if (!server) throw new Error('test server did not start');
        return server;
      }, kind);
    });
  }
}

export interface Reply<T = unknown> {
  status: number;
  body: { isSuccess: boolean; code: string; message: string; result?: T };
  raw: LightMyRequestResponse;
}

/** One call as a client makes it; the body is parsed when it is JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary answers
export async function call<T = any>(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const raw = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : typeof payload === 'string' || Buffer.isBuffer(payload) ? { payload } : { payload: payload as object }),
  });
  let body: Reply<T>['body'];
  try {
    body = raw.json();
  } catch {
    body = { isSuccess: false, code: '(not json)', message: raw.body };
  }
  return { status: raw.statusCode, body, raw };
}

let emailCounter = 0;
/** A unique address of a university domain, so suites never collide on e-mails. */
export function email(domain = 'catholic.ac.kr', label = 'm'): string {
  emailCounter += 1;
  return `${label}${emailCounter}.${randomBytes(3).toString('hex')}@${domain}`;
}

/**
 * The ranking bitmaps (kept incrementally by triggers) must equal a fresh rebuild from the
 * members table. Compares every slice of every university, trailing zeros aside.
 */
export async function bitmapDrift(server: ApiServer): Promise<string[]> {
  const db = server.database.db;
  const read = async () => {
    const rows = (
      (await db.execute(sql`select university_id as u, slice as s, bits::text as b from rank_bitmaps where slice <> -1`)) as unknown as {
        rows: { u: number; s: number; b: string }[];
      }
    ).rows;
    const map = new Map<string, string>();
    for (const r of rows) {
      const trimmed = r.b.replace(/0+$/, '');
      if (trimmed) map.set(`${r.u}:${r.s}`, trimmed);
    }
    return map;
  };
  const before = await read();
  await db.execute(sql`select rank_rebuild(id) from universities`);
  const after = await read();
  const drift: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(key) !== after.get(key)) drift.push(key);
  }
  return drift;
}
