// CPU per fan-out envelope on the receiving instance (decision 0021): the check every envelope
// went through before (HMAC, JSON.parse, zod) against the one now (HMAC over channel + instance
// id + JSON, JSON.parse, plain type checks), and the own-envelope drop. Pure CPU in one process,
// no Redis: what ioredis spends reading the envelope off the socket comes on top of both.
//
// Then, with Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379), the whole receiving
// instance: a child process running the real fan-out, either listening to the route (it reads,
// checks and drops each envelope, as every instance did for every envelope before 0021) or not
// (a bystander now: Redis sends it nothing); the parent publishes at a steady rate and the
// child's CPU above its idle baseline is divided by the envelopes published.
//
// Run: npx tsx bench/fanout-envelope.ts   (prints JSON lines; loadAvg1m with each)
// The two receive functions are copies of server/realtime/redis.ts before and after 0021, kept
// small on purpose; the figure they give is the per-envelope check, not the whole instance.
import { fork } from 'node:child_process';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { loadavg } from 'node:os';
import { z } from 'zod';
import { createRealtime } from '../server/realtime';
import { round } from './_postgres';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { info() {}, warn() {}, error() {} };

const emit = (record: Record<string, unknown>) => console.log(JSON.stringify({ bench: 'fanout-envelope', ...record, loadAvg1m: round(loadavg()[0]!, 1) }));

const key = createHmac('sha256', 'lunchchat-fanout').update('bench-secret').digest();
const prefix = 'lunchchat-bench';
const route = '/sub/rooms/1234';
// A chat Message as the server publishes it (contract ChatMessage), Korean text included.
const body = JSON.stringify({
  messageId: '01JD5T2Q8J7Y3M4N5P6R7S8T9V',
  roomId: 1234,
  senderId: 5678,
  senderNickname: '점심친구',
  content: '오늘 점심 학생식당 어때요? 12시 반에 정문에서 만나요',
  sentAt: '12:31',
  clientMessageId: 'c0ffee00-1234-4567-89ab-0123456789ab',
});
const headers = { 'content-type': 'application/json' };

// ---- before 0021: one channel, everything in the signed JSON, zod on the way in -------------
const oldSchema = z.object({ o: z.string(), d: z.string(), b: z.string(), h: z.record(z.string(), z.string()).optional() });
const oldSign = (json: string) => createHmac('sha256', key).update(json).digest('base64url');
const oldJson = JSON.stringify({ o: 'instance-a', d: route, b: body, h: headers });
const oldRaw = `${oldSign(oldJson)}.${oldJson}`;
function oldReceive(raw: string, deliver: (d: string, b: string) => void): void {
  const dot = raw.indexOf('.');
  const json = raw.slice(dot + 1);
  const given = Buffer.from(dot > 0 ? raw.slice(0, dot) : '');
  const expected = Buffer.from(oldSign(json));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return;
  const parsed = oldSchema.parse(JSON.parse(json));
  if (parsed.o === 'instance-b') return;
  deliver(parsed.d, parsed.b);
}

// ---- after 0021: a channel per route, the channel and instance id signed, plain checks -------
const channel = `${prefix}:route:${route}`;
const newSign = (ch: string, rest: string) => createHmac('sha256', key).update(ch).update('\n').update(rest).digest('base64url');
const newRest = `instance-a.${JSON.stringify({ b: body, h: headers })}`;
const newRaw = `${newSign(channel, newRest)}.${newRest}`;
const isHeaders = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const v of Object.values(value)) if (typeof v !== 'string') return false;
  return true;
};
function newReceive(ch: string, raw: string, own: string, deliver: (d: string, b: string) => void): void {
  const dot = raw.indexOf('.');
  if (dot <= 0) return;
  if (raw.startsWith(own, dot + 1)) return;
  const rest = raw.slice(dot + 1);
  const given = Buffer.from(raw.slice(0, dot));
  const expected = Buffer.from(newSign(ch, rest));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return;
  const parsed = JSON.parse(rest.slice(rest.indexOf('.') + 1)) as { b?: unknown; h?: unknown };
  if (typeof parsed.b !== 'string' || (parsed.h !== undefined && !isHeaders(parsed.h))) return;
  deliver(ch.slice(prefix.length + 7), parsed.b);
}

let delivered = 0;
const deliver = () => void delivered++;
/** CPU µs per call: the best of 5 runs of `n` calls (the least disturbed by other work on the machine). */
function cpuPerCall(n: number, call: () => void): number {
  for (let i = 0; i < 2000; i++) call();
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) call();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / n);
  }
  return round(best, 2);
}

if (process.argv[2] === 'child') await child(process.argv[3]!, process.argv[4] === 'listening');
else await main();

