import type { z } from 'zod';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { chatRoomPageSchema, ChatRoomItem, ChatRoomPage } from '../../../contract/chat';
import { apiJson } from '../../lib/http';
import { chatKeys } from './keys';

/** Spec section 9: the chat list loads 10 rooms a page. */
const CHAT_ROOMS_PAGE_SIZE = 10;

export type ChatRoom = ChatRoomItem;
export type ChatRoomsPage = ChatRoomPage;

/** GET /api/chatrooms?page&size */
function fetchChatRooms(page: number, signal?: AbortSignal): Promise<ChatRoomsPage> {
  const search = new URLSearchParams({ page: String(page), size: String(CHAT_ROOMS_PAGE_SIZE) });
  return apiJson<z.infer<typeof chatRoomPageSchema>>(`/api/chatrooms?${search.toString()}`, { signal });
}

export const chatRoomsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.rooms(),
    queryFn: ({ pageParam, signal }) => fetchChatRooms(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.meta.hasNext ? last.meta.currentPage + 1 : undefined),
  });

export function useChatRooms() {
  return useInfiniteQuery(chatRoomsQueryOptions());
}
