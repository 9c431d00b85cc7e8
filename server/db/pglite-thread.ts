// The main thread's side of PGlite's worker (decision 0023): an object with the part of PGlite's
// API that drizzle-orm/pglite and the chat's prepared statements use (query, exec, transaction,
// close), each call a message to server/db/pglite-worker.mjs and its answer.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { serverDir } from '../lib/server-dir';

export type WasmTier = 'lazy' | 'baseline' | 'optimizing';

export interface ThreadOptions {
  dataDir: string;
  /** PGlite's shared_buffers (e.g. `32MB`); PostgreSQL's default when not given. */
  sharedBuffers?: string;
  /** fsync on, and made real (commits reach the disk before they are acknowledged). */
  durable: boolean;
  /** server/config.ts PGLITE_WASM_TIER; V8's default when not given. */
  wasmTier?: WasmTier;
  /** One Int32: fsync() calls that reached the disk. */
  fsyncCounter: SharedArrayBuffer;
}

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Type ids whose text is kept as is (drizzle's parsers, all the identity). */
  identity?: number[];
}

export type ToWorker =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: QueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type FromWorker = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

/** Measured in decision 0023: ~40 MB less resident than the server's 8 MB semi-spaces, same speed. */
const WORKER_YOUNG_GENERATION_MB = 6;

type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Ask = (message: DistributiveOmit<ToWorker, 'id'>) => Promise<unknown>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** drizzle passes `parsers` as functions, which cannot cross threads; they are all the identity. */
function portable(options: { rowMode?: 'array' | 'object'; parsers?: Record<string, unknown> } | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  return { rowMode: options.rowMode, identity: options.parsers ? Object.keys(options.parsers).map(Number) : undefined };
}

/** What a transaction callback gets: statements inside it. */
class ThreadTransaction {
  constructor(
    private readonly ask: Ask,
    private readonly tx: number,
  ) {}
  async query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object'; parsers?: Record<string, unknown> }) {
    return (await this.ask({ op: 'query', sql, params, options: portable(options), tx: this.tx })) as Results;
  }
  async exec(sql: string) {
    return (await this.ask({ op: 'exec', sql, tx: this.tx })) as Results[];
  }
}

export class PGliteThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWorker) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(Object.assign(new Error(message.error.message), message.error));
    });
    // The thread died (out of memory, a wasm trap): nothing it was asked will be answered.
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => this.failAll(new Error(`PGlite thread exited (${code})`)));
  }

  static async open(options: ThreadOptions): Promise<PGliteThread> {
    const worker = new Worker(path.join(serverDir, 'db', 'pglite-worker.mjs'), {
      workerData: options,
      // The thread's own young generation, not the server's (`--max-semi-space-size`): its garbage
      // is result rows, short-lived and small, and each MB reserved here stays resident.
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    // The server's sockets keep the process alive; a forgotten database must not.
    worker.unref();
    const thread = new PGliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      thread.pending.set(0, { resolve: () => resolve(), reject });
      worker.once('error', reject);
    });
    return thread;
  }

  /** Set once the thread is gone: every later statement fails at once instead of waiting forever. */
  private dead: Error | undefined;

  private failAll(error: Error) {
    this.dead ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private readonly ask: Ask = (message) =>
    new Promise((resolve, reject) => {
      if (this.dead) return reject(this.dead);
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });

  async query(sql: string, params?: unknown[], options?: { rowMode?: 'array' | 'object'; parsers?: Record<string, unknown> }) {
    return (await this.ask({ op: 'query', sql, params, options: portable(options) })) as Results;
  }

  async exec(sql: string) {
    return (await this.ask({ op: 'exec', sql })) as Results[];
  }

  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.ask({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await callback(new ThreadTransaction(this.ask, tx));
    } catch (error) {
      await this.ask({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.ask({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    await this.ask({ op: 'close' });
    await this.worker.terminate();
  }
}
