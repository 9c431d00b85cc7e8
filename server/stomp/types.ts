import type { WebSocket } from 'ws';
import type { FrameLimits, StompHeaders } from './frame';

/** pino-compatible subset. Never pass message bodies or header values (tokens) to it. */
export interface StompLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the upgrade request contributes; a FastifyRequest fits. */
export interface StompRequestInfo {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  ip: string;
  /**
   * The TCP socket under the WebSocket (a FastifyRequest's `socket`). With it, the MESSAGEs one
   * event-loop turn delivers to a session leave in one write instead of one each.
   */
  socket?: Corkable;
}

export interface Corkable {
  cork(): void;
  uncork(): void;
  readonly destroyed: boolean;
}

export interface AuthResult<P> {
  principal: P;
  /** Epoch ms; the session is ended with ERROR `token expired` at this moment. */
  expiresAt?: number;
}

export interface SendFrame {
  destination: string;
  /** All headers of the SEND frame (e.g. `client-message-id`, `receipt`, `content-type`). */
  headers: Readonly<StompHeaders>;
  /** Body decoded as UTF-8. */
  body: string;
}

interface HeartBeatPreference {
  /** Smallest interval at which the server can send heart-beats; 0 = never. */
  outgoing: number;
  /** Interval at which the server wants to receive heart-beats; 0 = does not care. */
  incoming: number;
}

export interface StompServerOptions<P> {
  /** Throw to refuse the CONNECT; the client gets ERROR and the socket is closed. */
  authenticate(connectHeaders: Readonly<StompHeaders>, request: StompRequestInfo): Promise<AuthResult<P>>;
  /**
   * Throw to refuse the SUBSCRIBE; the client gets ERROR (with receipt-id) and the socket is closed.
   * May return the route publish() reaches the subscription by, when it is not the destination
   * itself (`/sub/members/me` is a different queue for every member).
   */
  authorizeSubscribe(principal: P, destination: string): Promise<string | void>;
  /**
   * Store and broadcast a SEND. RECEIPT is sent only after this resolves; throw to answer with
   * ERROR and close. SENDs to `/sub/**` never reach this hook.
   */
  onSend(principal: P, frame: SendFrame): Promise<void>;
  /**
   * Declares that a subscription to `route` exists here, before it is confirmed (RECEIPT) and
   * delivered to: e.g. the fan-out subscribes the route's channel and resolves once messages
   * published elsewhere reach this server. Resolves to the function called when the subscription
   * ends. Throw (a StompRejection to choose the ERROR) to refuse the SUBSCRIBE. Default: none.
   */
  routeInterest?(route: string): Promise<() => void>;
  /** Called once per session that got CONNECTED, whatever ended it. */
  onDisconnect?(principal: P): void | Promise<void>;
  logger?: StompLogger;
  /** Default 20. */
  maxSubscriptionsPerConnection?: number;
  /** Default { outgoing: 10000, incoming: 10000 }. */
  heartBeat?: HeartBeatPreference;
  /** A client silent for longer than (negotiated interval × this) is dropped. Default 2. */
  heartBeatGraceFactor?: number;
  /** Sockets that have not completed CONNECT by then are closed. Default 10000. */
  connectTimeoutMs?: number;
  /** A subscriber whose unsent backlog exceeds this is dropped. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** After ERROR + close, a peer that does not finish the close handshake is cut off. Default 2000. */
  closeGraceMs?: number;
  /**
   * How long a MESSAGE published as `lazy` may wait for the next frame to its session, to leave in
   * the same socket write. Default 100 (decision 0039).
   */
  lazyDeliveryMs?: number;
  /** Frame codec limits; defaults to 64 KiB / 50 headers / 8 KiB header lines. */
  frameLimits?: Partial<FrameLimits>;
}

export interface StompServer<P = unknown> {
  /** Attach synchronously from the WebSocket route handler (frames are not lost). */
  handleConnection(socket: WebSocket, request: StompRequestInfo): void;
  /**
   * Sends a MESSAGE to every local subscription of `destination`, each with its own `subscription`
   * and `message-id`. `headers` may add e.g. `content-type` (default text/plain;charset=utf-8) but
   * cannot override destination, subscription, message-id or content-length. `destination` is a
   * route (see authorizeSubscribe); `only`, when given, limits delivery to the sessions it accepts.
   * `lazy`: each copy may wait up to `lazyDeliveryMs` for the next frame to its session, to share
   * its socket write. Returns how many subscriptions it was delivered to.
   */
  publish(destination: string, body: string, headers?: Readonly<Record<string, string>>, only?: (principal: P) => boolean, lazy?: boolean): number;
  /**
   * Ends the subscriptions to `destination` of every connected session whose principal matches
   * (e.g. a member who has just left a room); the sessions stay open. Returns those principals.
   */
  unsubscribeWhere(destination: string, match: (principal: P) => boolean): P[];
  /**
   * Ends every connected session whose principal matches with ERROR (`message`, a `code` header
   * and any further `headers`) and closes it: a sign-in session that logged out, a disabled
   * account. Returns how many.
   */
  closeWhere(match: (principal: P) => boolean, error: { message: string; code: string; headers?: Record<string, string> }): number;
  /** Whether a session on this server is subscribed to route `route` (see authorizeSubscribe). */
  hasSubscribers(route: string): boolean;
  /** Open sockets, including ones that have not finished CONNECT. */
  connectionCount(): number;
  /** Sends ERROR `reason` to every session, closes them and refuses new ones; resolves when all are gone. */
  closeAll(reason?: string): Promise<void>;
}

/**
 * Throw this from a hook to choose what the client reads: `message` goes into the ERROR frame's
 * `message` header, `headers` (e.g. a contract error code) are added to it. Any other error yields
 * a generic message and is logged as an error.
 */
export class StompRejection extends Error {
  override readonly name = 'StompRejection';
  readonly headers: Readonly<Record<string, string>>;
  constructor(message: string, options: { headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.headers = options.headers ?? {};
  }
}
