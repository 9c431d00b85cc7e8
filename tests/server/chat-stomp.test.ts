import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHAT_EVENT, chatMessageSchema, roomPublish, roomTopic, STOMP_ERRORS } from '../../contract/stomp';
import { chatMessages } from '../../server/db/schema';
import { chatRepo } from '../../server/modules/chat/repo';
import type { ChatPushEvent } from '../../server/modules/chat/socket';
import { AccessTokens } from '../../server/modules/auth/tokens';
import { FakePush } from './api-harness';
import { email, matchedPair } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { bearer, describeEachDatabase, JWT_SECRET, newMember, startTestServerWith, type TestServer } from './harness';

const json = (content: string) => JSON.stringify({ content });

describeEachDatabase(
  'chat over STOMP',
  (server) => {
    const clients: ChatClient[] = [];
    const track = (c: ChatClient) => (clients.push(c), c);
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.close()));
    });

    async function connectedPair(tag: string) {
      const { app, database } = server();
      const url = await stompUrl(app);
      const pair = await matchedPair(app, database.db, tag);
      const ca = track(await ChatClient.connect(url, pair.a.token));
      const cb = track(await ChatClient.connect(url, pair.b.token));
      await ca.subscribe(roomTopic(pair.roomId));
      await cb.subscribe(roomTopic(pair.roomId));
      return { ...pair, url, ca, cb };
    }

    it('stores before the RECEIPT and broadcasts the Message to both participants', async () => {
      const { app } = server();
      const { a, b, roomId, ca, cb } = await connectedPair('e2e');
      const clientId = randomUUID();
      await ca.send(roomPublish(roomId), json('  안녕하세요  '), { 'client-message-id': clientId, 'content-type': 'application/json' });

      // The RECEIPT means stored: the message is already in the REST history.
      const history = (await app.inject({ url: `/api/chatrooms/${roomId}/messages`, headers: bearer(b) })).json().result.data;
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ content: '안녕하세요', senderId: a.memberId, roomId, clientMessageId: clientId });

      await waitUntil(() => cb.messages.length === 1 && ca.messages.length === 1, 3000, 'broadcast');
      const got = cb.messages[0]!;
      expect(got.headers.destination).toBe(roomTopic(roomId));
      expect(got.headers['content-type']).toBe('application/json');
      const message = chatMessageSchema.parse(JSON.parse(got.body));
      expect(message).toEqual(history[0]);
      expect(JSON.parse(ca.messages[0]!.body)).toEqual(message);

      // And the other way round, without a client id: no clientMessageId in the Message.
      await cb.send(roomPublish(roomId), json('반가워요'));
      await waitUntil(() => ca.messages.length === 2, 3000, 'reply');
      const reply = JSON.parse(ca.messages[1]!.body);
      expect(reply).toMatchObject({ content: '반가워요', senderId: b.memberId });
      expect(reply).not.toHaveProperty('clientMessageId');
      expect(BigInt(reply.id.value)).toBeGreaterThan(BigInt(message.id.value));
    });

    it('a resend with the same client-message-id gets a RECEIPT but is stored and broadcast once', async () => {
      const { database } = server();
      const { a, url, roomId, ca, cb } = await connectedPair('idem');
      const clientId = randomUUID();
      await ca.send(roomPublish(roomId), json('한 번만'), { 'client-message-id': clientId });
      await ca.send(roomPublish(roomId), json('한 번만'), { 'client-message-id': clientId });
      // Same id from a second connection of the same member (a resend after a reconnect).
      const again = track(await ChatClient.connect(url, a.token));
      await again.send(roomPublish(roomId), json('한 번만'), { 'client-message-id': clientId });
      await ca.send(roomPublish(roomId), json('다음 메시지'));
      await waitUntil(() => cb.messages.length >= 2, 3000, 'broadcasts');
      await new Promise((r) => setTimeout(r, 100));
      expect(cb.bodies().map((m) => (m as { content: string }).content)).toEqual(['한 번만', '다음 메시지']);
      const rows = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
      expect(rows.map((r) => r.content)).toEqual(['한 번만', '다음 메시지']);
    });

    it('keeps per-room order equal to id order under a burst from both sides', async () => {
      const { roomId, ca, cb } = await connectedPair('order');
      await Promise.all([
        ...Array.from({ length: 30 }, (_, i) => ca.send(roomPublish(roomId), json(`a${i}`))),
        ...Array.from({ length: 30 }, (_, i) => cb.send(roomPublish(roomId), json(`b${i}`))),
      ]);
      await waitUntil(() => ca.messages.length === 60 && cb.messages.length === 60, 5000, 'all broadcasts');
      for (const c of [ca, cb]) {
        const ids = c.bodies().map((m) => BigInt((m as { id: { value: string } }).id.value));
        expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      }
      // Each sender's own messages keep their send order.
      const contents = ca.bodies().map((m) => (m as { content: string }).content);
      expect(contents.filter((c) => c.startsWith('a'))).toEqual(Array.from({ length: 30 }, (_, i) => `a${i}`));
    });

    it('pipelines SENDs without a receipt: all stored and broadcast in order; a later RECEIPT covers them', async () => {
      const { app } = server();
      const { b, roomId, ca, cb } = await connectedPair('pipe');
      const n = 700;
      for (let i = 0; i < n; i++) ca.client.publish({ destination: roomPublish(roomId), body: json(`p${i}`) });
      await ca.send(roomPublish(roomId), json('last'));
      // The RECEIPT of the last SEND comes after every earlier one of the session is stored.
      const history = (await app.inject({ url: `/api/chatrooms/${roomId}/messages?size=50`, headers: bearer(b) })).json().result;
      expect(history.data[0].content).toBe('last');
      expect(history.data[1].content).toBe(`p${n - 1}`);
      await waitUntil(() => cb.messages.length === n + 1, 5000, 'all broadcasts');
      const got = cb.bodies() as Array<{ content: string; id: { value: string } }>;
      expect(got.map((m) => m.content)).toEqual([...Array.from({ length: n }, (_, i) => `p${i}`), 'last']);
      const ids = got.map((m) => BigInt(m.id.value));
      expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    });

    it('a receipt-less SEND that turns out forbidden when stored is reported as ERROR on the next frame', async () => {
      const { database } = server();
      const { a, roomId, ca, cb } = await connectedPair('late');
      // a is out of the room in the database while its socket still has the room verified (as when
      // the leave's fan-out event never reached this instance): only the store can tell.
      await database.db.execute(sql`update chat_rooms set a_left = (member_a = ${a.memberId}), b_left = (member_b = ${a.memberId}) where id = ${roomId}`);
      ca.client.publish({ destination: roomPublish(roomId), body: json('after leaving') });
      await new Promise((r) => setTimeout(r, 200));
      expect(ca.errors).toHaveLength(0);
      const error = await ca.sendRefused(roomPublish(roomId), json('again'));
      expect(error.headers.code).toBe('CHAT_403');
      await new Promise((r) => setTimeout(r, 50));
      expect(cb.messages).toHaveLength(0);
    });

    it('after leaving over REST, a SEND from a socket still open on the room is refused at once', async () => {
      const { app } = server();
      const { a, roomId, ca, cb } = await connectedPair('gone');
      expect((await app.inject({ method: 'PATCH', url: `/api/chatrooms/${roomId}`, headers: bearer(a) })).statusCode).toBe(200);
      ca.client.publish({ destination: roomPublish(roomId), body: json('after leaving') });
      await waitUntil(() => ca.errors.length === 1, 3000, 'ERROR');
      expect(ca.errors[0]!.headers.code).toBe('CHAT_403');
      await new Promise((r) => setTimeout(r, 50));
      expect(cb.messages).toHaveLength(0);
    });

    it('refuses SUBSCRIBE and SEND from a non-participant with an ERROR frame and closes', async () => {
      const { app } = server();
      const { roomId, url } = await connectedPair('deny');
      const stranger = await newMember(app, email('deny-x'));

      const s1 = track(await ChatClient.connect(url, stranger.token));
      const subError = await s1.subscribeRefused(roomTopic(roomId));
      expect(subError.headers.message).toBe('not a participant of this room');
      expect(subError.headers.code).toBe('CHAT_403');
      await waitUntil(() => s1.closed, 3000, 'close');

      const s2 = track(await ChatClient.connect(url, stranger.token));
      const sendError = await s2.sendRefused(roomPublish(roomId), json('끼어들기'));
      expect(sendError.headers.code).toBe('CHAT_403');
      expect(sendError.headers['receipt-id']).toMatch(/^bad-/);
      await waitUntil(() => s2.closed, 3000, 'close');

      const s3 = track(await ChatClient.connect(url, stranger.token));
      expect((await s3.subscribeRefused('/sub/rooms/999999')).headers.code).toBe('CHAT_403');
      const s4 = track(await ChatClient.connect(url, stranger.token));
      expect((await s4.subscribeRefused('/topic/anything')).headers.code).toBe('CHAT_400');
    });

    it('a member who leaves the room stops receiving it at once, and cannot subscribe again', async () => {
      const { app } = server();
      const { roomId, url, a, b, ca, cb } = await connectedPair('leave');
      await ca.send(roomPublish(roomId), json('나가기 전'));
      await waitUntil(() => cb.messages.length === 1, 3000, 'before leaving');

      const left = await app.inject({ method: 'PATCH', url: `/api/chatrooms/${roomId}`, headers: bearer(b) });
      expect(left.statusCode).toBe(200);
      // a, still in the room with it open, is told at once (decision 0060); b's socket is not.
      await waitUntil(() => ca.eventBodies(CHAT_EVENT.left).length === 1, 3000, 'event:left');
      expect(ca.eventBodies(CHAT_EVENT.left)).toEqual([{ memberId: b.memberId }]);
      expect(cb.eventBodies(CHAT_EVENT.left)).toEqual([]);
      expect(cb.closed).toBe(false);
      await new Promise((r) => setTimeout(r, 100));
      expect(cb.bodies().map((m) => (m as { content: string }).content)).toEqual(['나가기 전']);

      const again = track(await ChatClient.connect(url, b.token));
      expect((await again.subscribeRefused(roomTopic(roomId))).headers.code).toBe('CHAT_403');
      expect(a.memberId).not.toBe(b.memberId);
    });

    it('writing to a friend who left is refused with CHAT_403 in Korean; the history says so; a re-open lets both write again', async () => {
      const { app } = server();
      const { roomId, url, a, b, ca } = await connectedPair('void');
      const history = async () => (await app.inject({ url: `/api/chatrooms/${roomId}/messages`, headers: bearer(a) })).json().result;
      expect((await history()).friendLeft).toBe(false);
      expect((await app.inject({ method: 'PATCH', url: `/api/chatrooms/${roomId}`, headers: bearer(b) })).statusCode).toBe(200);
      await waitUntil(() => ca.eventBodies(CHAT_EVENT.left).length === 1, 3000, 'event:left');

      // The socket had the room verified before the leave: the SEND is still looked at again.
      const refused = await ca.sendRefused(roomPublish(roomId), json('듣고 있어?'));
      expect(refused.headers).toMatchObject({ code: 'CHAT_403', message: STOMP_ERRORS.friendLeft });
      expect(STOMP_ERRORS.friendLeft).toMatch(/[가-힣]/);
      // A fresh connection is refused the same way; nothing was stored.
      const fresh = track(await ChatClient.connect(url, a.token));
      expect((await fresh.sendRefused(roomPublish(roomId), json('다시'))).headers).toMatchObject({ code: 'CHAT_403', message: STOMP_ERRORS.friendLeft });
      const after = await history();
      expect(after.friendLeft).toBe(true);
      expect(after.data).toEqual([]);

      // b opens the room again (contract section 7): both are in it, and a may write.
      expect((await app.inject({ method: 'POST', url: `/api/chatrooms?friendId=${a.memberId}`, headers: bearer(b) })).statusCode).toBe(200);
      expect((await history()).friendLeft).toBe(false);
      const back = track(await ChatClient.connect(url, a.token));
      const cb2 = track(await ChatClient.connect(url, b.token));
      await cb2.subscribe(roomTopic(roomId));
      await back.send(roomPublish(roomId), json('돌아왔네'));
      await waitUntil(() => cb2.messages.length === 1, 3000, 'message after the re-open');
    });

    it('the store refuses a message to a friend who left, even when the socket has not heard of the leave', async () => {
      const { database } = server();
      const { a, b, roomId } = await connectedPair('void-store');
      // b out of the room in the database only, as when the leave's fan-out never reached here.
      await database.db.execute(sql`update chat_rooms set a_left = (member_a = ${b.memberId}), b_left = (member_b = ${b.memberId}) where id = ${roomId}`);
      const repo = chatRepo(database.db);
      expect((await repo.store(roomId, a.memberId, '허공에', null)).kind).toBe('forbidden');
      // Two messages: the batch statement, not the one-message one.
      const batch = await repo.storeBatch(['허공에 둘', '셋'].map((content) => ({ roomId, senderId: a.memberId, content, clientMessageId: null })));
      expect(batch.map((r) => r.kind)).toEqual(['forbidden', 'forbidden']);
      expect(await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId))).toEqual([]);
    });

    it('refuses SENDs to /sub/** and to unknown destinations', async () => {
      const { roomId, url, a, cb } = await connectedPair('dest');
      const c1 = track(await ChatClient.connect(url, a.token));
      const e1 = await c1.sendRefused(roomTopic(roomId), json('직접 발행'));
      expect(e1.headers.message).toMatch(/subscription destination/);
      const c2 = track(await ChatClient.connect(url, a.token));
      expect((await c2.sendRefused('/pub/other/1', json('x'))).headers.code).toBe('CHAT_400');
      await new Promise((r) => setTimeout(r, 50));
      expect(cb.messages).toHaveLength(0);
    });

    it('refuses blank, oversized and malformed content with CHAT_400', async () => {
      const { roomId, url, a, cb } = await connectedPair('content');
      // A NUL is removed like any control character (text-input.test.ts); nothing left is blank.
      const unstorable = ['{"content":"\\u0000"}', '{"content":"lone \\ud800 surrogate"}'];
      for (const body of [json('   '), json(''), json('가'.repeat(1001)), '{"content":', '{}', '{"content":5}', ...unstorable]) {
        const c = track(await ChatClient.connect(url, a.token));
        const error = await c.sendRefused(roomPublish(roomId), body);
        expect(error.headers.code, body.slice(0, 20)).toBe('CHAT_400');
        await waitUntil(() => c.closed, 3000, 'close');
      }
      const c = track(await ChatClient.connect(url, a.token));
      expect((await c.sendRefused(roomPublish(roomId), json('x'), { 'client-message-id': 'not ok!' })).headers.code).toBe('CHAT_400');
      // Exactly 1000 characters after trimming is fine.
      const ok = track(await ChatClient.connect(url, a.token));
      await ok.send(roomPublish(roomId), json(` ${'가'.repeat(1000)} `));
      await waitUntil(() => cb.messages.length === 1, 3000, 'the 1000-char message');
      expect((cb.bodies()[0] as { content: string }).content).toHaveLength(1000);
    });

    it('authenticates CONNECT: missing, bad and expired tokens get ERROR; the header name is case-insensitive', async () => {
      const { app, database } = server();
      const url = await stompUrl(app);
      const { a } = await matchedPair(app, database.db, 'auth');

      let refused = await ChatClient.refused(url, {});
      expect(refused.error.headers.code).toBe('JWT_401');
      refused = await ChatClient.refused(url, { Authorization: 'Bearer not-a-jwt' });
      expect(refused.error.headers.code).toBe('TOKEN_401_ACCESS_MALFORMED');
      const forged = await new AccessTokens('another-secret-another-secret-0123456789', 60).sign(a.memberId, a.email);
      refused = await ChatClient.refused(url, { Authorization: `Bearer ${forged}` });
      expect(refused.error.headers.code).toBe('TOKEN_401_ACCESS_MALFORMED');
      const expired = await new AccessTokens(JWT_SECRET, 60).sign(a.memberId, a.email, -10);
      refused = await ChatClient.refused(url, { Authorization: `Bearer ${expired}` });
      expect(refused.error.headers).toMatchObject({ code: 'TOKEN_401_ACCESS_EXPIRED', message: 'token expired' });

      const lower = track(await ChatClient.connect(url, { authorization: `Bearer ${a.token}` }));
      expect(lower.client.connected).toBe(true);
    });

    it('ends the session with ERROR when the access token expires', async () => {
      const { app, database } = server();
      const url = await stompUrl(app);
      const { a, roomId } = await matchedPair(app, database.db, 'expiry');
      const shortLived = await new AccessTokens(JWT_SECRET, 60).sign(a.memberId, a.email, 2);
      const c = track(await ChatClient.connect(url, shortLived));
      await c.subscribe(roomTopic(roomId));
      await waitUntil(() => c.errors.length > 0, 4000, 'expiry ERROR');
      expect(c.errors[0]!.headers.message).toBe('token expired');
      await waitUntil(() => c.closed, 3000, 'close');
    });

    it('checks the Origin on the upgrade: foreign origins get 403, same origin and no Origin are let through', async () => {
      const { app } = server();
      const url = await stompUrl(app);
      const status = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const ws = new WebSocket(url, { headers });
          ws.on('unexpected-response', (_req, res) => {
            resolve(res.statusCode ?? 0);
            ws.terminate();
          });
          ws.on('open', () => {
            resolve(101);
            ws.close();
          });
          ws.on('error', (err) => (err.message.includes('Unexpected server response') ? undefined : reject(err)));
        });
      expect(await status({ origin: 'https://evil.example' })).toBe(403);
      expect(await status({ origin: 'null' })).toBe(403);
      expect(await status({ origin: new URL(url.replace('ws:', 'http:')).origin })).toBe(101);
      expect(await status({})).toBe(101);
    });
    // These tests measure delivery, not the per-member limit (its own tests are in chat-live.test.ts).
  },
  { CHAT_RATE: '10000,100000' },
);

