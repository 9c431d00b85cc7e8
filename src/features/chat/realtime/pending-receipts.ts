/** One SEND waiting for its RECEIPT. */
interface PendingSend {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * SENDs waiting for their RECEIPT, each with a deadline. A SEND settles exactly once: by its
 * RECEIPT, by an ERROR naming it, by the socket closing, or by its deadline.
 */
export class PendingReceipts {
  private readonly pending = new Map<string, PendingSend>();

  /** Resolves on settle(id); on timeout rejects with `timeoutError()` and then calls `onTimeout`. */
  wait(receiptId: string, timeoutMs: number, timeoutError: () => Error, onTimeout: () => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        if (!this.pending.delete(receiptId)) return;
        reject(timeoutError());
        onTimeout();
      }, timeoutMs);
      this.pending.set(receiptId, {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  has(receiptId: string): boolean {
    return this.pending.has(receiptId);
  }

  settle(receiptId: string, error?: Error): void {
    const pending = this.pending.get(receiptId);
    if (!pending) return;
    this.pending.delete(receiptId);
    if (error) pending.reject(error);
    else pending.resolve();
  }

  /** Every SEND still waiting fails with `error()` (the socket is gone). */
  failAll(error: () => Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id, error());
  }
}
