import { randomUUID } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import { HEARTBEAT_MS, MAX_FRAME_BYTES, STOMP_ERRORS, STOMP_HEADERS } from '../../contract/stomp';
import { FrameParser, StompProtocolError, serializeFrame, type FrameLimits, type OutgoingFrame, type StompFrame, type StompHeaders } from './frame';

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

export interface HeartBeatPreference {
  /** Smallest interval at which the server can send heart-beats; 0 = never. */
  outgoing: number;
  /** Interval at which the server wants to receive heart-beats; 0 = does not care. */
  incoming: number;
}

export interface StompServerOptions<P> {
  /** Throw to refuse the CONNECT; the client gets ERROR and the socket is closed. */
  authenticate(connectHeaders: Readonly<StompHeaders>, request: StompRequestInfo): Promise<AuthResult<P>>;
  /** Throw to refuse the SUBSCRIBE; the client gets ERROR (with receipt-id) and the socket is closed. */
  authorizeSubscribe(principal: P, destination: string): Promise<void>;
  /**
   * Store and broadcast a SEND. RECEIPT is sent only after this resolves; throw to answer with
   * ERROR and close. SENDs to `/sub/**` never reach this hook.
   */
  onSend(principal: P, frame: SendFrame): Promise<void>;
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
  /** Frame codec limits; defaults to 64 KiB / 50 headers / 8 KiB header lines. */
  frameLimits?: Partial<FrameLimits>;
}

export interface StompServer<P = unknown> {
  /** Attach synchronously from the WebSocket route handler (frames are not lost). */
  handleConnection(socket: WebSocket, request: StompRequestInfo): void;
  /**
   * Sends a MESSAGE to every local subscription of `destination`, each with its own `subscription`
   * and `message-id`. `headers` may add e.g. `content-type` (default text/plain;charset=utf-8) but
   * cannot override destination, subscription, message-id or content-length.
   * Returns how many subscriptions it was delivered to.
   */
  publish(destination: string, body: string, headers?: Readonly<Record<string, string>>): number;
  /**
   * Ends the subscriptions to `destination` of every connected session whose principal matches
   * (e.g. a member who has just left a room); the sessions stay open. Returns those principals.
   */
  unsubscribeWhere(destination: string, match: (principal: P) => boolean): P[];
  /**
   * Ends every connected session whose principal matches with ERROR (`message`, and a `code`
   * header) and closes it: a sign-in session that logged out, a disabled account. Returns how many.
   */
  closeWhere(match: (principal: P) => boolean, error: { message: string; code: string }): number;
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

/** Destinations that only the server publishes to (contract section 8). */
const SUBSCRIBE_ONLY = /^\/sub(\/|$)/;

// Close codes (RFC 6455 section 7.4.1).
const WS_NORMAL = 1000;
const WS_GOING_AWAY = 1001;
const WS_PROTOCOL_ERROR = 1002;
const WS_POLICY = 1008;
const WS_INTERNAL = 1011;

/** setTimeout's ceiling; longer token lifetimes are re-armed. */
const MAX_TIMER_MS = 2_147_483_647;
/** Pause reading from a client whose frames wait on slow hooks, so the queue stays bounded. */
const QUEUE_HIGH_WATER = 64;
const QUEUE_LOW_WATER = 16;

const NOOP_LOGGER: StompLogger = { info() {}, warn() {}, error() {} };
const EOL = Buffer.from('\n');
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

interface Subscription {
  id: string;
  destination: string;
  session: Session<unknown>;
}

interface Failure {
  message: string;
  wsCode: number;
  receiptId?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string;
}

/** Internal signal: end the session with this ERROR. */
class Fatal extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

interface Settings<P> extends Required<Omit<StompServerOptions<P>, 'onDisconnect' | 'frameLimits'>> {
  onDisconnect: StompServerOptions<P>['onDisconnect'];
  frameLimits: Partial<FrameLimits>;
}

class Registry {
  readonly sessions = new Set<Session<unknown>>();
  readonly byDestination = new Map<string, Set<Subscription>>();
  readonly idPrefix = randomUUID().slice(0, 8);
  private sessionSeq = 0;
  private messageSeq = 0;
  private idleWaiters: Array<() => void> = [];

  nextSessionId(): string {
    return `${this.idPrefix}-${++this.sessionSeq}`;
  }

  nextMessageId(): string {
    return `${this.idPrefix}-m${++this.messageSeq}`;
  }

  add(sub: Subscription): void {
    let set = this.byDestination.get(sub.destination);
    if (!set) this.byDestination.set(sub.destination, (set = new Set()));
    set.add(sub);
  }

