import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_QUEUE, typingPublish } from '../../contract/stomp';
import { chatKeys } from '../../src/entities/chat-room';
import { AppChat } from '../../src/features/chat/live/app-chat';
import { Outbox } from '../../src/features/chat/outbox/outbox';
import { idbOutboxStorage } from '../../src/features/chat/outbox/outbox-storage';
import type { ChatConnection, ConnectionState, QueueHandlers } from '../../src/features/chat/realtime/chat-connection';

/** The part of ChatConnection AppChat drives; the test plays the socket. */
class FakeConnection {
  state: ConnectionState = 'CLOSED';
  queue: QueueHandlers | undefined;
  subscribed: string[] = [];
  published: Array<{ destination: string; body: string }> = [];
  sent: Array<{ roomId: number; content: string }> = [];
  private listeners = new Set<(state: ConnectionState) => void>();

  getState() {
    return this.state;
  }
  onStateChange(listener: (state: ConnectionState) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  setState(next: ConnectionState) {
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }
  open() {
    if (this.state === 'CLOSED') this.setState('CONNECTING');
    return Promise.resolve();
  }
  close() {
    this.setState('CLOSED');
    return Promise.resolve();
  }
  subscribeMemberQueue(handlers: QueueHandlers) {
    this.queue = handlers;
    this.subscribed.push(MEMBER_QUEUE);
    return () => void (this.queue = undefined);
  }
  subscribeRoom() {
    return () => undefined;
  }
  publish(destination: string, body: string) {
    this.published.push({ destination, body });
  }
  send(roomId: number, content: string) {
    this.sent.push({ roomId, content });
    return Promise.resolve();
  }
}

function fakeDocument(visibilityState: DocumentVisibilityState) {
  const target = new EventTarget();
  return Object.assign(target, { visibilityState }) as EventTarget & { visibilityState: DocumentVisibilityState };
}

function fakeWindow(onLine: boolean) {
  const target = new EventTarget();
  return Object.assign(target, { navigator: { onLine } });
}

const chats: AppChat[] = [];
afterEach(() => {
  for (const chat of chats.splice(0)) chat.stop();
  vi.useRealTimers();
});

async function setup({ visible = true, online = true } = {}) {
  const connection = new FakeConnection();
  const document = fakeDocument(visible ? 'visible' : 'hidden');
  const window = fakeWindow(online);
  const outbox = new Outbox(idbOutboxStorage());
  await outbox.clear();
  const queryClient = new QueryClient();
  const chat = new AppChat(queryClient, { connection: connection as unknown as ChatConnection, outbox, document, window });
  chats.push(chat);
  return { chat, connection, document, window, outbox, queryClient };
}

describe("AppChat: the signed-in app's one chat connection (contract section 17)", () => {
  it('connects when visible and online, always with the member queue; lets go 30 s after the app is hidden', async () => {
    const { chat, connection, document } = await setup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    chat.start();
    expect(connection.state).toBe('CONNECTING');
    expect(connection.subscribed).toEqual([MEMBER_QUEUE]);

    document.visibilityState = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(connection.state).toBe('CONNECTING');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connection.state).toBe('CLOSED');

    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(connection.state).toBe('CONNECTING');
  });

  it('offline at start it waits for `online`', async () => {
    const { chat, connection, window } = await setup({ online: false });
    chat.start();
    expect(connection.state).toBe('CLOSED');
    window.navigator.onLine = true;
    window.dispatchEvent(new Event('online'));
    expect(connection.state).toBe('CONNECTING');
  });

  it("drains every room's outbox once connected, whichever screen is open", async () => {
    const { chat, connection, outbox } = await setup();
    await outbox.enqueue(1, '방 1');
    await outbox.enqueue(2, '방 2');
    chat.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(connection.sent).toEqual([]);
    connection.setState('OPEN');
    await vi.waitFor(() => expect(connection.sent.map((s) => s.roomId).sort()).toEqual([1, 2]));
    await vi.waitFor(() => expect(outbox.pendingRooms()).toEqual([]));
  });

  it('refetches the chat list whenever the member queue is (re)subscribed', async () => {
    const { chat, connection, queryClient } = await setup();
    queryClient.setQueryData(chatKeys.rooms(), { pages: [], pageParams: [] });
    chat.start();
    connection.queue!.onSubscribed!();
    expect(queryClient.getQueryState(chatKeys.rooms())?.isInvalidated).toBe(true);
  });

  it('sends typing at most every 1.5 s per room', async () => {
    const { chat, connection } = await setup();
    chat.start();
    chat.typing(4, 1_000);
    chat.typing(4, 2_000);
    chat.typing(5, 2_000);
    chat.typing(4, 2_600);
    expect(connection.published.map((p) => p.destination)).toEqual([typingPublish(4), typingPublish(5), typingPublish(4)]);
  });
});
