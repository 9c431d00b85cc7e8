import {
  CLIENT_MESSAGE_ID_HEADER,
  STOMP_ERRORS,
  STOMP_HEADERS,
  HEARTBEAT_MS,
  MEMBER_QUEUE,
  STOMP_TRANSIENT_ERRORS,
  roomPublish,
  roomTopic,
} from '../../../../contract/stomp-values';
import { ACCOUNT_DISABLED_CODE, endDisabledSession, ensureFreshToken, getAccessToken, refreshAccessToken } from '../../../lib/auth';
import { SendRejectedError, type OutboxTransport } from '../outbox/flusher';
import { jitteredBackoff } from './backoff';
import { PendingReceipts } from './pending-receipts';
import { Subscriptions, queueDelivery, roomDelivery, type QueueHandlers, type RoomHandlers } from './subscriptions';
import { chatSocketUrl, createStompJsClient, type CreateStompClient, type StompClientLike, type StompFrameLike } from './stomp-client';

export type { QueueHandlers, RoomHandlers } from './subscriptions';

/** Spec section 4 "Socket". */
export type ConnectionState = 'CONNECTING' | 'OPEN' | 'RECONNECTING' | 'CLOSED';

/** Why a CLOSED connection closed: it was closed (sign-out, app hidden), or no usable token. */
export type CloseReason = 'user' | 'auth';

/** The SEND could not be confirmed (socket gone, no receipt in time): it may be retried as is. */
export class ConnectionLostError extends Error {
  override readonly name = 'ConnectionLostError';
}

type EventTargetLike = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface ChatConnectionOptions {
  url?: string;
  /** A token good for at least another minute, or null (default: ensureFreshToken). */
  getToken?: () => Promise<string | null>;
  /** A forced refresh after the server refused the token (default: refreshAccessToken). */
  refreshToken?: () => Promise<string | null>;
  /** Whether a session still exists, to retry after a refresh that failed offline. */
  hasSession?: () => boolean;
  createClient?: CreateStompClient;
  reconnectDelayMs?: number;
  heartbeatMs?: number;
  /** A SEND without RECEIPT for this long means a stuck socket: drop it and resend after reconnect. */
  receiptTimeoutMs?: number;
  /** Where `online`/`offline` events come from (null: none). */
  events?: EventTargetLike | null;
}

const RECONNECT_DELAY_MS = 5_000;
const RECEIPT_TIMEOUT_MS = 15_000;
// The server closes the session after these; they say nothing about the message itself.
const TRANSIENT_ERRORS = new Set(STOMP_TRANSIENT_ERRORS);
/** Longest wait between attempts while the server or the network is in trouble. */
const MAX_BACKOFF_MS = 60_000;

/** A suspension's end as AUTH_403_DISABLED's ERROR header gives it (epoch ms, digits; checked by hand): ISO, or none. */
function suspensionEnd(header: string | undefined): string | undefined {
  if (header === undefined || !/^\d{1,15}$/.test(header)) return undefined;
  return new Date(Number(header)).toISOString();
}

/**
 * One STOMP connection to /ws, outside React (DEVELOPERS.md rule 5); the app has one (AppChat). It
 * authenticates with a fresh bearer token before every connect and reconnect, reconnects after any
 * drop (2.5–5 s, then doubling up to a minute) and subscribes its destinations again each time,
 * validates every MESSAGE with the contract's schemas, and confirms each chat SEND by its RECEIPT.
 */
export class ChatConnection implements OutboxTransport {
  private state: ConnectionState = 'CLOSED';
  private closeReason: CloseReason | undefined = 'user';
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly subscriptions = new Subscriptions();
  private readonly pending = new PendingReceipts();
  private client: StompClientLike | undefined;
  private opening: Promise<void> | undefined;
  private stompConnected = false;
  private forceRefresh = false;
  /** Attempts in a row that failed for a transient reason (5xx, network): the backoff grows with it. */
  private transientFailures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  private listening = false;
  private readonly options: Required<Omit<ChatConnectionOptions, 'events'>> & { events: EventTargetLike | null };

  constructor(options: ChatConnectionOptions = {}) {
    this.options = {
      url: options.url ?? chatSocketUrl(),
      getToken: options.getToken ?? ensureFreshToken,
      refreshToken: options.refreshToken ?? refreshAccessToken,
      hasSession: options.hasSession ?? (() => getAccessToken() !== null),
      createClient: options.createClient ?? createStompJsClient,
      reconnectDelayMs: options.reconnectDelayMs ?? RECONNECT_DELAY_MS,
      heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
      receiptTimeoutMs: options.receiptTimeoutMs ?? RECEIPT_TIMEOUT_MS,
      events: options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events,
    };
  }

  getState(): ConnectionState {
    return this.state;
  }

