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
  /** Contract section 17: 1 while the member who did not send it has not read it yet, else 0. */
  unreadCount: z.number().int().min(0).max(1).catch(0),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

// ---- Contract section 17: read state, typing, the member queue, limits --------------------------
// (A block of its own: the section 8 literals above are being gathered by another change.)

export const readPublish = (roomId: number | string) => `/pub/read/${roomId}`;
export const typingPublish = (roomId: number | string) => `/pub/typing/${roomId}`;
export const READ_PUBLISH_RE = /^\/pub\/read\/(\d{1,15})$/;
export const TYPING_PUBLISH_RE = /^\/pub\/typing\/(\d{1,15})$/;
/** The caller's own queue of `event:room` MESSAGEs; any other `/sub/members/*` is refused. */
export const MEMBER_QUEUE = '/sub/members/me';
export const MEMBER_QUEUE_PREFIX_RE = /^\/sub\/members(\/|$)/;

/** MESSAGE header telling an event from a chat Message (which has none). */
export const EVENT_HEADER = 'event';
export const CHAT_EVENT = { read: 'read', typing: 'typing', room: 'room' } as const;

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
/** `event:room` on `/sub/members/me`: the room as the chat list shows it, for this member. */
export const roomEventSchema = z.object({
  roomId: z.number(),
  lastMessage: z.string().nullable(),
  /** "HH:mm", Asia/Seoul, as in GET /api/chatrooms. */
  lastMessageSentAt: z.string().nullable(),
  unreadCount: z.number().int().min(0),
});
export type RoomEvent = z.infer<typeof roomEventSchema>;

/** At most one typing event per member per this; the PWA sends no more often. */
export const TYPING_MIN_INTERVAL_MS = 1000;
/** The PWA shows "입력 중…" this long after the last typing event. */
export const TYPING_SHOWN_MS = 3000;
/** CHAT_RATE's default: SENDs per second per member, and the burst allowed above it. */
export const CHAT_RATE_DEFAULT = { perSecond: 10, burst: 30 } as const;

/** ERROR `message`s of section 17 (each also carries a `code` header). */
export const STOMP_RATE_LIMITED = 'too many messages';
export const STOMP_ALREADY_SUBSCRIBED = 'already subscribed';
export const STOMP_NOT_YOUR_QUEUE = 'not your queue';
export const STOMP_FRAME_TOO_LARGE = `frame exceeds ${MAX_FRAME_BYTES} bytes`;
