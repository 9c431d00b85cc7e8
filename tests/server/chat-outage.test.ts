import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { CLIENT_MESSAGE_ID_HEADER, roomPublish, roomTopic, STOMP_UNAVAILABLE } from '../../contract/stomp';
import { seedCampus } from '../../server/seed/campus';
import { matchedPair } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { freshPostgresBehindProxy, POSTGRES_AVAILABLE, startTestServerWith, type DbKind } from './harness';

/**
 * A database that does not answer is the server's trouble, not the token's: CONNECT gets the
 * documented transient ERROR (COMMON503), which the PWA answers by reconnecting with backoff,
 * not `unauthorized`, which it answered by refreshing and, when that failed too, giving up.
 */
it.each((POSTGRES_AVAILABLE ? ['pglite', 'postgres'] : ['pglite']) as DbKind[])(
  'CONNECT while the database (%s) is down gets the transient ERROR COMMON503, not unauthorized',
  async (kind) => {
    const s = await startTestServerWith(kind);
    try {
      const pair = await matchedPair(s.app, s.database.db, 'outage');
      const url = await stompUrl(s.app);
      await s.database.close();
      const refused = await ChatClient.refused(url, { Authorization: `Bearer ${pair.a.token}` });
      expect(refused.error.headers.message).toBe(STOMP_UNAVAILABLE);
      expect(refused.error.headers.code).toBe('COMMON503');
    } finally {
      await s.app.close();
    }
  },
);

it.runIf(POSTGRES_AVAILABLE)(
  'PostgreSQL cut a dozen times while a student writes: every message is stored once, in order, and the server answers after',
  async () => {
    const { url, proxy, drop } = await freshPostgresBehindProxy();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const s = await startTestServerWith('postgres', {}, { CHAT_RATE: '1000,1000' }, url);
    try {
      await seedCampus(s.database.db);
      const pair = await matchedPair(s.app, s.database.db, 'chaos');
      const ws = await stompUrl(s.app);
      // The PWA's outbox, as its flusher drains it: one at a time, the next after the RECEIPT; on
      // any failure, reconnect and send the same message again under the same client id.
      const outbox = Array.from({ length: 120 }, (_, i) => ({ id: `chaos-${i}`, content: `말 ${i}` }));
      let acked = 0;
      let attempts = 0;
      const writer = (async () => {
        let client: ChatClient | undefined;
        while (acked < outbox.length) {
          attempts++;
          try {
            client ??= await ChatClient.connect(ws, pair.a.token);
            const next = outbox[acked]!;
            await client.send(roomPublish(pair.roomId), JSON.stringify({ content: next.content }), { [CLIENT_MESSAGE_ID_HEADER]: next.id });
            acked++;
          } catch {
            await client?.close().catch(() => undefined);
            client = undefined;
            await new Promise((resolve) => setTimeout(resolve, 30));
          }
        }
        await client?.close();
      })();
      for (let cut = 0; cut < 12; cut++) {
        // Every cut lands while the student is writing: after the 5th message, the 15th … the 115th.
        await waitUntil(() => acked >= cut * 10 + 5, 30_000, `message ${cut * 10 + 5}`);
        proxy.down();
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250));
        proxy.up();
      }
      await writer;
      const rows = (await s.database.db.execute(
        sql`select m.client_message_id as id from chat_messages m where m.room_id = ${pair.roomId} order by m.id`,
      )) as unknown as { rows: { id: string }[] };
      expect(rows.rows.map((r) => r.id)).toEqual(outbox.map((m) => m.id));
      // At least one failed try in each cut.
      expect(attempts).toBeGreaterThanOrEqual(outbox.length + 12);
      // And the friend, connecting now, is let in and can subscribe.
      const b = await ChatClient.connect(ws, pair.b.token);
      await b.subscribe(roomTopic(pair.roomId));
      await b.close();
    } finally {
      stderr.mockRestore();
      await s.app.close();
      await s.database.close();
      await drop();
    }
  },
  120_000,
);
