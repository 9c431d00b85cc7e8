import type { z } from 'zod';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { chatMessagesPageSchema, ChatMessagesPage } from '../../../contract/chat';
import { apiJson } from '../../lib/http';
import { chatKeys } from './keys';

/** Spec section 9: 20 messages a page. */
const MESSAGES_PAGE_SIZE = 20;

export type MessagesPage = ChatMessagesPage;
export type MessagesData = InfiniteData<MessagesPage, string | null>;

/** GET /api/chatrooms/{roomId}/messages?size=20&cursor= */
export function fetchMessages(roomId: number, cursor: string | null, signal?: AbortSignal): Promise<MessagesPage> {
  const search = new URLSearchParams({ roomId: String(roomId), size: String(MESSAGES_PAGE_SIZE) });
  if (cursor) search.set('cursor', cursor);
  return apiJson<z.infer<typeof chatMessagesPageSchema>>(`/api/chatrooms/${roomId}/messages?${search.toString()}`, { signal });
}

export const messagesQueryOptions = (roomId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(roomId),
    queryFn: ({ pageParam, signal }) => fetchMessages(roomId, pageParam, signal),
    initialPageParam: null as string | null,
    // "Next" page = older messages.
    getNextPageParam: (last) => (last.meta.hasNext && last.meta.nextCursor ? last.meta.nextCursor : undefined),
    // Live delivery keeps it current while the room is open; refetching every loaded page on
    // focus would only repeat that work.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useMessages(roomId: number) {
  return useInfiniteQuery(messagesQueryOptions(roomId));
}
