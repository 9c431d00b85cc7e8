import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { chatKeys, fetchMessages, type MessagesData } from '../../../entities/chat-room';
import { addLiveMessage, catchUpMessages } from '../model/message-cache';
import type { LocalMessage } from '../model/timeline';
import { OutboxFlusher } from '../outbox/flusher';
import { getOutbox } from '../outbox/outbox';
import { ChatConnection, type CloseReason, type ConnectionState } from '../realtime/chat-connection';

export interface ChatRoomSession {
  state: ConnectionState;
  closeReason: CloseReason | undefined;
  /** The outbox's messages for this room (pending, failed, sent-awaiting-echo). */
  local: readonly LocalMessage[];
  send(content: string): Promise<void>;
  retry(clientMessageId: string): void;
  remove(clientMessageId: string): void;
}

/**
 * Joins the room while mounted: one ChatConnection (closed on leaving), the room's outbox flushed
 * through it, and every incoming message written into the messages query. Rendering reads the
 * query and the outbox; nothing here holds message state of its own.
 */
export function useChatRoom(roomId: number): ChatRoomSession {
  const queryClient = useQueryClient();
  const outbox = getOutbox();
  const [state, setState] = useState<ConnectionState>('CONNECTING');
  const [closeReason, setCloseReason] = useState<CloseReason | undefined>(undefined);

  useEffect(() => {
    const connection = new ChatConnection();
    // The server marks the friend's messages read when they are fetched, not when they arrive live.
    let unreadLive = false;
    const roomsChanged = () => void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
    const flusher = new OutboxFlusher(outbox, roomId, connection, roomsChanged);
    // Messages left from an earlier visit (or typed offline before a reload) show at once.
    void outbox.ready();
    const offState = connection.onStateChange((next) => {
      setState(next);
      setCloseReason(connection.getCloseReason());
    });
    const unsubscribe = connection.subscribeRoom(roomId, {
      onMessage: (message) => {
        addLiveMessage(queryClient, roomId, message);
        const page = queryClient.getQueryData<MessagesData>(chatKeys.messages(roomId))?.pages[0];
        if (page && message.senderId !== page.userId) unreadLive = true;
        if (message.clientMessageId) outbox.forgetSent([message.clientMessageId]);
        roomsChanged();
      },
      onSubscribed: () => {
        flusher.setReady(true);
        unreadLive = false;
        // Whatever was said between the last fetch (or the drop) and this subscription.
        catchUpMessages(queryClient, roomId)
          .then((page) => outbox.forgetSent(page.data.flatMap((m) => (m.clientMessageId ? [m.clientMessageId] : []))))
          .catch((error: unknown) => console.warn('chat: catch-up fetch failed', error));
      },
      onUnsubscribed: () => flusher.setReady(false),
      onForbidden: (reason) => console.warn('chat: room refused', reason),
    });
    // New message or a retry: send it if we can.
    const offOutbox = outbox.subscribe(() => flusher.kick());
    void connection.open();
    return () => {
      offOutbox();
      flusher.stop();
      unsubscribe();
      offState();
      void connection.close();
      if (unreadLive) {
        // Leaving with messages read live: one fetch marks them read, then the list's badges follow.
        fetchMessages(roomId, null)
          .then(roomsChanged)
          .catch(() => undefined);
      }
    };
  }, [roomId, queryClient, outbox]);

  const local = useSyncExternalStore(
    useCallback((listener) => outbox.subscribe(listener), [outbox]),
    () => outbox.roomSnapshot(roomId),
  );

  const send = useCallback((content: string) => outbox.enqueue(roomId, content).then(() => undefined), [outbox, roomId]);
  const retry = useCallback((id: string) => void outbox.retry(id), [outbox]);
  const remove = useCallback((id: string) => void outbox.remove(id), [outbox]);

  return { state, closeReason, local, send, retry, remove };
}
