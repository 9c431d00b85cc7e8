import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_QUEUE, typingPublish } from '../../contract/stomp';
import { chatKeys } from '../../src/entities/chat-room';
import { matchKeys } from '../../src/entities/match';
import { meetupKeys } from '../../src/entities/meetup';
import { memberKeys } from '../../src/entities/member';
import { notificationKeys } from '../../src/entities/notification';
import { AppChat } from '../../src/features/chat/live/app-chat';
import { Outbox } from '../../src/features/chat/outbox/outbox';
import { idbOutboxStorage } from '../../src/features/chat/outbox/outbox-storage';
import { showToast } from '../../src/lib/toast';
import { http as mswHttp, HttpResponse } from 'msw';
import { ok } from './support/helpers';
import { server } from './support/msw-server';
import type { ChatConnection, ConnectionState, QueueHandlers } from '../../src/features/chat/realtime/chat-connection';

// The banner for another room's message is a toast; the toast store itself is the shell's.
vi.mock('../../src/lib/toast', async (importOriginal) => ({ ...(await importOriginal<object>()), showToast: vi.fn() }));

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
  const showRoom = vi.fn();
  const chat = new AppChat(queryClient, { connection: connection as unknown as ChatConnection, outbox, document, window, showRoom });
  chats.push(chat);
  return { chat, connection, document, window, outbox, queryClient, showRoom };
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

  it("on every (re)subscribe also refetches what the queue's other events would have changed meanwhile: the bell, matches, profiles, meetups", async () => {
    // A request made while the queue was not yet (or no longer) subscribed is never heard: the open
    // profile kept 런치챗 보내기 where 수락하기 was due (e2e profile-match-live, first connect).
    const { chat, connection, queryClient } = await setup();
    const missed = [notificationKeys.all, matchKeys.lists(), memberKeys.detail(7), meetupKeys.lists()];
    for (const key of missed) queryClient.setQueryData(key, {});
    chat.start();
    connection.queue!.onSubscribed!();
    for (const key of missed) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
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

describe('a message in another room while a room is open (KakaoTalk’s banner)', () => {
  const listed = (roomId: number, friendName: string, unreadCount: number, lastMessage = '안녕하세요') => ({
    roomId,
    friendId: roomId * 10,
    friendName,
    friendDepartment: '경영학과',
    friendImageUrl: null,
    lastMessage,
    lastMessageSentAt: '12:00',
    unreadCount,
  });
  const event = (roomId: number, lastMessage: string, unreadCount: number) => ({
    roomId,
    lastMessage,
    lastMessageSentAt: '12:01',
    unreadCount,
    totalUnreadCount: unreadCount,
  });

  async function inRoom(openRoomId: number | null, options: { visible?: boolean } = {}) {
    const context = await setup(options);
    context.queryClient.setQueryData(chatKeys.rooms(), {
      pages: [{ data: [listed(7, '장채원', 0), listed(8, '이준호', 0)], meta: { currentPage: 0, pageSize: 10, totalItems: 2, totalPages: 1, hasNext: false } }],
      pageParams: [0],
    });
    context.chat.start();
    if (openRoomId !== null) context.chat.openRoom(openRoomId, { onMessage: () => undefined });
    vi.mocked(showToast).mockClear();
    return context;
  }

  it('says “이준호: 메시지” in a toast that opens that room when tapped', async () => {
    const { connection, showRoom } = await inRoom(7);
    connection.queue!.onRoom!(event(8, '밥 먹었어요?', 1));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    const [title, body, options] = vi.mocked(showToast).mock.calls[0]!;
    expect([title, body]).toEqual(['이준호', '밥 먹었어요?']);
    options!.onSelect!();
    expect(showRoom).toHaveBeenCalledWith(8, { friendId: 80, name: '이준호', department: '경영학과', imageUrl: null });
  });

  it('says nothing for the open room, my own message, a read, a hidden app, or with no room open', async () => {
    const open = await inRoom(7);
    open.connection.queue!.onRoom!(event(7, '지금 보는 방', 1));
    // My own message (sent from my other phone): the room's unread count does not grow.
    open.connection.queue!.onRoom!(event(8, '내가 보낸 말', 0));
    open.chat.stop();
    const hidden = await inRoom(7, { visible: false });
    hidden.connection.queue!.onRoom!(event(8, '숨겨진 앱', 1));
    hidden.chat.stop();
    const home = await inRoom(null);
    home.connection.queue!.onRoom!(event(8, '홈 화면', 1));
    await new Promise((r) => setTimeout(r, 20));
    expect(showToast).not.toHaveBeenCalled();
  });

  it('a room the list does not know yet (a new one) is named once the list is fetched', async () => {
    server.use(
      mswHttp.get('*/api/chatrooms', () =>
        HttpResponse.json(
          ok({ data: [listed(12, '박서연', 1, '처음 인사드려요')], meta: { currentPage: 0, pageSize: 10, totalItems: 1, totalPages: 1, hasNext: false } }),
        ),
      ),
    );
    const { connection } = await inRoom(7);
    connection.queue!.onRoom!(event(12, '처음 인사드려요', 1));
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(vi.mocked(showToast).mock.calls[0]!.slice(0, 2)).toEqual(['박서연', '처음 인사드려요']);
  });
});
