import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPublish, roomTopic, STOMP_UNAVAILABLE } from '../../contract/stomp';
import { matchedPair } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { bearer, POSTGRES_AVAILABLE, REDIS_AVAILABLE, startTestServerWith, type TestServer } from './harness';
import { CuttableProxy } from '../shared/cuttable-proxy';

describe.runIf(POSTGRES_AVAILABLE && REDIS_AVAILABLE)('a Redis outage between two instances [postgres + redis]', () => {
  const proxy = new CuttableProxy(6379);
  let a: TestServer & { databaseUrl?: string };
  let b: TestServer;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    await proxy.listen();
    const deps = (instanceId: string) => ({ redisUrl: `redis://127.0.0.1:${proxy.port}`, redisPrefix: `lc-outage-${randomUUID()}`, instanceId });
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
});
