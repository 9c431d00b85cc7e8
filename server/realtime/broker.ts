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
 * exactly once: this instance's synchronously, the others' through the shared channel.
 */
export interface Broker {
  readonly kind: 'in-process' | 'redis';
  publish(destination: string, body: string, headers?: Headers): void;
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

/** One instance: publishing is just local delivery. */
export function inProcessBroker(logger: RealtimeLogger): Broker {
  const handlers = new Handlers(logger);
  return {
    kind: 'in-process',
    publish(destination, body, headers = {}) {
      handlers.deliver(destination, body, headers);
    },
    subscribe: (handler) => handlers.add(handler),
    onGap: () => () => undefined,
    async close() {},
  };
}
