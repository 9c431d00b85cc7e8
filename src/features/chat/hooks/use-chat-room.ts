import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { TYPING_SHOWN_MS } from '../../../../contract/stomp-values';
import { chatKeys, type MessagesData } from '../../../entities/chat-room';
import { acquireAppChat, appChatState, currentAppChat, subscribeAppChatState } from '../live/app-chat';
import { applyReadEvent, setFriendLeft } from '../live/cache';
import { ReadReporter } from '../live/read-reporter';
import { addLiveMessage, catchUpMessages } from '../model/message-cache';
import type { LocalMessage } from '../model/timeline';
import { getOutbox } from '../outbox/outbox';
import type { ConnectionState } from '../realtime/chat-connection';

export interface ChatRoomSession {
  state: ConnectionState;
  /** The room's topic is subscribed: its messages and events arrive live. */
  live: boolean;
  /** The server refused this room (not a participant, or left). */
  forbidden: boolean;
  /** The friend is typing (shown as "입력 중…" for a few seconds after each event). */
  friendTyping: boolean;
  /** The outbox's messages for this room (pending, failed, sent-awaiting-echo). */
  local: readonly LocalMessage[];
  send(content: string): Promise<void>;
  /** Called on every keystroke; the app-wide connection throttles it. */
  typed(): void;
  retry(clientMessageId: string): void;
  remove(clientMessageId: string): void;
}

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * The open room on the app's one connection (contract section 17): its topic while mounted, every
 * incoming message written into the messages query, the friend's messages marked read while the
 * room is on screen, read markers and typing from the friend's events. The outbox is drained by
 * the app-wide connection, whichever screen is open. Rendering reads the query and the outbox.
 */
export function useChatRoom(roomId: number): ChatRoomSession {
  const queryClient = useQueryClient();
  const outbox = getOutbox();
  const state = useSyncExternalStore(subscribeAppChatState, appChatState);
  const [forbidden, setForbidden] = useState(false);
  const [friendTyping, setFriendTyping] = useState(false);
  const [live, setLive] = useState(false);

  useEffect(() => {
    const { chat: app, release } = acquireAppChat(queryClient);
    // The friend's messages seen live, reported read while the room is on screen.
    const reads = new ReadReporter((id) => app.markRead(roomId, id), visible);
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const close = app.openRoom(roomId, {
      onMessage: (message) => {
        addLiveMessage(queryClient, roomId, message);
        const page = queryClient.getQueryData<MessagesData>(chatKeys.messages(roomId))?.pages[0];
        if (page && message.senderId !== page.userId) {
          // Received while the room is open: read (contract section 17), once it is on screen.
          clearTimeout(typingTimer);
          setFriendTyping(false);
          reads.seen(message.id.value);
        }
        if (message.clientMessageId) outbox.forgetSent([message.clientMessageId]);
      },
      onRead: (event) => applyReadEvent(queryClient, roomId, event),
      // The friend left while the room is open (decision 0060): the line and the notice, at once.
      onLeft: () => {
        clearTimeout(typingTimer);
        setFriendTyping(false);
        setFriendLeft(queryClient, roomId, true);
      },
      onTyping: () => {
        // "입력 중…" disappears on its own a few seconds after the last event.
        setFriendTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setFriendTyping(false), TYPING_SHOWN_MS);
      },
      onUnsubscribed: () => setLive(false),
      onSubscribed: () => {
        setForbidden(false);
        setLive(true);
        // Whatever was said between the last fetch (or the drop) and this subscription; the fetch
        // itself marks the room read on the server.
        catchUpMessages(queryClient, roomId)
          .then((latest) => outbox.forgetSent(latest.data.flatMap((m) => (m.clientMessageId ? [m.clientMessageId] : []))))
          .catch((error: unknown) => console.warn('chat: catch-up fetch failed', error));
      },
      onForbidden: (reason) => {
        console.warn('chat: room refused', reason);
        setForbidden(true);
      },
    });
    // Back on screen with messages that arrived while hidden: they are read now.
    const onVisible = () => {
      if (visible()) reads.resume();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      reads.cancel();
      clearTimeout(typingTimer);
      close();
      release();
      setLive(false);
    };
  }, [roomId, queryClient, outbox]);

  const local = useSyncExternalStore(
    useCallback((listener) => outbox.subscribe(listener), [outbox]),
    () => outbox.roomSnapshot(roomId),
  );

  const send = useCallback((content: string) => outbox.enqueue(roomId, content).then(() => undefined), [outbox, roomId]);
  const typed = useCallback(() => currentAppChat()?.typing(roomId), [roomId]);
  const retry = useCallback((id: string) => void outbox.retry(id), [outbox]);
  const remove = useCallback((id: string) => void outbox.remove(id), [outbox]);

  return { state, live, forbidden, friendTyping, local, send, typed, retry, remove };
}
