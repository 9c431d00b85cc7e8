import type { QueryClient } from '@tanstack/react-query';
import { TYPING_MIN_INTERVAL_MS, readPublish, typingPublish } from '../../../../contract/stomp-values';
import { chatRoomsQueryOptions } from '../../../entities/chat-room';
import { showToast } from '../../../lib/toast';
import type { ChatFriend } from '../model/friend';
import { OutboxDrainer } from '../outbox/drainer';
import { getOutbox, type Outbox } from '../outbox/outbox';
import { ChatConnection, type ConnectionState, type RoomHandlers } from '../realtime/chat-connection';
import { applyNotificationEvent, applyRoomEvent, catchUpMemberQueue, listedRoom, recheckLeftRoom } from './cache';

/** A hidden app keeps its connection this long (switching apps briefly), then lets push take over. */
const HIDDEN_GRACE_MS = 30_000;
/** Typing is sent at most this often; the server passes on at most one a second. */
const TYPING_EVERY_MS = TYPING_MIN_INTERVAL_MS * 1.5;

type DocumentLike = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
type WindowLike = Pick<Window, 'addEventListener' | 'removeEventListener'> & { navigator: Pick<Navigator, 'onLine'> };

export interface AppChatOptions {
  connection?: ChatConnection;
  outbox?: Outbox;
  document?: DocumentLike | null;
  /** Where `online` comes from and `navigator.onLine` is read (null: always online). */
  window?: WindowLike | null;
  /** Opens a room's screen (the router's, handed in by the app's root): another room's toast does it. */
  showRoom?: (roomId: number, friend: ChatFriend) => void;
}

/**
 * The signed-in app's one STOMP connection (contract section 17, decision 0006), outside React:
 * always subscribed to `/sub/members/me` (the chat list, the tab badge), to a room's topic while
 * that room is open, and draining every room's outbox whenever it is connected. It is up while the
 * app is visible (the connection itself follows online/offline, with backoff and jitter), and on
 * every (re)connect it subscribes again and refetches what it may have missed.
 */
export class AppChat {
  readonly connection: ChatConnection;
  private readonly outbox: Outbox;
  private readonly drainer: OutboxDrainer;
  private readonly document: DocumentLike | null;
  private readonly window: WindowLike | null;
  private readonly stops: Array<() => void> = [];
  private readonly lastTyping = new Map<number, number>();
  /** The rooms whose screen is open (their topic subscribed), with how many times each is open. */
  private readonly openRooms = new Map<number, number>();
  /** Each room's unread count from its last `event:room`, for a room the list has not loaded. */
  private readonly unreadSeen = new Map<number, number>();
  private readonly showRoom: (roomId: number, friend: ChatFriend) => void;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private started = false;

