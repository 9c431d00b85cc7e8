import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../../../../contract/stomp';
import { chatKeys, fetchMessages, type MessagesData, type MessagesPage } from '../../../entities/chat-room';
import { compareMessages } from './timeline';

/** How live delivery and catch-up write into the chat-room entity's cached message pages. */
const messageIds = (data: MessagesData) => new Set(data.pages.flatMap((page) => page.data.map((m) => m.id.value)));

const newestFirst = (a: ChatMessage, b: ChatMessage) => compareMessages(b, a);

/** A message from the socket → the first (newest) page, once. */
export function addLiveMessage(queryClient: QueryClient, roomId: number, message: ChatMessage): void {
  queryClient.setQueryData<MessagesData>(chatKeys.messages(roomId), (old) => {
    // Not loaded yet: the fetch after subscribing brings it.
    if (!old || old.pages.length === 0) return old;
    if (messageIds(old).has(message.id.value)) return old;
    const [first, ...rest] = old.pages as [MessagesPage, ...MessagesPage[]];
    // The friend wrote: they are in the room again (it was re-opened, decision 0060).
    const back = first.friendLeft === true && message.senderId === first.friendId ? { friendLeft: false } : {};
    return { ...old, pages: [{ ...first, ...back, data: [message, ...first.data].sort(newestFirst) }, ...rest] };
  });
}

/**
 * After every (re)subscribe: what was said while we were not subscribed. The newest page is
 * merged into the cache; if none of it is known and there is more, the gap is too big to stitch
 * and the list restarts from this page.
 */
export async function catchUpMessages(queryClient: QueryClient, roomId: number): Promise<MessagesPage> {
  const latest = await fetchMessages(roomId, null);
  queryClient.setQueryData<MessagesData>(chatKeys.messages(roomId), (old) => {
    const fresh: MessagesData = { pages: [latest], pageParams: [null] };
    if (!old || old.pages.length === 0) return fresh;
    const known = messageIds(old);
    const missing = latest.data.filter((m) => !known.has(m.id.value));
    // Known messages come back too: their read markers (unreadCount) may have changed meanwhile.
    const fresher = new Map(latest.data.map((m) => [m.id.value, m]));
    old = { ...old, pages: old.pages.map((page) => ({ ...page, data: page.data.map((m) => fresher.get(m.id.value) ?? m) })) };
    // Whether the friend has left (decision 0060) is the newest page's to say.
    old = { ...old, pages: [{ ...old.pages[0]!, friendLeft: latest.friendLeft }, ...old.pages.slice(1)] };
    if (missing.length === 0) return old;
    const hasKnownMessages = known.size > 0;
    if (missing.length === latest.data.length && latest.meta.hasNext && hasKnownMessages) return fresh;
    const [first, ...rest] = old.pages as [MessagesPage, ...MessagesPage[]];
    return {
      ...old,
      pages: [{ ...first, userId: latest.userId, friendId: latest.friendId, data: [...missing, ...first.data].sort(newestFirst) }, ...rest],
    };
  });
  return latest;
}
