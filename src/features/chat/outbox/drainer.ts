import { OutboxFlusher, type OutboxTransport } from './flusher';
import type { Outbox } from './outbox';

/**
 * Drains **every** room's queue over the app's one connection (contract section 17, decision
 * 0006): one OutboxFlusher per room with pending messages, so each room keeps its order and a room
 * whose message waits for a RECEIPT never holds up another room.
 */
export class OutboxDrainer {
  private readonly flushers = new Map<number, OutboxFlusher>();
  private ready = false;
  private stopped = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly transport: OutboxTransport,
    private readonly onSent: (clientMessageId: string) => void = () => {},
  ) {}

  /** True while the connection is up (CONNECTED); false when it is lost. */
  setReady(ready: boolean): void {
    this.ready = ready;
    for (const flusher of this.flushers.values()) flusher.setReady(ready);
    if (ready) this.kick();
  }

  /** Something changed in the outbox: every room with pending messages gets (or keeps) its flusher going. */
  kick(): void {
    if (this.stopped) return;
    void this.outbox.ready().then(() => {
      if (this.stopped) return;
      for (const roomId of this.outbox.pendingRooms()) {
        let flusher = this.flushers.get(roomId);
        if (!flusher) {
          flusher = new OutboxFlusher(this.outbox, roomId, this.transport, this.onSent);
          this.flushers.set(roomId, flusher);
          flusher.setReady(this.ready);
        }
        flusher.kick();
      }
    });
  }

  stop(): void {
    this.stopped = true;
    for (const flusher of this.flushers.values()) flusher.stop();
    this.flushers.clear();
  }
}
