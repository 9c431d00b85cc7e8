// The chat writer's statements one call after another (decisions 0042, 0043): ChatRepo.commitBatch's
// wall time per batch shape, on PGlite and on PostgreSQL (a fresh database each, 200 rooms). One
// caller, so a figure is a statement and its commit, with nothing queued beside it. Each shape
// sends in one room and reads the message sent one call earlier in another, as the 100 pairs of
// bench/chat.ts do.
//
// Run: npx tsx bench/chat-statements.ts   (prints JSON lines; loadAvg1m with each)
//   BENCH_DB=pglite|postgres          only that one
//   BENCH_CALLS=1500                  timed calls per shape and pass (two passes, after 300 untimed)
//   BENCH_ASYNC_COMMIT=1              PostgreSQL without waiting for the WAL flush, PGlite without
//                                     fsync: the statements' work, not the disk's
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { chatRooms, matches, members, universities } from '../server/db/schema';
import { chatRepo, type ReadRequest, type StoreRequest } from '../server/modules/chat/repo';
import { seedCampus } from '../server/seed/campus';
import { forEachDatabase, freshPostgres, round } from './_postgres';

const ROOMS = 200;
const CALLS = Number(process.env.BENCH_CALLS ?? 1500);
const ASYNC_COMMIT = process.env.BENCH_ASYNC_COMMIT === '1';
/** Messages in the send's rooms, and whether the batch has a read. */
const SHAPES = [
  { name: '1 message', messages: 1, read: false },
  { name: '1 read', messages: 0, read: true },
  { name: '1 message + 1 read', messages: 1, read: true },
  { name: '2 messages', messages: 2, read: false },
  { name: '2 messages + 1 read', messages: 2, read: true },
] as const;

const emit = (record: Record<string, unknown>) => console.log(JSON.stringify({ bench: 'chat-statements', ...record, loadAvg1m: round(loadavg()[0]!, 1) }));

async function run(kind: 'pglite' | 'postgres') {
  const postgres = kind === 'postgres' ? await freshPostgres() : undefined;
  if (postgres && ASYNC_COMMIT) {
    // Before the pool opens: every connection of it starts with the setting.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`alter database ${new URL(postgres.url).pathname.slice(1)} set synchronous_commit = off`);
    await admin.end();
  }
  const dataDir = postgres ? undefined : mkdtempSync(path.join(tmpdir(), 'lunchchat-bench-statements-'));
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir, pgliteDurability: ASYNC_COMMIT ? 'relaxed' : 'full' });
  const { db } = database;
  try {
    await seedCampus(db);
    const [uni] = await db.select({ id: universities.id }).from(universities).limit(1);
    const ids = (
      await db
        .insert(members)
        .values(
          Array.from({ length: ROOMS * 2 }, (_, i) => ({
            email: `s${i}@bench.example`,
            membername: `문장${i}`,
            universityId: uni!.id,
            status: 'ACTIVE' as const,
          })),
        )
        .returning({ id: members.id })
    ).map((r) => r.id);
    const rooms: Array<{ id: number; a: number; b: number }> = [];
    for (let p = 0; p < ROOMS; p++) {
      const [a, b] = [ids[2 * p]!, ids[2 * p + 1]!];
      await db.insert(matches).values({ requesterId: a, targetId: b, status: 'ACCEPTED' });
      const [room] = await db
        .insert(chatRooms)
        .values({ memberA: Math.min(a, b), memberB: Math.max(a, b), starterId: a })
        .returning({ id: chatRooms.id });
      rooms.push({ id: room!.id, a, b });
    }
    const repo = chatRepo(db);
    let call = 0;
    const newest = new Map<number, string>();
    const step = async (shape: (typeof SHAPES)[number]) => {
      call++;
      const stores: StoreRequest[] = Array.from({ length: shape.messages }, (_, i) => {
        const room = rooms[(call + i * 7) % ROOMS]!;
        return { roomId: room.id, senderId: room.a, content: `메시지 ${call}`, clientMessageId: `s${call}-${i}` };
      });
      // The friend reads, up to the newest message, the room sent in one call earlier (none of this batch's).
      const reading = rooms[(call + ROOMS - 1) % ROOMS]!;
      const reads: ReadRequest[] = shape.read ? [{ roomId: reading.id, memberId: reading.b, upTo: newest.get(reading.id) }] : [];
      const { stored } = await repo.commitBatch(stores, reads);
      for (const result of stored) if (result.kind === 'stored') newest.set(result.row.roomId, result.row.id);
    };
    for (const shape of SHAPES) for (let i = 0; i < 300; i++) await step(shape);
    for (let pass = 0; pass < 2; pass++)
      for (const shape of SHAPES) {
        const started = performance.now();
        for (let i = 0; i < CALLS; i++) await step(shape);
        emit({
          db: kind,
          scenario: 'commit-batch',
          shape: shape.name,
          pass,
          asyncCommit: ASYNC_COMMIT,
          calls: CALLS,
          usPerCall: Math.round(((performance.now() - started) * 1000) / CALLS),
        });
      }
  } finally {
    await database.close();
    await postgres?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await forEachDatabase(run, emit);
