// Child process of bench/chat.ts (the leading underscore keeps `npm run bench` from running it alone),
// run twice. BENCH_CHAT_PHASE=seed makes members, accepted matches and rooms directly in the
// database, answers with their tokens and exits; then the serve phase opens that database and runs
// the real app on a loopback port. The server measured holds what a server holds, not what the
// seeding left behind (~30 MB of its garbage in the V8 heap, and PGlite's WebAssembly memory,
// which never shrinks, grown by the bulk inserts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { chatRooms, matches, members, universities } from '../server/db/schema';
import { AccessTokens } from '../server/modules/auth/tokens';
import { seedCampus } from '../server/seed/campus';
import { writeCalls } from './_proc';
import { openServerDatabase } from './_server-database';

const SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export interface BenchMember {
  id: number;
  token: string;
}
export interface BenchPair {
  a: BenchMember;
  b: BenchMember;
  roomId: number;
}
export type ToParent =
  | { type: 'seeded'; dataDir: string | undefined; pairs: BenchPair[]; idle: string[] }
  | { type: 'ready'; port: number; database: string }
  | { type: 'stats'; rss: number; heapUsed: number; external: number; messages: number; connections: number; cpuMs: number; writeCalls: number };
export type ToChild = { type: 'stats' } | { type: 'close' };

async function seed() {
  const pairCount = Number(process.env.BENCH_PAIRS ?? 100);
  const idleCount = Number(process.env.BENCH_IDLE ?? 2000);
  const { database, dataDir } = await openDatabaseOfBench();
  await seedCampus(database.db);
  const [uni] = await database.db.select({ id: universities.id }).from(universities).limit(1);

  const total = pairCount * 2 + idleCount;
  const ids: number[] = [];
  for (let start = 0; start < total; start += 500) {
    const rows = await database.db
      .insert(members)
      .values(
        Array.from({ length: Math.min(500, total - start) }, (_, i) => ({
          email: `bench-${start + i}@bench.example`,
          membername: `벤치${start + i}`,
          universityId: uni!.id,
          status: 'ACTIVE',
        })),
      )
      .returning({ id: members.id });
    ids.push(...rows.map((r) => r.id));
  }
  const tokens = new AccessTokens(SECRET, 3600);
  const member = async (i: number): Promise<BenchMember> => ({ id: ids[i]!, token: await tokens.sign(ids[i]!, `bench-${i}@bench.example`) });

  const pairs: BenchPair[] = [];
  for (let p = 0; p < pairCount; p++) {
    const a = await member(2 * p);
    const b = await member(2 * p + 1);
    await database.db.insert(matches).values({ requesterId: a.id, targetId: b.id, status: 'ACCEPTED' });
    const [room] = await database.db
      .insert(chatRooms)
      .values({ memberA: Math.min(a.id, b.id), memberB: Math.max(a.id, b.id), starterId: a.id })
      .returning({ id: chatRooms.id });
    pairs.push({ a, b, roomId: room!.id });
  }
  const idle: string[] = [];
  for (let i = pairCount * 2; i < total; i++) idle.push((await member(i)).token);
  await database.close();
  process.send?.({ type: 'seeded', dataDir, pairs, idle } satisfies ToParent, () => process.exit(0));
}

function openDatabaseOfBench() {
  return openServerDatabase('chat', {
    JWT_SECRET: SECRET,
    // The throughput scenario floods one room from one member to measure storage, not the
    // per-member limit; the latency runs (10 msg/s per pair) stay within the default anyway.
    CHAT_RATE: process.env.BENCH_CHAT_RATE ?? '99999,999999',
  });
}

/**
 * BENCH_HEAP_PROFILE=dir: a sampling profile of every allocation of the server's main thread, kept
 * also when the garbage collector took it (what the young generation fills with, so what makes
 * it scavenge), written there as `.heapprofile` when the server closes.
 */
async function heapProfile(): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_HEAP_PROFILE;
  if (!dir) return async () => undefined;
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return async () => {
    const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `chat-server-${process.pid}.heapprofile`), JSON.stringify(profile));
  };
}

async function serve() {
  const stopHeapProfile = await heapProfile();
  const { config, database, closeAndExit } = await openDatabaseOfBench();
  const app = await createApp({ config, database, jwtSecret: SECRET, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');

  const send = (message: ToParent) => process.send?.(message);
  process.on('message', (message: ToChild) => {
    if (message.type === 'stats') {
      void database.db.execute(sql`select count(*)::int as n from chat_messages`).then((result) => {
        const mem = process.memoryUsage();
        const cpu = process.cpuUsage();
        send({
          cpuMs: (cpu.user + cpu.system) / 1000,
          type: 'stats',
          rss: mem.rss,
          heapUsed: mem.heapUsed,
          external: mem.external,
          messages: Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n),
          connections: app.websocketServer.clients.size,
          writeCalls: writeCalls('self'),
        });
      });
    } else if (message.type === 'close') {
      void stopHeapProfile().then(() => closeAndExit(app));
    }
  });
  send({ type: 'ready', port: address.port, database: database.kind });
}

(process.env.BENCH_CHAT_PHASE === 'seed' ? seed() : serve()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
