import type { RawData, WebSocket } from 'ws';
import { FrameParser, StompProtocolError, serializeFrame, type FrameLimits, type OutgoingFrame, type StompFrame } from './frame';
import { STOMP_ERRORS, STOMP_HEADERS } from '../../contract/stomp';
import type { Registry, Subscription as RegistrySubscription } from './registry';
import { StompRejection, type AuthResult, type Corkable, type StompLogger, type StompRequestInfo, type StompServerOptions } from './types';

/** Destinations that only the server publishes to (contract section 8). */
const SUBSCRIBE_ONLY = /^\/sub(\/|$)/;

// Close codes (RFC 6455 section 7.4.1).
const WS_NORMAL = 1000;
export const WS_GOING_AWAY = 1001;
const WS_PROTOCOL_ERROR = 1002;
export const WS_POLICY = 1008;
const WS_MESSAGE_TOO_BIG = 1009;
const WS_INTERNAL = 1011;

/**
 * The default `lazyDeliveryMs`: how long a MESSAGE published as `lazy` may wait for another frame to
 * the same session, so that both leave in one socket write (see deliver). bench/chat.ts's 100
 * pairs: `event:read` frames sent alone were ~0.1 socket writes a message, at ~80 µs a write on its
 * VM (decision 0039).
 */
export const LAZY_DELIVERY_MS = 100;

/** setTimeout's ceiling; longer token lifetimes are re-armed. */
const MAX_TIMER_MS = 2_147_483_647;
/** Pause reading from a client whose frames wait on slow hooks, so the queue stays bounded. */
const QUEUE_HIGH_WATER = 64;
const QUEUE_LOW_WATER = 16;

export const NOOP_LOGGER: StompLogger = { info() {}, warn() {}, error() {} };
const EOL = Buffer.from('\n');
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

type Subscription = RegistrySubscription<Session<unknown>>;

export interface Failure {
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

export interface Settings<P> extends Required<Omit<StompServerOptions<P>, 'onDisconnect' | 'routeInterest' | 'frameLimits'>> {
  onDisconnect: StompServerOptions<P>['onDisconnect'];
  routeInterest: StompServerOptions<P>['routeInterest'];
  frameLimits: Partial<FrameLimits>;
}

type State = 'handshake' | 'connected' | 'closing' | 'closed';

export class Session<P> {
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
  /**
   * The upgrade request, until CONNECT has been authenticated: a session lives for hours, and the
   * request (with the HTTP objects around it) is ~3 KB per idle connection (decision 0017).
   */
  private request: StompRequestInfo | undefined;
  /** Until CONNECT: the connect timeout; after it one timer for heart-beats and token expiry. */
  private timer: NodeJS.Timeout | undefined;
  private killTimer: NodeJS.Timeout | undefined;
  /** Negotiated heart-beats in ms (0 = none) and the token's expiry; read by the one timer. */
  private sendEvery = 0;
  private silenceLimit = 0;
  private expiresAt = Infinity;
  /** The TCP socket, corked while MESSAGEs to the session gather (see deliver). */
  private readonly tcp: Corkable | undefined;
  /** Corked for the rest of this turn, or for up to `lazyDeliveryMs` behind a lazy MESSAGE. */
  private corked: false | 'turn' | 'lazy' = false;
  private lazyTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    request: StompRequestInfo,
    private readonly settings: Settings<P>,
    private readonly registry: Registry<Session<unknown>>,
  ) {
    this.id = registry.nextSessionId();
    this.request = request;
    this.tcp = request.socket;
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
    this.reportOversizedMessages();
    this.socket.on('message', (data: RawData) => this.onData(data));
    this.socket.on('close', (code: number) => this.onClose(code));
    // ws has already begun closing (a bad or oversized WebSocket frame); as @fastify/websocket's
    // own listener does, the socket is cut at once (the route removes that listener: see
    // releaseUpgrade in modules/chat/socket.ts).
    this.socket.on('error', (err: Error) => {
      this.log.warn({ session: this.id, err: err.message }, 'stomp socket error');
      this.flush();
      this.socket.terminate();
    });
    this.timer = unref(
      setTimeout(() => {
        if (this.state === 'handshake') this.fail({ message: STOMP_ERRORS.connectTimeout, wsCode: WS_POLICY });
      }, this.settings.connectTimeoutMs),
    );
    this.log.info({ session: this.id, ip: this.request?.ip }, 'stomp socket opened');
  }

