import { z } from 'zod';
import type { ChatMessage } from './stomp';
import type { Paged } from './members';

/** Contract section 7: chat REST shapes. */

export const CHAT_LIST_PAGE_SIZE = 10;
export const CHAT_MESSAGES_PAGE_SIZE = 20;

const size = (fallback: number) => z.coerce.number().int().min(1).max(50).default(fallback);

export const chatRoomsQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: size(CHAT_LIST_PAGE_SIZE),
});

export const openChatRoomQuerySchema = z.object({
  friendId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const roomIdParamsSchema = z.object({
  roomId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const chatMessagesQuerySchema = z.object({
  size: size(CHAT_MESSAGES_PAGE_SIZE),
  /** The previous page's opaque `nextCursor`; empty = first page. */
  cursor: z.string().optional(),
});

/** One row of GET /api/chatrooms. */
export interface ChatRoomItem {
  roomId: number;
  friendId: number;
  friendName: string;
  friendDepartment: string;
  friendImageUrl: string | null;
  /** null while the room has no message yet. */
  lastMessage: string | null;
  /** "HH:mm" (24-hour, Asia/Seoul); null while the room has no message yet. */
  lastMessageSentAt: string | null;
  /** Messages from the friend the caller has not read yet. */
  unreadCount: number;
}

export type ChatRoomPage = Paged<ChatRoomItem>;

/** Result of POST /api/chatrooms?friendId=. */
export interface OpenedChatRoom {
  chatRoomId: number;
  starterId: number;
  friendName: string;
  friendDepartment: string;
}

/** Result of GET /api/chatrooms/{roomId}/messages: newest first. */
export interface ChatMessagesPage {
  userId: number;
  friendId: number;
  data: ChatMessage[];
  meta: { pageSize: number; hasNext: boolean; nextCursor: string | null };
}
