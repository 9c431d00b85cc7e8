import { HEARTBEAT_MS, MAX_FRAME_BYTES, STOMP_ERRORS, STOMP_HEADERS } from '../../contract/stomp';
import { messageFrames, type StompHeaders } from './frame';
import { Registry } from './registry';
import { LAZY_DELIVERY_MS, NOOP_LOGGER, Session, WS_GOING_AWAY, WS_POLICY, type Settings } from './session';
import type { StompServer, StompServerOptions } from './types';

export { StompRejection, type AuthResult, type SendFrame, type StompServer, type StompServerOptions } from './types';

/**
 * Reads `Authorization: Bearer <token>` from CONNECT headers. STOMP headers are case-sensitive,
 * but the contract makes this one case-insensitive.
 */
export function bearerToken(headers: Readonly<StompHeaders>): string | undefined {
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() !== 'authorization') continue;
    const match = /^Bearer[ \t]+(\S+)\s*$/i.exec(headers[name] ?? '');
    return match?.[1];
  }
  return undefined;
}

/**
 * `maxPayload` for the WebSocket server. Must exceed MAX_FRAME_BYTES so that an oversized frame
 * reaches the parser and gets a STOMP ERROR (rather than a bare close 1009), and leaves room for
 * several small frames in one message; the parser never keeps more than one incomplete frame.
 */
export const RECOMMENDED_WS_MAX_PAYLOAD = 4 * MAX_FRAME_BYTES;

const RESERVED_MESSAGE_HEADERS = new Set(['destination', 'subscription', 'message-id', 'content-length', 'ack']);

export function createStompServer<P>(options: StompServerOptions<P>): StompServer<P> {
  const settings: Settings<P> = {
    authenticate: options.authenticate,
    authorizeSubscribe: options.authorizeSubscribe,
    onSend: options.onSend,
    onDisconnect: options.onDisconnect,
    routeInterest: options.routeInterest,
    logger: options.logger ?? NOOP_LOGGER,
    maxSubscriptionsPerConnection: options.maxSubscriptionsPerConnection ?? 20,
    heartBeat: options.heartBeat ?? { outgoing: HEARTBEAT_MS, incoming: HEARTBEAT_MS },
    heartBeatGraceFactor: options.heartBeatGraceFactor ?? 2,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
    closeGraceMs: options.closeGraceMs ?? 2000,
    lazyDeliveryMs: options.lazyDeliveryMs ?? LAZY_DELIVERY_MS,
    frameLimits: options.frameLimits ?? {},
  };
  const registry = new Registry<Session<unknown>>();
  let shuttingDown: string | undefined;

  return {
    handleConnection(socket, request) {
      const session = new Session<P>(socket, request, settings, registry);
      registry.sessions.add(session as Session<unknown>);
      session.start();
      if (shuttingDown !== undefined) session.fail({ message: shuttingDown, wsCode: WS_GOING_AWAY });
    },

    publish(destination, body, headers = {}, only, lazy = false) {
      const subs = registry.byDestination.get(destination);
      if (!subs) return 0;
      const extra: Record<string, string> = { 'content-type': 'text/plain;charset=utf-8' };
      for (const [name, value] of Object.entries(headers)) {
        if (!RESERVED_MESSAGE_HEADERS.has(name)) extra[name] = value;
      }
      // The body and the shared headers are encoded once, not once per subscriber.
      const frame = messageFrames(extra, body);
      let delivered = 0;
      // Copy: dropping a slow consumer mutates the set while we iterate.
      for (const sub of [...subs]) {
        if (only && !(sub.session as Session<P>).belongsTo(only)) continue;
        if (sub.session.deliver(sub.id, frame(sub.destination, sub.id, registry.nextMessageId()), lazy)) delivered++;
      }
      return delivered;
    },

    unsubscribeWhere(destination, match) {
      const dropped: P[] = [];
      for (const sub of [...(registry.byDestination.get(destination) ?? [])]) {
        const principal = (sub.session as Session<P>).dropSubscription(sub, match);
        if (principal !== undefined) dropped.push(principal);
      }
      return dropped;
    },

    closeWhere(match, error) {
      let closed = 0;
      for (const session of [...registry.sessions] as Session<P>[]) {
        if (!session.belongsTo(match)) continue;
        session.fail({ message: error.message, wsCode: WS_POLICY, headers: { ...error.headers, [STOMP_HEADERS.code]: error.code } });
        closed++;
      }
      return closed;
    },

    hasSubscribers(route) {
      return registry.byDestination.has(route);
    },

    connectionCount() {
      return registry.sessions.size;
    },

    async closeAll(reason: string = STOMP_ERRORS.shuttingDown) {
      shuttingDown = reason;
      for (const session of [...registry.sessions]) session.fail({ message: reason, wsCode: WS_GOING_AWAY });
      await registry.whenIdle();
    },
  };
}
