import type { ChatRepo, ReadRequest, ReadResult, StoreRequest, StoreResult } from './repo';

/** Called synchronously in batch order, before the submit promise settles. */
type After<R> = (result: R) => void;

interface Pending<Q, R> {
  request: Q;
  after: After<R> | undefined;
  resolve(result: R): void;
  reject(error: unknown): void;
}

interface GroupCommit<Q, R> {
  submit(request: Q, after?: After<R>): Promise<R>;
}

type Outcome<R> = { results: R[] } | { error: unknown };

/**
 * Stores a batch. `early` settles request `index` before the batch is done (its `after` runs at
 * once), for a part of the batch already committed: called in batch order, at most once per index.
 */
type Run<Q, R> = (requests: readonly Q[], early: (index: number, result: R) => void) => Promise<R[]>;

/**
 * Group commit: one batch statement in flight per process; everything submitted meanwhile goes
 * into the next one. An idle writer stores a lone request at once, a busy one amortises the
 * statement and its commit (on PGlite an fsync on the database's one thread, on PostgreSQL a WAL flush)
 * over every request that arrived while it worked. One batch at a time also means results, and
 * so broadcasts, come out in submit order.
 *
 * When a batch comes back, the next one is started before this one's `after`s run (the
 * broadcasts): the database works on it meanwhile instead of waiting for this thread. Order holds
 * all the same: the next batch's results are taken only once this one's are delivered.
 */
function groupCommit<Q, R>(run: Run<Q, R>, maxBatch = 256): GroupCommit<Q, R> {
  const queue: Array<Pending<Q, R>> = [];
  let running = false;

  function settle(p: Pending<Q, R>, result: R) {
    try {
      p.after?.(result);
      p.resolve(result);
    } catch (err) {
      p.reject(err);
    }
  }

  // A batch's early results can only come after an await inside `run`, so after the previous
  // batch's deliver (which runs synchronously once that batch's promise settles): order holds.
  const start = (batch: Array<Pending<Q, R> | undefined>): Promise<Outcome<R>> =>
    run(
      batch.map((p) => p!.request),
      (index, result) => {
        const p = batch[index];
        batch[index] = undefined;
        if (p) settle(p, result);
      },
    ).then(
      (results) => ({ results }),
      (error: unknown) => ({ error }),
    );

  function deliver(batch: ReadonlyArray<Pending<Q, R> | undefined>, outcome: Outcome<R>) {
    batch.forEach((p, i) => {
      if (!p) return;
      if ('error' in outcome) p.reject(outcome.error);
      else settle(p, outcome.results[i]!);
    });
  }

  async function pump(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        // Let the event loop read whatever frames already arrived, so they join this batch rather
        // than each waiting for a statement of its own.
        await new Promise<void>((resolve) => setImmediate(resolve));
        let batch: Array<Pending<Q, R> | undefined> = queue.splice(0, maxBatch);
        let inFlight = start(batch);
        while (batch.length > 0) {
          const outcome = await inFlight;
          const next: Array<Pending<Q, R> | undefined> = queue.splice(0, maxBatch);
          if (next.length > 0) inFlight = start(next);
          deliver(batch, outcome);
          batch = next;
        }
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
  };
}

/**
 * How long a read position (SEND /pub/read) waits for a message to share its commit. A read that
 * found no message to ride with was a statement and a commit of its own, which the next messages
 * waited for: in five rounds of bench/chat.ts's 100 pairs on PGlite, 673 of 3,010 batches with
 * reads, each one fsync on its one thread (decision 0037). At 1,000 messages a second one comes
 * within a millisecond or two; in a quiet moment the friend's `1`s go 20 ms later, which nobody sees.
 */
export const READ_HOLD_MS = 20;

type Work = { store: StoreRequest } | { read: ReadRequest };
type Done = { stored: StoreResult } | { read: ReadResult | undefined };

/** What a committed batch held (the `batch` label of lunchchat_chat_commit_seconds). */
export type BatchKind = 'messages' | 'reads' | 'both';

export interface ChatWriter {
  /** A message; `after` runs in store order (= id order within a room), so broadcasts are in id order. */
  store(request: StoreRequest, after?: After<StoreResult>): Promise<StoreResult>;
  /** A read position (SEND /pub/read): as frequent as messages, so batched with them (it waits for one: READ_HOLD_MS). */
  read(request: ReadRequest): Promise<ReadResult | undefined>;
  /**
   * Runs another statement between two batches: after the one in flight, before the next. On
   * PostgreSQL a statement run beside the batches (`event:room`'s, on another connection) made
   * the 100-pair p99 ~12 ms worse than without it, at ~7 µs of database CPU a message (decision 0034).
   */
  between<T>(statement: () => Promise<T>): Promise<T>;
}

/**
 * Messages and read positions through one group commit: each batch is one commitBatch (on PGlite
 * one transaction, so one fsync for both; see ChatRepo.commitBatch). Where the messages commit
 * first (PostgreSQL), they are broadcast then, not after the reads' statement too.
 */
export function chatWriter(
  repo: Pick<ChatRepo, 'commitBatch'>,
  /** A batch's statement and commit took this long (its turn: not the wait for the one before it). */
  onCommitted?: (seconds: number, batch: BatchKind) => void,
): ChatWriter {
  /** Statements taken up and not settled; the last of them, which the next one waits for. */
  let pending = 0;
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(statement: () => Promise<T>): Promise<T> => {
    // With nothing pending it starts now, in this turn: the group commit starts the next batch
    // just before it broadcasts the last one, so the database works on it meanwhile (decision 0028).
    const run = pending === 0 ? statement() : last.then(statement, statement);
    pending++;
    last = run.then(
      () => void pending--,
      () => void pending--,
    );
    return run;
  };
  const commits = groupCommit<Work, Done>(async (work, early) => {
    const stores: StoreRequest[] = [];
    const reads: ReadRequest[] = [];
    const storeAt: number[] = [];
    work.forEach((w, i) => {
      if ('store' in w) {
        stores.push(w.store);
        storeAt.push(i);
      } else reads.push(w.read);
    });
    const batch: BatchKind = reads.length === 0 ? 'messages' : stores.length === 0 ? 'reads' : 'both';
    const { stored, read } = await inTurn(async () => {
      const startedAt = performance.now();
      const done = await repo.commitBatch(stores, reads, (results) => results.forEach((result, k) => early(storeAt[k]!, { stored: result })));
      onCommitted?.((performance.now() - startedAt) / 1000, batch);
      return done;
    });
    let s = 0;
    let r = 0;
    return work.map((w): Done => ('store' in w ? { stored: stored[s++]! } : { read: read[r++] }));
  });
  /** Reads waiting for a message (READ_HOLD_MS), in arrival order. */
  const held: Array<{ request: ReadRequest; resolve(result: ReadResult | undefined): void; reject(error: unknown): void }> = [];
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  /** Hands the held reads to the group commit: ahead of the message that releases them, so in its batch. */
  const release = () => {
    clearTimeout(holdTimer);
    holdTimer = undefined;
    for (const h of held.splice(0)) commits.submit({ read: h.request }).then((done) => h.resolve((done as { read: ReadResult | undefined }).read), h.reject);
  };
  return {
    async store(request, after) {
      if (held.length > 0) release();
      const done = await commits.submit({ store: request }, after && ((d) => after((d as { stored: StoreResult }).stored)));
      return (done as { stored: StoreResult }).stored;
    },
    between: inTurn,
    read(request) {
      return new Promise((resolve, reject) => {
        held.push({ request, resolve, reject });
        holdTimer ??= setTimeout(release, READ_HOLD_MS);
      });
    },
  };
}
