// Plain values of contract/stomp.ts, no zod: the PWA imports these from here, so a browser never builds
// the schemas of stomp.ts (decision 0022); the server imports them through stomp.ts.
import { stripUnsafeText } from './members-values';

/** Contract section 8. */
export const STOMP_ENDPOINT = '/ws';

export const CLIENT_MESSAGE_ID_HEADER = 'client-message-id';

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
  /**
   * On ERROR with `code: AUTH_403_DISABLED` (section 16, extension 정지 기간): the end of a timed
   * suspension (REST's `result.suspendedUntil`) in epoch milliseconds, digits only. Not ISO: the
   * ERROR that refuses a CONNECT comes before STOMP 1.2 is agreed, and @stomp/stompjs does not undo
   * the `\c` escapes of its colons there. Absent for a permanent one (and from servers before it),
   * so a client reads it as optional.
   */
  suspendedUntilMs: 'suspended-until-ms',
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
  /**
   * A SEND to a room the friend has left (decision 0060), with header `code: CHAT_403`: nobody is
   * there to receive it. Said in Korean, as the room's notice says it.
   */
  friendLeft: '상대방이 채팅방을 나가서 메시지를 보낼 수 없어요.',
} as const;

/** The SEND body's `content` rule in words and as a function: the PWA's outbox checks it without zod (decision 0022). */
export const SEND_CONTENT_ERRORS = { empty: '메시지를 입력해 주세요.', tooLong: '메시지는 1000자 이하로 보내 주세요.' } as const;

// Control and bidi-override characters are removed, not refused (decision: chat keeps what it can).
export const normalizeSendContent = (s: string) => stripUnsafeText(s).trim();

// ---- Contract section 17: read state, typing, the member queue, limits --------------------------
// (Its ERROR messages and the `event` header live in STOMP_ERRORS / STOMP_HEADERS above.)

export const readPublish = (roomId: number | string) => `/pub/read/${roomId}`;

export const typingPublish = (roomId: number | string) => `/pub/typing/${roomId}`;

/**
 * `notification` (extension): a notification was stored for this member (a request, an answer, a
 * meetup's change, …), on `/sub/members/me` after its commit, body `{ type }`: an open app fetches
 * its notifications and, for a meetup's, its meetups, so a chat room open on the other phone
 * shows a proposal or a cancellation without a reload. Clients ignore events they do not know.
 * `left` (extension, decision 0060): on `/sub/rooms/{roomId}`, body `{ memberId }`, to the member
 * still in the room when the other one left it: the room says so and cannot be written to.
 */
export const CHAT_EVENT = { read: 'read', typing: 'typing', room: 'room', notification: 'notification', left: 'left' } as const;

/** At most one typing event per member per this; the PWA sends no more often. */
export const TYPING_MIN_INTERVAL_MS = 1000;

/** The PWA shows "입력 중…" this long after the last typing event. */
export const TYPING_SHOWN_MS = 3000;

export const roomTopic = (roomId: number | string) => `/sub/rooms/${roomId}`;
export const roomPublish = (roomId: number | string) => `/pub/chat/${roomId}`;

export const HEARTBEAT_MS = 10_000;

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

/** The caller's own queue of `event:room` MESSAGEs; any other `/sub/members/*` is refused. */
export const MEMBER_QUEUE = '/sub/members/me';
