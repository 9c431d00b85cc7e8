import {
  CLIENT_MESSAGE_ID_HEADER,
  HEARTBEAT_MS,
  STOMP_ERRORS,
  STOMP_HEADERS,
  STOMP_TRANSIENT_ERRORS,
  chatMessageSchema,
  roomPublish,
  roomTopic,
  type ChatMessage,
} from '../../../../contract/stomp';
import { ensureFreshToken, getAccessToken, refreshAccessToken } from '../../../lib/auth';
import { SendRejectedError, type OutboxTransport } from '../outbox/flusher';
import { chatSocketUrl, createStompJsClient, type CreateStompClient, type StompClientLike, type StompFrameLike } from './stomp-client';

/** Spec section 4 "Socket". */
export type ConnectionState = 'CONNECTING' | 'OPEN' | 'RECONNECTING' | 'CLOSED';

/** Why a CLOSED connection closed: the user left, no usable token, or the room refused us. */
export type CloseReason = 'user' | 'auth' | 'forbidden';

/** The SEND could not be confirmed (socket gone, no receipt in time): it may be retried as is. */
export class ConnectionLostError extends Error {
  override readonly name = 'ConnectionLostError';
}

export interface RoomHandlers {
  onMessage(message: ChatMessage): void;
  /** The SUBSCRIBE was acknowledged: live from here on. Called after every (re)connect. */
  onSubscribed?(): void;
  /** The socket dropped: messages may be missed until the next onSubscribed. */
  onUnsubscribed?(): void;
  /** The server refused the subscription (not a participant, or left the room). */
  onForbidden?(reason: string): void;
}

interface RoomEntry {
  roomId: number;
  handlers: RoomHandlers;
  receiptId?: string;
  subscription?: { unsubscribe(): void };
  subscribed: boolean;
}

interface PendingSend {
  resolve(): void;
  reject(error: Error): void;
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

/**
 * One STOMP connection to /ws, outside React (DEVELOPERS.md rule 5). It authenticates with a fresh
 * bearer token before every connect and reconnect, reconnects 5 s after any drop and subscribes
 * its rooms again each time, validates every MESSAGE with the contract's schema, and confirms each
 * SEND by its RECEIPT.
 */
export class ChatConnection implements OutboxTransport {
  private state: ConnectionState = 'CLOSED';
  private closeReason: CloseReason | undefined = 'user';
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly rooms = new Map<number, RoomEntry>();
  private readonly pending = new Map<string, PendingSend>();
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
        reconnectDelayMs: this.options.reconnectDelayMs,
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
    const previous = this.rooms.get(roomId);
    previous?.subscription?.unsubscribe();
    const entry: RoomEntry = { roomId, handlers, subscribed: false };
    this.rooms.set(roomId, entry);
    if (this.stompConnected) this.subscribe(entry);
    return () => {
      if (this.rooms.get(roomId) !== entry) return;
      this.rooms.delete(roomId);
      try {
        if (this.stompConnected) entry.subscription?.unsubscribe();
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
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(receiptId)) return;
        reject(new ConnectionLostError('no receipt'));
        // A socket that swallows frames is broken: drop it, the reconnect re-sends.
        if (this.client === client) client.forceDisconnect();
      }, this.options.receiptTimeoutMs);
      this.pending.set(receiptId, {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      client.watchForReceipt(receiptId, () => this.settle(receiptId));
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
        this.settle(receiptId, new ConnectionLostError(error instanceof Error ? error.message : 'send failed'));
      }
    });
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
    for (const entry of this.rooms.values()) this.subscribe(entry);
  }

  private handleStompError(frame: StompFrameLike): void {
    const message = frame.headers[STOMP_HEADERS.message] ?? 'error';
    const receiptId = frame.headers[STOMP_HEADERS.receiptId];
    if (receiptId !== undefined && this.pending.has(receiptId)) {
      // The server refused this SEND. A refusal about the message itself fails it; a
      // server-side hiccup leaves it pending for the resend after the reconnect.
      const error = TRANSIENT_ERRORS.has(message) ? new ConnectionLostError(message) : new SendRejectedError(message);
      this.settle(receiptId, error);
    } else if (receiptId !== undefined) {
      const room = [...this.rooms.values()].find((entry) => entry.receiptId === receiptId);
      if (room) {
        // Not a participant (any more): reconnecting would be refused the same way.
        room.handlers.onForbidden?.(message);
        this.finish('forbidden');
        return;
      }
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
    for (const id of [...this.pending.keys()]) this.settle(id, new ConnectionLostError('connection closed'));
    for (const entry of this.rooms.values()) {
      entry.subscription = undefined;
      entry.receiptId = undefined;
      if (entry.subscribed) {
        entry.subscribed = false;
        entry.handlers.onUnsubscribed?.();
      }
    }
    if (this.state !== 'CLOSED') this.setState('RECONNECTING');
  }

  private handleSocketError(): void {
    if (this.state !== 'CLOSED') this.setState('RECONNECTING');
  }

  // ---- internals --------------------------------------------------------------------------

  private subscribe(entry: RoomEntry): void {
    const client = this.client;
    if (!client) return;
    this.seq += 1;
    const receiptId = `sub-${this.seq}-${entry.roomId}`;
    entry.receiptId = receiptId;
    entry.subscribed = false;
    client.watchForReceipt(receiptId, () => {
      if (this.rooms.get(entry.roomId) !== entry || entry.receiptId !== receiptId) return;
      entry.subscribed = true;
      entry.handlers.onSubscribed?.();
    });
    entry.subscription = client.subscribe(roomTopic(entry.roomId), (frame) => this.deliver(entry, frame), {
      receipt: receiptId,
    });
  }

  private deliver(entry: RoomEntry, frame: StompFrameLike): void {
    if (this.rooms.get(entry.roomId) !== entry) return;
    let json: unknown;
    try {
      json = JSON.parse(frame.body);
    } catch {
      console.warn('chat: ignored a MESSAGE that is not JSON');
      return;
    }
    const parsed = chatMessageSchema.safeParse(json);
    if (!parsed.success || parsed.data.roomId !== entry.roomId) {
      console.warn('chat: ignored a MESSAGE that does not match the contract');
      return;
    }
    entry.handlers.onMessage(parsed.data);
  }

  private settle(receiptId: string, error?: Error): void {
    const pending = this.pending.get(receiptId);
    if (!pending) return;
    this.pending.delete(receiptId);
    if (error) pending.reject(error);
    else pending.resolve();
  }

  /**
   * Stops this attempt and starts the client again after a backoff with jitter: 5 s, 10 s, 20 s …
   * up to a minute, each between half and all of that, so clients do not return in one wave.
   */
  private retryLater(client: StompClientLike | undefined, refresh: boolean): void {
    this.transientFailures++;
    if (this.state !== 'CLOSED') this.setState('RECONNECTING');
    void client?.deactivate().catch(() => undefined);
    const ceiling = Math.min(MAX_BACKOFF_MS, this.options.reconnectDelayMs * 2 ** Math.min(this.transientFailures - 1, 10));
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
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
    for (const id of [...this.pending.keys()]) this.settle(id, new ConnectionLostError('connection closed'));
    for (const entry of this.rooms.values()) {
      entry.subscription = undefined;
      entry.receiptId = undefined;
      if (entry.subscribed) {
        entry.subscribed = false;
        entry.handlers.onUnsubscribed?.();
      }
    }
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
