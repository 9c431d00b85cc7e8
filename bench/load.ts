// Campus load benchmark (not a test): signed-in students on one server, then on several behind
// Redis, with chat and the API at once. @stomp/stompjs clients and fetch on loopback against the
// real app in child processes (bench/_load-server.ts). JSON lines on stdout.
//   node --import tsx bench/load.ts
//   BENCH_ONLY=one-instance,two-instances,fanout   a subset of the scenarios (default all three)
//   BENCH_SECONDS=60                       measured seconds per run (after a warm-up of a quarter of it, at most 5 s)
//   BENCH_SCALE=0.1                        smoke: students, connections, pairs and both rates times this
//   BENCH_STUDENTS=2000 BENCH_CONNECTIONS=1000 BENCH_PAIRS=100   signed in, with a STOMP connection, chatting in pairs
//   BENCH_CHAT_RATE=200 BENCH_REST_RATE=100                      messages/s and requests/s in total (0: none)
//   BENCH_CAMPUS=20000                     members of the university (the ranking's pool)
//   BENCH_DB=postgres                      one-instance on PostgreSQL instead of PGlite
//   BENCH_DB=pglite                        only one-instance (as the other benches: no PostgreSQL)
//   BENCH_PROFILE=dir                      a CPU profile of each server process there
//   BENCH_PROFILE_WINDOW=dir               a CPU profile of each measured window only (no seeding)
//   BENCH_PGLITE_WASM_TIER=optimizing      PGlite's WebAssembly tier (default: the server's default)
//   BENCH_PGLITE_DURABILITY=relaxed        PGlite without fsync (default full, as the server runs)
//   BENCH_FANOUT_INSTANCES=1,2,3,4         instance counts of the fan-out scenario
//   BENCH_POSTGRES_URL=postgres://…/db     admin URL (a fresh database per scenario is made and dropped)
//   BENCH_REDIS_URL=redis://127.0.0.1:6379
//
// one-instance: PGlite on disk (as `npm start`), in-process fan-out; targets REST p99 ≤ 50 ms and
// chat p99 ≤ 25 ms. two-instances: PostgreSQL + Redis, every student on one of two instances, every
// chat pair split across them (so every chat figure is cross-instance). fanout: chat only, the same
// total message rate on 1…4 instances, to see whether each instance's CPU per message falls with
// the instance count (before decision 0021 every instance heard every message on one Redis channel;
// now only instances with subscribers to a route listen to its channel); a bystander
// instance with no clients measures the fan-out alone, and the `fit` line splits all instances'
// CPU per message into work done once and what each further instance adds.
//
// Chat latency is send call → MESSAGE at the other member (both members have the room open and
// read as the PWA does: SEND /pub/read at most every 300 ms); chat-room-event is send call →
// `event:room` on the recipient's member queue. REST latency is request → body read. The load is
// open-loop: messages and requests go out on a clock, not after the previous answer.
// Server CPU is the child's process.cpuUsage (all threads) over the measured window; event-loop
// delay is perf_hooks.monitorEventLoopDelay inside the child. The load generator shares the
// machine: its own CPU and event-loop delay are printed too (a busy generator inflates latencies).
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Client } from '@stomp/stompjs';
import { Redis } from 'ioredis';
import { INTEREST_CODES } from '../contract/interests';
import { CHAT_EVENT, MEMBER_QUEUE, readPublish, roomPublish, roomTopic, STOMP_ENDPOINT } from '../contract/stomp';
import { AccessTokens } from '../server/modules/auth/tokens';
import { rng } from '../server/seed/demo-members';
import type { InstanceStats, LoadPlan, SeedOptions, ToChild, ToParent } from './_load-server';
import { connect, serveNodeFlags, subscribed, jsonLines } from './_live';
import { machineFacts } from './_machine';
import { POSTGRES_ADMIN_URL, freshPostgres, reachable, round, latencySummary } from './_postgres';
import { READ_QUIET_MS, ReadReporter } from '../src/features/chat/live/read-reporter';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const scaled = (name: string, full: number, min = 1) => Number(process.env[name] ?? Math.max(min, Math.round(full * SCALE)));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = Math.min(5, SECONDS / 4);
const STUDENTS = scaled('BENCH_STUDENTS', 2000, 4);
const CONNECTIONS = Math.min(STUDENTS, scaled('BENCH_CONNECTIONS', 1000, 2));
const PAIRS = Math.min(Math.floor(CONNECTIONS / 2), scaled('BENCH_PAIRS', 100));
// 0 turns that half of the load off (to see which half a server spends its time on).
const CHAT_RATE = scaled('BENCH_CHAT_RATE', 200, 0);
const REST_RATE = scaled('BENCH_REST_RATE', 100, 0);
const CAMPUS = Math.max(STUDENTS, scaled('BENCH_CAMPUS', 20_000, 100));
const FANOUT = (process.env.BENCH_FANOUT_INSTANCES ?? '1,2,3,4').split(',').map(Number);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !ONLY || ONLY.includes(name);
const SECRET = 'load-bench-secret-load-bench-secret-0123';
const TARGET_REST_P99_MS = 50;
/** The histogram holds whole sampling intervals: this is subtracted from its figures. */
const CLIENT_ELD_RESOLUTION_MS = 10;
const TARGET_CHAT_P99_MS = 25;

