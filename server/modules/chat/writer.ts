import type { ChatRepo, StoreRequest, StoreResult } from './repo';

/** Called synchronously in store order (= id order within a room), before the submit promise settles. */
type AfterStore = (result: StoreResult) => void;

interface Pending {
  request: StoreRequest;
  after: AfterStore;
  resolve(result: StoreResult): void;
  reject(error: unknown): void;
}

export interface ChatWriter {
  submit(request: StoreRequest, after: AfterStore): Promise<StoreResult>;
  /** Requests waiting or being stored. */
  readonly backlog: number;
}

/**
 * Group commit: one batch statement in flight per process; everything submitted meanwhile goes
 * into the next one. An idle writer stores a lone message at once, a busy one amortises the
 * statement (and on PostgreSQL the commit flush) over every message that arrived while it worked.
 * One batch at a time also means results, and so broadcasts, come out in id order.
 */
export function chatWriter(repo: Pick<ChatRepo, 'storeBatch'>, maxBatch = 256): ChatWriter {
  const queue: Pending[] = [];
  let inFlight = 0;
  let running = false;

  async function pump(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        // Let the event loop read whatever SENDs already arrived, so they join this batch rather
        // than each waiting for a statement of its own (PGlite runs on this very thread).
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = queue.splice(0, maxBatch);
        inFlight = batch.length;
        let results: StoreResult[];
        try {
          results = await repo.storeBatch(batch.map((p) => p.request));
        } catch (err) {
          for (const p of batch) p.reject(err);
          continue;
        } finally {
          inFlight = 0;
        }
        batch.forEach((p, i) => {
          const result = results[i]!;
          try {
            p.after(result);
            p.resolve(result);
          } catch (err) {
            p.reject(err);
          }
        });
      }
    } finally {
      running = false;
    }
  }

  return {
    submit(request, after) {
      return new Promise<StoreResult>((resolve, reject) => {
        queue.push({ request, after, resolve, reject });
        if (!running) void pump();
      });
    },
    get backlog() {
      return queue.length + inFlight;
    },
  };
}
