import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPublish, roomTopic, STOMP_UNAVAILABLE } from '../../contract/stomp';
import { matchedPair } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { createRealtime } from '../../server/realtime';
import { bearer, JWT_SECRET, POSTGRES_AVAILABLE, REDIS_AVAILABLE, REDIS_URL, startTestServerWith, type TestServer } from './harness';
import { CuttableProxy } from '../shared/cuttable-proxy';

const silent = { info() {}, warn() {}, error() {} };
const json = (content: string) => JSON.stringify({ content });

describe.runIf(POSTGRES_AVAILABLE && REDIS_AVAILABLE)(
  'a Redis outage, a slow Redis, a Redis that does not answer, between two instances [postgres + redis]',
  () => {
    const proxy = new CuttableProxy(6379);
    const prefix = `lc-outage-${randomUUID()}`;
    let a: TestServer & { databaseUrl?: string };
    let b: TestServer;
    const clients: ChatClient[] = [];

    beforeAll(async () => {
      await proxy.listen();
      const deps = (instanceId: string) => ({ redisUrl: `redis://127.0.0.1:${proxy.port}`, redisPrefix: prefix, instanceId });
      const shared = deps('A');
      a = await startTestServerWith('postgres', shared);
      b = await startTestServerWith('postgres', { ...shared, instanceId: 'B' }, {}, a.databaseUrl);
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await b?.close();
      await a?.close();
      await proxy.close();
    });

    it('nothing acknowledged goes missing: a client that missed messages live is told to catch up (transient ERROR), and the history has them', async () => {
      const pair = await matchedPair(a.app, a.database.db, 'outage');
      const sender = await ChatClient.connect(await stompUrl(a.app), pair.a.token);
      const receiver = await ChatClient.connect(await stompUrl(b.app), pair.b.token);
      clients.push(sender, receiver);
      await receiver.subscribe(roomTopic(pair.roomId));
      await sender.send(roomPublish(pair.roomId), JSON.stringify({ content: 'before' }));
      await waitUntil(() => receiver.messages.length === 1, 3000, 'live before the outage');

      proxy.down();
      const during = ['during 1', 'during 2', 'during 3'];
      // Each SEND gets its RECEIPT (stored, acknowledged), resent as a client's outbox does when
      // its session is ended meanwhile (same client-message-id, so never stored twice).
      const urlA = await stompUrl(a.app);
      for (const content of during) {
        const id = randomUUID();
        for (let attempt = 0; ; attempt++) {
          const c = await ChatClient.connect(urlA, pair.a.token);
          clients.push(c);
          try {
            await c.send(roomPublish(pair.roomId), JSON.stringify({ content }), { 'client-message-id': id });
            break;
          } catch (error) {
            if (attempt >= 5) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 3000));
      proxy.up();
      // Both instances' Redis connections come back.
      for (const app of [a.app, b.app]) {
        let ready = false;
        for (let i = 0; i < 60 && !ready; i++) {
          ready = (await app.inject({ url: '/readyz' })).statusCode === 200;
          if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(ready).toBe(true);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));

      const live = receiver.bodies().map((m) => (m as { content: string }).content);
      const missedLive = during.filter((content) => !live.includes(content));
      if (missedLive.length > 0) {
        // The receiver was told (a real client resubscribes and fetches) — silently missing is the defect.
        expect(receiver.errors.map((e) => e.headers.message)).toContain(STOMP_UNAVAILABLE);
        expect(receiver.errors.find((e) => e.headers.message === STOMP_UNAVAILABLE)?.headers.code).toBe('COMMON503');
        expect(receiver.closed).toBe(true);
      }
      // What it fetches after reconnecting has every acknowledged message.
      const history = (await b.app.inject({ url: `/api/chatrooms/${pair.roomId}/messages`, headers: bearer(pair.b) })).json().result.data as {
        content: string;
      }[];
      for (const content of ['before', ...during]) expect(history.filter((m) => m.content === content)).toHaveLength(1);
      // And after reconnecting, live delivery across instances works again.
      const again = await ChatClient.connect(await stompUrl(b.app), pair.b.token);
      clients.push(again);
      await again.subscribe(roomTopic(pair.roomId));
      const fresh = await ChatClient.connect(await stompUrl(a.app), pair.a.token);
      clients.push(fresh);
      await fresh.send(roomPublish(pair.roomId), JSON.stringify({ content: 'after' }));
      await waitUntil(() => again.bodies().some((m) => (m as { content: string }).content === 'after'), 5000, 'live after the outage');
    }, 60_000);

    // Decision 0021: B listens to a room's channel only once a client there subscribes to the room.
    it('a subscriber on B gets what another instance publishes right after its RECEIPT, even with Redis 25 ms away', async () => {
      const pair = await matchedPair(a.app, a.database.db, 'race');
      const room = roomTopic(pair.roomId);
      // Another instance of the deployment, publishing straight onto Redis (not through the slow
      // proxy): nothing between the RECEIPT and the publish, so a RECEIPT sent before Redis had
      // B's SUBSCRIBE would lose the message (it did, every round, when the RECEIPT did not wait).
      const publisher = await createRealtime({ redisUrl: REDIS_URL, prefix, signingKey: JWT_SECRET, instanceId: 'P', logger: silent });
      const receiver = await ChatClient.connect(await stompUrl(b.app), pair.b.token);
      clients.push(receiver);
      proxy.latencyMs = 25;
      try {
        const rounds = 12;
        for (let i = 0; i < rounds; i++) {
          // Each round B subscribes the room's channel anew: the UNSUBSCRIBE before dropped it.
          await receiver.subscribe(room);
          publisher.broker.publish(room, json(`r${i}`), { 'content-type': 'application/json' });
          await waitUntil(() => receiver.messages.length === i + 1, 2000, `message ${i} after the RECEIPT`);
          await receiver.unsubscribe(room);
        }
        expect(receiver.bodies().map((m) => (m as { content: string }).content)).toEqual(Array.from({ length: rounds }, (_, i) => `r${i}`));
      } finally {
        proxy.latencyMs = 0;
        await publisher.close();
      }
    }, 30_000);

    it('a SUBSCRIBE that Redis does not confirm in time gets the transient ERROR, and works once Redis answers', async () => {
      const pair = await matchedPair(a.app, a.database.db, 'stall');
      const receiver = await ChatClient.connect(await stompUrl(b.app), pair.b.token);
      clients.push(receiver);
      proxy.stall();
      try {
        const started = Date.now();
        await expect(receiver.subscribe(roomTopic(pair.roomId))).rejects.toThrow(STOMP_UNAVAILABLE);
        // Not at once: the server waited for Redis (3 s) before giving up.
        expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
        expect(receiver.errors[0]?.headers.code).toBe('COMMON503');
      } finally {
        proxy.resume();
      }
      const again = await ChatClient.connect(await stompUrl(b.app), pair.b.token);
      clients.push(again);
      await again.subscribe(roomTopic(pair.roomId));
      const sender = await ChatClient.connect(await stompUrl(a.app), pair.a.token);
      clients.push(sender);
      await sender.send(roomPublish(pair.roomId), json('after the stall'));
      await waitUntil(() => again.messages.length === 1, 3000, 'live after the stall');
    }, 30_000);

    it('while Redis is away a SUBSCRIBE is answered at once (local delivery, as before), and the session is told to catch up once Redis is back', async () => {
      const pair = await matchedPair(a.app, a.database.db, 'away');
      proxy.down();
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const receiver = await ChatClient.connect(await stompUrl(b.app), pair.b.token);
        clients.push(receiver);
        const started = Date.now();
        await receiver.subscribe(roomTopic(pair.roomId));
        expect(Date.now() - started).toBeLessThan(1500);
        // Local delivery works meanwhile.
        const sender = await ChatClient.connect(await stompUrl(b.app), pair.a.token);
        clients.push(sender);
        await sender.send(roomPublish(pair.roomId), json('same instance'));
        await waitUntil(() => receiver.messages.length === 1, 3000, 'local delivery during the outage');
        proxy.up();
        // Messages published elsewhere meanwhile never reached it: the gap ends the session.
        await waitUntil(() => receiver.closed, 10_000, 'the gap after Redis is back');
        expect(receiver.errors.map((e) => e.headers.code)).toContain('COMMON503');
      } finally {
        proxy.up();
      }
    }, 30_000);
  },
);