  constructor(
    private readonly queryClient: QueryClient,
    options: AppChatOptions = {},
  ) {
    this.connection = options.connection ?? new ChatConnection();
    this.outbox = options.outbox ?? getOutbox();
    this.document = options.document === undefined ? (typeof document === 'undefined' ? null : document) : options.document;
    this.window = options.window === undefined ? (typeof window === 'undefined' ? null : window) : options.window;
    this.drainer = new OutboxDrainer(this.outbox, this.connection);
    this.showRoom = options.showRoom ?? ((roomId, friend) => roomShower?.(roomId, friend));
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    // Messages left from an earlier visit (or typed offline before a reload) are sent once connected.
    void this.outbox.ready();
    this.stops.push(
      this.connection.subscribeMemberQueue({
        onRoom: (event) => {
          const before = applyRoomEvent(this.queryClient, event)?.unreadCount ?? this.unreadSeen.get(event.roomId) ?? 0;
          this.unreadSeen.set(event.roomId, event.unreadCount);
          recheckLeftRoom(this.queryClient, event.roomId);
          // Only the friend's new message adds to my unread count: not mine (from my other phone), not a read.
          if (event.unreadCount > before && event.lastMessage !== null) void this.announce(event.roomId, event.lastMessage);
        },
        onNotification: (event) => applyNotificationEvent(this.queryClient, event),
        onSubscribed: () => catchUpMemberQueue(this.queryClient),
      }),
      this.connection.onStateChange((state) => this.drainer.setReady(state === 'OPEN')),
      this.outbox.subscribe(() => this.drainer.kick()),
    );
    this.document?.addEventListener('visibilitychange', this.onVisibility);
    this.window?.addEventListener('online', this.onVisibility);
    this.onVisibility();
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.hiddenTimer);
    this.document?.removeEventListener('visibilitychange', this.onVisibility);
    this.window?.removeEventListener('online', this.onVisibility);
    for (const stop of this.stops.splice(0)) stop();
    this.drainer.stop();
    void this.connection.close();
  }

  get state(): ConnectionState {
    return this.connection.getState();
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    return this.connection.onStateChange(listener);
  }

  /** While a room is open: its messages and events. Returns the function that closes it. */
  openRoom(roomId: number, handlers: RoomHandlers): () => void {
    this.openRooms.set(roomId, (this.openRooms.get(roomId) ?? 0) + 1);
    const close = this.connection.subscribeRoom(roomId, handlers);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const count = (this.openRooms.get(roomId) ?? 1) - 1;
      if (count > 0) this.openRooms.set(roomId, count);
      else this.openRooms.delete(roomId);
      close();
    };
  }

  /**
   * KakaoTalk's banner: inside a room, another room's new message is said in a toast ("이준호" and
   * the message) that opens that room when tapped. Elsewhere the 채팅 tab's badge says it; in the
   * open room the message itself does; a hidden app has push.
   */
  private async announce(roomId: number, lastMessage: string): Promise<void> {
    const showing = () => this.openRooms.size > 0 && !this.openRooms.has(roomId) && (this.document?.visibilityState ?? 'visible') === 'visible';
    if (!showing()) return;
    let room = listedRoom(this.queryClient, roomId);
    if (!room) {
      // A new room (or one beyond the loaded pages): the list's first page has it on top now.
      await this.queryClient.fetchInfiniteQuery(chatRoomsQueryOptions()).catch(() => undefined);
      room = listedRoom(this.queryClient, roomId);
    }
    if (!room || !showing()) return;
    const friend: ChatFriend = {
      ...(room.friendId ? { friendId: room.friendId } : {}),
      name: room.friendName,
      department: room.friendDepartment ?? null,
      imageUrl: room.friendImageUrl ?? null,
    };
    showToast(room.friendName, lastMessage, { onSelect: () => this.showRoom(roomId, friend) });
  }

  /** SEND /pub/read: I have read the room up to this message. */
  markRead(roomId: number, lastReadMessageId: string): void {
    this.connection.publish(readPublish(roomId), JSON.stringify({ lastReadMessageId }));
  }

  /** SEND /pub/typing, throttled: called on every keystroke. */
  typing(roomId: number, now = Date.now()): void {
    const last = this.lastTyping.get(roomId);
    if (last !== undefined && now - last < TYPING_EVERY_MS) return;
    this.lastTyping.set(roomId, now);
    this.connection.publish(typingPublish(roomId), '');
  }

  /**
   * Visible and online: connect (an open connection follows `offline` / `online` by itself).
   * Hidden: let go after a grace period. Offline and not connected yet: wait for `online`.
   */
  private readonly onVisibility = () => {
    if (!this.started) return;
    clearTimeout(this.hiddenTimer);
    if (this.document && this.document.visibilityState !== 'visible') {
      this.hiddenTimer = setTimeout(() => void this.connection.close(), HIDDEN_GRACE_MS);
      return;
    }
    if (this.window && !this.window.navigator.onLine && this.connection.getState() === 'CLOSED') return;
    void this.connection.open();
  };
}

let roomShower: ((roomId: number, friend: ChatFriend) => void) | undefined;

/** The app's root hands in how a room's screen is opened (its router), for another room's toast. */
export function setRoomShower(show: ((roomId: number, friend: ChatFriend) => void) | undefined): void {
  roomShower = show;
}

let shared: { chat: AppChat; queryClient: QueryClient; users: number } | undefined;
const stateListeners = new Set<() => void>();
const stateChanged = () => {
  for (const listener of [...stateListeners]) listener();
};

/** For useSyncExternalStore: the app-wide connection's state (CLOSED while signed out). */
export function subscribeAppChatState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => {
    stateListeners.delete(listener);
  };
}

export function appChatState(): ConnectionState {
  return shared?.chat.state ?? 'CLOSED';
}

/** The running AppChat, if any (a room's keystrokes reach it through here). */
export function currentAppChat(): AppChat | undefined {
  return shared?.chat;
}

/**
 * The app's one AppChat, started by its first user (the root, at sign-in; or a room opened first)
 * and stopped when the last one lets go (the root, at sign-out).
 */
export function acquireAppChat(queryClient: QueryClient): { chat: AppChat; release(): void } {
  if (shared && shared.queryClient !== queryClient) {
    shared.chat.stop();
    shared = undefined;
  }
  if (!shared) {
    shared = { chat: new AppChat(queryClient), queryClient, users: 0 };
    shared.chat.onStateChange(stateChanged);
  }
  const entry = shared;
  entry.users += 1;
  entry.chat.start();
  let released = false;
  return {
    chat: entry.chat,
    release() {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0 || shared !== entry) return;
      entry.chat.stop();
      shared = undefined;
      stateChanged();
    },
  };
}
