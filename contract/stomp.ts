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
];

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
