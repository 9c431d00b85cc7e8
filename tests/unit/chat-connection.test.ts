import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../contract/stomp';
import { SendRejectedError } from '../../src/features/chat/outbox/flusher';
import { ChatConnection, ConnectionLostError, type ConnectionState } from '../../src/features/chat/realtime/chat-connection';
import type { StompClientConfig, StompClientLike, StompFrameLike } from '../../src/features/chat/realtime/stomp-client';
import { getAccessToken, setAccessToken } from '../../src/lib/auth';
import { takeSignedOutReason } from '../../src/lib/auth/signed-out-reason';
import { makeJwt } from './support/helpers';

interface FakeSubscription {
  destination: string;
  headers: Record<string, string>;
  callback: (frame: StompFrameLike) => void;
  active: boolean;
}

/** Behaves like @stomp/stompjs's Client as far as ChatConnection can tell; the test plays the server. */
class FakeClient implements StompClientLike {
  connectHeaders: Record<string, string> = {};
  connected = false;
  active = false;
  attempts: Array<Record<string, string>> = [];
  subscriptions: FakeSubscription[] = [];
  published: Array<{ destination: string; body: string; headers?: Record<string, string> }> = [];
  private receiptWatchers = new Map<string, (frame: StompFrameLike) => void>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private socketOpen = false;

  constructor(readonly config: StompClientConfig) {}

  activate() {
    this.active = true;
    void this.connect();
  }

  private async connect() {
    await this.config.beforeConnect();
    if (!this.active) return;
    this.socketOpen = true;
    this.attempts.push({ ...this.connectHeaders });
  }

  /** The server answers CONNECTED. */
  accept() {
    this.connected = true;
    this.config.onConnect();
  }

  /** The socket closes (server gone, network lost). */
  drop() {
    if (!this.socketOpen) return;
    this.socketOpen = false;
    this.connected = false;
    this.receiptWatchers.clear();
    this.config.onWebSocketClose();
    if (this.active) this.reconnectTimer = setTimeout(() => void this.connect(), this.config.reconnectDelayMs);
  }

  deactivate() {
    this.active = false;
    clearTimeout(this.reconnectTimer);
    this.drop();
    return Promise.resolve();
  }

  forceDisconnect() {
    this.drop();
  }

  subscribe(destination: string, callback: (frame: StompFrameLike) => void, headers: Record<string, string> = {}) {
    if (!this.connected) throw new TypeError('There is no underlying STOMP connection');
    const sub: FakeSubscription = { destination, headers, callback, active: true };
    this.subscriptions.push(sub);
    return {
      unsubscribe: () => {
        sub.active = false;
      },
    };
  }

  publish(params: { destination: string; body: string; headers?: Record<string, string> }) {
    if (!this.connected) throw new TypeError('There is no underlying STOMP connection');
    this.published.push(params);
  }

  watchForReceipt(receiptId: string, callback: (frame: StompFrameLike) => void) {
    this.receiptWatchers.set(receiptId, callback);
  }

  receipt(receiptId: string | undefined) {
    if (!receiptId) throw new Error('no receipt id');
    const watcher = this.receiptWatchers.get(receiptId);
    this.receiptWatchers.delete(receiptId);
    watcher?.({ headers: { 'receipt-id': receiptId }, body: '' });
  }

  /** ERROR frame, then the server closes the socket (STOMP 1.2). */
  error(headers: Record<string, string>) {
    this.config.onStompError({ headers, body: headers.message ?? '' });
    this.drop();
  }

  message(destination: string, body: string) {
    for (const sub of this.subscriptions) {
      if (sub.active && sub.destination === destination) sub.callback({ headers: { destination }, body });
    }
  }
}

const ROOM = 7;
const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: { value: 'm1', timestamp: 1741316400, date: '2025-03-07T03:00:00.000Z' },
    roomId: ROOM,
    senderId: 2,
    content: '안녕하세요',
    createdAt: '2025-03-07T12:00:00+09:00',
    unreadCount: 1,
    ...overrides,
  };
}

