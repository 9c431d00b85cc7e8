import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENT, MEMBER_QUEUE, roomPublish, roomTopic } from '../../contract/stomp';
import { defaultChannelPrefix } from '../../server/app';
import { createRealtime } from '../../server/realtime';
import type { ChatPushEvent } from '../../server/modules/chat/socket';
import { email, matchedPair } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { bearer, newMember, POSTGRES_AVAILABLE, REDIS_AVAILABLE, REDIS_URL, startTestServerWith, type TestServer } from './harness';

const silent = { info() {}, warn() {}, error() {} };
const json = (content: string) => JSON.stringify({ content });
const settle = () => new Promise((r) => setTimeout(r, 150));
async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('realtime broker (in-process)', () => {
  it('delivers to every local handler once and survives a throwing one', async () => {
    const realtime = await createRealtime({ logger: silent, signingKey: 'k' });
    const got: string[] = [];
    realtime.broker.subscribe(() => {
      throw new Error('boom');
    });
    const off = realtime.broker.subscribe((d, b) => got.push(`${d} ${b}`));
    realtime.broker.publish('/sub/rooms/1', 'x');
    off();
    realtime.broker.publish('/sub/rooms/1', 'y');
    expect(got).toEqual(['/sub/rooms/1 x']);
    expect(await realtime.presence.isPresent(1, 1)).toBe(false);
    realtime.presence.enter(1, 1);
    realtime.presence.enter(1, 1);
    realtime.presence.leave(1, 1);
    expect(await realtime.presence.isPresent(1, 1)).toBe(true);
    realtime.presence.leave(1, 1);
    expect(await realtime.presence.isPresent(1, 1)).toBe(false);
    await realtime.close();
  });
});

