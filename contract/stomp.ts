import { z } from 'zod';
import { stripUnsafeText } from './members';

/** Contract section 8. */
export const STOMP_ENDPOINT = '/ws';
export const roomTopic = (roomId: number | string) => `/sub/rooms/${roomId}`;
export const roomPublish = (roomId: number | string) => `/pub/chat/${roomId}`;
export const ROOM_TOPIC_RE = /^\/sub\/rooms\/(\d{1,15})$/;
export const ROOM_PUBLISH_RE = /^\/pub\/chat\/(\d{1,15})$/;
export const CLIENT_MESSAGE_ID_HEADER = 'client-message-id';
export const HEARTBEAT_MS = 10_000;
export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_MESSAGE_CHARS = 1000;
/**
 * The ERROR `message` for a CONNECT (or frame) the server could not handle because a part of its
 * own failed (the database, say), with header `code: COMMON503`: nothing is wrong with the token,
 * so a client keeps reconnecting (with backoff) instead of refreshing or signing out.
 */
export const STOMP_UNAVAILABLE = 'server unavailable';

export const sendBodySchema = z.object({
  content: z
    .string()
    // Control and bidi-override characters are removed, not refused (decision: chat keeps what it can).
    .transform((s) => stripUnsafeText(s).trim())
    .pipe(z.string().min(1, '메시지를 입력해 주세요.').max(MAX_MESSAGE_CHARS, '메시지는 1000자 이하로 보내 주세요.')),
});

export const messageIdSchema = z.object({ value: z.string(), timestamp: z.number(), date: z.string() });

export const chatMessageSchema = z.object({
  id: messageIdSchema,
  roomId: z.number(),
  senderId: z.number(),
  content: z.string(),
  createdAt: z.string(),
  clientMessageId: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
