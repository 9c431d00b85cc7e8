/** pino-compatible subset; bodies and tokens never go to it. */
export interface RealtimeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type Headers = Readonly<Record<string, string>>;

/** Delivers a message to this instance's local STOMP subscribers (e.g. StompServer.publish). */
export type LocalDelivery = (destination: string, body: string, headers: Headers) => void;

/**
 * Fan-out of server-published STOMP messages. `publish` reaches every instance's local subscribers
 * exactly once: this instance's synchronously, the others' through the route's channel, which only
 * instances that declared `interest` in the route listen to (decision 0021).
 */
export interface Broker {
  readonly kind: 'in-process' | 'redis';
  /** To the local subscribers of route `destination` on every instance interested in it. */
  publish(destination: string, body: string, headers?: Headers): void;
  /** To the local handlers of every instance, whatever they subscribed (rare control events). */
  broadcast(destination: string, body: string, headers?: Headers): void;
  /**
   * This instance has a local subscriber to `route`: `publish`es to it from other instances must
   * reach it. Resolves once they do (Redis confirmed the subscription) or, when the fan-out is
   * away, at once (the gap announced on its return covers the wait); rejects when Redis does not
   * answer in time. The resolved function drops the interest (idempotent); interests are counted.
   */
  interest(route: string): Promise<() => void>;
  /** Sets the local delivery; returns the function that removes it. */
  subscribe(handler: LocalDelivery): () => void;
  /**
   * Called when live delivery may have missed messages (the fan-out lost its connection, or
   * another instance could not publish): local clients must fetch what they missed. Never called
   * in-process. Returns the function that removes the listener.
   */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Local handlers, shared by both brokers: a throwing handler never stops the others. */
export class Handlers {
  private readonly handlers = new Set<LocalDelivery>();
  constructor(private readonly logger: RealtimeLogger) {}

  add(handler: LocalDelivery): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  deliver(destination: string, body: string, headers: Headers): void {
    for (const handler of this.handlers) {
      try {
        handler(destination, body, headers);
      } catch (err) {
        this.logger.error({ err, destination }, 'realtime local delivery failed');
      }
    }
  }
}

const noop = () => undefined;

/** One instance: publishing is just local delivery. */
export function inProcessBroker(logger: RealtimeLogger): Broker {
  const handlers = new Handlers(logger);
  return {
    kind: 'in-process',
    publish(destination, body, headers = {}) {
      handlers.deliver(destination, body, headers);
    },
    broadcast(destination, body, headers = {}) {
      handlers.deliver(destination, body, headers);
    },
    interest: () => Promise.resolve(noop),
    subscribe: (handler) => handlers.add(handler),
    onGap: () => () => undefined,
    async close() {},
  };
}
