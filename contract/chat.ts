import { z } from 'zod';
import { pagedSchema } from './members';
import { chatMessageSchema } from './stomp';

/** Contract section 7: chat REST shapes. */

const CHAT_LIST_PAGE_SIZE = 10;
const CHAT_MESSAGES_PAGE_SIZE = 20;

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
const chatRoomItemSchema = z.object({
  roomId: z.number().int(),
  friendId: z.number().int(),
  friendName: z.string(),
  friendDepartment: z.string(),
  friendImageUrl: z.string().nullable(),
  /** null while the room has no message yet. */
  lastMessage: z.string().nullable(),
  /** "HH:mm" (24-hour, Asia/Seoul); null while the room has no message yet. */
  lastMessageSentAt: z.string().nullable(),
  /**
   * Extension (decision 0060): the last message's instant, ISO-8601 with offset, so the list can
   * say 어제 or 12월 5일 rather than a bare clock. Optional: older servers and cached lists lack it.
   */
  lastMessageAt: z.string().nullable().optional(),
  /** Messages from the friend the caller has not read yet. */
  unreadCount: z.number().int(),
});
export type ChatRoomItem = z.infer<typeof chatRoomItemSchema>;

export const chatRoomPageSchema = pagedSchema(chatRoomItemSchema);
export type ChatRoomPage = z.infer<typeof chatRoomPageSchema>;

/**
 * Result of GET /api/chatrooms/unread (contract section 17): the friends' messages the caller has
 * not read, over every room of theirs (not only the list's loaded pages) — the 채팅 tab and app icon
 * badge. `event:room`'s `totalUnreadCount` keeps it current between fetches.
 */
export const chatUnreadSchema = z.object({ unreadCount: z.number().int().min(0) });
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/** Result of POST /api/chatrooms?friendId=. */
export const openedChatRoomSchema = z.object({
  chatRoomId: z.number().int(),
  starterId: z.number().int(),
  friendName: z.string(),
  friendDepartment: z.string(),
});
export type OpenedChatRoom = z.infer<typeof openedChatRoomSchema>;

/** Result of GET /api/chatrooms/{roomId}/messages: newest first. */
export const chatMessagesPageSchema = z.object({
  userId: z.number().int(),
  friendId: z.number().int(),
  data: z.array(chatMessageSchema),
  meta: z.object({ pageSize: z.number().int(), hasNext: z.boolean(), nextCursor: z.string().nullable() }),
  /**
   * Extension (decision 0060): the friend has left the room (PATCH /api/chatrooms/{roomId}), so it
   * cannot be written to until one of the two opens it again. Optional: older servers omit it.
   */
  friendLeft: z.boolean().optional(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPageSchema>;
