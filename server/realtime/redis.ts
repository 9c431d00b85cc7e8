import { createHmac, timingSafeEqual } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { Handlers, type Broker, type RealtimeLogger } from './broker';
import { LocalCounts, type Presence } from './presence';

export interface RedisRealtimeOptions {
  url: string;
  /** Key and channel prefix; the channel is `${prefix}:stomp`. */
  prefix: string;
  /**
   * Signs every envelope (HMAC-SHA256); envelopes without this deployment's signature are dropped,
   * so another deployment on the same Redis, or anyone who can PUBLISH there, cannot inject chat.
   */
  signingKey: string;
  /** Tags what this instance publishes so it does not deliver it a second time. */
  instanceId: string;
  logger: RealtimeLogger;
  /** How long boot waits for the subscription before going on without it (ioredis keeps trying). */
  subscribeTimeoutMs?: number;
  /** Presence entries live this long unless refreshed (an instance that dies is forgotten then). */
  presenceTtlMs?: number;
}

/** The control envelope an instance publishes when its publisher is back after failures. */
const RESYNC = '/internal/resync';

/** What travels on the channel; checked on the way in like any other input. */
const envelopeSchema = z.object({
  o: z.string(),
  d: z.string(),
  b: z.string(),
  h: z.record(z.string(), z.string()).optional(),
});

const PRESENCE_QUERY_TIMEOUT_MS = 500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
const TIMEOUT = Symbol('timeout');

/** Logs a connection's trouble once per outage instead of at every reconnect attempt. */
function watch(client: Redis, name: string, logger: RealtimeLogger): void {
  let failing = false;
  client.on('error', (err: Error) => {
    if (failing) return;
    failing = true;
    logger.warn({ redis: name, err: err.message }, 'redis connection failing; retrying');
  });
  client.on('ready', () => {
    if (failing) logger.info({ redis: name }, 'redis connection back');
    failing = false;
  });
}

async function quit(client: Redis): Promise<void> {
  // QUIT waits for a reply; a server that is gone never sends one.
  if (
    (await withTimeout(
      client.quit().catch(() => 'OK'),
      1000,
    )) === TIMEOUT
  )
    client.disconnect();
}

/**
 * Fan-out over Redis pub/sub: one publisher connection (also used for presence) and one
 * subscriber connection. ioredis reconnects and re-subscribes by itself.
 */
