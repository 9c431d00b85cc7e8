import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { members } from '../../server/db/schema';
import { chatPushHook, createPush, fcmSenderFrom, type MessagingLike } from '../../server/modules/push';
import { readServiceAccount } from '../../server/modules/push/sender';
import { pushService } from '../../server/modules/push/service';
import { call, describeApi, email, FakePush, startApiServer, DB_KINDS, type ApiServer } from './api-harness';
import { newMember } from './harness';

const DATA = { title: 't', body: 'b', type: 'MATCH_REQUEST', senderId: '1', senderMembername: 'n', url: '/matching?selectTab=RECEIVED' };

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (obj: object | string, msg?: string) => lines.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? '') });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('FCM sender', () => {
  it('sends a data-only message and maps FCM errors to ok / unregistered / failed', async () => {
    const sent: unknown[] = [];
    let fail: unknown;
    const messaging: MessagingLike = {
      async send(message) {
        sent.push(message);
        if (fail) throw fail;
        return 'projects/x/messages/1';
      },
    };
    const sender = fcmSenderFrom(messaging);
    expect(await sender.send('tok', DATA)).toBe('ok');
    const message = sent[0] as Record<string, unknown>;
    expect(message.token).toBe('tok');
    expect(message.data).toEqual(DATA);
    // Data-only: no `notification` block anywhere, so the service worker decides what to show.
    expect(message).not.toHaveProperty('notification');
    expect(JSON.stringify(message)).not.toContain('"notification"');
    fail = Object.assign(new Error('gone'), { code: 'messaging/registration-token-not-registered' });
    expect(await sender.send('tok', DATA)).toBe('unregistered');
    fail = { errorInfo: { code: 'messaging/invalid-registration-token' } };
    expect(await sender.send('tok', DATA)).toBe('unregistered');
    fail = Object.assign(new Error('quota'), { code: 'messaging/quota-exceeded' });
    expect(await sender.send('tok', DATA)).toBe('failed');
    fail = new Error('network');
    expect(await sender.send('tok', DATA)).toBe('failed');
  });

  it('reads the service account as JSON or from a file', () => {
    const json = '{"project_id":"p","client_email":"a@b","private_key":"k"}';
    expect(readServiceAccount(json)).toMatchObject({ project_id: 'p' });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sa-')), 'sa.json');
    writeFileSync(file, json);
    expect(readServiceAccount(file)).toMatchObject({ client_email: 'a@b' });
    expect(() => readServiceAccount('/nonexistent/sa.json')).toThrow();
  });
});

for (const kind of DB_KINDS) {
  describe(`push service [${kind}]`, () => {
    // Started in a hook: a fresh database takes a while on a busy machine, tests get their own budget.
    let s: ApiServer;
    beforeAll(async () => {
      s = await startApiServer(kind);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('de-duplicates (recipient, type, sender) for 5 minutes, forgets dead tokens, skips members without one', async () => {
      const { app, database } = s;
      const db = database.db;
      const a = await newMember(app, email());
      const b = await newMember(app, email(), { membername: '보내는이' });
      const fake = new FakePush();
      const { log } = recordingLog();
      const push = pushService(db, fake, log);
      const msg = { type: 'CHAT', title: '새 메시지', body: '안녕!', senderId: b.memberId, url: '/chatting/1' };
      expect(await push.notifyPush(a.memberId, msg)).toBe('no-token');
      await db.update(members).set({ fcmToken: 'tok-a' }).where(eq(members.id, a.memberId));
      expect(await push.notifyPush(a.memberId, msg)).toBe('ok');
      expect(fake.sent.at(-1)!.data).toEqual({
        title: '새 메시지',
        body: '안녕!',
        type: 'CHAT',
        senderId: String(b.memberId),
        senderMembername: '보내는이',
        url: '/chatting/1',
      });
      expect(await push.notifyPush(a.memberId, msg)).toBe('duplicate');
      // Another type or another sender is another push.
      expect(await push.notifyPush(a.memberId, { ...msg, type: 'MATCH_REQUEST' })).toBe('ok');
      // Five minutes later it goes out again.
      await db.execute(sql`update push_log set sent_at = now() - interval '301 seconds' where recipient_id = ${a.memberId} and type = 'CHAT'`);
      expect(await push.notifyPush(a.memberId, msg)).toBe('ok');
      expect(fake.sent).toHaveLength(3);

      fake.dead.add('tok-a');
      await db.execute(sql`delete from push_log`);
      expect(await push.notifyPush(a.memberId, msg)).toBe('unregistered');
      const [row] = await db.select({ token: members.fcmToken }).from(members).where(eq(members.id, a.memberId));
      expect(row!.token).toBeNull();
    });

    it('without configuration push is off, said once at info level, and in-app notifications still work', async () => {
      const { lines, log } = recordingLog();
      const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) });
      const push = await createPush(s.database.db, config, log);
      expect(push.enabled).toBe(false);
      expect(lines).toEqual([{ level: 'info', msg: 'push is off (FIREBASE_SERVICE_ACCOUNT not set): in-app notifications only' }]);
      const a = await newMember(s.app, email());
      expect(await push.notifyPush(a.memberId, { type: 'CHAT', title: 't', body: 'b', senderId: a.memberId, url: '/' })).toBe('off');
      expect(lines).toHaveLength(1);
      // A broken credential is logged and push stays off; the server keeps running.
      const broken = await createPush(s.database.db, loadConfig({ NODE_ENV: 'test', FIREBASE_SERVICE_ACCOUNT: '{not json' }), log);
      expect(broken.enabled).toBe(false);
      expect(lines.some((l) => l.level === 'error')).toBe(true);
    });
  });
}

describeApi('a failing push never fails the request', (server) => {
  it('answers the match request normally when the push provider throws', async () => {
    const { app, push } = server();
    const a = await newMember(app, email());
    const b = await newMember(app, email());
    await call(app, b.token, 'PATCH', '/api/members/fcm-token', { fcmToken: 'boom' });
    push.send = async () => {
      throw new Error('provider down');
    };
    const res = await call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId });
    expect(res.status).toBe(200);
    expect((await call(app, b.token, 'GET', '/api/notifications')).body.result.notifications).toHaveLength(1);
  });
});

describeApi('chat push adapter', (server) => {
  it('turns a chat message into a push that opens the room, shortened, once per sender and 5 minutes', async () => {
    const { app, database, push } = server();
    const a = await newMember(app, email());
    const b = await newMember(app, email(), { membername: '채팅러' });
    await call(app, a.token, 'PATCH', '/api/members/fcm-token', { fcmToken: 'chat-device' });
    const service = pushService(database.db, push, recordingLog().log);
    const hook = chatPushHook(service);
    hook({ recipientId: a.memberId, senderId: b.memberId, roomId: 7, message: { content: '가'.repeat(150) } });
    // Messages of one sender arrive one after another; the second comes after the first was pushed.
    await service.idle();
    hook({ recipientId: a.memberId, senderId: b.memberId, roomId: 7, message: { content: '두 번째' } });
    await service.idle();
    const sent = push.sent.filter((p) => p.token === 'chat-device');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ type: 'CHAT_MESSAGE', url: '/chatting/7', senderMembername: '채팅러', senderId: String(b.memberId) });
    expect([...sent[0]!.data.body!]).toHaveLength(100);
  });
});
