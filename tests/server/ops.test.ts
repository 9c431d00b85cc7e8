import { expect, it } from 'vitest';
import { CHAT_EVENT, readPublish, roomPublish, roomTopic } from '../../contract/stomp';
import { matchedPair } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { deadPort, bearer, describeEachDatabase, POSTGRES_AVAILABLE, REDIS_AVAILABLE, startTestServerWith, type DbKind } from './harness';

/** The value of one sample line of the Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^(\w+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      (m[2] ?? '')
        .split(',')
        .filter(Boolean)
        .map((kv) => kv.split('=').map((x) => x.replace(/^"|"$/g, '')) as [string, string]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describeEachDatabase('operations: /healthz, /readyz, /metrics (contract section 18)', (server) => {
  it('/healthz says the process runs; /readyz that the database answers', async () => {
    const { app } = server();
    const health = await app.inject({ url: '/healthz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok', redis: 'off' });
  });

  it('/metrics shows requests by route pattern, open chat connections, stored messages, their delivery time and the chat batches', async () => {
    const { app, database } = server();
    const pair = await matchedPair(app, database.db, 'metrics');
    for (let i = 0; i < 3; i++) await app.inject({ url: `/api/members/${pair.b.memberId}`, headers: bearer(pair.a) });
    const url = await stompUrl(app);
    const client = await ChatClient.connect(url, pair.a.token);
    const reader = await ChatClient.connect(url, pair.b.token);
    try {
      await client.subscribe(roomTopic(pair.roomId));
      await client.send(roomPublish(pair.roomId), JSON.stringify({ content: '메트릭' }));
      await waitUntil(() => client.messages.length === 1, 3000, 'own message');
      // The friend reads it: with no message to ride with, a batch of its own (writer.ts READ_HOLD_MS).
      const [message] = client.bodies() as Array<{ id: { value: string } }>;
      await reader.send(readPublish(pair.roomId), JSON.stringify({ lastReadMessageId: message!.id.value }));
      await waitUntil(() => client.eventBodies(CHAT_EVENT.read).length === 1, 3000, 'event:read');
      const res = await app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const text = res.body;
      expect(sample(text, 'lunchchat_http_requests_total', { method: 'GET', route: '/api/members/:id', status: '200' })).toBe(3);
      expect(text).not.toContain(`/api/members/${pair.b.memberId}"`);
      expect(sample(text, 'lunchchat_stomp_connections_open')).toBe(2);
      expect(sample(text, 'lunchchat_chat_messages_stored_total')).toBe(1);
      // The message's time from SEND to broadcast: one observation, within the 3 s waited for it.
      expect(sample(text, 'lunchchat_chat_delivery_seconds_count')).toBe(1);
      expect(sample(text, 'lunchchat_chat_delivery_seconds_bucket', { le: '+Inf' })).toBe(1);
      expect(sample(text, 'lunchchat_chat_delivery_seconds_sum')).toBeGreaterThan(0);
      expect(sample(text, 'lunchchat_chat_delivery_seconds_sum')).toBeLessThan(3);
      // The group commit's batches by what they held: the message's, then the read's.
      expect(sample(text, 'lunchchat_chat_commit_seconds_count', { batch: 'messages' })).toBe(1);
      expect(sample(text, 'lunchchat_chat_commit_seconds_count', { batch: 'reads' })).toBe(1);
      expect(sample(text, 'lunchchat_chat_commit_seconds_count', { batch: 'both' })).toBeUndefined();
      expect(sample(text, 'lunchchat_chat_commit_seconds_sum', { batch: 'messages' })).toBeGreaterThan(0);
      expect(sample(text, 'lunchchat_chat_commit_seconds_sum', { batch: 'messages' })).toBeLessThan(sample(text, 'lunchchat_chat_delivery_seconds_sum')!);
      expect(sample(text, 'lunchchat_db_query_duration_seconds_count')).toBeGreaterThan(0);
      expect(sample(text, 'lunchchat_http_request_duration_seconds_count', { method: 'GET', route: '/api/members/:id' })).toBe(3);
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    } finally {
      await client.close();
      await reader.close();
    }
  });
});

it.each((POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite']) as DbKind[])(
  '/readyz is 503 when the database is down; /healthz stays 200 (%s)',
  async (kind) => {
    const s = await startTestServerWith(kind);
    try {
      await s.database.close();
      const ready = await s.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      expect((await s.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await s.app.close();
    }
  },
);

it('/metrics asks for METRICS_TOKEN when one is set (401 in the envelope otherwise)', async () => {
  const s = await startTestServerWith('pglite', {}, { METRICS_TOKEN: 'scrape-token-1234567890' });
  try {
    for (const authorization of [undefined, 'Bearer wrong', 'Bearer scrape-token-1234567890x', 'scrape-token-1234567890']) {
      const res = await s.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ isSuccess: false, code: 'JWT_401' });
    }
    const ok = await s.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-1234567890' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('lunchchat_http_requests_total');
  } finally {
    await s.close();
  }
});

it.runIf(REDIS_AVAILABLE)(
  '/readyz is 503 when Redis is configured but does not answer',
  async () => {
    const s = await startTestServerWith('pglite', {}, { REDIS_URL: `redis://127.0.0.1:${await deadPort()}` });
    try {
      const ready = await s.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'ok', redis: 'down' });
    } finally {
      await s.close();
    }
  },
  30_000,
);
