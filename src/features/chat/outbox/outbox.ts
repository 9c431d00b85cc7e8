import { MAX_MESSAGE_CHARS, normalizeSendContent, SEND_CONTENT_ERRORS } from '../../../../contract/stomp-values';
import type { LocalMessage } from '../model/timeline';
import { idbOutboxStorage, type OutboxEntry, type OutboxStorage } from './outbox-storage';

export type { OutboxEntry } from './outbox-storage';

interface SentEntry extends LocalMessage {
  roomId: number;
  status: 'sent';
}

const EMPTY: readonly LocalMessage[] = Object.freeze([]);

/**
 * Every message the user sends goes here first and stays until the server acknowledges it
 * (decision 0006). The entries live in IndexedDB, so a message typed offline survives a reload or
 * the app being closed; memory holds the same entries for the screen and the flusher.
 *
 * All storage writes run one after another through `this.chain`, so the order the user sent in is
 * the order they are stored, listed and flushed in.
 */
export class Outbox {
  private readonly storage: OutboxStorage;
  private readonly entries = new Map<string, OutboxEntry>();
  /** Acknowledged by the server but its broadcast copy not seen yet (memory only). */
  private readonly sent = new Map<string, SentEntry>();
  /** Broadcast copies seen before their RECEIPT (the usual order: the server broadcasts, then answers). */
  private readonly echoed = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly snapshots = new Map<number, readonly LocalMessage[]>();
  private loading: Promise<void> | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private lastOrder = 0;

  constructor(storage: OutboxStorage = idbOutboxStorage()) {
    this.storage = storage;
  }

