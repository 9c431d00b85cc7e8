// Child process of bench/load.ts (the leading underscore keeps `npm run bench` from running it alone):
// one server instance, the real app on a loopback port. The first instance of a run seeds the
// campus directly in the database (members with interests, timetables and keywords; accepted
// matches with rooms and history; notifications); the others share its PostgreSQL and Redis.
// It measures itself (CPU, RSS, event-loop delay) and answers the parent over IPC.
import { rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import type { Database } from '../server/db/client';
import { seedCampus } from '../server/seed/campus';
import { seedDemoMembers } from '../server/seed/demo-members';
import { openServerDatabase } from './_server-database';

const UNIVERSITY = '가톨릭대';
/** Event-loop delay sampling interval: the histogram holds whole intervals, so this is subtracted. */
const ELD_RESOLUTION_MS = 10;

export interface SeedOptions {
  /** Members of the one university (the ranking's pool). */
  campus: number;
  /** Signed-in students (the first of the campus): they connect and call the API. */
  students: number;
  /** Chat pairs among the students: students 2p and 2p+1. */
  pairs: number;
  /** Further accepted matches, each with a room, per student. */
  roomsPerStudent: number;
  /** Messages already in each room. */
  history: number;
  /** Notifications per student. */
  notifications: number;
}

export interface LoadPlan {
  students: { id: number; email: string }[];
  /** Indexes into `students`. */
  pairs: { a: number; b: number; roomId: number }[];
  /** Per student: the rooms they are in (chat history requests). */
  rooms: number[][];
  /** Department names of the university (explore filters). */
  departments: string[];
  seedMs: number;
  /** ms per seeding step. */
  seedSteps: Record<string, number>;
}

export interface InstanceStats {
  rss: number;
  heapUsed: number;
  /** Process CPU (user + system, all threads) since `begin`. */
  cpuMs: number;
  wallMs: number;
  /** Beyond the sampling interval, over the window since `begin`. */
  eventLoopDelay: { p50Ms: number; p99Ms: number; maxMs: number };
  connections: number;
}

export type ToParent = { type: 'ready'; port: number; database: string; plan?: LoadPlan } | ({ type: 'stats'; id: number } & InstanceStats);
/** `begin` starts a measurement window (CPU and event-loop delay from zero); `stats` reads it. */
export type ToChild = { type: 'begin' } | { type: 'stats'; id: number } | { type: 'close' };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function seed(database: Database, options: SeedOptions): Promise<LoadPlan> {
  const t0 = performance.now();
  const steps: Record<string, number> = {};
  let last = t0;
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - last);
    last = now;
  };
  const { db } = database;
  await seedCampus(db);
  await seedDemoMembers(db, { count: options.campus, university: UNIVERSITY, prefix: 'load', seed: 2026 });
  step('members');
  // Campus member k (0-based, in id order); the first `students` are the signed-in ones. A plain
  // table, not a temporary one: on PostgreSQL the statements below may run on different pooled connections.
  await db.execute(sql`
    create table load_campus as
      select (row_number() over (order by id) - 1)::int as k, id from members where email like 'load-%'`);
  await db.execute(sql`create unique index on load_campus (k)`);
  const { students: s, campus: c, pairs: p } = options;
  // Chat pairs, then further accepted matches with campus members, then requests students received.
  await db.execute(sql`
    insert into matches (requester_id, target_id, status, created_at, updated_at)
    select a.id, b.id, 'ACCEPTED', now() - interval '2 days', now() - interval '1 day'
      from generate_series(0, ${p - 1}) g join load_campus a on a.k = 2 * g join load_campus b on b.k = 2 * g + 1
    on conflict do nothing`);
  await db.execute(sql`
    insert into matches (requester_id, target_id, status, created_at, updated_at)
    select a.id, b.id, 'ACCEPTED', now() - (r + 2) * interval '1 day', now() - (r + 1) * interval '1 day'
      from generate_series(0, ${s - 1}) st cross join generate_series(1, ${options.roomsPerStudent}) r
      join load_campus a on a.k = st
      join load_campus b on b.k = ((st::bigint * 7919 + r * 104729 + 13) % ${c})::int
     where a.id <> b.id
    on conflict do nothing`);
  await db.execute(sql`
    insert into matches (requester_id, target_id, status, created_at, updated_at)
    select b.id, a.id, 'REQUESTED', now() - r * interval '5 hours', now() - r * interval '5 hours'
      from generate_series(0, ${s - 1}) st cross join generate_series(1, 2) r
      join load_campus a on a.k = st
      join load_campus b on b.k = ((st::bigint * 15401 + r * 30011 + 101) % ${c})::int
     where a.id <> b.id
    on conflict do nothing`);
  step('matches');
  // A room for every accepted match of a student, with history; both have read all but the last few.
  await db.execute(sql`
    insert into chat_rooms (member_a, member_b, starter_id, created_at)
    select least(m.requester_id, m.target_id), greatest(m.requester_id, m.target_id), m.requester_id, m.updated_at
      from matches m
     where m.status = 'ACCEPTED'
       and exists (select 1 from load_campus l where l.k < ${s} and l.id in (m.requester_id, m.target_id))
    on conflict do nothing`);
  await db.execute(sql`
    insert into chat_messages (room_id, sender_id, content, created_at)
    select r.id, case when g % 2 = 0 then r.member_a else r.member_b end, '오늘 점심 뭐 먹을까요? ' || g,
           now() - (${options.history} - g + 1) * interval '7 minutes'
      from chat_rooms r cross join generate_series(1, ${options.history}) g
     order by g, r.id`);
  step('rooms');
  await db.execute(sql`
    update chat_rooms r
       set last_message_at = x.last_at, a_read_id = x.last_id, b_read_id = coalesce(x.older_id, 0)
      from (select room_id, max(created_at) as last_at, max(id) as last_id,
                   (array_agg(id order by id desc))[4] as older_id
              from chat_messages group by room_id) x
     where x.room_id = r.id`);
  step('readState');
  await db.execute(sql`
    insert into notifications (recipient_id, sender_id, type, content, is_read, created_at)
    select a.id, b.id, case when g % 3 = 0 then 'MATCH_ACCEPTED' else 'MATCH_REQUEST' end,
           m.membername || case when g % 3 = 0 then '님이 런치챗을 수락했어요!' else '님이 런치챗을 요청했어요!' end,
           g > 3, now() - g * interval '3 hours'
      from generate_series(0, ${s - 1}) st cross join generate_series(1, ${options.notifications}) g
      join load_campus a on a.k = st
      join load_campus b on b.k = ((st::bigint * 104723 + g * 7907) % ${c})::int
      join members m on m.id = b.id`);
  step('notifications');
  await db.execute(sql`vacuum analyze`);
  step('vacuum');

  const students = rowsOf<{ id: number; email: string }>(
    await db.execute(sql`select l.id, m.email from load_campus l join members m on m.id = l.id where l.k < ${s} order by l.k`),
  );
  const index = new Map(students.map((st, i) => [st.id, i]));
  const rooms: number[][] = students.map(() => []);
  const pairs: LoadPlan['pairs'] = [];
  for (const r of rowsOf<{ id: number; a: number; b: number }>(await db.execute(sql`select id, member_a as a, member_b as b from chat_rooms order by id`))) {
    const [ia, ib] = [index.get(r.a), index.get(r.b)];
    if (ia !== undefined) rooms[ia]!.push(r.id);
    if (ib !== undefined) rooms[ib]!.push(r.id);
    // The pairs are students 2p and 2p+1; `a` sends first.
    if (ia !== undefined && ib !== undefined && Math.min(ia, ib) % 2 === 0 && Math.abs(ia - ib) === 1 && Math.max(ia, ib) < 2 * p)
      pairs.push({ a: Math.min(ia, ib), b: Math.max(ia, ib), roomId: r.id });
  }
  pairs.sort((x, y) => x.a - y.a);
  const departments = rowsOf<{ name: string }>(
    await db.execute(sql`
      select distinct d.name from departments d join colleges c on c.id = d.college_id
        join universities u on u.id = c.university_id where u.short_name = ${UNIVERSITY} order by d.name`),
  ).map((d) => d.name);
  await db.execute(sql`drop table load_campus`);
  return { students, pairs, rooms, departments, seedMs: Math.round(performance.now() - t0), seedSteps: steps };
}