function setup(tokens: Array<string | null> = ['t1', 't2', 't3', 't4'], hasSession: () => boolean = () => true) {
  const clients: FakeClient[] = [];
  const getToken = vi.fn(() => Promise.resolve(tokens.shift() ?? null));
  const refreshToken = vi.fn(() => Promise.resolve<string | null>('refreshed'));
  const events = new EventTarget();
  const connection = new ChatConnection({
    url: 'ws://test/ws',
    getToken,
    refreshToken,
    hasSession,
    events: events as unknown as Window,
    createClient: (config) => {
      const client = new FakeClient(config);
      clients.push(client);
      return Promise.resolve(client);
    },
  });
  const states: ConnectionState[] = [];
  connection.onStateChange((state) => states.push(state));
  const client = () => {
    const last = clients.at(-1);
    if (!last) throw new Error('no client yet');
    return last;
  };
  return { connection, client, clients, getToken, refreshToken, states, events };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ChatConnection state machine', () => {
  it('CONNECTING → OPEN, with a bearer token, subscribing the room with a receipt', async () => {
    const { connection, client, states } = setup();
    const onSubscribed = vi.fn();
    connection.subscribeRoom(ROOM, { onMessage: vi.fn(), onSubscribed });
    await connection.open();
    await flush();
    expect(connection.getState()).toBe('CONNECTING');
    expect(client().attempts).toEqual([{ Authorization: 'Bearer t1' }]);

    client().accept();
    expect(connection.getState()).toBe('OPEN');
    expect(states).toEqual(['CONNECTING', 'OPEN']);
    const [sub] = client().subscriptions;
    expect(sub?.destination).toBe('/sub/rooms/7');
    expect(onSubscribed).not.toHaveBeenCalled();
    client().receipt(sub?.headers.receipt);
    expect(onSubscribed).toHaveBeenCalledTimes(1);
  });

  it('a drop → RECONNECTING; after 2.5–5 s (jittered per client) it reconnects with a fresh token and subscribes again', async () => {
    const { connection, client, getToken, states } = setup();
    const handlers = { onMessage: vi.fn(), onSubscribed: vi.fn(), onUnsubscribed: vi.fn() };
    connection.subscribeRoom(ROOM, handlers);
    await connection.open();
    await flush();
    client().accept();
    client().receipt(client().subscriptions[0]?.headers.receipt);

    client().drop();
    expect(connection.getState()).toBe('RECONNECTING');
    expect(handlers.onUnsubscribed).toHaveBeenCalledTimes(1);

    const delay = client().config.reconnectDelayMs;
    expect(delay).toBeGreaterThanOrEqual(2_500);
    expect(delay).toBeLessThanOrEqual(5_000);
    await vi.advanceTimersByTimeAsync(delay - 1);
    expect(client().attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(getToken).toHaveBeenCalledTimes(2);
    expect(client().attempts.at(-1)).toEqual({ Authorization: 'Bearer t2' });

    client().accept();
    expect(connection.getState()).toBe('OPEN');
    expect(client().subscriptions).toHaveLength(2);
    client().receipt(client().subscriptions[1]?.headers.receipt);
    expect(handlers.onSubscribed).toHaveBeenCalledTimes(2);
    expect(states).toEqual(['CONNECTING', 'OPEN', 'RECONNECTING', 'OPEN']);
  });

  it('a failed token refresh that ended the session → CLOSED and no reconnect loop', async () => {
    const { connection, client, getToken } = setup([null], () => false);
    await connection.open();
    await flush();
    expect(connection.getState()).toBe('CLOSED');
    expect(connection.getCloseReason()).toBe('auth');
    expect(client().attempts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(client().active).toBe(false);
  });

  it('a refresh that failed with a 5xx or no network (the session is still there) retries with growing backoff until it works', async () => {
    const { connection, client, getToken, refreshToken } = setup([null]);
    refreshToken.mockResolvedValueOnce(null).mockResolvedValueOnce(null).mockResolvedValue('refreshed');
    await connection.open();
    await flush();
    expect(connection.getState()).toBe('RECONNECTING');
    expect(client().attempts).toHaveLength(0);
    // First retry within 5 s (jittered between 2.5 and 5 s), then within 10 s, then within 20 s.
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(connection.getState()).toBe('RECONNECTING');
    await vi.advanceTimersByTimeAsync(10_000);
    await flush();
    expect(refreshToken).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    await flush();
    expect(refreshToken).toHaveBeenCalledTimes(3);
    expect(getToken).toHaveBeenCalledTimes(1);
    expect(client().attempts.at(-1)).toEqual({ Authorization: 'Bearer refreshed' });
    client().accept();
    expect(connection.getState()).toBe('OPEN');
  });

  it('"server unavailable" (its database is down) is not the token: no refresh, reconnect after a backoff', async () => {
    const { connection, client, refreshToken, getToken } = setup();
    await connection.open();
    await flush();
    client().error({ message: 'server unavailable', code: 'COMMON503' });
    expect(connection.getState()).toBe('RECONNECTING');
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(60_000);
      await flush();
      client().error({ message: 'server unavailable', code: 'COMMON503' });
    }
    expect(connection.getState()).toBe('RECONNECTING');
    expect(refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    await flush();
    client().accept();
    expect(connection.getState()).toBe('OPEN');
    expect(getToken.mock.calls.length).toBeGreaterThan(1);
  });

  it('a refused CONNECT makes the next attempt refresh the token first', async () => {
    const { connection, client, refreshToken } = setup();
    await connection.open();
    await flush();
    client().error({ message: 'unauthorized' });
    expect(connection.getState()).toBe('RECONNECTING');
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(client().attempts.at(-1)).toEqual({ Authorization: 'Bearer refreshed' });
  });

  it('close() → CLOSED, deactivates the client and never reconnects', async () => {
    const { connection, client } = setup();
    await connection.open();
    await flush();
    client().accept();
    await connection.close();
    expect(connection.getState()).toBe('CLOSED');
    expect(connection.getCloseReason()).toBe('user');
    expect(client().active).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(client().attempts).toHaveLength(1);
  });

  it('a refused SUBSCRIBE → onForbidden, and the app-wide connection comes back without that room', async () => {
    const { connection, client } = setup();
    const onForbidden = vi.fn();
    connection.subscribeRoom(ROOM, { onMessage: vi.fn(), onForbidden });
    await connection.open();
    await flush();
    client().accept();
    client().error({ message: '이 채팅방에 접근할 수 없어요.', 'receipt-id': client().subscriptions[0]?.headers.receipt ?? '' });
    expect(onForbidden).toHaveBeenCalledWith('이 채팅방에 접근할 수 없어요.');
    expect(connection.getState()).toBe('RECONNECTING');
    // The server closes the socket after its ERROR; the reconnect subscribes nothing refused.
    const subscribes = client().subscriptions.length;
    client().drop();
    await vi.advanceTimersByTimeAsync(5_000);
    client().accept();
    expect(connection.getState()).toBe('OPEN');
    expect(client().subscriptions).toHaveLength(subscribes);
  });

  it('ERROR AUTH_403_DISABLED (an operator suspended the member): the session ends, and the sign-in screen says until when a 7- or 30-day one lasts', async () => {
    for (const [headers, reason] of [
      [
        { 'suspended-until-ms': String(Date.UTC(2026, 11, 14, 6)) },
        '운영자에 의해 2026년 12월 14일 15:00까지 이용이 정지된 계정이에요. 그 뒤에 다시 로그인해 주세요.',
      ],
      // 영구, or a server from before the header: as before; a header that is not an instant is not shown.
      [{}, '운영자에 의해 이용이 정지된 계정이에요. 로그아웃되었어요.'],
      [{ 'suspended-until-ms': '2026-12-14' }, '운영자에 의해 이용이 정지된 계정이에요. 로그아웃되었어요.'],
    ] as const) {
      setAccessToken(makeJwt(3600));
      const { connection, client } = setup();
      await connection.open();
      await flush();
      client().accept();
      client().error({ message: 'account disabled', code: 'AUTH_403_DISABLED', ...headers });
      expect(getAccessToken()).toBeNull();
      expect(takeSignedOutReason()).toBe(reason);
      await connection.close();
    }
  });

  it('going offline drops the socket at once; coming online reconnects without waiting 5 s', async () => {
    const { connection, client, events } = setup();
    await connection.open();
    await flush();
    client().accept();
    events.dispatchEvent(new Event('offline'));
    expect(connection.getState()).toBe('RECONNECTING');
    events.dispatchEvent(new Event('online'));
    await flush();
    expect(client().attempts).toHaveLength(2);
    client().accept();
    expect(connection.getState()).toBe('OPEN');
  });
});

describe('ChatConnection messages', () => {
  it('delivers contract-valid MESSAGE bodies and ignores anything else', async () => {
    const { connection, client } = setup();
    const onMessage = vi.fn();
    connection.subscribeRoom(ROOM, { onMessage });
    await connection.open();
    await flush();
    client().accept();
    client().message('/sub/rooms/7', 'not json');
    client().message('/sub/rooms/7', JSON.stringify({ content: 'no id' }));
    client().message('/sub/rooms/7', JSON.stringify(message({ roomId: 8 })));
    client().message('/sub/rooms/7', JSON.stringify(message({ clientMessageId: 'c1' })));
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith(message({ clientMessageId: 'c1' }));
  });

  it('stops delivering once the room is unsubscribed', async () => {
    const { connection, client } = setup();
    const onMessage = vi.fn();
    const unsubscribe = connection.subscribeRoom(ROOM, { onMessage });
    await connection.open();
    await flush();
    client().accept();
    unsubscribe();
    client().message('/sub/rooms/7', JSON.stringify(message()));
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('SEND carries client-message-id and receipt; the RECEIPT resolves it', async () => {
    const { connection, client } = setup();
    await connection.open();
    await flush();
    client().accept();
    const sending = connection.send(ROOM, '안녕', 'cmid-1');
    const [frame] = client().published;
    expect(frame?.destination).toBe('/pub/chat/7');
    expect(JSON.parse(frame?.body ?? '')).toEqual({ content: '안녕' });
    expect(frame?.headers?.['client-message-id']).toBe('cmid-1');
    client().receipt(frame?.headers?.receipt);
    await expect(sending).resolves.toBeUndefined();
  });

  it('an ERROR answering the SEND rejects it as refused; a server hiccup only as connection lost', async () => {
    const { connection, client } = setup();
    await connection.open();
    await flush();
    client().accept();
    const refused = connection.send(ROOM, 'x', 'cmid-1');
    client().error({ message: '메시지를 입력해 주세요.', 'receipt-id': client().published[0]?.headers?.receipt ?? '' });
    await expect(refused).rejects.toBeInstanceOf(SendRejectedError);

    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    client().accept();
    const hiccup = connection.send(ROOM, 'y', 'cmid-2');
    client().error({ message: 'internal error', 'receipt-id': client().published[1]?.headers?.receipt ?? '' });
    await expect(hiccup).rejects.toBeInstanceOf(ConnectionLostError);
  });

  it('a drop rejects sends in flight; sending while disconnected fails fast', async () => {
    const { connection, client } = setup();
    await expect(connection.send(ROOM, 'x', 'c0')).rejects.toBeInstanceOf(ConnectionLostError);
    await connection.open();
    await flush();
    client().accept();
    const inFlight = connection.send(ROOM, 'x', 'c1');
    client().drop();
    await expect(inFlight).rejects.toBeInstanceOf(ConnectionLostError);
  });

  it('no RECEIPT in time: the send fails as connection lost and the socket is dropped', async () => {
    const { connection, client } = setup();
    await connection.open();
    await flush();
    client().accept();
    const sending = connection.send(ROOM, 'x', 'c1');
    const assertion = expect(sending).rejects.toBeInstanceOf(ConnectionLostError);
    await vi.advanceTimersByTimeAsync(15_000);
    await assertion;
    expect(connection.getState()).toBe('RECONNECTING');
  });
});
