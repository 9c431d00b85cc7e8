// PGlite on its own thread (decision 0023): postgres.wasm runs here, off the server's event loop,
// so a ranking query or a commit's fsync no longer holds up sockets, STOMP frames and JSON. The
// main thread's proxy (pglite-thread.ts, which has the message types) sends each statement here
// and gets its result back; one PGlite serves them in arrival order, as it did in-process, and a
// transaction keeps the database to itself (PGlite's own lock) until the main thread ends it.
// Plain JavaScript: a worker does not inherit `--import tsx`, and registering tsx here would cost
// this thread a module-hooks thread and an esbuild process (~30 MB).
import { fsyncSync } from 'node:fs';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {import('./pglite-thread').ThreadOptions} */
const options = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
// Read by V8 when the module is compiled (inside PGlite.create), so they are set before. Machine
// code for the 9 MB postgres.wasm stays resident for the process's life (decision 0008): `lazy`
// compiles a function with the optimising compiler (TurboFan) when it first runs, and nothing
// else; `baseline` with Liftoff only, whose code runs slower; V8's default with Liftoff, then
// again with TurboFan once hot, and keeps both codes (decision 0027).
// Each tier sets every flag: they are the process's, and another PGlite may have set them before.
// Functions are compiled when first called in all three (V8's default, `--wasm-lazy-compilation`).
const tierFlags = {
  lazy: ['--no-liftoff-only', '--no-liftoff'],
  baseline: ['--liftoff', '--liftoff-only'],
  optimizing: ['--liftoff', '--no-liftoff-only'],
};
for (const flag of options.wasmTier ? tierFlags[options.wasmTier] : []) v8.setFlagsFromString(flag);
const { PGlite } = await import('@electric-sql/pglite');
/** fsync() calls that reached the disk, shared with the main thread (pgliteFsyncCount). */
const fsyncs = new Int32Array(options.fsyncCounter);

const buffers = options.sharedBuffers ? ['-c', `shared_buffers=${options.sharedBuffers}`] : [];
// A new 16 MB WAL segment is not zero-filled (decision 0026): through Emscripten's file system that
// is 2,048 writes of 8 KB on this thread, and the commit that needed the segment, with everything
// queued behind it, waited ~100 ms once per 16 MB of WAL. Only the last byte is written; a WAL
// record is checked on replay, so nothing depends on the zeros.
const walParams = ['-c', 'wal_init_zero=off'];
// PGlite starts postgres with -F (fsync off). Durable: fsync on, and the WAL flushed with fsync()
// (Emscripten's fdatasync is a no-op), which reaches the disk through makeFsyncReal.
const startParams = options.durable
  ? [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync', ...walParams, ...buffers]
  : [...PGlite.defaultStartParams, ...walParams, ...buffers];
const client = await PGlite.create({ dataDir: options.dataDir, startParams });
if (options.durable) makeFsyncReal(client);

/**
 * Emscripten's Node filesystem (NODEFS), which PGlite's data folder is mounted with, has no fsync:
 * postgres's fsync() returns at once and a commit is only in the OS cache, lost on a power cut.
 * Its streams carry the real file descriptor (`nfd`), so fsync is given one that syncs it.
 * @param {any} pg
 */
function makeFsyncReal(pg) {
  const nodefs = pg.Module?.NODEFS;
  if (!nodefs?.stream_ops) throw new Error('PGlite has no NODEFS to make durable; set PGLITE_DURABILITY=relaxed to run without fsync');
  nodefs.stream_ops.fsync = (/** @type {{ nfd?: number }} */ stream) => {
    if (typeof stream.nfd !== 'number') return 0;
    fsyncSync(stream.nfd);
    Atomics.add(fsyncs, 0, 1);
    return 0;
  };
}

/**
 * drizzle's parsers are all the identity (dates stay text): the main thread sends their type ids.
 * @param {import('./pglite-thread').QueryOptions | undefined} o
 */
function queryOptions(o) {
  if (!o) return undefined;
  const identity = (/** @type {string} */ value) => value;
  return { rowMode: o.rowMode, parsers: o.identity ? Object.fromEntries(o.identity.map((type) => [type, identity])) : undefined };
}

/** Open transactions by id: PGlite's transaction object, how to end it, and its outcome. */
const transactions = new Map();

/** @param {import('./pglite-thread').FromWorker} message */
function reply(message) {
  port.postMessage(message);
}

/** @param {number} tx */
function target(tx) {
  if (!tx) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error('PGlite thread: the transaction has ended');
  return open.tx;
}

let nextTx = 1;
/** @param {import('./pglite-thread').ToWorker} message */
async function handle(message) {
  const { id } = message;
  try {
    if (message.op === 'query') {
      reply({ id, ok: true, value: await target(message.tx ?? 0).query(message.sql, message.params, queryOptions(message.options)) });
    } else if (message.op === 'exec') {
      reply({ id, ok: true, value: await target(message.tx ?? 0).exec(message.sql) });
    } else if (message.op === 'begin') {
      const txId = nextTx++;
      /** @type {() => void} */
      let started = () => {};
      const holding = new Promise((resolve) => (started = () => resolve(undefined)));
      const done = client
        .transaction(async (tx) => {
          const commit = await new Promise((end) => {
            transactions.set(txId, { tx, end, done: undefined });
            started();
          });
          if (!commit) await tx.rollback();
        })
        .finally(() => transactions.delete(txId));
      // Answers once the transaction holds the database (or failed to begin).
      await Promise.race([holding, done]);
      const open = transactions.get(txId);
      if (open) open.done = done;
      reply({ id, ok: true, value: txId });
    } else if (message.op === 'end') {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('PGlite thread: the transaction has ended');
      open.end(message.commit);
      await open.done;
      reply({ id, ok: true, value: null });
    } else if (message.op === 'close') {
      await client.close();
      reply({ id, ok: true, value: null });
    }
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    // A DatabaseError's fields (code, detail, constraint, …) travel as plain properties; anything
    // that cannot be copied across threads (its result object, functions) stays here.
    const fields = Object.entries(err).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value));
    reply({ id, ok: false, error: { ...Object.fromEntries(fields), message: err.message, name: err.name } });
  }
}

port.on('message', (message) => void handle(message));
reply({ id: 0, ok: true, value: 'ready' });