  remove(sub: Subscription): void {
    const set = this.byDestination.get(sub.destination);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.byDestination.delete(sub.destination);
  }

  sessionClosed(session: Session<unknown>): void {
    this.sessions.delete(session);
    if (this.sessions.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  whenIdle(): Promise<void> {
    if (this.sessions.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

type State = 'handshake' | 'connected' | 'closing' | 'closed';

class Session<P> {
  readonly id: string;
  private state: State = 'handshake';
  private principal: P | undefined;
  private didConnect = false;
  private readonly parser: FrameParser;
  private readonly queue: Array<StompFrame | StompProtocolError> = [];
  private draining = false;
  private parseFailed = false;
  private readonly subscriptions = new Map<string, Subscription>();
  private lastReceivedAt = Date.now();
  private lastSentAt = Date.now();
  private connectTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private sendTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private killTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly request: StompRequestInfo,
    private readonly settings: Settings<P>,
    private readonly registry: Registry,
  ) {
    this.id = registry.nextSessionId();
    this.parser = new FrameParser(settings.frameLimits);
  }

  get connected(): boolean {
    return this.state === 'connected';
  }

  private get active(): boolean {
    return this.state === 'handshake' || this.state === 'connected';
  }

  private get log(): StompLogger {
    return this.settings.logger;
  }

  start(): void {
    this.socket.on('message', (data: RawData) => this.onData(data));
    this.socket.on('close', (code: number) => this.onClose(code));
    this.socket.on('error', (err: Error) => {
      this.log.warn({ session: this.id, err: err.message }, 'stomp socket error');
    });
    this.connectTimer = unref(
      setTimeout(() => {
        if (this.state === 'handshake') this.fail({ message: STOMP_ERRORS.connectTimeout, wsCode: WS_POLICY });
      }, this.settings.connectTimeoutMs),
    );
    this.log.info({ session: this.id, ip: this.request.ip }, 'stomp socket opened');
  }

  // ---- input -------------------------------------------------------------------------------

  private onData(data: RawData): void {
    if (!this.active || this.parseFailed) return;
    this.lastReceivedAt = Date.now();
    try {
      for (const frame of this.parser.feed(data)) this.queue.push(frame);
    } catch (err) {
      this.parseFailed = true;
      this.queue.push(err instanceof StompProtocolError ? err : new StompProtocolError(STOMP_ERRORS.malformedFrame));
    }
    if (this.queue.length >= QUEUE_HIGH_WATER && !this.socket.isPaused) this.socket.pause();
    void this.drain();
  }

  /** One frame at a time, each fully handled (hooks included) before the next: keeps per-connection order. */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.active) {
        const item = this.queue.shift();
        if (item === undefined) break;
        if (item instanceof StompProtocolError) {
          this.fail({ message: item.message, wsCode: WS_PROTOCOL_ERROR });
          break;
        }
        try {
          await this.handle(item);
        } catch (err) {
          const failure: Failure = err instanceof Fatal ? err.failure : { message: STOMP_ERRORS.internal, wsCode: WS_INTERNAL };
          if (!(err instanceof Fatal)) this.log.error({ session: this.id, err }, 'stomp frame handling failed');
          const receipt = item.headers[STOMP_HEADERS.receipt];
          this.fail(receipt === undefined ? failure : { ...failure, receiptId: receipt });
          break;
        }
        if (this.socket.isPaused && this.queue.length <= QUEUE_LOW_WATER) {
          // Silence while we were not reading is ours, not the client's.
          this.lastReceivedAt = Date.now();
          this.socket.resume();
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    const { command } = frame;
    if (this.state === 'handshake') {
      if (command !== 'CONNECT' && command !== 'STOMP') throw protocol('expected CONNECT frame');
      return this.handleConnect(frame);
    }
    switch (command) {
      case 'SUBSCRIBE':
        return this.handleSubscribe(frame);
      case 'UNSUBSCRIBE':
        return this.handleUnsubscribe(frame);
      case 'SEND':
        return this.handleSend(frame);
      case 'DISCONNECT':
        return this.handleDisconnect(frame);
      case 'ACK':
      case 'NACK':
        // Every subscription is ack:auto, so there is nothing to acknowledge.
        this.receipt(frame);
        return;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        throw protocol(STOMP_ERRORS.transactionsUnsupported);
      case 'CONNECT':
      case 'STOMP':
        throw protocol(STOMP_ERRORS.alreadyConnected);
      default:
        throw protocol(STOMP_ERRORS.unexpectedCommand);
    }
  }

  private async handleConnect(frame: StompFrame): Promise<void> {
    const { headers } = frame;
    const versions = (headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      throw new Fatal({
        message: STOMP_ERRORS.unsupportedVersion,
        wsCode: WS_PROTOCOL_ERROR,
        headers: { version: '1.2' },
        body: 'Supported protocol versions are 1.2',
      });
    }
    const [clientOut, clientIn] = parseHeartBeat(headers['heart-beat']);

    let auth: AuthResult<P>;
    try {
      auth = await this.settings.authenticate(headers, this.request);
    } catch (err) {
      throw this.rejection(err, STOMP_ERRORS.unauthorized, 'stomp CONNECT refused');
    }
    // The connect timeout or the peer may have ended the session while we waited.
    if (!this.active) return;
    if (auth.expiresAt !== undefined && !Number.isFinite(auth.expiresAt)) {
      throw new Error('authenticate returned a non-finite expiresAt');
    }
    if (auth.expiresAt !== undefined && auth.expiresAt <= Date.now()) {
      throw new Fatal({ message: STOMP_ERRORS.tokenExpired, wsCode: WS_POLICY });
    }

    this.principal = auth.principal;
    this.didConnect = true;
    this.state = 'connected';
    clearTimeout(this.connectTimer);
    const { outgoing: serverOut, incoming: serverIn } = this.settings.heartBeat;
    this.send({
      command: 'CONNECTED',
      headers: { version: '1.2', 'heart-beat': `${serverOut},${serverIn}`, session: this.id },
    });
    this.startHeartBeats(
      serverOut === 0 || clientIn === 0 ? 0 : Math.max(serverOut, clientIn),
      clientOut === 0 || serverIn === 0 ? 0 : Math.max(clientOut, serverIn),
    );
    if (auth.expiresAt !== undefined) this.armExpiry(auth.expiresAt);
    this.log.info({ session: this.id }, 'stomp session connected');
  }

  private async handleSubscribe(frame: StompFrame): Promise<void> {
    const { id, destination, ack } = frame.headers;
    if (!id) throw protocol('SUBSCRIBE requires an id header');
    if (!destination) throw protocol('SUBSCRIBE requires a destination header');
    if (this.subscriptions.has(id)) throw protocol(STOMP_ERRORS.duplicateSubscription);
    if (this.subscriptions.size >= this.settings.maxSubscriptionsPerConnection) {
      throw new Fatal({ message: STOMP_ERRORS.tooManySubscriptions, wsCode: WS_POLICY });
    }
    if (ack !== undefined && ack !== 'auto') throw protocol(STOMP_ERRORS.ackAutoOnly);
    try {
      await this.settings.authorizeSubscribe(this.principal as P, destination);
    } catch (err) {
      throw this.rejection(err, STOMP_ERRORS.forbidden, 'stomp SUBSCRIBE refused');
    }
    if (!this.active) return;
    const sub: Subscription = { id, destination, session: this as Session<unknown> };
    this.subscriptions.set(id, sub);
    this.registry.add(sub);
    this.receipt(frame);
  }

  private handleUnsubscribe(frame: StompFrame): void {
    const { id } = frame.headers;
    if (!id) throw protocol('UNSUBSCRIBE requires an id header');
    // An unknown id is harmless (e.g. a client replaying after a reconnect), so it is not fatal.
    const sub = this.subscriptions.get(id);
    if (sub) {
      this.subscriptions.delete(id);
      this.registry.remove(sub);
    }
    this.receipt(frame);
  }

  /** Whether this session is connected as a principal `match` accepts. */
  belongsTo(match: (principal: P) => boolean): boolean {
    return this.state === 'connected' && this.principal !== undefined && match(this.principal);
  }

  /** The principal when `match` accepts it and the subscription was this session's (then dropped). */
  dropSubscription(sub: Subscription, match: (principal: P) => boolean): P | undefined {
    if (this.state !== 'connected' || this.principal === undefined || !match(this.principal)) return undefined;
    if (this.subscriptions.get(sub.id) !== sub) return undefined;
    this.subscriptions.delete(sub.id);
    this.registry.remove(sub);
    return this.principal;
  }

  private async handleSend(frame: StompFrame): Promise<void> {
    const { destination } = frame.headers;
    if (!destination) throw protocol('SEND requires a destination header');
    if (SUBSCRIBE_ONLY.test(destination)) {
      throw new Fatal({ message: STOMP_ERRORS.sendToSubscription, wsCode: WS_POLICY });
    }
    if (frame.headers.transaction !== undefined) throw protocol(STOMP_ERRORS.transactionsUnsupported);
    let body: string;
    try {
      body = utf8.decode(frame.body);
    } catch {
      throw protocol('body is not valid UTF-8');
    }
    try {
      await this.settings.onSend(this.principal as P, { destination, headers: frame.headers, body });
    } catch (err) {
      throw this.rejection(err, STOMP_ERRORS.messageRejected, 'stomp SEND refused');
    }
    if (this.active) this.receipt(frame);
  }

  private handleDisconnect(frame: StompFrame): void {
    this.receipt(frame);
    this.close(WS_NORMAL);
  }

  private receipt(frame: StompFrame): void {
    const id = frame.headers[STOMP_HEADERS.receipt];
    if (id !== undefined) this.send({ command: 'RECEIPT', headers: { [STOMP_HEADERS.receiptId]: id } });
  }

  private rejection(err: unknown, fallback: string, what: string): Fatal {
    if (err instanceof StompRejection) {
      this.log.info({ session: this.id, reason: err.message }, what);
      return new Fatal({ message: err.message, wsCode: WS_POLICY, headers: err.headers });
    }
    this.log.error({ session: this.id, err }, what);
    return new Fatal({ message: fallback, wsCode: WS_POLICY });
  }

  // ---- output ------------------------------------------------------------------------------

  private send(frame: OutgoingFrame): boolean {
    return this.write(serializeFrame(frame));
  }

  /** Used by publish(); false when the socket is gone or this send overflowed it. */
  deliver(subscriptionId: string, data: Buffer): boolean {
    if (this.state !== 'connected' || !this.subscriptions.has(subscriptionId)) return false;
    return this.write(data);
  }

  private write(data: Buffer): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    this.socket.send(data, { binary: false });
    this.lastSentAt = Date.now();
    if (this.socket.bufferedAmount > this.settings.maxBufferedBytes) {
      this.log.warn({ session: this.id, buffered: this.socket.bufferedAmount }, 'stomp slow consumer dropped');
      this.fail({ message: STOMP_ERRORS.slowConsumer, wsCode: WS_POLICY });
      return false;
    }
    return true;
  }

  /** Sends ERROR and closes; the session stops processing and receiving immediately. */
  fail(failure: Failure): void {
    if (!this.active) return;
    this.log.warn({ session: this.id, reason: failure.message }, 'stomp session ended with ERROR');
    if (this.socket.readyState === this.socket.OPEN) {
      const headers: Record<string, string> = {
        ...failure.headers,
        [STOMP_HEADERS.message]: failure.message,
        'content-type': 'text/plain;charset=utf-8',
      };
      if (failure.receiptId !== undefined) headers[STOMP_HEADERS.receiptId] = failure.receiptId;
      // Bypasses write(): an ERROR must not recurse into the slow-consumer check.
      this.socket.send(serializeFrame({ command: 'ERROR', headers, body: failure.body ?? failure.message }), {
        binary: false,
      });
    }
    this.close(failure.wsCode);
  }

  private close(code: number): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.state = 'closing';
    this.queue.length = 0;
    this.stopTimers();
    this.dropSubscriptions();
    this.socket.close(code);
    // A peer that never answers the close handshake (dead, or not reading) is cut off.
    this.killTimer = unref(setTimeout(() => this.socket.terminate(), this.settings.closeGraceMs));
  }

  private onClose(code: number): void {
    if (this.state === 'closed') return;
    const wasConnected = this.didConnect;
    this.state = 'closed';
    this.queue.length = 0;
    this.stopTimers();
    clearTimeout(this.killTimer);
    this.dropSubscriptions();
    this.registry.sessionClosed(this as Session<unknown>);
    this.log.info({ session: this.id, code }, 'stomp socket closed');
    if (wasConnected && this.settings.onDisconnect) {
      const principal = this.principal as P;
      Promise.resolve()
        .then(() => this.settings.onDisconnect?.(principal))
        .catch((err: unknown) => this.log.error({ session: this.id, err }, 'stomp onDisconnect failed'));
    }
  }

  private dropSubscriptions(): void {
    for (const sub of this.subscriptions.values()) this.registry.remove(sub);
    this.subscriptions.clear();
  }

  // ---- timers ------------------------------------------------------------------------------

  private startHeartBeats(sendEvery: number, expectEvery: number): void {
    if (sendEvery > 0) {
      // Re-armed for the moment the line would have been idle for `sendEvery`: an EOL only when
      // no real frame went out in the meantime, and never a longer gap.
      const beat = () => {
        const idle = Date.now() - this.lastSentAt;
        if (idle >= sendEvery) this.write(EOL);
        if (this.connected) this.sendTimer = unref(setTimeout(beat, sendEvery - (idle >= sendEvery ? 0 : idle)));
      };
      this.sendTimer = unref(setTimeout(beat, sendEvery));
    }
    if (expectEvery > 0) {
      const limit = expectEvery * this.settings.heartBeatGraceFactor;
      const check = () => {
        const silent = Date.now() - this.lastReceivedAt;
        // While paused we are not reading, so the client's silence proves nothing.
        if (silent > limit && !this.socket.isPaused) {
          this.fail({ message: STOMP_ERRORS.heartbeatTimeout, wsCode: WS_GOING_AWAY });
          return;
        }
        if (this.connected) this.checkTimer = unref(setTimeout(check, Math.max(1, limit - silent + 1)));
      };
      this.checkTimer = unref(setTimeout(check, limit + 1));
    }
  }

  private armExpiry(expiresAt: number): void {
    const delay = expiresAt - Date.now();
    this.expiryTimer = unref(
      setTimeout(
        () => {
          if (Date.now() >= expiresAt) this.fail({ message: STOMP_ERRORS.tokenExpired, wsCode: WS_POLICY });
          else this.armExpiry(expiresAt);
        },
        Math.min(Math.max(delay, 0), MAX_TIMER_MS),
      ),
    );
  }

  private stopTimers(): void {
    clearTimeout(this.connectTimer);
    clearTimeout(this.expiryTimer);
    clearTimeout(this.sendTimer);
    clearTimeout(this.checkTimer);
  }
}

function protocol(message: string): Fatal {
  return new Fatal({ message, wsCode: WS_PROTOCOL_ERROR });
}

function unref<T extends NodeJS.Timeout>(timer: T): T {
  timer.unref();
  return timer;
}

function parseHeartBeat(header: string | undefined): [number, number] {
  if (header === undefined) return [0, 0];
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header);
  if (!match) throw protocol(STOMP_ERRORS.invalidHeartbeat);
  return [Number(match[1]), Number(match[2])];
}

const RESERVED_MESSAGE_HEADERS = new Set(['destination', 'subscription', 'message-id', 'content-length', 'ack']);

export function createStompServer<P>(options: StompServerOptions<P>): StompServer<P> {
  const settings: Settings<P> = {
    authenticate: options.authenticate,
    authorizeSubscribe: options.authorizeSubscribe,
    onSend: options.onSend,
    onDisconnect: options.onDisconnect,
    logger: options.logger ?? NOOP_LOGGER,
    maxSubscriptionsPerConnection: options.maxSubscriptionsPerConnection ?? 20,
    heartBeat: options.heartBeat ?? { outgoing: HEARTBEAT_MS, incoming: HEARTBEAT_MS },
    heartBeatGraceFactor: options.heartBeatGraceFactor ?? 2,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
    closeGraceMs: options.closeGraceMs ?? 2000,
    frameLimits: options.frameLimits ?? {},
  };
  const registry = new Registry();
  let shuttingDown: string | undefined;

  return {
    handleConnection(socket, request) {
      const session = new Session<P>(socket, request, settings, registry);
      registry.sessions.add(session as Session<unknown>);
      session.start();
      if (shuttingDown !== undefined) session.fail({ message: shuttingDown, wsCode: WS_GOING_AWAY });
    },

    publish(destination, body, headers = {}) {
      const subs = registry.byDestination.get(destination);
      if (!subs) return 0;
      const extra: Record<string, string> = { 'content-type': 'text/plain;charset=utf-8' };
      for (const [name, value] of Object.entries(headers)) {
        if (!RESERVED_MESSAGE_HEADERS.has(name)) extra[name] = value;
      }
      const payload = Buffer.from(body, 'utf8');
      let delivered = 0;
      // Copy: dropping a slow consumer mutates the set while we iterate.
      for (const sub of [...subs]) {
        const data = serializeFrame({
          command: 'MESSAGE',
          headers: {
            destination,
            subscription: sub.id,
            'message-id': registry.nextMessageId(),
            ...extra,
          },
          body: payload,
        });
        if (sub.session.deliver(sub.id, data)) delivered++;
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
        session.fail({ message: error.message, wsCode: WS_POLICY, headers: { [STOMP_HEADERS.code]: error.code } });
        closed++;
      }
      return closed;
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