/** BENCH_PROFILE_WINDOW=dir: a CPU profile of each measured window (begin → stats), without the seeding. */
let profiler: Session | undefined;
async function profileWindow(at: 'begin' | 'stats') {
  const dir = process.env.BENCH_PROFILE_WINDOW;
  if (!dir) return;
  if (at === 'begin') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  } else if (profiler) {
    const session = profiler;
    profiler = undefined;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${dir}/window-${process.pid}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

async function main() {
  // The parent signs the students' access tokens with it.
  const secret = process.env.BENCH_JWT_SECRET!;
  const seedOptions = process.env.BENCH_SEED ? (JSON.parse(process.env.BENCH_SEED) as SeedOptions) : undefined;
  // Each instance's pool as the server's default.
  const { config, database, dataDir, closeAndExit } = await openServerDatabase('load', {
    JWT_SECRET: secret,
    // One channel per run: runs on a shared Redis do not hear each other (the parent listens on it).
    REDIS_CHANNEL_PREFIX: process.env.BENCH_REDIS_PREFIX ?? '',
  });
  const plan = seedOptions ? await seed(database, seedOptions) : undefined;

  const app = await createApp({ config, database, jwtSecret: secret, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');

  const delay = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
  delay.enable();
  let cpuStart = process.cpuUsage();
  let wallStart = performance.now();
  const beyond = (ns: number) => Math.max(0, Math.round((ns / 1e6 - ELD_RESOLUTION_MS) * 100) / 100);

  const send = (message: ToParent) => process.send?.(message);
  // The parent is gone (it failed): nobody will ask this server to close.
  process.on('disconnect', () => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  });
  process.on('message', (message: ToChild) => {
    if (message.type === 'begin') {
      void profileWindow('begin');
      delay.reset();
      cpuStart = process.cpuUsage();
      wallStart = performance.now();
    } else if (message.type === 'stats') {
      void profileWindow('stats');
      const cpu = process.cpuUsage(cpuStart);
      const mem = process.memoryUsage();
      send({
        type: 'stats',
        id: message.id,
        rss: mem.rss,
        heapUsed: mem.heapUsed,
        cpuMs: (cpu.user + cpu.system) / 1000,
        wallMs: performance.now() - wallStart,
        eventLoopDelay: { p50Ms: beyond(delay.percentile(50)), p99Ms: beyond(delay.percentile(99)), maxMs: beyond(delay.max) },
        connections: app.websocketServer.clients.size,
      });
    } else if (message.type === 'close') {
      void closeAndExit(app);
    }
  });
  send({ type: 'ready', port: address.port, database: database.kind, plan });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
