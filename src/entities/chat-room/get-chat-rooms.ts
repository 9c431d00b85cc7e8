import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/http';
import { chatKeys } from './keys';

/** Spec section 9: the chat list loads 10 rooms a page. */
export const CHAT_ROOMS_PAGE_SIZE = 10;

export const chatRoomSchema = z.object({
  roomId: z.number(),
  friendId: z.number().optional(),
  friendName: z.string(),
  friendDepartment: z.string().nullish(),
  friendImageUrl: z.string().nullish(),
  lastMessage: z.string().nullish(),
  lastMessageSentAt: z.string().nullish(),
  unreadCount: z.number().optional(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

const chatRoomsPageSchema = z.object({
  data: z.array(chatRoomSchema),
  meta: z.object({ currentPage: z.number(), hasNext: z.boolean() }).loose(),
});
export type ChatRoomsPage = z.infer<typeof chatRoomsPageSchema>;

/** GET /api/chatrooms?page&size */
export function fetchChatRooms(page: number, signal?: AbortSignal): Promise<ChatRoomsPage> {
  const search = new URLSearchParams({ page: String(page), size: String(CHAT_ROOMS_PAGE_SIZE) });
  return apiJson(`/api/chatrooms?${search.toString()}`, { signal }, chatRoomsPageSchema);
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
