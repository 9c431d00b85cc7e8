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
/** Headers both sides read or write besides the STOMP 1.2 standard ones. */
export const STOMP_HEADERS = {
  /** On SEND: the client's id of the message, echoed on the MESSAGE (dedup and optimistic rows). */
  clientMessageId: CLIENT_MESSAGE_ID_HEADER,
  /** On ERROR: the contract code (section 10) behind the failure, for code to act on. */
  code: 'code',
  /** On ERROR: the reason, one of STOMP_ERRORS, for people and for the client's retry rules. */
  message: 'message',
  /** On SEND/SUBSCRIBE: ask for a RECEIPT; on RECEIPT/ERROR: `receipt-id` names it. */
  receipt: 'receipt',
  receiptId: 'receipt-id',
  /** On MESSAGE (contract section 17): names an event (CHAT_EVENT); a chat Message has none. */
  event: 'event',
} as const;

/**
 * Every ERROR frame `message` the server sends (contract section 8). The client tells them apart:
 * a refusal of the message itself fails the send; the transient ones (STOMP_TRANSIENT_ERRORS) keep
 * it for the resend after reconnecting; `unauthorized`/`token expired` refresh the token first.
 */
export const STOMP_ERRORS = {
  connectTimeout: 'CONNECT timeout',
  malformedFrame: 'malformed frame',
  internal: 'internal error',
  transactionsUnsupported: 'transactions not supported',
  alreadyConnected: 'already connected',
  unexpectedCommand: 'unexpected command',
  unsupportedVersion: 'unsupported protocol version',
  unauthorized: 'unauthorized',
  tokenExpired: 'token expired',
  missingToken: 'missing bearer token',
  accountDisabled: 'account disabled',
  signedOut: 'signed out',
  duplicateSubscription: 'duplicate subscription id',
  tooManySubscriptions: 'too many subscriptions',
  ackAutoOnly: 'only ack:auto is supported',
  forbidden: 'forbidden',
  notParticipant: 'not a participant of this room',
  unknownDestination: 'unknown destination',
  sendToSubscription: 'cannot send to a subscription destination',
  messageRejected: 'message rejected',
  slowConsumer: 'slow consumer',
  heartbeatTimeout: 'heart-beat timeout',
  invalidHeartbeat: 'invalid heart-beat header',
  shuttingDown: 'server shutting down',
  // Contract section 17 (each also carries a `code` header where a contract code applies).
  rateLimited: 'too many messages',
  alreadySubscribed: 'already subscribed',
  notYourQueue: 'not your queue',
  frameTooLarge: `frame exceeds ${MAX_FRAME_BYTES} bytes`,
  /**
   * A CONNECT (or frame) the server could not handle because a part of its own failed (the
   * database, say), with header `code: COMMON503`: nothing is wrong with the token, so a client
   * keeps reconnecting (with backoff) instead of refreshing or signing out.
   */
  unavailable: 'server unavailable',
} as const;

/** Kept for existing imports: the ERROR `message` of the server's own trouble. */
export const STOMP_UNAVAILABLE = STOMP_ERRORS.unavailable;

/** The server ends the session after these; they say nothing about the message being sent. */
export const STOMP_TRANSIENT_ERRORS: readonly string[] = [
  STOMP_ERRORS.internal,
  STOMP_ERRORS.tokenExpired,
  STOMP_ERRORS.heartbeatTimeout,
  STOMP_ERRORS.shuttingDown,
  STOMP_ERRORS.slowConsumer,
  STOMP_ERRORS.unavailable,
  // Over CHAT_RATE (section 17): the message itself is fine; it goes out again after the reconnect.
  STOMP_ERRORS.rateLimited,
];

export const sendBodySchema = z.object({
  content: z
    .string()
    // Control and bidi-override characters are removed, not refused (decision: chat keeps what it can).
    .transform((s) => stripUnsafeText(s).trim())
    .pipe(z.string().min(1, '메시지를 입력해 주세요.').max(MAX_MESSAGE_CHARS, '메시지는 1000자 이하로 보내 주세요.')),
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

// ---- Contract section 17: read state, typing, the member queue, limits --------------------------
// (Its ERROR messages and the `event` header live in STOMP_ERRORS / STOMP_HEADERS above.)

export const readPublish = (roomId: number | string) => `/pub/read/${roomId}`;
export const typingPublish = (roomId: number | string) => `/pub/typing/${roomId}`;
export const READ_PUBLISH_RE = /^\/pub\/read\/(\d{1,15})$/;
export const TYPING_PUBLISH_RE = /^\/pub\/typing\/(\d{1,15})$/;
/** The caller's own queue of `event:room` MESSAGEs; any other `/sub/members/*` is refused. */
export const MEMBER_QUEUE = '/sub/members/me';
export const MEMBER_QUEUE_PREFIX_RE = /^\/sub\/members(\/|$)/;

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
  /** The member's unread messages over all their rooms, as GET /api/chatrooms/unread answers. */
  totalUnreadCount: z.number().int().min(0),
});
export type RoomEvent = z.infer<typeof roomEventSchema>;

/** At most one typing event per member per this; the PWA sends no more often. */
export const TYPING_MIN_INTERVAL_MS = 1000;
/** The PWA shows "입력 중…" this long after the last typing event. */
export const TYPING_SHOWN_MS = 3000;
/** CHAT_RATE's default: SENDs per second per member, and the burst allowed above it. */
export const CHAT_RATE_DEFAULT = { perSecond: 10, burst: 30 } as const;
