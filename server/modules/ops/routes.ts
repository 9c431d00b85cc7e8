import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError, sendError } from '../../lib/http';
import type { Metrics } from '../../lib/metrics';

export interface OpsRouteOptions {
  database: Database;
  metrics: Metrics;
  /** Whether the chat fan-out (Redis, when configured) answers. */
  realtimeReady(): Promise<boolean>;
  /** Open STOMP connections on this instance, read when /metrics is scraped. */
  stompConnections(): number;
}

const READY_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Contract section 18: liveness, readiness (database, Redis) and Prometheus metrics. */
export async function opsRoutes(app: FastifyInstance, ctx: AppContext, options: OpsRouteOptions): Promise<void> {
  const { database, metrics } = options;

  // Liveness: the process answers. Readiness is a separate question (a load balancer stops sending
  // traffic on 503 from /readyz; an orchestrator restarts only on a failing /healthz).
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const [db, redis] = await Promise.all([
      within(
        database.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        READY_TIMEOUT_MS,
        false,
      ),
      within(
        options.realtimeReady().catch(() => false),
        READY_TIMEOUT_MS,
        false,
      ),
    ]);
    const body = { status: db && redis ? 'ok' : 'unavailable', database: db ? 'ok' : 'down', redis: ctx.config.REDIS_URL ? (redis ? 'ok' : 'down') : 'off' };
    return reply
      .status(db && redis ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/metrics', async (request, reply) => {
    const token = ctx.config.METRICS_TOKEN;
    if (token) {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) return sendError(reply, new AppError('JWT_401', undefined, '메트릭을 보려면 METRICS_TOKEN이 필요해요.'));
    }
    metrics.stompConnections.set(options.stompConnections());
    const pool = database.poolStats();
    if (pool) for (const [state, value] of Object.entries(pool)) metrics.dbPool.set({ state }, value);
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
