import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { NotificationEvent, ReadEvent, RoomEvent } from '../../../../contract/stomp';
import { MEETUP_NOTIFICATION_TYPES, type NotificationType } from '../../../../contract/notifications-values';
import type { ChatRoomItem, ChatRoomPage, ChatUnread } from '../../../../contract/chat';
import { chatKeys, type MessagesData } from '../../../entities/chat-room';
import { matchKeys } from '../../../entities/match';
import { meetupKeys } from '../../../entities/meetup';
import { memberKeys } from '../../../entities/member';
import { notificationKeys } from '../../../entities/notification';
import { showToast } from '../../../lib/toast';

type RoomsData = InfiniteData<ChatRoomPage, unknown>;

/**
 * `event:room` → the chat list in the query cache: the room's last message, time and unread count,
 * and the room moves to the top (most recent first, as the server orders it). A room the list does
 * not know (new, or beyond the loaded pages) makes the list refetch instead. The member's total
 * (the 채팅 tab and app icon badge) is taken as the server counted it over all rooms. Returns the
 * room as the list had it before, if it did.
 */
export function applyRoomEvent(queryClient: QueryClient, event: RoomEvent): ChatRoomItem | undefined {
  // A fetch of the total under way (the member queue's (re)subscribe starts one) may have been
  // answered before this event's message, and would land after it: it is cancelled, which puts the
  // cache back as it was before that fetch at once, so the event's total is the one kept.
  void queryClient.cancelQueries({ queryKey: chatKeys.unread(), exact: true });
  queryClient.setQueryData<ChatUnread>(chatKeys.unread(), { unreadCount: event.totalUnreadCount });
  const room = listedRoom(queryClient, event.roomId);
  queryClient.setQueryData<RoomsData>(chatKeys.rooms(), (old) => {
    if (!old || old.pages.length === 0 || !room) return old;
    const updated = {
      ...room,
      lastMessage: event.lastMessage,
      lastMessageSentAt: event.lastMessageSentAt,
      // An event from a server before decision 0060 has no instant: the row's old one would be wrong.
      lastMessageAt: event.lastMessageAt ?? null,
      unreadCount: event.unreadCount,
    };
    // Only a new message moves a room up; a read leaves it where it is.
    const moved =
      room.lastMessage !== event.lastMessage ||
      room.lastMessageSentAt !== event.lastMessageSentAt ||
      // The same words in the same minute are still a new message when both carry the instant.
      (room.lastMessageAt != null && event.lastMessageAt != null && room.lastMessageAt !== event.lastMessageAt);
    const pages = old.pages.map((page) => ({
      ...page,
      data: moved ? page.data.filter((item) => item.roomId !== event.roomId) : page.data.map((item) => (item.roomId === event.roomId ? updated : item)),
    }));
    if (moved) pages[0] = { ...pages[0]!, data: [updated, ...pages[0]!.data] };
    return { ...old, pages };
  });
  if (!room) void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
  return room;
}

/** The room as the loaded chat list pages have it (friend, last message, unread count), if they do. */
export function listedRoom(queryClient: QueryClient, roomId: number): ChatRoomItem | undefined {
  return queryClient
    .getQueryData<RoomsData>(chatKeys.rooms())
    ?.pages.flatMap((page) => page.data)
    .find((item) => item.roomId === roomId);
}

/**
 * Whether the friend has left the room (decision 0060), as its newest page says: the room shows a
 * line and a notice instead of the composer. False when unknown (an older server says nothing).
 */
export function setFriendLeft(queryClient: QueryClient, roomId: number, friendLeft: boolean): void {
  queryClient.setQueryData<MessagesData>(chatKeys.messages(roomId), (old) => {
    const first = old?.pages[0];
    if (!old || !first || (first.friendLeft ?? false) === friendLeft) return old;
    return { ...old, pages: [{ ...first, friendLeft }, ...old.pages.slice(1)] };
  });
}

/**
 * `event:room` for a room whose friend had left: it changes only when the room is opened again for
 * both (contract section 7) or the member reads it, so its newest page is fetched again to learn
 * which (a re-open takes the notice away).
 */
export function recheckLeftRoom(queryClient: QueryClient, roomId: number): void {
  if (queryClient.getQueryData<MessagesData>(chatKeys.messages(roomId))?.pages[0]?.friendLeft !== true) return;
  void queryClient.invalidateQueries({ queryKey: chatKeys.messages(roomId), exact: true });
}

/** `event:read` → the friend has read my messages up to `lastReadMessageId`: their `1` goes. */
export function applyReadEvent(queryClient: QueryClient, roomId: number, event: ReadEvent): void {
  const last = BigInt(event.lastReadMessageId);
  queryClient.setQueryData<MessagesData>(chatKeys.messages(roomId), (old) => {
    if (!old) return old;
    let changed = false;
    const pages = old.pages.map((page) => ({
      ...page,
      data: page.data.map((message) => {
        if (message.unreadCount === 0 || message.senderId === event.memberId || !/^\d+$/.test(message.id.value) || BigInt(message.id.value) > last)
          return message;
        changed = true;
        return { ...message, unreadCount: 0 };
      }),
    }));
    return changed ? { ...old, pages } : old;
  });
}

/**
 * Notification types an open app says in a toast: an answer to the student's proposal or their
 * meetup (accepted, declined, cancelled) which otherwise only redraws a card, or takes it away.
 */
const SAID_IN_APP: readonly NotificationType[] = ['MEETUP_CONFIRMED', 'MEETUP_DECLINED', 'MEETUP_CANCELLED'];

/**
 * `event:notification` → what it is about is fetched again where it is on screen (TanStack Query
 * refetches the active queries and marks the rest stale): the notifications and the bell, and the
 * meetups for a meetup's (the open chat room's strip shows a proposal or a cancellation without a
 * reload), the matches and the member profiles for a request's or an answer's (an open profile's
 * button turns into 수락하기 or 채팅하기 without a reload). The event does not say which member,
 * so every profile is marked stale: only the one on screen refetches.
 */
export function applyNotificationEvent(queryClient: QueryClient, event: NotificationEvent): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  // An answer that only redraws or takes something off the screen (the pinned meetup turns 확정, or
  // back into 약속 잡기) is said as well, wherever the student is: else it passes with no word.
  if (event.content && (SAID_IN_APP as readonly string[]).includes(event.type)) showToast(event.content);
  if ((MEETUP_NOTIFICATION_TYPES as readonly string[]).includes(event.type)) void queryClient.invalidateQueries({ queryKey: meetupKeys.all });
  else if (event.type.startsWith('MATCH_')) {
    void queryClient.invalidateQueries({ queryKey: matchKeys.all });
    void queryClient.invalidateQueries({ queryKey: memberKeys.details() });
  }
}

/**
 * The member queue is (re)subscribed: whatever its events would have changed while it was not — on
 * a reconnect, and on the first connect too, where a request sent between the screen's fetch and
 * the SUBSCRIBE is never heard — is fetched again where it is on screen: the chat list and the
 * unread total, the bell, matches, profiles and meetups. Only the active queries refetch (a
 * profile screen: one or two requests); the rest are marked stale.
 */
export function catchUpMemberQueue(queryClient: QueryClient): void {
  for (const queryKey of [chatKeys.rooms(), chatKeys.unread(), notificationKeys.all, matchKeys.all, memberKeys.details(), meetupKeys.all])
    void queryClient.invalidateQueries({ queryKey });
}