// Two app instances on one PostgreSQL database, fanned out through Redis.
describe.runIf(POSTGRES_AVAILABLE && REDIS_AVAILABLE)('chat fan-out across instances [postgres + redis]', () => {
  const prefix = `lc-test-${randomUUID()}`;
  const pushes: Array<ChatPushEvent & { on: string }> = [];
  let a: TestServer & { databaseUrl?: string };
  let b: TestServer;
  const clients: ChatClient[] = [];
  const track = (c: ChatClient) => (clients.push(c), c);

  beforeAll(async () => {
    const deps = (instanceId: string) => ({
      redisUrl: REDIS_URL,
      redisPrefix: prefix,
      instanceId,
      chatPush: (e: ChatPushEvent) => void pushes.push({ ...e, on: instanceId }),
    });
    a = await startTestServerWith('postgres', deps('A'));
    b = await startTestServerWith('postgres', deps('B'), {}, a.databaseUrl);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await b?.close();
    await a?.close();
  });

  it('a message sent on instance A reaches subscribers on A and B exactly once each', async () => {
    const urlA = await stompUrl(a.app);
    const urlB = await stompUrl(b.app);
    const pair = await matchedPair(a.app, a.database.db, 'fan');
    const sender = track(await ChatClient.connect(urlA, pair.a.token));
    const onB = track(await ChatClient.connect(urlB, pair.b.token));
    const alsoOnA = track(await ChatClient.connect(urlA, pair.b.token));
    await sender.subscribe(roomTopic(pair.roomId));
    await onB.subscribe(roomTopic(pair.roomId));
    await alsoOnA.subscribe(roomTopic(pair.roomId));

    for (let i = 0; i < 20; i++) await sender.send(roomPublish(pair.roomId), json(`m${i}`), { 'client-message-id': `fan-${i}` });
    // A resend of a stored client id is not broadcast again on any instance.
    await sender.send(roomPublish(pair.roomId), json('m0'), { 'client-message-id': 'fan-0' });
    await waitUntil(() => onB.messages.length >= 20 && alsoOnA.messages.length >= 20 && sender.messages.length >= 20, 5000, 'fan-out');
    await settle();
    const expected = Array.from({ length: 20 }, (_, i) => `m${i}`);
    for (const c of [sender, onB, alsoOnA]) expect(c.bodies().map((m) => (m as { content: string }).content)).toEqual(expected);
    expect(JSON.parse(onB.messages[0]!.body)).toEqual(JSON.parse(sender.messages[0]!.body));

    // And back from B to A; B's REST sees what A stored.
    await onB.send(roomPublish(pair.roomId), json('from B'));
    await waitUntil(() => sender.messages.length === 21, 3000, 'B → A');
    await settle();
    expect(sender.messages).toHaveLength(21);
    const history = (await b.app.inject({ url: `/api/chatrooms/${pair.roomId}/messages?size=50`, headers: bearer(pair.b) })).json().result;
    expect(history.data).toHaveLength(21);
  });

  it('presence is shared: no push while the recipient watches the room on the other instance', async () => {
    const urlA = await stompUrl(a.app);
    const urlB = await stompUrl(b.app);
    const pair = await matchedPair(a.app, a.database.db, 'presence');
    const sender = track(await ChatClient.connect(urlA, pair.a.token));
    const watcher = track(await ChatClient.connect(urlB, pair.b.token));
    await watcher.subscribe(roomTopic(pair.roomId));
    const mine = () => pushes.filter((p) => p.roomId === pair.roomId);

    await sender.send(roomPublish(pair.roomId), json('보고 있죠?'));
    await waitUntil(() => watcher.messages.length === 1, 3000, 'delivery');
    await settle();
    expect(mine()).toHaveLength(0);

    await watcher.close();
    await settle();
    await sender.send(roomPublish(pair.roomId), json('이제 없네'));
    await waitUntil(() => mine().length === 1, 3000, 'push');
    expect(mine()[0]).toMatchObject({ recipientId: pair.b.memberId, senderId: pair.a.memberId, on: 'A', message: { content: '이제 없네' } });
  });

  it('leaving a room on instance A stops delivery to the socket of the leaver on instance B', async () => {
    const urlA = await stompUrl(a.app);
    const urlB = await stompUrl(b.app);
    const pair = await matchedPair(a.app, a.database.db, 'leave');
    const sender = track(await ChatClient.connect(urlA, pair.a.token));
    const leaverOnB = track(await ChatClient.connect(urlB, pair.b.token));
    await sender.subscribe(roomTopic(pair.roomId));
    await leaverOnB.subscribe(roomTopic(pair.roomId));
    const left = await a.app.inject({ method: 'PATCH', url: `/api/chatrooms/${pair.roomId}`, headers: bearer(pair.b) });
    expect(left.statusCode).toBe(200);
    // Each instance drops the leaver's subscriptions, then tells who is still on the room
    // (decision 0060): the one who stayed hears it on A, the leaver on B hears nothing.
    await waitUntil(() => sender.eventBodies(CHAT_EVENT.left).length === 1, 3000, 'event:left on A');
    expect(sender.eventBodies(CHAT_EVENT.left)).toEqual([{ memberId: pair.b.memberId }]);
    // Nobody may write to a friend who left: the SEND is refused, on any instance.
    expect((await sender.sendRefused(roomPublish(pair.roomId), json('아직 있어요?'))).headers.code).toBe('CHAT_403');
    await settle();
    expect(leaverOnB.messages).toHaveLength(0);
    expect(leaverOnB.events).toHaveLength(0);
  });

  // Decision 0021: a route's channel is listened to only by instances with local subscribers to it.
  const routeChannel = (route: string) => `${prefix}:route:${route}`;
  const numsub = async (raw: Redis, channel: string) => Number(((await raw.pubsub('NUMSUB', channel)) as [string, number])[1]);

  it('an instance listens to a route’s channel only while it has local subscribers to the route', async () => {
    const urlA = await stompUrl(a.app);
    const urlB = await stompUrl(b.app);
    const pair = await matchedPair(a.app, a.database.db, 'numsub');
    const room = routeChannel(roomTopic(pair.roomId));
    const queue = routeChannel(`/internal/members/${pair.b.memberId}/queue`);
    const raw = new Redis(REDIS_URL);
    try {
      // Nobody watches the room: a message sent on A reaches no other instance (Redis has no one to give it to).
      const sender = track(await ChatClient.connect(urlA, pair.a.token));
      await sender.send(roomPublish(pair.roomId), json('nobody here'));
      expect(await numsub(raw, room)).toBe(0);

      // Counted right after each RECEIPT: the RECEIPT comes after Redis confirmed the channel.
      const first = track(await ChatClient.connect(urlB, pair.b.token));
      await first.subscribe(roomTopic(pair.roomId));
      expect(await numsub(raw, room)).toBe(1); // B only; A has no subscriber to the room
      const second = track(await ChatClient.connect(urlB, pair.b.token));
      await second.subscribe(roomTopic(pair.roomId));
      expect(await numsub(raw, room)).toBe(1); // one channel subscription per instance, not per session
      await sender.subscribe(roomTopic(pair.roomId));
      expect(await numsub(raw, room)).toBe(2);

      await second.subscribe(MEMBER_QUEUE);
      expect(await numsub(raw, queue)).toBe(1);

      // B keeps the channel while one of its sessions still watches the room.
      await first.unsubscribe(roomTopic(pair.roomId));
      await settle();
      expect(await numsub(raw, room)).toBe(2);
      // The last one on B disconnects: B drops both of its channels.
      await second.close();
      await waitFor(async () => (await numsub(raw, room)) === 1 && (await numsub(raw, queue)) === 0, 'B drops its channels');
      await sender.unsubscribe(roomTopic(pair.roomId));
      await waitFor(async () => (await numsub(raw, room)) === 0, 'A drops the room channel');
      // And the instances still deliver to whoever subscribes again.
      await first.subscribe(roomTopic(pair.roomId));
      await sender.send(roomPublish(pair.roomId), json('again'));
      await waitUntil(() => first.messages.length === 1, 3000, 'delivery after resubscribing');
    } finally {
      raw.disconnect();
    }
  });

  it('ignores malformed and foreign messages on the channel', async () => {
    const urlB = await stompUrl(b.app);
    const pair = await matchedPair(a.app, a.database.db, 'junk');
    const onB = track(await ChatClient.connect(urlB, pair.b.token));
    await onB.subscribe(roomTopic(pair.roomId));
    const raw = new Redis(REDIS_URL);
    try {
      await raw.publish(`${prefix}:stomp`, 'not json');
      await raw.publish(`${prefix}:stomp`, JSON.stringify({ o: 'X', d: roomTopic(pair.roomId) }));
      // A well-formed envelope that would be delivered if it were signed: someone else on this
      // Redis (another deployment, anyone who can PUBLISH) cannot inject chat.
      const forged = JSON.stringify({ o: 'X', d: roomTopic(pair.roomId), b: JSON.stringify({ content: 'forged' }), h: { 'content-type': 'application/json' } });
      await raw.publish(`${prefix}:stomp`, forged);
      await raw.publish(`${prefix}:stomp`, `bm90LWEtc2lnbmF0dXJl.${forged}`);
      // Another deployment's channel (another prefix) never reaches us.
      await raw.publish(`other-${prefix}:stomp`, JSON.stringify({ o: 'X', d: roomTopic(pair.roomId), b: '{}' }));
      // The same on the room's own channel, where messages for the room travel.
      const room = routeChannel(roomTopic(pair.roomId));
      const body = JSON.stringify({ b: JSON.stringify({ content: 'forged' }), h: { 'content-type': 'application/json' } });
      await raw.publish(room, 'not json');
      await raw.publish(room, `X.${body}`);
      await raw.publish(room, `bm90LWEtc2lnbmF0dXJl.X.${body}`);
      // A genuine envelope of another room, replayed on this room's channel: the signature covers the channel.
      const other = await matchedPair(a.app, a.database.db, 'junk-other');
      const listener = new Redis(REDIS_URL);
      const captured: string[] = [];
      listener.on('message', (_channel: string, message: string) => captured.push(message));
      await listener.subscribe(routeChannel(roomTopic(other.roomId)));
      const otherSender = track(await ChatClient.connect(await stompUrl(a.app), other.a.token));
      await otherSender.send(roomPublish(other.roomId), json('meant for another room'));
      await waitUntil(() => captured.length === 1, 3000, 'a genuine envelope');
      listener.disconnect();
      await raw.publish(room, captured[0]!);
      await settle();
      expect(onB.messages).toHaveLength(0);
      // The instance still works afterwards.
      const stranger = await newMember(a.app, email('junk-x'));
      expect((await a.app.inject({ url: '/api/chatrooms', headers: bearer(stranger) })).statusCode).toBe(200);
      const sender = track(await ChatClient.connect(await stompUrl(a.app), pair.a.token));
      await sender.send(roomPublish(pair.roomId), json('still fine'));
      await waitUntil(() => onB.messages.length === 1, 3000, 'delivery after junk');
    } finally {
      raw.disconnect();
    }
  });
});

describe('deployments sharing one Redis', () => {
  it('get different default channel prefixes (from their database), instances of one deployment the same, and no password in it', () => {
    const pg = (url: string) => defaultChannelPrefix({ DATABASE_URL: url, DATA_DIR: './.data' });
    expect(pg('postgres://app:secret@db.internal:5432/campus_a')).toBe(pg('postgres://app:other@db.internal:5432/campus_a'));
    expect(pg('postgres://app:secret@db.internal:5432/campus_a')).not.toBe(pg('postgres://app:secret@db.internal:5432/campus_b'));
    expect(pg('postgres://app:secret@db.internal/campus_a')).toBe(pg('postgres://app:secret@db.internal:5432/campus_a'));
    expect(pg('postgres://app:secret@db.internal:5432/campus_a')).not.toContain('secret');
    const lite = (dir: string) => defaultChannelPrefix({ DATA_DIR: dir });
    expect(lite('/srv/a/.data')).not.toBe(lite('/srv/b/.data'));
    expect(lite('/srv/a/.data')).toMatch(/^lunchchat-[0-9a-f]{12}$/);
  });
});