/** The receiving instance: reports its CPU between 'begin' and 'end'. */
async function child(channelPrefix: string, listening: boolean): Promise<void> {
  const realtime = await createRealtime({ redisUrl: REDIS_URL, prefix: channelPrefix, signingKey: 'bench-secret', instanceId: 'receiver', logger: silent });
  let received = 0;
  // What the chat socket does with a route nobody here subscribes to: a lookup that misses.
  const local = new Map<string, unknown>();
  realtime.broker.subscribe((destination) => {
    received++;
    local.get(destination);
  });
  if (listening) await realtime.broker.interest(route);
  let start = process.cpuUsage();
  process.on('message', (m: string) => {
    if (m === 'begin') {
      received = 0;
      start = process.cpuUsage();
      process.send!('begun');
    } else if (m === 'end') {
      const used = process.cpuUsage(start);
      process.send!({ cpuUs: used.user + used.system, received });
    } else if (m === 'close') void realtime.close().then(() => process.exit(0));
  });
  process.send!('ready');
}

async function main(): Promise<void> {
  micro();
  const channelPrefix = `lcbench-fanout-${randomUUID().slice(0, 8)}`;
  let publisher;
  try {
    publisher = await createRealtime({ redisUrl: REDIS_URL, prefix: channelPrefix, signingKey: 'bench-secret', instanceId: 'publisher', logger: silent });
  } catch {
    emit({ op: 'skipped', reason: `no Redis at ${REDIS_URL}` });
    return;
  }
  if (!(await publisher.ready())) {
    emit({ op: 'skipped', reason: `no Redis at ${REDIS_URL}` });
    return publisher.close();
  }
  const RATE = 1000; // envelopes a second, in 10 ms ticks: about a busy campus' chat (5 per message)
  const SECONDS = 3;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (const listening of [true, false]) {
    const proc = fork(new URL(import.meta.url).pathname, ['child', channelPrefix, listening ? 'listening' : 'bystander'], { execArgv: ['--import', 'tsx'] });
    const next = () => new Promise<unknown>((resolve) => proc.once('message', resolve));
    await next(); // ready
    const measure = async (publish: boolean) => {
      proc.send('begin');
      await next();
      let published = 0;
      for (let tick = 0; tick < SECONDS * 100; tick++) {
        if (publish) for (let i = 0; i < RATE / 100; i++, published++) publisher.broker.publish(route, body, headers);
        await sleep(10);
      }
      await sleep(300);
      proc.send('end');
      return { ...((await next()) as { cpuUs: number; received: number }), published };
    };
    const idle = await measure(false);
    const busy = await measure(true);
    proc.send('close');
    await new Promise((r) => proc.once('exit', r));
    emit({
      op: listening ? 'instance-listening' : 'instance-bystander',
      what: listening
        ? 'reads, checks and drops every envelope of the route (what every instance did for every envelope before 0021)'
        : 'no subscriber to the route: Redis sends it nothing (a bystander since 0021)',
      published: busy.published,
      received: busy.received,
      cpuUsPerEnvelope: round((busy.cpuUs - idle.cpuUs) / busy.published, 1),
      idleCpuMsPerSecond: round(idle.cpuUs / 1000 / (SECONDS + 0.3), 2),
    });
  }
  await publisher.close();
}

function micro(): void {
  const N = 20_000;
  const zodOnly = JSON.parse(oldJson) as unknown;
  const plainOnly = JSON.parse(newRest.slice(newRest.indexOf('.') + 1)) as { b?: unknown; h?: unknown };
  emit({ op: 'envelope-bytes', before: oldRaw.length, after: newRaw.length });
  emit({
    op: 'receive-before',
    what: 'HMAC + JSON.parse + zod + deliver; every instance paid it for every envelope',
    cpuUsPerEnvelope: cpuPerCall(N, () => oldReceive(oldRaw, deliver)),
  });
  emit({
    op: 'receive-after',
    what: 'HMAC + JSON.parse + plain checks + deliver; only instances with subscribers to the route',
    cpuUsPerEnvelope: cpuPerCall(N, () => newReceive(channel, newRaw, 'instance-b.', deliver)),
  });
  emit({
    op: 'own-envelope-after',
    what: 'an instance hearing its own envelope (it has a local subscriber too)',
    cpuUsPerEnvelope: cpuPerCall(N, () => newReceive(channel, newRaw, 'instance-a.', deliver)),
  });
  emit({ op: 'zod-check', cpuUsPerEnvelope: cpuPerCall(N, () => oldSchema.parse(zodOnly)) });
  emit({ op: 'plain-check', cpuUsPerEnvelope: cpuPerCall(N, () => void (typeof plainOnly.b === 'string' && isHeaders(plainOnly.h))) });
  if (delivered === 0) throw new Error('nothing delivered: the copies above are broken');
}