describe('chat push hook and shutdown [pglite]', () => {
  let server: TestServer;
  const pushes: ChatPushEvent[] = [];
  beforeAll(async () => {
    server = await startTestServerWith('pglite', { chatPush: (e) => void pushes.push(e) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pushes only to a recipient with no socket on the room', async () => {
    const { app, database } = server;
    const url = await stompUrl(app);
    const { a, b, roomId } = await matchedPair(app, database.db, 'push');
    const ca = await ChatClient.connect(url, a.token);
    await ca.send(roomPublish(roomId), json('부재중'));
    await waitUntil(() => pushes.length === 1, 3000, 'push');
    expect(pushes[0]).toMatchObject({ recipientId: b.memberId, senderId: a.memberId, roomId, message: { content: '부재중' } });

    const cb = await ChatClient.connect(url, b.token);
    await cb.subscribe(roomTopic(roomId));
    await ca.send(roomPublish(roomId), json('보는 중'));
    await waitUntil(() => cb.messages.length === 1, 3000, 'broadcast');
    await new Promise((r) => setTimeout(r, 50));
    expect(pushes).toHaveLength(1);

    // Once b's socket is gone, pushes resume.
    await cb.close();
    await new Promise((r) => setTimeout(r, 50));
    await ca.send(roomPublish(roomId), json('다시 부재중'));
    await waitUntil(() => pushes.length === 2, 3000, 'second push');
    await ca.close();
  });

  it('with push configured, a message for a member away from the room reaches their device, opening the room', async () => {
    const device = new FakePush();
    const own = await startTestServerWith('pglite', { push: device });
    try {
      const url = await stompUrl(own.app);
      const { a, b, roomId } = await matchedPair(own.app, own.database.db, 'fcm');
      const token = await own.app.inject({ method: 'PATCH', url: '/api/members/fcm-token', headers: bearer(b), payload: { fcmToken: 'b-phone' } });
      expect(token.statusCode).toBe(200);
      const ca = await ChatClient.connect(url, a.token);
      await ca.send(roomPublish(roomId), json('점심 뭐 먹을까요?'));
      await waitUntil(() => device.sent.length === 1, 3000, 'device push');
      expect(device.sent[0]).toMatchObject({
        token: 'b-phone',
        data: { type: 'CHAT_MESSAGE', body: '점심 뭐 먹을까요?', url: `/chatting/${roomId}`, senderId: String(a.memberId), senderMembername: '가나' },
      });
      await ca.close();
    } finally {
      await own.close();
    }
  });

  it('a storage failure is an ERROR "internal error" (transient for clients), never a RECEIPT', async () => {
    const { app, database } = server;
    const url = await stompUrl(app);
    const { a, roomId } = await matchedPair(app, database.db, 'dbfail');
    await database.db.execute(sql`alter table chat_messages add constraint chat_test_no_boom check (content <> 'boom')`);
    try {
      const c = await ChatClient.connect(url, a.token);
      const error = await c.sendRefused(roomPublish(roomId), json('boom'));
      expect(error.headers).toMatchObject({ message: 'internal error', code: 'COMMON500' });
      await waitUntil(() => c.closed, 3000, 'close');
      await c.close();
      // Without a receipt the failure surfaces on the session's next frame.
      const d = await ChatClient.connect(url, a.token);
      d.client.publish({ destination: roomPublish(roomId), body: json('boom') });
      await new Promise((r) => setTimeout(r, 200));
      expect((await d.sendRefused(roomPublish(roomId), json('fine'))).headers.message).toBe('internal error');
      await d.close();
    } finally {
      await database.db.execute(sql`alter table chat_messages drop constraint chat_test_no_boom`);
    }
  });

  it('app close sends ERROR to open sessions before closing', async () => {
    const own = await startTestServerWith('pglite');
    const url = await stompUrl(own.app);
    const { a, roomId } = await matchedPair(own.app, own.database.db, 'bye');
    const c = await ChatClient.connect(url, a.token);
    await c.subscribe(roomTopic(roomId));
    await own.close();
    expect(c.errors[0]?.headers.message).toBe('server shutting down');
    await waitUntil(() => c.closed, 3000, 'close');
    await c.close();
  });
});