const SEED: SeedOptions = { campus: CAMPUS, students: STUDENTS, pairs: PAIRS, roomsPerStudent: 3, history: 20, notifications: 15 };

const emit = jsonLines('load');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => round(bytes / 2 ** 20, 1);

const summary = latencySummary;

// ---------- the rest of the machine ----------

const OTHERS = ['postgres', 'redis-server'] as const;

/** CPU time (ms) so far of this machine's PostgreSQL and Redis processes, by pid, from /proc (Linux; undefined elsewhere). */
function processCpuMs(): Map<string, { comm: (typeof OTHERS)[number]; ms: number }> | undefined {
  try {
    const found = new Map<string, { comm: (typeof OTHERS)[number]; ms: number }>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close) as (typeof OTHERS)[number];
      if (!OTHERS.includes(comm)) continue;
      // After "pid (comm) ", utime and stime are the 12th and 13th fields, in clock ticks (100/s).
      const fields = stat.slice(close + 2).split(' ');
      found.set(pid, { comm, ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    }
    return found;
  } catch {
    return undefined;
  }
}

/**
 * What PostgreSQL and Redis spent between two snapshots (ms): work outside the server processes.
 * Best effort: a PostgreSQL backend that exits within the window takes its time with it.
 */
function othersCpuMs(before: ReturnType<typeof processCpuMs>, after: ReturnType<typeof processCpuMs>) {
  if (!before || !after) return undefined;
  const spent = { postgres: 0, 'redis-server': 0 };
  for (const [pid, { comm, ms }] of after) spent[comm] += ms - (before.get(pid)?.ms ?? 0);
  return spent;
}

