import type { ChatMessage, LeftEvent, NotificationEvent, ReadEvent, RoomEvent, TypingEvent } from '../../../../contract/stomp';

/**
 * The contract's STOMP MESSAGE bodies (contract/stomp.ts), checked by hand: the chat connection
 * starts right after home renders on every visit, and zod would come with it (~28 KB gzip and its
 * schemas built at load, decision 0022). Each returns the body typed, or null when it does not
 * match, so a frame of another shape never reaches the handlers.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';
/** A message id as text: a positive decimal of at most 19 digits. */
const isMessageId = (value: unknown): value is string => typeof value === 'string' && /^[1-9]\d{0,18}$/.test(value);

export function readChatMessage(body: unknown): ChatMessage | null {
  if (!isObject(body) || !isObject(body.id)) return null;
  const { id, roomId, senderId, content, createdAt, clientMessageId, unreadCount } = body;
  if (typeof id.value !== 'string' || !isNumber(id.timestamp) || typeof id.date !== 'string') return null;
  if (!isNumber(roomId) || !isNumber(senderId) || typeof content !== 'string' || typeof createdAt !== 'string') return null;
  if (clientMessageId !== undefined && typeof clientMessageId !== 'string') return null;
  return {
    id: { value: id.value, timestamp: id.timestamp, date: id.date },
    roomId,
    senderId,
    content,
    createdAt,
    ...(clientMessageId === undefined ? {} : { clientMessageId }),
    // Contract section 17: 1 while the other member has not read it, else 0 (anything else reads as 0).
    unreadCount: unreadCount === 1 ? 1 : 0,
  };
}

export function readReadEvent(body: unknown): ReadEvent | null {
  if (!isObject(body) || !isNumber(body.memberId) || !isMessageId(body.lastReadMessageId)) return null;
  return { memberId: body.memberId, lastReadMessageId: body.lastReadMessageId };
}

/** `event:left` (decision 0060): the friend left the room. */
export function readLeftEvent(body: unknown): LeftEvent | null {
  return isObject(body) && isNumber(body.memberId) ? { memberId: body.memberId } : null;
}

export function readTypingEvent(body: unknown): TypingEvent | null {
  return isObject(body) && isNumber(body.memberId) ? { memberId: body.memberId } : null;
}

export function readRoomEvent(body: unknown): RoomEvent | null {
  if (!isObject(body)) return null;
  const { roomId, lastMessage, lastMessageSentAt, unreadCount, totalUnreadCount } = body;
  if (!isNumber(roomId) || !isStringOrNull(lastMessage) || !isStringOrNull(lastMessageSentAt) || !isCount(unreadCount) || !isCount(totalUnreadCount)) {
    return null;
  }
  // Decision 0060: optional, as servers before it do not send it; when present, a string or null.
  const { lastMessageAt } = body;
  if (lastMessageAt === undefined) return { roomId, lastMessage, lastMessageSentAt, unreadCount, totalUnreadCount };
  return isStringOrNull(lastMessageAt) ? { roomId, lastMessage, lastMessageSentAt, lastMessageAt, unreadCount, totalUnreadCount } : null;
}

export function readNotificationEvent(body: unknown): NotificationEvent | null {
  if (!isObject(body) || typeof body.type !== 'string') return null;
  return typeof body.content === 'string' ? { type: body.type, content: body.content } : { type: body.type };
}
