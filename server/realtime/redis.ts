import { createHmac, timingSafeEqual } from 'node:crypto';
import { Redis } from 'ioredis';
import { Handlers, type Broker, type Headers, type RealtimeLogger } from './broker';
import { LocalCounts, type Presence } from './presence';

export interface RedisRealtimeOptions {
  url: string;
  /**
   * Key and channel prefix: `${prefix}:stomp` is the broadcast channel every instance listens to,
   * `${prefix}:route:<route>` one channel per route (decision 0021).
   */
  prefix: string;
  /**
   * Signs every envelope (HMAC-SHA256); envelopes without this deployment's signature are dropped,
   * so another deployment on the same Redis, or anyone who can PUBLISH there, cannot inject chat.
   */
  signingKey: string;
  /** Tags what this instance publishes so it does not deliver it a second time (no `.` in it). */
  instanceId: string;
  logger: RealtimeLogger;
  /** How long boot waits for the subscription before going on without it (ioredis keeps trying). */
  subscribeTimeoutMs?: number;
  /** How long `interest` waits for Redis to confirm a route's channel before giving up. */
  interestTimeoutMs?: number;
  /** Presence entries live this long unless refreshed (an instance that dies is forgotten then). */
  presenceTtlMs?: number;
}

/** The control envelope an instance publishes when its publisher is back after failures. */
const RESYNC = '/internal/resync';

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

/** Plain checks instead of a schema: this runs for every fan-out message (decision 0021). */
function isHeaders(value: unknown): value is Headers {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const v of Object.values(value)) if (typeof v !== 'string') return false;
  return true;
}

/**
 * One route's channel on this instance's subscriber. `count` interests hold it; `live` once Redis
 * confirmed the SUBSCRIBE on the current connection; `waiting` are interests not answered yet.
 */
interface RouteChannel {
  count: number;
  live: boolean;
  waiting: Set<() => void>;
}

/**
 * Fan-out over Redis pub/sub: one publisher connection (also used for presence) and one
 * subscriber connection. A message for a route travels on that route's channel, which only
 * instances with local subscribers to the route listen to; control messages on the broadcast
 * channel, which every instance listens to. After a reconnect this code, not ioredis, subscribes
 * the channels again, so it knows when they are confirmed.
 *
 * Wire format: `<signature>.<instance id>.<json>`, the signature an HMAC over the channel, the
 * instance id and the JSON (`{b, h?}` on a route channel, `{d, b, h?}` on the broadcast one), so
 * an envelope cannot be replayed on another channel. An instance drops its own envelopes by id
 * before checking anything: a forged id only makes it drop the forgery.
 */
