import type { ChatRepo, ReadRequest, StoreRequest, StoreResult } from './repo';

/** Called synchronously in batch order, before the submit promise settles. */
type After<R> = (result: R) => void;

interface Pending<Q, R> {
  request: Q;
  after: After<R> | undefined;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export interface GroupCommit<Q, R> {
  submit(request: Q, after?: After<R>): Promise<R>;
  /** Requests waiting or being stored. */
  readonly backlog: number;
}

/**
 * Group commit: one batch statement in flight per process; everything submitted meanwhile goes
 * into the next one. An idle writer stores a lone request at once, a busy one amortises the
 * statement and its commit (on PGlite an fsync on this very thread, on PostgreSQL a WAL flush)
 * over every request that arrived while it worked. One batch at a time also means results, and
 * so broadcasts, come out in submit order.
 */
function groupCommit<Q, R>(run: (requests: readonly Q[]) => Promise<R[]>, maxBatch = 256): GroupCommit<Q, R> {
  const queue: Array<Pending<Q, R>> = [];
  let inFlight = 0;
  let running = false;

  async function pump(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        // Let the event loop read whatever frames already arrived, so they join this batch rather
        // than each waiting for a statement of its own (PGlite runs on this very thread).
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = queue.splice(0, maxBatch);
        inFlight = batch.length;
        let results: R[];
        try {
          results = await run(batch.map((p) => p.request));
        } catch (err) {
          for (const p of batch) p.reject(err);
          continue;
        } finally {
          inFlight = 0;
        }
        batch.forEach((p, i) => {
          const result = results[i]!;
          try {
            p.after?.(result);
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
      return new Promise<R>((resolve, reject) => {
        queue.push({ request, after, resolve, reject });
        if (!running) void pump();
      });
    },
    get backlog() {
      return queue.length + inFlight;
    },
  };
}

/** Messages: results in store order (= id order within a room), so broadcasts are in id order. */
export const chatWriter = (repo: Pick<ChatRepo, 'storeBatch'>): GroupCommit<StoreRequest, StoreResult> => groupCommit((requests) => repo.storeBatch(requests));

/** Read positions (SEND /pub/read and history reads): as frequent as messages, so batched the same way. */
export const readWriter = (repo: Pick<ChatRepo, 'markReadBatch'>): GroupCommit<ReadRequest, string | undefined> =>
  groupCommit((requests) => repo.markReadBatch(requests));