  /**
   * ws refuses a WebSocket message above its maxPayload by closing with 1009 before any handler
   * sees it, so the client would never learn why (contract section 17 wants an ERROR first). The
   * close is where we can still speak: ws calls close(1009) while the socket is OPEN.
   */
  private reportOversizedMessages(): void {
    const close = this.socket.close.bind(this.socket);
    this.socket.close = (code?: number, reason?: string | Buffer) => {
      if (code === WS_MESSAGE_TOO_BIG && this.active) {
        this.log.warn({ session: this.id }, 'stomp WebSocket message over the size limit');
        this.state = 'closing';
        this.queue.length = 0;
        this.stopTimers();
        this.dropSubscriptions();
        this.sendError({ message: STOMP_ERRORS.frameTooLarge, wsCode: WS_MESSAGE_TOO_BIG });
        this.killTimer = unref(setTimeout(() => this.socket.terminate(), this.settings.closeGraceMs));
      }
      close(code, reason);
    };
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
      auth = await this.settings.authenticate(headers, this.request!);
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
    this.request = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    const { outgoing: serverOut, incoming: serverIn } = this.settings.heartBeat;
    this.send({
      command: 'CONNECTED',
      headers: { version: '1.2', 'heart-beat': `${serverOut},${serverIn}`, session: this.id },
    });
    const expectEvery = clientOut === 0 || serverIn === 0 ? 0 : Math.max(clientOut, serverIn);
    this.sendEvery = serverOut === 0 || clientIn === 0 ? 0 : Math.max(serverOut, clientIn);
    this.silenceLimit = expectEvery * this.settings.heartBeatGraceFactor;
    if (auth.expiresAt !== undefined) this.expiresAt = auth.expiresAt;
    this.armTimer();
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
    // Two subscriptions to one destination would deliver every MESSAGE twice (contract section 17).
    for (const other of this.subscriptions.values()) {
      if (other.destination === destination) throw new Fatal({ message: STOMP_ERRORS.alreadySubscribed, wsCode: WS_POLICY });
    }
    let route: string;
    try {
      route = (await this.settings.authorizeSubscribe(this.principal as P, destination)) || destination;
    } catch (err) {
      throw this.rejection(err, STOMP_ERRORS.forbidden, 'stomp SUBSCRIBE refused');
    }
    if (!this.active) return;
    let release: (() => void) | undefined;
    if (this.settings.routeInterest) {
      // Before the RECEIPT: a client that has it may rely on every later message reaching it
      // (the PWA fetches history right after), wherever that message was published.
      try {
        release = await this.settings.routeInterest(route);
      } catch (err) {
        throw this.rejection(err, STOMP_ERRORS.unavailable, 'stomp SUBSCRIBE could not be routed');
      }
      if (!this.active) return release();
    }
    const sub: Subscription = { id, destination, route, session: this as Session<unknown>, release };
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

  /** A frame of the session's own (CONNECTED, RECEIPT): never left waiting behind a lazy MESSAGE. */
  private send(frame: OutgoingFrame): boolean {
    const sent = this.write(serializeFrame(frame));
    if (this.corked === 'lazy') this.flush();
    return sent;
  }

  /**
   * Used by publish(); false when the socket is gone or this send overflowed it. `lazy`: the
   * MESSAGE may wait up to `lazyDeliveryMs` for the next frame to this session and leave with it.
   */
  deliver(subscriptionId: string, data: Buffer, lazy = false): boolean {
    if (this.state !== 'connected' || !this.subscriptions.has(subscriptionId)) return false;
    if (this.tcp) {
      // A server that falls behind stores messages in larger batches and so delivers several to one
      // session in one turn (3.5 a turn in bench/chat.ts when overloaded): corked until the turn's
      // synchronous work and promise callbacks are done, they cost one socket write, not one each.
      // The WebSocket messages are the same, one frame each. A lazy MESSAGE keeps the socket corked
      // until the next MESSAGE's turn ends, or `lazyDeliveryMs`.
      if (!lazy) this.corkForTurn();
      else if (!this.corked) {
        this.corked = 'lazy';
        this.tcp.cork();
        this.lazyTimer = unref(setTimeout(uncork, this.settings.lazyDeliveryMs, this));
      }
    }
    return this.write(data);
  }

  private corkForTurn(): void {
    if (this.corked === 'turn') return;
    if (this.corked === 'lazy') clearTimeout(this.lazyTimer);
    else this.tcp!.cork();
    this.corked = 'turn';
    process.nextTick(uncork, this);
  }

  /** Sends what MESSAGEs left corked; before an ERROR, a close or a cut. */
  flush(): void {
    if (!this.corked) return;
    if (this.corked === 'lazy') clearTimeout(this.lazyTimer);
    this.corked = false;
    if (!this.tcp!.destroyed) this.tcp!.uncork();
  }

  private write(data: Buffer): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    this.socket.send(data, { binary: false });
    this.lastSentAt = Date.now();
    // What this turn corked is not the client's backlog: it is sent before the client is judged.
    if (this.socket.bufferedAmount > this.settings.maxBufferedBytes) this.flush();
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
    this.sendError(failure);
    this.close(failure.wsCode);
  }

  private sendError(failure: Failure): void {
    this.flush();
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
  }

  private close(code: number): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.flush();
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

  /**
   * One timer per session for its three deadlines: the next heart-beat to send (the line idle for
   * `sendEvery`: an EOL only when no real frame went out meanwhile, and never a longer gap), the
   * client's allowed silence, and the token's expiry. Three timers each were ~1 KB per idle
   * connection (decision 0017).
   */
  private armTimer(): void {
    if (!this.connected) return;
    const now = Date.now();
    let next = this.expiresAt - now;
    if (this.sendEvery > 0) next = Math.min(next, this.lastSentAt + this.sendEvery - now);
    if (this.silenceLimit > 0) next = Math.min(next, this.lastReceivedAt + this.silenceLimit + 1 - now);
    if (next === Infinity) return;
    this.timer = unref(setTimeout(this.onTimer, Math.min(Math.max(next, 1), MAX_TIMER_MS)));
  }

  private readonly onTimer = (): void => {
    this.timer = undefined;
    if (!this.connected) return;
    const now = Date.now();
    if (now >= this.expiresAt) {
      this.fail({ message: STOMP_ERRORS.tokenExpired, wsCode: WS_POLICY });
      return;
    }
    // While paused we are not reading, so the client's silence proves nothing.
    if (this.silenceLimit > 0 && now - this.lastReceivedAt > this.silenceLimit && !this.socket.isPaused) {
      this.fail({ message: STOMP_ERRORS.heartbeatTimeout, wsCode: WS_GOING_AWAY });
      return;
    }
    if (this.sendEvery > 0 && now - this.lastSentAt >= this.sendEvery) this.write(EOL);
    this.armTimer();
  };

  private stopTimers(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function uncork(session: Session<unknown>): void {
  session.flush();
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
