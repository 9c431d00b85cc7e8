import type { Outbox } from './outbox';

/** The server refused this message (an ERROR frame answering its SEND): retrying as is cannot help. */
export class SendRejectedError extends Error {
  override readonly name = 'SendRejectedError';
}

/** What the flusher needs from the connection. Resolves on RECEIPT; any other error = try again later. */
export interface OutboxTransport {
  send(roomId: number, content: string, clientMessageId: string): Promise<void>;
}

/**
 * Sends one room's outbox, strictly in order and one message at a time: the next SEND goes out
 * only after the previous one's RECEIPT. While the room is not subscribed nothing is sent; when
 * it is (again), the oldest unacknowledged message goes first, with its original
 * client-message-id, so a message the server stored just before the connection dropped is not
 * stored twice.
 */
export class OutboxFlusher {
  private ready = false;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly outbox: Outbox,
    private readonly roomId: number,
    private readonly transport: OutboxTransport,
    private readonly onSent: (clientMessageId: string) => void = () => {},
  ) {}

  /** True once the room is subscribed; false when the connection is lost. */
  setReady(ready: boolean): void {
    this.ready = ready;
    if (ready) this.kick();
  }

  /** Something new to send (or a retry): start unless already sending. */
  kick(): void {
    if (this.stopped || !this.ready) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.loop().finally(() => {
      this.running = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  stop(): void {
    this.stopped = true;
    this.ready = false;
  }

  private async loop(): Promise<void> {
    await this.outbox.ready();
    while (this.ready && !this.stopped) {
      const next = this.outbox.nextPending(this.roomId);
      if (!next) return;
      try {
        await this.transport.send(this.roomId, next.content, next.clientMessageId);
      } catch (error) {
        if (error instanceof SendRejectedError) {
          await this.outbox.markFailed(next.clientMessageId, error.message);
          continue;
        }
        // Connection lost or no receipt in time: it stays pending; the next subscribe resumes here.
        return;
      }
      await this.outbox.markSent(next.clientMessageId);
      this.onSent(next.clientMessageId);
    }
  }
}
