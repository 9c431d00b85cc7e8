import type { ChatMessage } from '../../../../contract/stomp';
import { formatDateHeading, formatMessageTime, seoulDayKey, seoulMinuteKey } from './time';

/** What the outbox contributes to the screen (see outbox/outbox.ts). */
export interface LocalMessage {
  clientMessageId: string;
  content: string;
  createdAt: string;
  /** `sent`: acknowledged by the server, its broadcast copy not seen yet. */
  status: 'pending' | 'failed' | 'sent';
}

type DeliveryStatus = LocalMessage['status'];

/** One message as the room shows it, whether it came from the server or the outbox. */
export interface TimelineMessage {
  key: string;
  content: string;
  mine: boolean;
  /** null for the user's own outbox messages before the server has them. */
  senderId: number | null;
  at: number;
  status: DeliveryStatus;
  clientMessageId?: string;
  /** Section 7's `id.value`, for messages the server has (a report attaches it). */
  messageId?: string;
  /** Mine and not read by the friend yet: the room shows `1` beside it (contract section 17). */
  unread: boolean;
}

export type TimelineRow =
  | { kind: 'date'; key: string; label: string }
  | {
      kind: 'message';
      key: string;
      message: TimelineMessage;
      /** First of a run by the same sender on the same day: the friend's avatar and name go here. */
      runStart: boolean;
      /** Hidden when the next message is by the same sender in the same minute. */
      showTime: boolean;
      timeLabel: string;
    };

/** The instant a message belongs to: `id.date` (what existing clients group by), else createdAt. */
function messageInstant(message: Pick<ChatMessage, 'id' | 'createdAt'>): number {
  const fromId = Date.parse(message.id.date);
  if (!Number.isNaN(fromId)) return fromId;
  const fromCreated = Date.parse(message.createdAt);
  if (!Number.isNaN(fromCreated)) return fromCreated;
  return message.id.timestamp * 1000;
}

/** Oldest first; equal instants keep the server's id order. */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  const byTime = messageInstant(a) - messageInstant(b);
  if (byTime !== 0) return byTime;
  return a.id.value < b.id.value ? -1 : a.id.value > b.id.value ? 1 : 0;
}

/**
 * Server messages (any order, possibly repeated across pages and live delivery) and the outbox's
 * messages → one oldest-first list. A local message whose broadcast copy (same clientMessageId)
 * is already among the server messages is dropped: the server's copy wins, so nothing shows twice.
 * Local messages follow the server's, in outbox order.
 */
export function mergeTimeline(serverMessages: readonly ChatMessage[], local: readonly LocalMessage[], userId: number | null): TimelineMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of serverMessages) byId.set(message.id.value, message);
  const sorted = [...byId.values()].sort(compareMessages);

  const echoed = new Set<string>();
  const timeline: TimelineMessage[] = sorted.map((message) => {
    if (message.clientMessageId) echoed.add(message.clientMessageId);
    return {
      // Keyed by the client id when there is one, so the bubble stays the same element when the
      // outbox copy is replaced by the server's.
      key: message.clientMessageId ? `c:${message.clientMessageId}` : message.id.value,
      content: message.content,
      mine: userId !== null && message.senderId === userId,
      senderId: message.senderId,
      at: messageInstant(message),
      status: 'sent',
      messageId: message.id.value,
      unread: userId !== null && message.senderId === userId && message.unreadCount === 1,
      ...(message.clientMessageId ? { clientMessageId: message.clientMessageId } : {}),
    };
  });

  for (const entry of local) {
    if (echoed.has(entry.clientMessageId)) continue;
    const at = Date.parse(entry.createdAt);
    timeline.push({
      key: `c:${entry.clientMessageId}`,
      content: entry.content,
      mine: true,
      senderId: userId,
      at: Number.isNaN(at) ? Date.now() : at,
      status: entry.status,
      clientMessageId: entry.clientMessageId,
      // Stored but not echoed yet: nobody can have read it.
      unread: entry.status === 'sent',
    });
  }
  return timeline;
}

const sameSender = (a: TimelineMessage, b: TimelineMessage) => a.mine === b.mine && (a.mine || a.senderId === b.senderId);

/** Adds the date headings and decides where the avatar/name and the time go. */
export function buildRows(messages: readonly TimelineMessage[]): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let previous: TimelineMessage | undefined;
  messages.forEach((message, index) => {
    const day = seoulDayKey(message.at);
    const newDay = !previous || seoulDayKey(previous.at) !== day;
    if (newDay) rows.push({ kind: 'date', key: `date:${day}`, label: formatDateHeading(message.at) });
    const next = messages[index + 1];
    // Only a next message that shows a time can stand in for this one's (pending and failed
    // bubbles show their state instead).
    const nextSameMinute = next !== undefined && next.status === 'sent' && sameSender(message, next) && seoulMinuteKey(next.at) === seoulMinuteKey(message.at);
    rows.push({
      kind: 'message',
      key: message.key,
      message,
      runStart: newDay || !previous || !sameSender(previous, message),
      showTime: !nextSameMinute,
      timeLabel: formatMessageTime(message.at),
    });
    previous = message;
  });
  return rows;
}
