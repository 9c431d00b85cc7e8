import type pg from 'pg';

type Say = (msg: string, code: string | undefined) => void;

/** drizzle's transaction() opens with this statement (`begin`, maybe with an isolation level). */
const BEGIN_RE = /^\s*begin\b/i;

function statementText(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (typeof config === 'object' && config !== null && typeof (config as { text?: unknown }).text === 'string') return (config as { text: string }).text;
  return undefined;
}

/**
 * What the pool leaves to its user when PostgreSQL goes away under a connection that is checked
 * out (an outage, a failover, a killed backend), made safe for the whole server (decision 0045):
 *
 * - **A lost connection is an error event nobody listened to.** pg-pool listens on idle
 *   connections only; a checked-out one whose socket closes between two statements emits 'error'
 *   with no listener, and Node ends the process. Every connection gets a listener for its life.
 * - **A BEGIN that fails is never released.** drizzle-orm's node-postgres transaction() sends
 *   BEGIN before the try whose finally releases the connection (drizzle-orm issue 6241, open in
 *   0.45.x): each failed BEGIN kept one connection checked out for good, and with all of them
 *   gone every later statement waited for ever. Here the connection is released with the error
 *   (pg-pool then closes it); a second release, once drizzle releases it itself, does nothing.
 */
export function guardPool(pool: pg.Pool, say: Say): void {
  pool.on('connect', (client) => {
    client.on('error', (err: Error & { code?: string }) => say('PostgreSQL connection lost while in use', err.code));
    const query = client.query as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = function guardedQuery(this: pg.PoolClient, ...args: unknown[]) {
      const result = query.apply(this, args);
      if (result instanceof Promise && BEGIN_RE.test(statementText(args[0]) ?? '')) {
        result.catch((err: unknown) => releaseOnce(client, err));
      }
      return result;
    };
  });
}

function releaseOnce(client: pg.PoolClient, err: unknown): void {
  const release = client.release;
  let released = false;
  client.release = (destroy?: Error | boolean) => {
    if (released) return;
    released = true;
    release(destroy);
  };
  client.release(err instanceof Error ? err : true);
}
