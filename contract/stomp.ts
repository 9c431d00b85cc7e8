import { z } from 'zod';
import { MAX_MESSAGE_CHARS, SEND_CONTENT_ERRORS, STOMP_ERRORS, normalizeSendContent } from './stomp-values';
// The plain values (no zod) live in ./stomp-values.ts: the PWA imports them from there, so it never
// builds this file's schemas (decision 0022). Re-exported here for the server.
export {
  CHAT_EVENT,
  CLIENT_MESSAGE_ID_HEADER,
  MAX_FRAME_BYTES,
  STOMP_ENDPOINT,
  STOMP_ERRORS,
  STOMP_HEADERS,
  TYPING_MIN_INTERVAL_MS,
  readPublish,
  typingPublish,
  roomTopic,
  roomPublish,
  HEARTBEAT_MS,
  MEMBER_QUEUE,
} from './stomp-values';

export const ROOM_TOPIC_RE = /^\/sub\/rooms\/(\d{1,15})$/;
export const ROOM_PUBLISH_RE = /^\/pub\/chat\/(\d{1,15})$/;

/** Kept for existing imports: the ERROR `message` of the server's own trouble. */
export const STOMP_UNAVAILABLE = STOMP_ERRORS.unavailable;

export const sendBodySchema = z.object({
  content: z.string().transform(normalizeSendContent).pipe(z.string().min(1, SEND_CONTENT_ERRORS.empty).max(MAX_MESSAGE_CHARS, SEND_CONTENT_ERRORS.tooLong)),
});

const messageIdSchema = z.object({ value: z.string(), timestamp: z.number(), date: z.string() });

export const chatMessageSchema = z.object({
  id: messageIdSchema,
  roomId: z.number(),
  senderId: z.number(),
  content: z.string(),
  createdAt: z.string(),
  clientMessageId: z.string().optional(),
  /** Contract section 17: 1 while the member who did not send it has not read it yet, else 0. */
  unreadCount: z.number().int().min(0).max(1).catch(0),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const READ_PUBLISH_RE = /^\/pub\/read\/(\d{1,15})$/;
export const TYPING_PUBLISH_RE = /^\/pub\/typing\/(\d{1,15})$/;
export const MEMBER_QUEUE_PREFIX_RE = /^\/sub\/members(\/|$)/;

/** A message id as `id.value` carries it: a positive decimal bigint. */
const messageIdValue = z.string().regex(/^[1-9]\d{0,18}$/);

/** SEND `/pub/read/{roomId}` body. */
export const readBodySchema = z.object({ lastReadMessageId: messageIdValue });
/** `event:read` on `/sub/rooms/{roomId}`: `memberId` has read every message up to `lastReadMessageId`. */
export const readEventSchema = z.object({ memberId: z.number(), lastReadMessageId: messageIdValue });
export type ReadEvent = z.infer<typeof readEventSchema>;
/** `event:typing` on `/sub/rooms/{roomId}`, to the other member only. */
export const typingEventSchema = z.object({ memberId: z.number() });
export type TypingEvent = z.infer<typeof typingEventSchema>;
/** `event:left` on `/sub/rooms/{roomId}` (decision 0060): `memberId` left the room; sent to the member still in it. */
export const leftEventSchema = z.object({ memberId: z.number() });
export type LeftEvent = z.infer<typeof leftEventSchema>;
/** `event:room` on `/sub/members/me`: the room as the chat list shows it, for this member. */
export const roomEventSchema = z.object({
  roomId: z.number(),
  lastMessage: z.string().nullable(),
  /** "HH:mm", Asia/Seoul, as in GET /api/chatrooms. */
  lastMessageSentAt: z.string().nullable(),
  /** Extension (decision 0060): the last message's instant, ISO-8601 with offset, as in GET /api/chatrooms. */
  lastMessageAt: z.string().nullable().optional(),
  unreadCount: z.number().int().min(0),
  /** The member's unread messages over all their rooms, as GET /api/chatrooms/unread answers. */
  totalUnreadCount: z.number().int().min(0),
});
export type RoomEvent = z.infer<typeof roomEventSchema>;
/** `event:notification` on `/sub/members/me` (extension): a notification of this type (section 6) was stored for the member. */
export interface NotificationEvent {
  type: string;
  /** The notification's text (extension), for an open app to show an answer it would otherwise only redraw. */
  content?: string;
}

/** CHAT_RATE's default: SENDs per second per member, and the burst allowed above it. */
export const CHAT_RATE_DEFAULT = { perSecond: 10, burst: 30 } as const;
