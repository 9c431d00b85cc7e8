import { Client, ReconnectionTimeMode } from '@stomp/stompjs';
import { STOMP_ENDPOINT } from '../../../../contract/stomp-values';
import { apiUrl } from '../../../lib/config';

/** The frames we read: MESSAGE, RECEIPT, ERROR. */
export interface StompFrameLike {
  headers: Readonly<Record<string, string | undefined>>;
  body: string;
}

/**
 * The part of @stomp/stompjs's Client that ChatConnection uses. Kept this small so tests can drive
 * the connection with a fake.
 */
export interface StompClientLike {
  connectHeaders: Record<string, string>;
  readonly connected: boolean;
  activate(): void;
  deactivate(): Promise<void>;
  forceDisconnect(): void;
  subscribe(destination: string, callback: (message: StompFrameLike) => void, headers?: Record<string, string>): { unsubscribe(): void };
  publish(params: { destination: string; body: string; headers?: Record<string, string> }): void;
  watchForReceipt(receiptId: string, callback: (frame: StompFrameLike) => void): void;
}

export interface StompClientConfig {
  url: string;
  reconnectDelayMs: number;
  heartbeatMs: number;
  /** Runs before every connect and reconnect attempt (sets the Authorization header). */
  beforeConnect(): Promise<void>;
  onConnect(): void;
  onStompError(frame: StompFrameLike): void;
  onWebSocketClose(): void;
  onWebSocketError(): void;
}

export type CreateStompClient = (config: StompClientConfig) => Promise<StompClientLike>;

/** A WebSocket that never opens (server unreachable, captive portal) is given up after this. */
const CONNECTION_TIMEOUT_MS = 10_000;

/**
 * The real client. @stomp/stompjs is a static import: it ships in the lazy `chat-live` chunk with
 * this file (vite.config.ts), so it still stays out of the first screen, and a dynamic import here
 * only cost the first visit one more file (issue 15).
 */
export const createStompJsClient: CreateStompClient = (config) =>
  Promise.resolve(
    new Client({
      brokerURL: config.url,
      reconnectDelay: config.reconnectDelayMs,
      // Drops in a row wait twice as long each time, up to a minute; the first wait is jittered per
      // client (ChatConnection), so a server restart does not bring every app back in one wave.
      reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
      maxReconnectDelay: 60_000,
      heartbeatIncoming: config.heartbeatMs,
      heartbeatOutgoing: config.heartbeatMs,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      // A lost heart-beat or a forced disconnect drops the socket at once instead of waiting for a
      // close handshake that a dead network never completes.
      discardWebsocketOnCommFailure: true,
      debug: () => {},
      beforeConnect: () => config.beforeConnect(),
      onConnect: () => config.onConnect(),
      onStompError: (frame) => config.onStompError(frame),
      onWebSocketClose: () => config.onWebSocketClose(),
      onWebSocketError: () => config.onWebSocketError(),
    }),
  );

/** ws(s)://<API host>/ws: the API origin (VITE_API_URL, else this page's origin) with a WebSocket scheme. */
export function chatSocketUrl(): string {
  return apiUrl(STOMP_ENDPOINT).replace(/^http(s?):/i, 'ws$1:');
}