export async function redisRealtime(
  options: RedisRealtimeOptions,
): Promise<{ broker: Broker; presence: Presence; ready(): Promise<boolean>; close(): Promise<void> }> {
  const { url, prefix, instanceId, logger } = options;
  if (instanceId.includes('.')) throw new Error('realtime: the instance id must not contain "."');
  const broadcastChannel = `${prefix}:stomp`;
  const routePrefix = `${prefix}:route:`;
  const routeChannel = (route: string) => routePrefix + route;
  const ownTag = `${instanceId}.`;
  const ttl = options.presenceTtlMs ?? 60_000;
  const interestTimeoutMs = options.interestTimeoutMs ?? 3000;
  // No auto-pipelining: it defers commands to the next tick, and QUIT (sent at once) would overtake them.
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  // Subscriptions are renewed below (on 'ready'), where their confirmation can be awaited.
  const sub = pub.duplicate({ maxRetriesPerRequest: null, autoResubscribe: false });
  watch(pub, 'publisher', logger);

  const key = createHmac('sha256', 'lunchchat-fanout').update(options.signingKey).digest();
  const sign = (channel: string, rest: string) => createHmac('sha256', key).update(channel).update('\n').update(rest).digest('base64url');
  const envelope = (channel: string, json: string) => {
    const rest = ownTag + json;
    return `${sign(channel, rest)}.${rest}`;
  };

  let publishFailing = false;
  const send = (channel: string, json: string) => {
    pub.publish(channel, envelope(channel, json)).catch((err: unknown) => {
      // One line per outage (it can fail for every message while Redis is away); 'ready' resets it.
      if (publishFailing) return;
      publishFailing = true;
      logger.error(
        { err: err instanceof Error ? err.message : String(err) },
        'realtime: Redis publish failing; other instances miss messages until it is back',
      );
    });
  };
  pub.on('ready', () => {
    // Other instances missed what this one could not publish: they catch up now.
    if (publishFailing) send(broadcastChannel, JSON.stringify({ d: RESYNC, b: '' }));
    publishFailing = false;
  });
  watch(sub, 'subscriber', logger);

  // Gaps (decision 0010): whatever crossed a channel while this subscriber was away, or while an
  // instance could not publish, never reached local clients. They are told to catch up (the chat
  // socket ends their sessions with a transient ERROR; the PWA resubscribes and fetches history):
  // when the subscriber is lost, again when it is back and its channels are confirmed (covering
  // everything published meanwhile), and when any instance's publisher is back after failures
  // (it announces that on the broadcast channel).
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

  const routes = new Map<string, RouteChannel>();
  const confirm = (entry: RouteChannel) => {
    entry.live = true;
    for (const resolve of entry.waiting) resolve();
    entry.waiting.clear();
  };
  /**
   * An interest answered while the subscriber was not connected: its session may miss messages,
   * so the subscriber's return must announce a gap even if it had never been connected before.
   */
  let owesGap = false;
  let subWasReady = false;
  let subLost = false;
  let firstConfirmed: () => void = () => undefined;
  const booted = new Promise<void>((resolve) => (firstConfirmed = resolve));
  sub.on('ready', () => {
    // Every channel wanted now, in one SUBSCRIBE; SUBSCRIBEs and UNSUBSCRIBEs queued while the
    // connection was down have been sent before it (ioredis sends them on connect), in order.
    const renewed = [...routes].map(([route, entry]) => [routeChannel(route), entry] as const);
    sub.subscribe(broadcastChannel, ...renewed.map(([channel]) => channel)).then(
      () => {
        // An entry dropped (or dropped and wanted again) meanwhile is not the one renewed here.
        for (const [channel, entry] of renewed) if (routes.get(channel.slice(routePrefix.length)) === entry) confirm(entry);
        if (subLost || owesGap) gap();
        subLost = false;
        owesGap = false;
        subWasReady = true;
        firstConfirmed();
      },
      // Lost again before the answer: the next 'ready' renews everything.
      () => undefined,
    );
  });
  sub.on('close', () => {
    for (const entry of routes.values()) {
      entry.live = false;
      // Answered now rather than after a timeout: the gap announced on return covers them.
      if (entry.waiting.size > 0) owesGap = true;
      for (const resolve of entry.waiting) resolve();
      entry.waiting.clear();
    }
    if (!subWasReady || subLost) return;
    subLost = true;
    gap();
  });

  const handlers = new Handlers(logger);
  // Said once per process, not once per message: a flood of foreign messages must not flood the log.
  let warnedUnsigned = false;
  const dropped = (channel: string) => {
    if (!warnedUnsigned)
      logger.warn({ channel }, 'realtime: dropped a fan-out message that is not signed by this deployment (further ones are dropped silently)');
    warnedUnsigned = true;
  };
  sub.on('message', (channel: string, raw: string) => {
    const isRoute = channel.startsWith(routePrefix);
    if (!isRoute && channel !== broadcastChannel) return;
    const dot = raw.indexOf('.');
    if (dot <= 0) return dropped(channel);
    // Our own envelope (already delivered locally): dropped before any work.
    if (raw.startsWith(ownTag, dot + 1)) return;
    const rest = raw.slice(dot + 1);
    const given = Buffer.from(raw.slice(0, dot));
    const expected = Buffer.from(sign(channel, rest));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return dropped(channel);
    const idEnd = rest.indexOf('.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(rest.slice(idEnd + 1));
    } catch {
      return dropped(channel);
    }
    // Signed by this deployment, so malformed means a bug or another version: checked all the same.
    if (typeof parsed !== 'object' || parsed === null) return dropped(channel);
    const { d, b, h } = parsed as { d?: unknown; b?: unknown; h?: unknown };
    if (typeof b !== 'string' || (h !== undefined && !isHeaders(h))) return dropped(channel);
    if (isRoute) return handlers.deliver(channel.slice(routePrefix.length), b, h ?? {});
    if (typeof d !== 'string') return dropped(channel);
    if (d === RESYNC) return gap();
    handlers.deliver(d, b, h ?? {});
  });
  const subscribed = await withTimeout(booted, options.subscribeTimeoutMs ?? 5000);
  if (subscribed === TIMEOUT) {
    logger.warn({ channel: broadcastChannel }, 'realtime: Redis subscription not confirmed yet; other instances’ messages arrive once it is');
  }

  const release = (route: string, entry: RouteChannel) => {
    if (--entry.count > 0 || routes.get(route) !== entry) return;
    routes.delete(route);
    // Sent even while disconnected: ioredis queues it behind a SUBSCRIBE it may still resend.
    sub.unsubscribe(routeChannel(route)).catch(() => undefined);
  };

  const broker: Broker = {
    kind: 'redis',
    publish(destination, body, headers = {}) {
      // Local subscribers first and synchronously; the route's channel only serves the other instances.
      handlers.deliver(destination, body, headers);
      send(routeChannel(destination), JSON.stringify({ b: body, h: headers }));
    },
    broadcast(destination, body, headers = {}) {
      handlers.deliver(destination, body, headers);
      send(broadcastChannel, JSON.stringify({ d: destination, b: body, h: headers }));
    },
    async interest(route) {
      let entry = routes.get(route);
      if (!entry) {
        routes.set(route, (entry = { count: 0, live: false, waiting: new Set() }));
        const created = entry;
        // Sent even while disconnected (queued): the renewal on 'ready' includes it anyway.
        sub.subscribe(routeChannel(route)).then(
          () => {
            if (routes.get(route) === created && sub.status === 'ready') confirm(created);
          },
          () => undefined,
        );
      }
      entry.count++;
      const held = entry;
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release(route, held);
      };
      if (entry.live) return done;
      if (sub.status !== 'ready') {
        // Redis is away (or not there yet): the session works locally as before, and the gap
        // announced once the subscriber is back and confirmed makes its client catch up.
        owesGap = true;
        return done;
      }
      let resolve: () => void = () => undefined;
      const answered = new Promise<void>((r) => (resolve = r));
      held.waiting.add(resolve);
      if ((await withTimeout(answered, interestTimeoutMs)) === TIMEOUT) {
        held.waiting.delete(resolve);
        done();
        throw new Error(`realtime: Redis did not confirm the subscription of ${route} within ${interestTimeoutMs} ms`);
      }
      return done;
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
