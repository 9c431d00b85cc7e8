import { chatMessageSchema, roomTopic, type ChatMessage } from '../../../../contract/stomp';
import type { StompClientLike, StompFrameLike } from './stomp-client';

export interface RoomHandlers {
  onMessage(message: ChatMessage): void;
  /** The SUBSCRIBE was acknowledged: live from here on. Called after every (re)connect. */
  onSubscribed?(): void;
  /** The socket dropped: messages may be missed until the next onSubscribed. */
  onUnsubscribed?(): void;
  /** The server refused the subscription (not a participant, or left the room). */
  onForbidden?(reason: string): void;
}

interface RoomEntry {
  roomId: number;
  handlers: RoomHandlers;
  receiptId?: string;
  subscription?: { unsubscribe(): void };
  subscribed: boolean;
}

/**
 * The rooms a connection wants, kept across reconnects: each is subscribed (with a receipt) on every
 * connect, and its MESSAGEs are checked against the contract before they reach the handlers.
 */
export class RoomSubscriptions {
  private readonly rooms = new Map<number, RoomEntry>();

  /**
   * Adds (or replaces) a room; subscribes at once through `client` when given. Returns its removal,
   * which hands back the live subscription (if any) for the caller to end.
   */
  add(roomId: number, handlers: RoomHandlers, client: StompClientLike | undefined, nextReceipt: () => string): () => { unsubscribe(): void } | undefined {
    const previous = this.rooms.get(roomId);
    previous?.subscription?.unsubscribe();
    const entry: RoomEntry = { roomId, handlers, subscribed: false };
    this.rooms.set(roomId, entry);
    if (client) this.subscribe(entry, client, nextReceipt);
    return () => {
      if (this.rooms.get(roomId) !== entry) return undefined;
      this.rooms.delete(roomId);
      return entry.subscription;
    };
  }

  /** Subscribes every room (after a connect). */
  subscribeAll(client: StompClientLike, nextReceipt: () => string): void {
    for (const entry of this.rooms.values()) this.subscribe(entry, client, nextReceipt);
  }

  /** The room whose SUBSCRIBE carried this receipt, if any. */
  byReceipt(receiptId: string): RoomHandlers | undefined {
    for (const entry of this.rooms.values()) if (entry.receiptId === receiptId) return entry.handlers;
    return undefined;
  }

  /** The socket is gone: every room is unsubscribed until the next connect. */
  dropAll(): void {
    for (const entry of this.rooms.values()) {
      entry.subscription = undefined;
      entry.receiptId = undefined;
      if (entry.subscribed) {
        entry.subscribed = false;
        entry.handlers.onUnsubscribed?.();
      }
    }
  }

  private subscribe(entry: RoomEntry, client: StompClientLike, nextReceipt: () => string): void {
    const receiptId = `sub-${nextReceipt()}-${entry.roomId}`;
    entry.receiptId = receiptId;
    entry.subscribed = false;
    client.watchForReceipt(receiptId, () => {
      if (this.rooms.get(entry.roomId) !== entry || entry.receiptId !== receiptId) return;
      entry.subscribed = true;
      entry.handlers.onSubscribed?.();
    });
    entry.subscription = client.subscribe(roomTopic(entry.roomId), (frame) => this.deliver(entry, frame), {
      receipt: receiptId,
    });
  }

  private deliver(entry: RoomEntry, frame: StompFrameLike): void {
    if (this.rooms.get(entry.roomId) !== entry) return;
    let json: unknown;
    try {
      json = JSON.parse(frame.body);
    } catch {
      console.warn('chat: ignored a MESSAGE that is not JSON');
      return;
    }
    const parsed = chatMessageSchema.safeParse(json);
    if (!parsed.success || parsed.data.roomId !== entry.roomId) {
      console.warn('chat: ignored a MESSAGE that does not match the contract');
      return;
    }
    entry.handlers.onMessage(parsed.data);
  }
}