/** Busy and total jiffies of all cores (/proc/stat), for the machine's busy share over a window. */
function machineJiffies(): { busy: number; total: number } | undefined {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = values.map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    // idle and iowait are the 4th and 5th.
    return { busy: total - n[3]! - (n[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

// ---------- server children ----------

interface Instance {
  child: ChildProcess;
  port: number;
  database: string;
  plan?: LoadPlan;
  begin(): void;
  stats(): Promise<InstanceStats>;
  close(): Promise<void>;
}

async function startInstance(env: { databaseUrl?: string; redisUrl?: string; redisPrefix?: string; seed?: SeedOptions }): Promise<Instance> {
  const child = fork(new URL('./_load-server.ts', import.meta.url).pathname, [], {
    // BENCH_PROFILE=dir writes a CPU profile of each server there.
    execArgv: [...serveNodeFlags(), '--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [])],
    env: {
      ...process.env,
      BENCH_JWT_SECRET: SECRET,
      BENCH_DATABASE_URL: env.databaseUrl ?? '',
      BENCH_REDIS_URL: env.redisUrl ?? '',
      BENCH_REDIS_PREFIX: env.redisPrefix ?? '',
      BENCH_SEED: env.seed ? JSON.stringify(env.seed) : '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Extract<ToParent, { type: 'ready' }>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
    child.on('message', (m: ToParent) => m.type === 'ready' && resolve(m));
  });
  const ask = (m: ToChild) => child.send(m);
  let asked = 0;
  return {
    child,
    port: ready.port,
    database: ready.database,
    plan: ready.plan,
    begin: () => ask({ type: 'begin' }),
    stats: () =>
      new Promise((resolve) => {
        // Numbered: the RSS sampler's questions overlap the final one.
        const id = ++asked;
        const onMessage = (m: ToParent) => {
          if (m.type !== 'stats' || m.id !== id) return;
          child.off('message', onMessage);
          resolve(m);
        };
        child.on('message', onMessage);
        ask({ type: 'stats', id });
      }),
    close: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        ask({ type: 'close' });
      }),
  };
}

/** The first instance seeds; the others boot on its database one after another (migrations lock anyway). */
async function startInstances(count: number, env: { databaseUrl?: string; redisUrl?: string; redisPrefix?: string }) {
  const first = await startInstance({ ...env, seed: SEED });
  const plan = first.plan!;
  emit({
    phase: 'seed',
    db: first.database,
    campus: CAMPUS,
    students: plan.students.length,
    pairs: plan.pairs.length,
    seedMs: plan.seedMs,
    seedSteps: plan.seedSteps,
  });
  const instances = [first];
  while (instances.length < count) instances.push(await startInstance(env));
  return { instances, plan };
}

// ---------- load ----------

/** What one run measures, per operation (REST paths, chat, chat-room-event). */
type Samples = Map<string, { latencies: number[]; errors: number }>;

interface RunOptions {
  scenario: string;
  instances: Instance[];
  plan: LoadPlan;
  tokens: string[];
  rest: boolean;
  /** Redis channels (a PSUBSCRIBE pattern) to count envelopes on (multi-instance runs). */
  redis?: { url: string; channel: string };
  /** Measure each instance's CPU with connections open and no traffic first (fan-out runs). */
  idleBaseline?: boolean;
  /**
   * An instance on the same Redis with no clients: what it spends is the fan-out alone (since
   * decision 0021 it listens to the broadcast channel only), measured like the others, in no total.
   */
  bystander?: Instance;
}

function restCall(plan: LoadPlan, student: number, random: () => number): [op: string, path: string] {
  const r = random();
  if (r < 0.2) return ['recommendations', '/api/members/recommendations'];
  if (r < 0.5) {
    const q = new URLSearchParams({ sort: random() < 0.6 ? 'recommend' : 'recent', page: String(Math.floor(random() * 5)), size: '10' });
    if (random() < 0.5) q.set('interest', INTEREST_CODES[Math.floor(random() * INTEREST_CODES.length)]!);
    if (random() < 0.3 && plan.departments.length) q.set('department', plan.departments[Math.floor(random() * plan.departments.length)]!);
    if (random() < 0.3) q.set('studentNo', String(21 + Math.floor(random() * 5)));
    return ['explore', `/api/members/filters?${q}`];
  }
  if (r < 0.65) return ['notifications', '/api/notifications?size=20'];
  const rooms = plan.rooms[student] ?? [];
  if (r < 0.85 || rooms.length === 0) return ['chat-rooms', '/api/chatrooms?page=0&size=20'];
  return ['chat-history', `/api/chatrooms/${rooms[Math.floor(random() * rooms.length)]}/messages?size=20`];
}

async function run(options: RunOptions) {
  const { instances, plan, tokens } = options;
  const n = instances.length;
  const pairs = plan.pairs;
  // Students on instances: pair p's members on p % n and (p + 1) % n (across instances when n > 1),
  // everyone else round-robin.
  const home = plan.students.map((_, i) => i % n);
  pairs.forEach((pair, p) => {
    home[pair.a] = p % n;
    home[pair.b] = (p + 1) % n;
  });
  const url = (i: number) => `ws://127.0.0.1:${instances[home[i]!]!.port}${STOMP_ENDPOINT}`;
  const connected = new Set<number>(pairs.flatMap((p) => [p.a, p.b]));
  for (let i = 0; connected.size < CONNECTIONS && i < plan.students.length; i++) connected.add(i);

  const samples: Samples = new Map();
  const record = (op: string, ms: number | undefined) => {
    let s = samples.get(op);
    if (!s) samples.set(op, (s = { latencies: [], errors: 0 }));
    if (ms === undefined) s.errors++;
    else s.latencies.push(ms);
  };
  let measuring = false;
  /** Message j: when it was sent, whether it counts, and to which student it goes. */
  const inFlight = new Map<number, { at: number; measured: boolean; to: number; cross: boolean }>();
  const roomPending = new Map<number, { at: number; measured: boolean; to: number }>();
  let roomEvents = 0;
  let readEvents = 0;
  const stompErrors = new Map<string, number>();
  let disconnects = 0;
  let unsent = 0;
  let closing = false;
  let delivered = 0;
  // Each member with a room open reports reads on the PWA's own schedule (its ReadReporter).
  const readers = new Map<number, ReadReporter>();

  // Each student as the signed-in app keeps it (section 17): one connection, the member queue;
  // pair members also have their room open.
  const clients = new Map<number, Client>();
  const roomOf = new Map<number, number>();
  for (const pair of pairs) {
    roomOf.set(pair.a, pair.roomId);
    roomOf.set(pair.b, pair.roomId);
  }
  const order = [...connected];
  for (let start = 0; start < order.length; start += 100) {
    await Promise.all(
      order.slice(start, start + 100).map(async (i) => {
        const client = await connect(url(i), { Authorization: `Bearer ${tokens[i]}` });
        clients.set(i, client);
        // A run is only as good as its connections: ERROR frames and closes are counted.
        client.onStompError = (frame) => {
          stompErrors.set(frame.headers.message ?? '?', (stompErrors.get(frame.headers.message ?? '?') ?? 0) + 1);
        };
        client.onWebSocketClose = () => {
          if (!closing) disconnects++;
        };
        await subscribed(client, MEMBER_QUEUE, (body, event) => {
          if (event !== CHAT_EVENT.room) return;
          roomEvents++;
          const match = /^load (\d+)$/.exec((JSON.parse(body) as { lastMessage: string | null }).lastMessage ?? '');
          const pending = match ? roomPending.get(Number(match[1])) : undefined;
          if (pending && pending.to === i) {
            if (pending.measured) record('chat-room-event', performance.now() - pending.at);
            roomPending.delete(Number(match![1]));
          }
        });
        const roomId = roomOf.get(i);
        if (roomId === undefined) return;
        await subscribed(client, roomTopic(roomId), (body, event) => {
          if (event === CHAT_EVENT.read) readEvents++;
          if (event !== undefined) return;
          const message = JSON.parse(body) as { content: string; senderId: number; id: { value: string } };
          if (message.senderId === plan.students[i]!.id) return;
          const j = Number(/^load (\d+)$/.exec(message.content)?.[1]);
          const sent = inFlight.get(j);
          if (sent) {
            delivered++;
            if (sent.measured) {
              const ms = performance.now() - sent.at;
              record('chat', ms);
              if (sent.cross) record('chat-cross-instance', ms);
            }
            inFlight.delete(j);
          }
          // Reading as the PWA does with the room open.
          let reader = readers.get(i);
          if (!reader) {
            reader = new ReadReporter((id) => {
              if (client.connected) client.publish({ destination: readPublish(roomId), body: JSON.stringify({ lastReadMessageId: id }) });
            });
            readers.set(i, reader);
          }
          reader.seen(message.id.value);
        });
      }),
    );
  }
  await sleep(1000);

  let idle: InstanceStats[] | undefined;
  const watched = options.bystander ? [...instances, options.bystander] : instances;
  if (options.idleBaseline) {
    for (const instance of watched) instance.begin();
    await sleep(Math.max(2000, WARMUP_SECONDS * 1000));
    idle = await Promise.all(watched.map((instance) => instance.stats()));
  }

  // Envelopes on the fan-out channels (published, not received: each goes to the instances with subscribers to its route).
  let envelopes = 0;
  let envelopeBytes = 0;
  const listener = options.redis ? new Redis(options.redis.url) : undefined;
  if (listener && options.redis) {
    await listener.psubscribe(options.redis.channel);
    listener.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, raw: Buffer) => {
      if (!measuring) return;
      envelopes++;
      envelopeBytes += raw.length;
    });
  }

  const random = rng(42);
  const restInFlight = new Set<Promise<void>>();
  let restMeasured = 0;
  const callRest = (student: number) => {
    const [op, path] = restCall(plan, student, random);
    const measured = measuring;
    if (measured) restMeasured++;
    const t0 = performance.now();
    const call = fetch(`http://127.0.0.1:${instances[home[student]!]!.port}${path}`, { headers: { authorization: `Bearer ${tokens[student]}` } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (measured) record(op, res.status === 200 ? performance.now() - t0 : undefined);
      })
      .catch(() => {
        if (measured) record(op, undefined);
      })
      .finally(() => restInFlight.delete(call));
    restInFlight.add(call);
  };
  const sendChat = (j: number) => {
    const pair = pairs[j % pairs.length]!;
    const forward = Math.floor(j / pairs.length) % 2 === 0;
    const [from, to] = forward ? [pair.a, pair.b] : [pair.b, pair.a];
    const client = clients.get(from)!;
    // A member whose connection the server closed (see disconnects, stompErrors) sends nothing more.
    if (!client.connected) {
      if (measuring) unsent++;
      return;
    }
    const at = performance.now();
    inFlight.set(j, { at, measured: measuring, to, cross: home[from] !== home[to] });
    roomPending.set(j, { at, measured: measuring, to });
    client.publish({ destination: roomPublish(pair.roomId), body: JSON.stringify({ content: `load ${j}` }) });
  };

  // Open loop: every 5 ms, whatever the clock says is due.
  let chatSent = 0;
  let chatMeasured = 0;
  let restSent = 0;
  const t0 = performance.now();
  const clock = setInterval(() => {
    const elapsed = (performance.now() - t0) / 1000;
    while (pairs.length > 0 && chatSent < elapsed * CHAT_RATE) {
      if (measuring) chatMeasured++;
      sendChat(chatSent++);
    }
    for (; options.rest && restSent < elapsed * REST_RATE; restSent++) callRest(Math.floor(random() * plan.students.length));
  }, 5);
  await sleep(WARMUP_SECONDS * 1000);

  const clientDelay = monitorEventLoopDelay({ resolution: CLIENT_ELD_RESOLUTION_MS });
  clientDelay.enable();
  const clientCpu = process.cpuUsage();
  const othersBefore = processCpuMs();
  const machineBefore = machineJiffies();
  const started = performance.now();
  for (const instance of watched) instance.begin();
  measuring = true;
  const peakRss = watched.map(() => 0);
  const sampler = setInterval(() => {
    watched.forEach((instance, k) => void instance.stats().then((s) => (peakRss[k] = Math.max(peakRss[k]!, s.rss))));
  }, 5000);
  await sleep(SECONDS * 1000);
  measuring = false;
  const wallMs = performance.now() - started;
  const others = othersCpuMs(othersBefore, processCpuMs());
  const machineAfter = machineJiffies();
  clearInterval(clock);
  clearInterval(sampler);
  const stats = await Promise.all(watched.map((instance) => instance.stats()));
  const clientCpuMs = (() => {
    const c = process.cpuUsage(clientCpu);
    return (c.user + c.system) / 1000;
  })();
  clientDelay.disable();

  // What is still on its way arrives (or is lost).
  const deadline = performance.now() + 15_000;
  while ((inFlight.size > 0 || restInFlight.size > 0) && performance.now() < deadline) await sleep(20);
  await sleep(READ_QUIET_MS + 200);
  const lost = [...inFlight.values()].filter((m) => m.measured).length;
  for (const reader of readers.values()) reader.cancel();
  await listener?.quit();
  closing = true;
  await Promise.all([...clients.values()].map((c) => c.deactivate()));

  const base = { scenario: options.scenario, db: instances[0]!.database, instances: n, seconds: SECONDS };
  for (const [op, s] of [...samples].sort(([a], [b]) => a.localeCompare(b))) emit({ ...base, op, ...summary(s.latencies), errors: s.errors });
  const records = stats.map((s, k) => {
    const idleCpuPercent = idle ? (idle[k]!.cpuMs / idle[k]!.wallMs) * 100 : undefined;
    const cpuPercent = (s.cpuMs / s.wallMs) * 100;
    const record = {
      ...base,
      instance: k,
      connections: s.connections,
      rssMb: mb(s.rss),
      peakRssMb: mb(Math.max(peakRss[k]!, s.rss)),
      heapUsedMb: mb(s.heapUsed),
      cpuPercent: round(cpuPercent, 1),
      // With REST in the mix, CPU per chat message means nothing.
      cpuUsPerMessage: options.rest ? undefined : Math.round((s.cpuMs * 1000) / Math.max(1, chatMeasured)),
      ...(idleCpuPercent === undefined
        ? {}
        : {
            idleCpuPercent: round(idleCpuPercent, 1),
            // Net of what the open connections cost with no traffic (heart-beats, timers).
            netCpuUsPerMessage: Math.round((((cpuPercent - idleCpuPercent) / 100) * s.wallMs * 1000) / Math.max(1, chatMeasured)),
          }),
      eventLoopDelayP50Ms: s.eventLoopDelay.p50Ms,
      eventLoopDelayP99Ms: s.eventLoopDelay.p99Ms,
      eventLoopDelayMaxMs: s.eventLoopDelay.maxMs,
    };
    emit({ ...record, op: k < n ? 'server' : 'bystander' });
    return record;
  });
  const perInstance = records.slice(0, n);
  const bystander = records[n];

  const all = (ops: string[]) => ops.flatMap((op) => samples.get(op)?.latencies ?? []);
  const restOps = ['recommendations', 'explore', 'notifications', 'chat-rooms', 'chat-history'];
  const rest = summary(all(restOps));
  const chat = summary(all(['chat']));
  const cross = summary(all(['chat-cross-instance']));
  const measuredSeconds = wallMs / 1000;
  return {
    ...base,
    students: plan.students.length,
    connections: clients.size,
    pairs: pairs.length,
    chatPerSecond: round(chatMeasured / measuredSeconds, 1),
    ...(options.rest
      ? {
          restPerSecond: round(restMeasured / measuredSeconds, 1),
          // Failed, or not answered within 15 s of the end.
          restErrors: restMeasured - rest.n,
          restP99Ms: rest.p99Ms,
        }
      : {}),
    chatP99Ms: chat.p99Ms,
    ...(n > 1 ? { crossInstanceChatP99Ms: cross.p99Ms } : {}),
    chatDelivered: delivered,
    lost,
    unsent,
    disconnects,
    stompErrors: Object.fromEntries(stompErrors),
    readEvents,
    roomEvents,
    ...(options.redis
      ? {
          redisEnvelopes: envelopes,
          redisEnvelopesPerChatMessage: round(envelopes / Math.max(1, chatMeasured), 2),
          redisKbPerSecond: round(envelopeBytes / 1024 / measuredSeconds, 1),
        }
      : {}),
    serverCpuPercentTotal: round(
      perInstance.reduce((sum, r) => sum + r.cpuPercent, 0),
      1,
    ),
    ...(options.rest
      ? {}
      : {
          serverCpuUsPerMessageTotal: perInstance.reduce((sum, r) => sum + (r.cpuUsPerMessage ?? 0), 0),
          serverNetCpuUsPerMessageTotal: idle ? perInstance.reduce((sum, r) => sum + (r.netCpuUsPerMessage ?? 0), 0) : undefined,
        }),
    ...(bystander ? { bystanderNetCpuUsPerMessage: bystander.netCpuUsPerMessage ?? bystander.cpuUsPerMessage } : {}),
    clientCpuPercent: round((clientCpuMs / wallMs) * 100, 1),
    // Of one core, like the servers' figures; the machine's is of all its cores (other work included).
    ...(others
      ? {
          postgresCpuPercent: round((others.postgres / wallMs) * 100, 1),
          redisCpuPercent: round((others['redis-server'] / wallMs) * 100, 1),
        }
      : {}),
    ...(machineBefore && machineAfter
      ? { machineBusyPercent: round(((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100, 1) }
      : {}),
    clientEventLoopDelayP99Ms: Math.max(0, round(clientDelay.percentile(99) / 1e6 - CLIENT_ELD_RESOLUTION_MS)),
  };
}

// ---------- scenarios ----------

async function signTokens(plan: LoadPlan): Promise<string[]> {
  const tokens = new AccessTokens(SECRET, 3600);
  return Promise.all(plan.students.map((s) => tokens.sign(s.id, s.email)));
}

function targets(result: { restP99Ms?: number; chatP99Ms: number; lost: number; unsent: number; disconnects: number; restErrors?: number }) {
  return {
    targetRestP99Ms: TARGET_REST_P99_MS,
    targetChatP99Ms: TARGET_CHAT_P99_MS,
    met:
      (result.restP99Ms ?? NaN) <= TARGET_REST_P99_MS &&
      result.chatP99Ms <= TARGET_CHAT_P99_MS &&
      result.lost + result.unsent + result.disconnects === 0 &&
      result.restErrors === 0,
  };
}

/** Fresh PostgreSQL database and Redis channel; `count` instances on them. */
interface Shared {
  databaseUrl: string;
  redisPrefix: string;
  channel: string;
}
async function onPostgres<T>(count: number, redis: boolean, work: (instances: Instance[], plan: LoadPlan, shared: Shared) => Promise<T>): Promise<T> {
  const pgdb = await freshPostgres();
  const prefix = `lcbench-load-${Math.random().toString(36).slice(2, 10)}`;
  let instances: Instance[] = [];
  try {
    const started = await startInstances(count, { databaseUrl: pgdb.url, redisUrl: redis ? REDIS_URL : undefined, redisPrefix: prefix });
    instances = started.instances;
    // Every channel of the deployment: the broadcast one and one per route (decision 0021).
    return await work(instances, started.plan, { databaseUrl: pgdb.url, redisPrefix: prefix, channel: `${prefix}:*` });
  } finally {
    await Promise.all(instances.map((i) => i.close()));
    await pgdb.drop();
  }
}

async function oneInstance(): Promise<void> {
  const scenario = 'one-instance';
  const go = async (instances: Instance[], plan: LoadPlan) => {
    const result = await run({ scenario, instances, plan, tokens: await signTokens(plan), rest: true });
    emit({ ...result, op: 'summary', ...targets(result) });
  };
  if (process.env.BENCH_DB === 'postgres') return onPostgres(1, false, go);
  const { instances, plan } = await startInstances(1, {});
  try {
    await go(instances, plan);
  } finally {
    await instances[0]!.close();
  }
}

async function twoInstances(): Promise<void> {
  await onPostgres(2, true, async (instances, plan, { channel }) => {
    const result = await run({ scenario: 'two-instances', instances, plan, tokens: await signTokens(plan), rest: true, redis: { url: REDIS_URL, channel } });
    emit({ ...result, op: 'summary', ...targets(result) });
  });
}

/** The same chat load on 1, 2, 3, 4 instances (one seeded database; instances added between runs). */
async function fanout(): Promise<void> {
  await onPostgres(1, true, async (instances, plan, { databaseUrl, redisPrefix, channel }) => {
    const tokens = await signTokens(plan);
    const bystander = await startInstance({ databaseUrl, redisUrl: REDIS_URL, redisPrefix });
    instances.push(bystander);
    const serving = [instances[0]!];
    const points: [instances: number, netCpuUsPerMessage: number][] = [];
    for (const count of [...FANOUT].sort((a, b) => a - b)) {
      while (serving.length < count) {
        const added = await startInstance({ databaseUrl, redisUrl: REDIS_URL, redisPrefix });
        // onPostgres closes what is in `instances` at the end.
        instances.push(added);
        serving.push(added);
      }
      const result = await run({
        scenario: 'fanout',
        instances: serving.slice(0, count),
        bystander,
        plan,
        tokens,
        rest: false,
        redis: { url: REDIS_URL, channel },
        idleBaseline: true,
      });
      emit({ ...result, op: 'summary' });
      points.push([count, result.serverNetCpuUsPerMessageTotal ?? NaN]);
    }
    // All instances' CPU per message ≈ work + instances × fan-out: the work (store, deliver, the
    // events) is done once whatever the count; each instance pays the fan-out for every message.
    if (points.length < 2) return;
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const mx = mean(points.map(([x]) => x));
    const my = mean(points.map(([, y]) => y));
    const slope = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0) / points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
    emit({
      scenario: 'fanout',
      op: 'fit',
      instances: points.map(([x]) => x),
      netCpuUsPerMessageTotal: points.map(([, y]) => y),
      workUsPerMessage: Math.round(my - slope * mx),
      fanoutUsPerMessagePerInstance: Math.round(slope),
    });
  });
}

async function main() {
  emit({ phase: 'machine', ...machineFacts() });
  const pgUp = await reachable(POSTGRES_ADMIN_URL);
  const redisUp = await reachable(REDIS_URL);
  emit({
    phase: 'config',
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    scale: SCALE,
    campus: CAMPUS,
    students: STUDENTS,
    connections: CONNECTIONS,
    pairs: PAIRS,
    chatRate: CHAT_RATE,
    restRate: REST_RATE,
  });
  if (wanted('one-instance')) await oneInstance();
  for (const scenario of ['two-instances', 'fanout'] as const) {
    if (!wanted(scenario)) continue;
    if (process.env.BENCH_DB === 'pglite') {
      emit({ scenario, skipped: 'BENCH_DB=pglite (this scenario needs PostgreSQL and Redis)' });
      continue;
    }
    if (!pgUp || !redisUp) {
      emit({
        scenario,
        skipped:
          `${pgUp ? '' : `PostgreSQL not reachable at ${new URL(POSTGRES_ADMIN_URL).host} `}${redisUp ? '' : `Redis not reachable at ${REDIS_URL}`}`.trim(),
      });
      continue;
    }
    await (scenario === 'two-instances' ? twoInstances() : fanout());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