  /** Set when the state is CLOSED. */
  getCloseReason(): CloseReason | undefined {
    return this.state === 'CLOSED' ? this.closeReason : undefined;
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  /** Starts connecting (no-op when already connecting or connected). */
  open(): Promise<void> {
    if (this.state !== 'CLOSED') return this.opening ?? Promise.resolve();
    this.closeReason = undefined;
    this.setState('CONNECTING');
    this.listen();
    const opening = this.options
      .createClient({
        url: this.options.url,
        // Between half and all of the delay: clients dropped together do not return together.
        reconnectDelayMs: jitteredBackoff(this.options.reconnectDelayMs, 1, this.options.reconnectDelayMs),
        heartbeatMs: this.options.heartbeatMs,
        beforeConnect: () => this.beforeConnect(),
        onConnect: () => this.handleConnect(),
        onStompError: (frame) => this.handleStompError(frame),
        onWebSocketClose: () => this.handleSocketClose(),
        onWebSocketError: () => this.handleSocketError(),
      })
      .then((client) => {
        // close() may have run while the library was loading.
        if (this.opening !== opening) return;
        this.client = client;
        client.activate();
      })
      .catch((error: unknown) => {
        // The library chunk could not be loaded (offline on a first visit): try again later.
        console.warn('chat: could not start the connection', error);
        if (this.opening === opening) this.finish('auth');
      });
    this.opening = opening;
    return opening;
  }

  /** Leaves for good: unsubscribes nothing server-side (closing the socket does that), stops reconnecting. */
  async close(): Promise<void> {
    this.finish('user');
    this.unlisten();
  }

  /**
   * Subscribes a room, now if connected and again after every reconnect. Returns the unsubscribe
   * function; the caller stops receiving at once.
   */
  subscribeRoom(roomId: number, handlers: RoomHandlers): () => void {
    return this.subscribeTo(roomTopic(roomId), handlers, roomDelivery(roomId, handlers));
  }

  /** Subscribes the member's own queue (`event:room`), now if connected and after every reconnect. */
  subscribeMemberQueue(handlers: QueueHandlers): () => void {
    return this.subscribeTo(MEMBER_QUEUE, handlers, queueDelivery(handlers));
  }

  /**
   * A SEND nobody waits for (read positions, typing): dropped when not connected, since each is
   * only worth something now.
   */
  publish(destination: string, body: string): void {
    if (!this.client || !this.stompConnected) return;
    try {
      this.client.publish({ destination, body, headers: { 'content-type': 'application/json' } });
    } catch {
      // The socket went away meanwhile.
    }
  }

  private subscribeTo(destination: string, handlers: RoomHandlers | QueueHandlers, deliver: (frame: StompFrameLike) => boolean): () => void {
    const remove = this.subscriptions.add(destination, handlers, deliver, this.stompConnected ? this.client : undefined, this.nextSeq);
    return () => {
      const subscription = remove();
      try {
        if (this.stompConnected) subscription?.unsubscribe();
      } catch {
        // The socket went away meanwhile; nothing left to unsubscribe.
      }
    };
  }

  /**
   * SEND `{ content }` to /pub/chat/{roomId} with `client-message-id` and `receipt`. Resolves on the
   * RECEIPT; rejects with SendRejectedError when the server answers with an ERROR for it, and with
   * ConnectionLostError when the socket drops or no receipt comes in time.
   */
  send(roomId: number, content: string, clientMessageId: string): Promise<void> {
    const client = this.client;
    if (!client || !this.stompConnected) return Promise.reject(new ConnectionLostError('not connected'));
    this.seq += 1;
    const receiptId = `send-${this.seq}-${clientMessageId}`;
    const receipt = this.pending.wait(
      receiptId,
      this.options.receiptTimeoutMs,
      () => new ConnectionLostError('no receipt'),
      () => {
        // A socket that swallows frames is broken: drop it, the reconnect re-sends.
        if (this.client === client) client.forceDisconnect();
      },
    );
    client.watchForReceipt(receiptId, () => this.pending.settle(receiptId));
    try {
      client.publish({
        destination: roomPublish(roomId),
        body: JSON.stringify({ content }),
        headers: {
          [CLIENT_MESSAGE_ID_HEADER]: clientMessageId,
          [STOMP_HEADERS.receipt]: receiptId,
          'content-type': 'application/json',
        },
      });
    } catch (error) {
      this.pending.settle(receiptId, new ConnectionLostError(error instanceof Error ? error.message : 'send failed'));
    }
    return receipt;
  }

  // ---- stomp callbacks --------------------------------------------------------------------

  private async beforeConnect(): Promise<void> {
    const client = this.client;
    const refresh = this.forceRefresh;
    this.forceRefresh = false;
    let token: string | null = null;
    try {
      token = refresh ? await this.options.refreshToken() : await this.options.getToken();
    } catch {
      token = null;
    }
    if (this.client !== client || this.state === 'CLOSED') return;
    if (!token) {
      if (this.options.hasSession()) {
        // The refresh failed with a 5xx or no network (a failed session clears the token):
        // nothing is wrong with the sign-in, so try again later instead of giving up.
        this.retryLater(client, true);
        return;
      }
      // No session any more: closed for good (spec section 8), no reconnect loop.
      this.finish('auth');
      return;
    }
    if (client) client.connectHeaders = { Authorization: `Bearer ${token}` };
  }

  private handleConnect(): void {
    this.transientFailures = 0;
    this.stompConnected = true;
    this.setState('OPEN');
    if (this.client) this.subscriptions.subscribeAll(this.client, this.nextSeq);
  }

  private handleStompError(frame: StompFrameLike): void {
    // Suspended by an operator (contract section 16): the whole app signs out, with the reason and,
    // for a 7- or 30-day suspension, until when (the sign-in screen checks the instant).
    if (frame.headers[STOMP_HEADERS.code] === ACCOUNT_DISABLED_CODE) return endDisabledSession(suspensionEnd(frame.headers[STOMP_HEADERS.suspendedUntilMs]));
    const message = frame.headers[STOMP_HEADERS.message] ?? 'error';
    const receiptId = frame.headers[STOMP_HEADERS.receiptId];
    if (receiptId !== undefined && this.pending.has(receiptId)) {
      // The server refused this SEND. A refusal about the message itself fails it; a
      // server-side hiccup leaves it pending for the resend after the reconnect.
      const error = TRANSIENT_ERRORS.has(message) ? new ConnectionLostError(message) : new SendRejectedError(message);
      this.pending.settle(receiptId, error);
    } else if (receiptId !== undefined && this.subscriptions.refuse(receiptId, message)) {
      // Not a participant (any more): that room is dropped; the connection (the app's only one)
      // comes back for everything else.
      if (this.state !== 'CLOSED') this.setState('RECONNECTING');
      return;
    }
    if (message === STOMP_ERRORS.unavailable) {
      // The server's own trouble (its database): the token is fine; back off, then try again.
      this.stompConnected = false;
      this.retryLater(this.client, false);
      return;
    }
    if (!this.stompConnected || message === STOMP_ERRORS.tokenExpired || message === STOMP_ERRORS.unauthorized) {
      // CONNECT refused: the token is not accepted, so the next attempt refreshes it first.
      this.forceRefresh = true;
    }
    if (this.state !== 'CLOSED') this.setState('RECONNECTING');
  }

  private handleSocketClose(): void {
    this.stompConnected = false;
    this.pending.failAll(() => new ConnectionLostError('connection closed'));
    this.subscriptions.dropAll();
    if (this.state !== 'CLOSED') this.setState('RECONNECTING');
  }

  private handleSocketError(): void {
    if (this.state !== 'CLOSED') this.setState('RECONNECTING');
  }

  // ---- internals --------------------------------------------------------------------------

  private readonly nextSeq = (): string => String(++this.seq);

  /**
   * Stops this attempt and starts the client again after a backoff with jitter: 5 s, 10 s, 20 s …
   * up to a minute, each between half and all of that, so clients do not return in one wave.
   */
  private retryLater(client: StompClientLike | undefined, refresh: boolean): void {
    this.transientFailures++;
    if (this.state !== 'CLOSED') this.setState('RECONNECTING');
    void client?.deactivate().catch(() => undefined);
    const delay = jitteredBackoff(this.options.reconnectDelayMs, this.transientFailures, MAX_BACKOFF_MS);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.client !== client || this.state === 'CLOSED') return;
      // After a failed refresh the token still needs one; after "server unavailable" it does not.
      this.forceRefresh = refresh;
      client?.activate();
    }, delay);
  }

  /** → CLOSED: stop the client (no reconnect), fail what is in flight. */
  private finish(reason: CloseReason): void {
    if (this.state === 'CLOSED' && this.closeReason === reason) return;
    this.closeReason = reason;
    this.opening = undefined;
    clearTimeout(this.retryTimer);
    this.stompConnected = false;
    this.setState('CLOSED');
    this.pending.failAll(() => new ConnectionLostError('connection closed'));
    this.subscriptions.dropAll();
    const client = this.client;
    this.client = undefined;
    void client?.deactivate().catch(() => undefined);
  }

  private setState(next: ConnectionState): void {
    if (this.state === next) return;
    this.state = next;
    for (const listener of [...this.stateListeners]) listener(next);
  }

  private readonly handleOffline = () => {
    // The OS says there is no network: do not wait 20 s for heart-beats to notice.
    if (this.client && this.stompConnected) this.client.forceDisconnect();
  };

  private readonly handleOnline = () => {
    if (this.state === 'RECONNECTING') {
      // Skip the rest of the 5 s wait.
      const client = this.client;
      void client?.deactivate().then(() => {
        if (this.client === client && this.state !== 'CLOSED') client?.activate();
      });
    } else if (this.state === 'CLOSED' && this.closeReason === 'auth' && this.options.hasSession()) {
      // The refresh failed because the network was down, not because the session ended.
      void this.open();
    }
  };

  private listen(): void {
    const events = this.options.events;
    if (!events || this.listening) return;
    this.listening = true;
    events.addEventListener('offline', this.handleOffline);
    events.addEventListener('online', this.handleOnline);
  }

  private unlisten(): void {
    const events = this.options.events;
    if (!events || !this.listening) return;
    this.listening = false;
    events.removeEventListener('offline', this.handleOffline);
    events.removeEventListener('online', this.handleOnline);
  }
}