  /** Loads what an earlier page left behind; every other method waits for it. */
  ready(): Promise<void> {
    this.loading ??= this.storage
      .getAll()
      .catch((error: unknown) => {
        console.warn('outbox: could not read stored messages', error);
        return [] as OutboxEntry[];
      })
      .then((stored) => {
        for (const entry of stored) {
          this.entries.set(entry.clientMessageId, entry);
          this.lastOrder = Math.max(this.lastOrder, entry.order);
        }
        this.changed();
      });
    return this.loading;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Stable between changes (for useSyncExternalStore): pending and failed in send order, then sent. */
  roomSnapshot(roomId: number): readonly LocalMessage[] {
    const cached = this.snapshots.get(roomId);
    if (cached) return cached;
    const queued = this.roomEntries(roomId).map(({ clientMessageId, content, createdAt, status }): LocalMessage => ({
      clientMessageId,
      content,
      createdAt,
      status,
    }));
    const sent = [...this.sent.values()]
      .filter((entry) => entry.roomId === roomId)
      .map(({ clientMessageId, content, createdAt, status }): LocalMessage => ({ clientMessageId, content, createdAt, status }));
    const snapshot = queued.length + sent.length === 0 ? EMPTY : Object.freeze([...sent, ...queued]);
    this.snapshots.set(roomId, snapshot);
    return snapshot;
  }

  /** The room's pending and failed entries, oldest first. */
  roomEntries(roomId: number): OutboxEntry[] {
    return [...this.entries.values()].filter((entry) => entry.roomId === roomId).sort((a, b) => a.order - b.order);
  }

  /** Rooms with at least one pending message (the app-wide flusher drains each of them). */
  pendingRooms(): number[] {
    return [...new Set([...this.entries.values()].filter((entry) => entry.status === 'pending').map((entry) => entry.roomId))];
  }

  /** The next message to send for this room: the oldest pending one. */
  nextPending(roomId: number): OutboxEntry | undefined {
    return this.roomEntries(roomId).find((entry) => entry.status === 'pending');
  }

  /**
   * Stores a new message as pending and returns it. Content is trimmed and checked with the
   * contract's rule (1–1000 characters), so the server would accept it.
   */
  enqueue(roomId: number, content: string): Promise<OutboxEntry> {
    const text = normalizeSendContent(content);
    if (text.length < 1) return Promise.reject(new Error(SEND_CONTENT_ERRORS.empty));
    if (text.length > MAX_MESSAGE_CHARS) return Promise.reject(new Error(SEND_CONTENT_ERRORS.tooLong));
    return this.serial(async () => {
      const entry: OutboxEntry = {
        clientMessageId: crypto.randomUUID(),
        roomId,
        content: text,
        createdAt: new Date().toISOString(),
        order: this.nextOrder(),
        status: 'pending',
      };
      await this.persist(entry);
      this.entries.set(entry.clientMessageId, entry);
      this.changed();
      return entry;
    });
  }

  /** The server acknowledged it (RECEIPT): out of the outbox, shown as sent until its echo arrives. */
  markSent(clientMessageId: string): Promise<void> {
    return this.serial(async () => {
      const entry = this.entries.get(clientMessageId);
      if (!entry) return;
      await this.unpersist(clientMessageId);
      this.entries.delete(clientMessageId);
      const { roomId, content, createdAt } = entry;
      if (this.echoed.delete(clientMessageId)) {
        // The server's copy is already on screen: nothing local left to show.
      } else {
        this.sent.set(clientMessageId, { clientMessageId, roomId, content, createdAt, status: 'sent' });
      }
      this.changed();
    });
  }

  /** The server refused it: kept, shown with retry and delete. */
  markFailed(clientMessageId: string, reason: string): Promise<void> {
    return this.serial(async () => {
      const entry = this.entries.get(clientMessageId);
      if (!entry) return;
      const failed: OutboxEntry = { ...entry, status: 'failed', error: reason };
      await this.persist(failed);
      this.entries.set(clientMessageId, failed);
      this.changed();
    });
  }

  /** 재시도: back to pending at the end of the queue, with the same client id (never stored by the server). */
  retry(clientMessageId: string): Promise<void> {
    return this.serial(async () => {
      const entry = this.entries.get(clientMessageId);
      if (entry?.status !== 'failed') return;
      const pending: OutboxEntry = { ...entry, status: 'pending', order: this.nextOrder() };
      delete pending.error;
      await this.persist(pending);
      this.entries.set(clientMessageId, pending);
      this.changed();
    });
  }

  /** 삭제 */
  remove(clientMessageId: string): Promise<void> {
    return this.serial(async () => {
      if (!this.entries.has(clientMessageId)) return;
      await this.unpersist(clientMessageId);
      this.entries.delete(clientMessageId);
      this.changed();
    });
  }

  /** The server's broadcast copies of these arrived; the local "sent" copies are no longer needed. */
  forgetSent(clientMessageIds: Iterable<string>): void {
    let any = false;
    for (const id of clientMessageIds) {
      if (this.sent.delete(id)) any = true;
      else if (this.entries.has(id)) this.echoed.add(id);
    }
    if (any) this.changed();
  }

  /** Logout: nothing of this user's may stay on the device. */
  clear(): Promise<void> {
    return this.serial(async () => {
      await this.storage.clear().catch((error: unknown) => console.warn('outbox: could not clear', error));
      this.entries.clear();
      this.sent.clear();
      this.echoed.clear();
      this.changed();
    });
  }

  private nextOrder(): number {
    // Monotonic within this page and after a reload (stored orders are loaded first).
    this.lastOrder = Math.max(Date.now(), this.lastOrder + 1);
    return this.lastOrder;
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(() => this.ready()).then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async persist(entry: OutboxEntry): Promise<void> {
    try {
      await this.storage.put(entry);
    } catch (error) {
      // No IndexedDB (some private modes): the message still goes out from memory.
      console.warn('outbox: could not store message', error);
    }
  }

  private async unpersist(clientMessageId: string): Promise<void> {
    try {
      await this.storage.delete(clientMessageId);
    } catch (error) {
      console.warn('outbox: could not delete message', error);
    }
  }

  private changed(): void {
    this.snapshots.clear();
    for (const listener of [...this.listeners]) listener();
  }
}

let shared: Outbox | undefined;

/** The app's one outbox. */
export function getOutbox(): Outbox {
  shared ??= new Outbox();
  return shared;
}

/** Logout wipes every unsent message (the outbox is per device, not per account). */
export function clearOutbox(): Promise<void> {
  return getOutbox().clear();
}
