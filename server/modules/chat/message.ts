import type { ChatMessage } from '../../../contract/stomp';

/** Korea has had no daylight saving time since 1988, so a fixed offset is exact. */
const KST_OFFSET_MS = 9 * 3600 * 1000;

/** ISO-8601 in Asia/Seoul with an explicit offset: `2025-03-02T12:30:05.123+09:00`. */
export function seoulIso(epochMs: number): string {
  return new Date(epochMs + KST_OFFSET_MS).toISOString().replace('Z', '+09:00');
}

/** "HH:mm" in Asia/Seoul (24-hour; the client renders AM/PM). */
export function seoulHourMinute(epochMs: number): string {
  return new Date(epochMs + KST_OFFSET_MS).toISOString().slice(11, 16);
}

export interface MessageRow {
  /** bigserial as a decimal string (never a JS number past 2^53). */
  id: string;
  roomId: number;
  senderId: number;
  content: string;
  clientMessageId: string | null;
  createdMs: number;
}

/**
 * Contract section 7. `id.date` and `createdAt` carry the +09:00 offset so clients that group by
 * the date prefix get the Korean calendar day, and clients that parse get the right instant.
 * `unreadCount` is 1 while the member who did not send it has not read it (section 17).
 */
export function toChatMessage(row: MessageRow, unreadCount: 0 | 1): ChatMessage {
  const iso = seoulIso(row.createdMs);
  const message: ChatMessage = {
    id: { value: row.id, timestamp: Math.floor(row.createdMs / 1000), date: iso },
    roomId: row.roomId,
    senderId: row.senderId,
    content: row.content,
    createdAt: iso,
    unreadCount,
  };
  if (row.clientMessageId !== null) message.clientMessageId = row.clientMessageId;
  return message;
}

const CURSOR_RE = /^[A-Za-z0-9_-]{1,24}$/;
const ID_RE = /^[1-9]\d{0,18}$/;

/** Opaque to clients: base64url of the last message id of the page. */
export function encodeCursor(messageId: string): string {
  return Buffer.from(messageId, 'utf8').toString('base64url');
}

/** The id a cursor stands for, or undefined when it is not one we could have issued. */
export function decodeCursor(cursor: string): string | undefined {
  if (!CURSOR_RE.test(cursor)) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!ID_RE.test(id) || BigInt(id) > 9_223_372_036_854_775_807n) return undefined;
  // Only the canonical encoding: no padding tricks or trailing bits.
  return encodeCursor(id) === cursor ? id : undefined;
}

/** Whether the message is past the read position of the member who did not send it. */
export function unreadFor(row: Pick<MessageRow, 'id' | 'senderId'>, room: { memberA: number; aReadId: string; bReadId: string }): 0 | 1 {
  const readId = row.senderId === room.memberA ? room.bReadId : room.aReadId;
  return BigInt(row.id) > BigInt(readId) ? 1 : 0;
}
