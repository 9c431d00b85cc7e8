import { CHAT_EVENT, STOMP_HEADERS } from '../../../../contract/stomp-values';
import type { ChatMessage, LeftEvent, NotificationEvent, ReadEvent, RoomEvent, TypingEvent } from '../../../../contract/stomp';
import { readChatMessage, readLeftEvent, readNotificationEvent, readReadEvent, readRoomEvent, readTypingEvent } from './frames';
import type { StompClientLike, StompFrameLike } from './stomp-client';

/** What every subscription hears about its own life. */
interface LifeHandlers {
  /** The SUBSCRIBE was acknowledged: live from here on. Called after every (re)connect. */
  onSubscribed?(): void;
  /** The socket dropped: MESSAGEs may be missed until the next onSubscribed. */
  onUnsubscribed?(): void;
  /** The server refused the subscription (not a participant, or left the room). */
  onForbidden?(reason: string): void;
}

export interface RoomHandlers extends LifeHandlers {
  onMessage(message: ChatMessage): void;
  /** `event:read`: a member has read up to a message (contract section 17). */
  onRead?(event: ReadEvent): void;
  /** `event:typing`: the friend is typing. */
  onTyping?(event: TypingEvent): void;
  /** `event:left` (decision 0060): the friend left the room; it cannot be written to now. */
  onLeft?(event: LeftEvent): void;
}

export interface QueueHandlers extends LifeHandlers {
  /** `event:room` on `/sub/members/me`: one of the member's rooms changed. */
  onRoom(event: RoomEvent): void;
  /** `event:notification` (extension): a notification of this type was stored for the member. */
  onNotification?(event: NotificationEvent): void;
}

interface Entry {
  destination: string;
  handlers: LifeHandlers;
  /** Checks a MESSAGE against the contract and hands it on; false when it does not match. */
  deliver(frame: StompFrameLike): boolean;
  receiptId?: string;
  subscription?: { unsubscribe(): void };
  subscribed: boolean;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A room topic's MESSAGEs: chat Messages of this room, or section 17 events. */
export function roomDelivery(roomId: number, handlers: RoomHandlers): (frame: StompFrameLike) => boolean {
  return (frame) => {
    const json = parseJson(frame.body);
    const event = frame.headers[STOMP_HEADERS.event];
    if (event === CHAT_EVENT.read) {
      const read = readReadEvent(json);
      if (read) handlers.onRead?.(read);
      return read !== null;
    }
    if (event === CHAT_EVENT.typing) {
      const typing = readTypingEvent(json);
      if (typing) handlers.onTyping?.(typing);
      return typing !== null;
    }
    if (event === CHAT_EVENT.left) {
      const left = readLeftEvent(json);
      if (left) handlers.onLeft?.(left);
      return left !== null;
    }
    // An event this client does not know yet is not an error.
    if (event !== undefined) return true;
    const message = readChatMessage(json);
    if (!message || message.roomId !== roomId) return false;
    handlers.onMessage(message);
    return true;
  };
}

/** The member queue's MESSAGEs: `event:room` and `event:notification`. */
export function queueDelivery(handlers: QueueHandlers): (frame: StompFrameLike) => boolean {
  return (frame) => {
    const event = frame.headers[STOMP_HEADERS.event];
    if (event === CHAT_EVENT.notification) {
      const notification = readNotificationEvent(parseJson(frame.body));
      if (notification) handlers.onNotification?.(notification);
      return notification !== null;
    }
    if (event !== CHAT_EVENT.room) return true;
    const room = readRoomEvent(parseJson(frame.body));
    if (room) handlers.onRoom(room);
    return room !== null;
  };
}

/**
 * The destinations a connection wants, kept across reconnects: each is subscribed (with a receipt)
 * on every connect, and its MESSAGEs are checked against the contract before they reach handlers.
 */
export class Subscriptions {
  private readonly entries = new Map<string, Entry>();

  /**
   * Adds (or replaces) a destination; subscribes at once through `client` when given. Returns its
   * removal, which hands back the live subscription (if any) for the caller to end.
   */
  add(
    destination: string,
    handlers: LifeHandlers,
    deliver: (frame: StompFrameLike) => boolean,
    client: StompClientLike | undefined,
    nextReceipt: () => string,
  ): () => { unsubscribe(): void } | undefined {
    const previous = this.entries.get(destination);
    previous?.subscription?.unsubscribe();
    const entry: Entry = { destination, handlers, deliver, subscribed: false };
    this.entries.set(destination, entry);
    if (client) this.subscribe(entry, client, nextReceipt);
    return () => {
      if (this.entries.get(destination) !== entry) return undefined;
      this.entries.delete(destination);
      return entry.subscription;
    };
  }

  /** Subscribes every destination (after a connect). */
  subscribeAll(client: StompClientLike, nextReceipt: () => string): void {
    for (const entry of this.entries.values()) this.subscribe(entry, client, nextReceipt);
  }

  /**
   * The SUBSCRIBE with this receipt was refused: the destination is dropped (subscribing again
   * would be refused the same way) and its handlers told. False when the receipt is not ours.
   */
  refuse(receiptId: string, reason: string): boolean {
    for (const entry of this.entries.values()) {
      if (entry.receiptId !== receiptId) continue;
      this.entries.delete(entry.destination);
      entry.handlers.onForbidden?.(reason);
      return true;
    }
    return false;
  }

  /** The socket is gone: every destination is unsubscribed until the next connect. */
  dropAll(): void {
    for (const entry of this.entries.values()) {
      entry.subscription = undefined;
      entry.receiptId = undefined;
      if (entry.subscribed) {
        entry.subscribed = false;
        entry.handlers.onUnsubscribed?.();
      }
    }
  }

  private subscribe(entry: Entry, client: StompClientLike, nextReceipt: () => string): void {
    const receiptId = `sub-${nextReceipt()}`;
    entry.receiptId = receiptId;
    entry.subscribed = false;
    client.watchForReceipt(receiptId, () => {
      if (this.entries.get(entry.destination) !== entry || entry.receiptId !== receiptId) return;
      entry.subscribed = true;
      entry.handlers.onSubscribed?.();
    });
    entry.subscription = client.subscribe(
      entry.destination,
      (frame) => {
        if (this.entries.get(entry.destination) !== entry) return;
        if (!entry.deliver(frame)) console.warn('chat: ignored a MESSAGE that does not match the contract');
      },
      { [STOMP_HEADERS.receipt]: receiptId },
    );
  }
}
