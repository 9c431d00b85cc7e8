import { randomUUID } from 'node:crypto';
import { inProcessBroker, type Broker, type RealtimeLogger } from './broker';
import { localPresence, type Presence } from './presence';

export type { Broker, RealtimeLogger } from './broker';

export interface RealtimeOptions {
  /** redis://… to fan out across instances; without it everything stays in this process. */
  redisUrl?: string;
  /** Redis key/channel prefix (default `lunchchat`): `lunchchat:stomp` broadcast, `lunchchat:route:<route>` per route. */
  prefix?: string;
  /** The deployment's secret (the JWT secret): fan-out envelopes are signed with a key derived from it. */
  signingKey: string;
  /** Default: a random id per process. */
  instanceId?: string;
  logger: RealtimeLogger;
}

export interface Realtime {
  broker: Broker;
  presence: Presence;
  instanceId: string;
  /** Whether the fan-out answers now (Redis PING within a second); always true in-process. */
  ready(): Promise<boolean>;
  /** Idempotent; closes the Redis connections. */
  close(): Promise<void>;
}

export async function createRealtime(options: RealtimeOptions): Promise<Realtime> {
  const instanceId = options.instanceId ?? randomUUID();
  if (!options.redisUrl) {
    return { broker: inProcessBroker(options.logger), presence: localPresence(), instanceId, ready: async () => true, close: async () => {} };
  }
  // Loaded only when asked for, so single-instance setups never touch ioredis.
  const { redisRealtime } = await import('./redis');
  const redis = await redisRealtime({
    url: options.redisUrl,
    prefix: options.prefix ?? 'lunchchat',
    signingKey: options.signingKey,
    instanceId,
    logger: options.logger,
  });
  return { ...redis, instanceId };
}