export async function redisRealtime(
  options: RedisRealtimeOptions,
): Promise<{ broker: Broker; presence: Presence; ready(): Promise<boolean>; close(): Promise<void> }> {
  const { url, prefix, instanceId, logger } = options;
  const channel = `${prefix}:stomp`;
  const ttl = options.presenceTtlMs ?? 60_000;
  // No auto-pipelining: it defers commands to the next tick, and QUIT (sent at once) would overtake them.
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = pub.duplicate({ maxRetriesPerRequest: null });
  watch(pub, 'publisher', logger);
  let publishFailing = false;
  pub.on('ready', () => {
    if (publishFailing) {
      // Other instances missed what this one could not publish: they catch up now.
      const envelope = JSON.stringify({ o: instanceId, d: RESYNC, b: '' });
      pub.publish(channel, `${sign(envelope)}.${envelope}`).catch(() => undefined);
    }
    publishFailing = false;
  });
  watch(sub, 'subscriber', logger);

  // Gaps (decision 0010): whatever crossed the channel while this subscriber was away, or while an
  // instance could not publish, never reached local clients. They are told to catch up (the chat
  // socket ends their sessions with a transient ERROR; the PWA resubscribes and fetches history):
  // when the subscriber is lost, again when it is back, and when any instance's publisher is back
  // after failures (it announces that on the channel).
  const gapListeners = new Set<() => void>();
  const gap = () => {
    for (const listener of [...gapListeners]) {
      try {
        listener();
      } catch (err) {
        logger.error({ err: err instanceof Error ? err.message : String(err) }, 'realtime: gap listener failed');
      }
    }
  };
  let subWasReady = false;
  let subLost = false;
  sub.on('ready', () => {
    if (subLost) gap();
    subLost = false;
    subWasReady = true;
  });
  sub.on('close', () => {
    if (!subWasReady || subLost) return;
    subLost = true;
    gap();
  });

  const handlers = new Handlers(logger);
  const key = createHmac('sha256', 'lunchchat-fanout').update(options.signingKey).digest();
  const sign = (json: string) => createHmac('sha256', key).update(json).digest('base64url');
  // Said once per process, not once per message: a flood of foreign messages must not flood the log.
  let warnedUnsigned = false;
  sub.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    const dot = raw.indexOf('.');
    const json = raw.slice(dot + 1);
    const given = Buffer.from(dot > 0 ? raw.slice(0, dot) : '');
    const expected = Buffer.from(sign(json));
    let parsed: z.infer<typeof envelopeSchema>;
    try {
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('unsigned');
      parsed = envelopeSchema.parse(JSON.parse(json));
    } catch {
      if (!warnedUnsigned)
        logger.warn({ channel }, 'realtime: dropped a fan-out message that is not signed by this deployment (further ones are dropped silently)');
      warnedUnsigned = true;
      return;
    }
    if (parsed.o === instanceId) return;
    if (parsed.d === RESYNC) return gap();
    handlers.deliver(parsed.d, parsed.b, parsed.h ?? {});
  });
  const subscribed = await withTimeout(
    sub.subscribe(channel).catch((err: unknown) => err),
    options.subscribeTimeoutMs ?? 5000,
  );
  if (subscribed === TIMEOUT || subscribed instanceof Error) {
    logger.warn({ channel }, 'realtime: Redis subscription not confirmed yet; other instances’ messages arrive once it is');
  }

  const broker: Broker = {
    kind: 'redis',
    publish(destination, body, headers = {}) {
      // Local subscribers first and synchronously; the channel only serves the other instances.
      handlers.deliver(destination, body, headers);
      const envelope = JSON.stringify({ o: instanceId, d: destination, b: body, h: headers });
      pub.publish(channel, `${sign(envelope)}.${envelope}`).catch((err: unknown) => {
        // One line per outage (it can fail for every message while Redis is away); 'ready' resets it.
        if (publishFailing) return;
        publishFailing = true;
        logger.error(
          { err: err instanceof Error ? err.message : String(err) },
          'realtime: Redis publish failing; other instances miss messages until it is back',
        );
      });
    },
    subscribe: (handler) => handlers.add(handler),
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    async close() {},
  };

  // Presence: a sorted set per (member, room) of instance id → expiry (ms); counts stay local.
  const counts = new LocalCounts();
  const presenceKey = (k: string) => `${prefix}:presence:${k}`;
  const mark = (keys: Iterable<string>) => {
    const expiry = Date.now() + ttl;
    const batch = pub.pipeline();
    let n = 0;
    for (const k of keys) {
      batch.zadd(presenceKey(k), expiry, instanceId).pexpire(presenceKey(k), ttl);
      n++;
    }
    if (n > 0) batch.exec().catch((err: unknown) => logger.warn({ err: String(err) }, 'realtime: presence refresh failed'));
  };
  const refresher = setInterval(() => mark(counts.keys()), Math.max(1000, Math.floor(ttl / 3)));
  refresher.unref();

  const presence: Presence = {
    enter(memberId, roomId) {
      if (counts.increment(memberId, roomId)) mark([LocalCounts.key(memberId, roomId)]);
    },
    leave(memberId, roomId) {
      if (!counts.decrement(memberId, roomId)) return;
      pub.zrem(presenceKey(LocalCounts.key(memberId, roomId)), instanceId).catch(() => {});
    },
    async isPresent(memberId, roomId) {
      if (counts.has(memberId, roomId)) return true;
      const n = await withTimeout(
        pub.zcount(presenceKey(LocalCounts.key(memberId, roomId)), Date.now(), '+inf').catch(() => 0),
        PRESENCE_QUERY_TIMEOUT_MS,
      );
      // Unknown (Redis down) counts as absent: a possibly redundant push beats a missed one.
      return n !== TIMEOUT && n > 0;
    },
    async close() {},
  };

  let closed: Promise<void> | undefined;
  return {
    broker,
    presence,
    async ready() {
      // The subscriber must be connected too: without it, other instances' messages do not arrive.
      if (sub.status !== 'ready') return false;
      const pong = await withTimeout(
        pub.ping().catch(() => undefined),
        1000,
      );
      return pong === 'PONG';
    },
    close() {
      closed ??= (async () => {
        clearInterval(refresher);
        const batch = pub.pipeline();
        let n = 0;
        for (const k of counts.keys()) {
          batch.zrem(presenceKey(k), instanceId);
          n++;
        }
        if (n > 0 && pub.status === 'ready')
          await withTimeout(
            batch.exec().catch(() => undefined),
            1000,
          );
        await Promise.all([quit(sub), quit(pub)]);
      })();
      return closed;
    },
  };
}
