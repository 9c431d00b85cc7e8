import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { ERROR_CODES } from '../../contract/envelope';
import { roomPublish, roomTopic } from '../../contract/stomp';
import type { Db } from '../../server/db/client';
import { call, describeApi, email } from './api-harness';
import { acceptMatch } from './chat-helpers';
import { ChatClient, stompUrl, waitUntil } from './chat-stomp-client';
import { newMember, signIn, type Session } from './harness';

/** Contract section 15 (blocks and reports); expiry and the quota are in safety-expiry.test.ts. */

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every discovery list as the member sees it: ids in recommendations, popular, filters (and its total). */
async function discovery(app: FastifyInstance, s: Session) {
  const rec = await call(app, s.token, 'GET', '/api/members/recommendations');
  const pop = await call(app, s.token, 'GET', '/api/members/popular');
  const fil = await call(app, s.token, 'GET', '/api/members/filters?size=50');
  const recent = await call(app, s.token, 'GET', '/api/members/filters?size=50&sort=recent');
  for (const r of [rec, pop, fil, recent]) expect(r.status).toBe(200);
  const ids = (list: { memberId: number }[]) => list.map((m) => m.memberId);
  return {
    recommendations: ids(rec.body.result),
    popular: ids(pop.body.result),
    filters: ids(fil.body.result.data),
    recent: ids(recent.body.result.data),
    total: fil.body.result.meta.totalItems as number,
  };
}

/** Asserts `target` is (or is not) in every discovery list of `viewer`. */
async function expectDiscoverable(app: FastifyInstance, viewer: Session, target: Session, visible: boolean) {
  const d = await discovery(app, viewer);
  for (const list of ['recommendations', 'popular', 'filters', 'recent'] as const) {
    expect(d[list].includes(target.memberId), `${list} of ${viewer.memberId} contains ${target.memberId}`).toBe(visible);
  }
  return d;
}

describeApi('safety: blocks (contract section 15)', (server) => {
  it('hides both members from each other in every discovery list and in member detail, until unblocked', async () => {
    const { app } = server();
    const a = await newMember(app, email('catholic.ac.kr', 'blk-a'), { membername: '차단자' });
    const b = await newMember(app, email('catholic.ac.kr', 'blk-b'), { membername: '차단됨' });
    const c = await newMember(app, email('catholic.ac.kr', 'blk-c'));
    await expectDiscoverable(app, a, b, true);
    await expectDiscoverable(app, b, a, true);
    const totalBefore = (await discovery(app, a)).total;

    const blocked = await call(app, a.token, 'POST', `/api/members/${b.memberId}/block`);
    expect([blocked.status, blocked.body.result]).toEqual([200, 'BLOCK_SUCCESS']);
    // Idempotent.
    expect((await call(app, a.token, 'POST', `/api/members/${b.memberId}/block`)).body.result).toBe('BLOCK_SUCCESS');

    const afterA = await expectDiscoverable(app, a, b, false);
    expect(afterA.total).toBe(totalBefore - 1);
    await expectDiscoverable(app, b, a, false);
    // Nobody else is affected.
    await expectDiscoverable(app, c, a, true);
    await expectDiscoverable(app, c, b, true);

    for (const [viewer, target] of [
      [a, b],
      [b, a],
    ] as const) {
      const detail = await call(app, viewer.token, 'GET', `/api/members/${target.memberId}`);
      expect([detail.status, detail.body.code]).toEqual([404, 'USER_404']);
    }
    expect((await call(app, c.token, 'GET', `/api/members/${b.memberId}`)).status).toBe(200);

    const list = await call(app, a.token, 'GET', '/api/members/blocks');
    expect(list.status).toBe(200);
    expect(list.body.result).toEqual([{ memberId: b.memberId, memberName: '차단됨', blockedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) }]);
    // The blocked member's own list is empty: blocks are never shown to the one blocked.
    expect((await call(app, b.token, 'GET', '/api/members/blocks')).body.result).toEqual([]);

    const unblocked = await call(app, a.token, 'DELETE', `/api/members/${b.memberId}/block`);
    expect([unblocked.status, unblocked.body.isSuccess]).toEqual([200, true]);
    expect((await call(app, a.token, 'DELETE', `/api/members/${b.memberId}/block`)).status).toBe(200);
    expect((await call(app, a.token, 'GET', '/api/members/blocks')).body.result).toEqual([]);
    await expectDiscoverable(app, a, b, true);
    await expectDiscoverable(app, b, a, true);
    expect((await call(app, b.token, 'GET', `/api/members/${a.memberId}`)).status).toBe(200);
  });

  it('a block each way needs both lifted; unblocking only lifts the caller’s own', async () => {
    const { app } = server();
    const a = await newMember(app, email('catholic.ac.kr', 'two-a'));
    const b = await newMember(app, email('catholic.ac.kr', 'two-b'));
    await call(app, a.token, 'POST', `/api/members/${b.memberId}/block`);
    // b may block a too (nothing tells b that a already did).
    expect((await call(app, b.token, 'POST', `/api/members/${a.memberId}/block`)).body.result).toBe('BLOCK_SUCCESS');
    await call(app, a.token, 'DELETE', `/api/members/${b.memberId}/block`);
    await expectDiscoverable(app, a, b, false);
    expect((await call(app, a.token, 'GET', `/api/members/${b.memberId}`)).status).toBe(404);
    await call(app, b.token, 'DELETE', `/api/members/${a.memberId}/block`);
    await expectDiscoverable(app, a, b, true);
  });

  it('refuses match requests either way with 403 MATCH_403_BLOCKED, withdraws pending ones, and tells the blocked member nothing', async () => {
    const s = server();
    const { app } = s;
    const a = await newMember(app, email('catholic.ac.kr', 'mr-a'), { membername: '요청자' });
    const b = await newMember(app, email('catholic.ac.kr', 'mr-b'));
    const c = await newMember(app, email('catholic.ac.kr', 'mr-c'));
    await call(app, b.token, 'PATCH', '/api/members/fcm-token', { fcmToken: `device-${b.memberId}` });
    // b asked a; c asked b (c is not involved in the block and keeps its request).
    expect((await call(app, b.token, 'POST', '/api/matches', { toMemberId: a.memberId })).status).toBe(200);
    expect((await call(app, c.token, 'POST', '/api/matches', { toMemberId: b.memberId })).status).toBe(200);
    const notesBefore = (await call(app, b.token, 'GET', '/api/notifications')).body.result.notifications.length;
    await s.app.ready();
    await new Promise((r) => setTimeout(r, 50));
    const pushesBefore = s.push.sent.filter((p) => p.token === `device-${b.memberId}`).length;

    expect((await call(app, a.token, 'POST', `/api/members/${b.memberId}/block`)).status).toBe(200);

    // Withdrawn: gone from both sides' lists and counters.
    const sent = await call(app, b.token, 'GET', '/api/matches?status=REQUESTED');
    expect(sent.body.result.data).toEqual([]);
    expect((await call(app, a.token, 'GET', '/api/matches?status=RECEIVED')).body.result.data).toEqual([]);
    expect((await call(app, b.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ requested: 0, received: 1 });
    const pending = await rows<{ n: number }>(
      s.database.db,
      sql`select count(*)::int as n from matches where least(requester_id, target_id) = ${Math.min(a.memberId, b.memberId)}
            and greatest(requester_id, target_id) = ${Math.max(a.memberId, b.memberId)}`,
    );
    expect(pending[0]!.n).toBe(0);
    expect((await call(app, b.token, 'GET', '/api/matches?status=RECEIVED')).body.result.data).toHaveLength(1);

    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await call(app, from.token, 'POST', '/api/matches', { toMemberId: to.memberId });
      expect([res.status, res.body.code, res.body.message]).toEqual([403, 'MATCH_403_BLOCKED', ERROR_CODES.MATCH_403_BLOCKED.message]);
    }
    // Accepting the withdrawn request finds nothing.
    expect((await call(app, a.token, 'PATCH', `/api/matches/accept/${b.memberId}`)).body.code).toBe('MATCH_404');

    await new Promise((r) => setTimeout(r, 100));
    expect((await call(app, b.token, 'GET', '/api/notifications')).body.result.notifications).toHaveLength(notesBefore);
    expect(s.push.sent.filter((p) => p.token === `device-${b.memberId}`)).toHaveLength(pushesBefore);

    // Unblocked: requests are allowed again.
    await call(app, a.token, 'DELETE', `/api/members/${b.memberId}/block`);
    expect((await call(app, b.token, 'POST', '/api/matches', { toMemberId: a.memberId })).status).toBe(200);
  });

  it('a block racing requests of the same pair never leaves a pending request behind', async () => {
    const { app, database } = server();
    for (let round = 0; round < 5; round++) {
      const a = await newMember(app, email('catholic.ac.kr', `race-a${round}`));
      const b = await newMember(app, email('catholic.ac.kr', `race-b${round}`));
      const results = await Promise.all([
        call(app, b.token, 'POST', '/api/matches', { toMemberId: a.memberId }),
        call(app, a.token, 'POST', `/api/members/${b.memberId}/block`),
        call(app, a.token, 'POST', '/api/matches', { toMemberId: b.memberId }),
      ]);
      expect(results[1].status).toBe(200);
      for (const r of [results[0], results[2]]) expect([200, 400, 403]).toContain(r.status);
      const left = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from matches where (requester_id = ${a.memberId} and target_id = ${b.memberId}) or (requester_id = ${b.memberId} and target_id = ${a.memberId})`,
      );
      expect(left[0]!.n, `round ${round}`).toBe(0);
    }
    // The counters the trigger keeps still agree with the rows.
    const drift = await rows<{ id: number }>(
      database.db,
      sql`select m.id from members m
           where m.pending_sent <> (select count(*) from matches x where x.requester_id = m.id and x.status = 'REQUESTED')
              or m.pending_received <> (select count(*) from matches x where x.target_id = m.id and x.status = 'REQUESTED')`,
    );
    expect(drift).toEqual([]);
  });

  it('the pair’s chat room disappears from both lists, its history and re-opening are refused, and it comes back on unblock', async () => {
    const { app, database } = server();
    const a = await newMember(app, email('catholic.ac.kr', 'room-a'));
    const b = await newMember(app, email('catholic.ac.kr', 'room-b'), { membername: '친구' });
    await acceptMatch(database.db, a.memberId, b.memberId);
    const opened = await call(app, a.token, 'POST', `/api/chatrooms?friendId=${b.memberId}`);
    const roomId = opened.body.result.chatRoomId as number;
    const roomIds = async (s: Session) => {
      const res = await call(app, s.token, 'GET', '/api/chatrooms');
      return { ids: (res.body.result.data as { roomId: number }[]).map((r) => r.roomId), total: res.body.result.meta.totalItems as number };
    };
    expect((await roomIds(a)).ids).toContain(roomId);
    // b wrote before the block: the 채팅 tab badge (section 17's total) counts it, then not while blocked.
    await database.db.execute(sql`insert into chat_messages (room_id, sender_id, content) values (${roomId}, ${b.memberId}, '안녕')`);
    const unread = async (s: Session) => (await call(app, s.token, 'GET', '/api/chatrooms/unread')).body.result.unreadCount as number;
    expect(await unread(a)).toBe(1);
    expect((await call(app, a.token, 'GET', '/api/matches?status=ACCEPTED')).body.result.data).toHaveLength(1);
    expect((await call(app, a.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ completed: 1 });

    await call(app, b.token, 'POST', `/api/members/${a.memberId}/block`);
    // 매칭 완료 counts what the list shows.
    expect((await call(app, a.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ completed: 0 });
    expect(await unread(a)).toBe(0);
    for (const s of [a, b]) {
      expect(await roomIds(s)).toEqual({ ids: [], total: 0 });
      expect((await call(app, s.token, 'GET', `/api/chatrooms/${roomId}/messages`)).body.code).toBe('CHAT_403');
      expect((await call(app, s.token, 'GET', '/api/matches?status=ACCEPTED')).body.result).toMatchObject({ data: [], meta: { totalItems: 0 } });
    }
    expect((await call(app, a.token, 'POST', `/api/chatrooms?friendId=${b.memberId}`)).body.code).toBe('CHAT_403');

    await call(app, b.token, 'DELETE', `/api/members/${a.memberId}/block`);
    expect((await roomIds(a)).ids).toEqual([roomId]);
    expect((await roomIds(b)).ids).toEqual([roomId]);
    expect(await unread(a)).toBe(1);
    expect((await call(app, a.token, 'GET', `/api/chatrooms/${roomId}/messages`)).status).toBe(200);
  });

  it('over STOMP: after a block both sockets stop receiving the room, SENDs and SUBSCRIBEs get an ERROR frame, and nothing is stored', async () => {
    const { app, database } = server();
    const url = await stompUrl(app);
    const a = await newMember(app, email('catholic.ac.kr', 'ws-a'));
    const b = await newMember(app, email('catholic.ac.kr', 'ws-b'));
    await acceptMatch(database.db, a.memberId, b.memberId);
    const roomId = (await call(app, a.token, 'POST', `/api/chatrooms?friendId=${b.memberId}`)).body.result.chatRoomId as number;
    const clients: ChatClient[] = [];
    try {
      const ca = await ChatClient.connect(url, a.token);
      const cb = await ChatClient.connect(url, b.token);
      clients.push(ca, cb);
      await ca.subscribe(roomTopic(roomId));
      await cb.subscribe(roomTopic(roomId));
      await ca.send(roomPublish(roomId), JSON.stringify({ content: '차단 전' }));
      await waitUntil(() => cb.messages.length === 1, 3000, 'before the block');

      expect((await call(app, a.token, 'POST', `/api/members/${b.memberId}/block`)).status).toBe(200);
      // The blocked member's socket is not told anything (no ERROR, not closed) until it acts.
      await new Promise((r) => setTimeout(r, 100));
      expect(cb.errors).toHaveLength(0);
      expect(cb.closed).toBe(false);

      const fromBlocked = await cb.sendRefused(roomPublish(roomId), JSON.stringify({ content: '차단 후' }));
      expect(fromBlocked.headers.code).toBe('CHAT_403');
      const fromBlocker = await ca.sendRefused(roomPublish(roomId), JSON.stringify({ content: '차단 후 보냄' }));
      expect(fromBlocker.headers.code).toBe('CHAT_403');

      const again = await ChatClient.connect(url, b.token);
      clients.push(again);
      expect((await again.subscribeRefused(roomTopic(roomId))).headers.code).toBe('CHAT_403');

      const stored = await rows<{ content: string }>(database.db, sql`select content from chat_messages where room_id = ${roomId} order by id`);
      expect(stored.map((r) => r.content)).toEqual(['차단 전']);
      expect(ca.messages).toHaveLength(1);
      expect(cb.messages).toHaveLength(1);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('a suspended member (section 16) disappears from the others’ match lists, chat room list, counters and discovery', async () => {
    const { app, database } = server();
    const me = await newMember(app, email('catholic.ac.kr', 'susp-me'));
    const gone = await newMember(app, email('catholic.ac.kr', 'susp-x'));
    const asker = await newMember(app, email('catholic.ac.kr', 'susp-r'));
    const asked = await newMember(app, email('catholic.ac.kr', 'susp-d'));
    await acceptMatch(database.db, me.memberId, gone.memberId);
    const roomId = (await call(app, me.token, 'POST', `/api/chatrooms?friendId=${gone.memberId}`)).body.result.chatRoomId as number;
    await call(app, asker.token, 'POST', '/api/matches', { toMemberId: gone.memberId });
    await call(app, gone.token, 'POST', '/api/matches', { toMemberId: asked.memberId });
    expect((await call(app, me.token, 'GET', '/api/matches?status=ACCEPTED')).body.result.data).toHaveLength(1);
    expect((await call(app, me.token, 'GET', '/api/chatrooms')).body.result.data.map((r: { roomId: number }) => r.roomId)).toEqual([roomId]);

    await database.db.execute(sql`insert into chat_messages (room_id, sender_id, content) values (${roomId}, ${gone.memberId}, '안녕')`);
    const unread = async () => (await call(app, me.token, 'GET', '/api/chatrooms/unread')).body.result.unreadCount as number;
    expect(await unread()).toBe(1);
    await database.db.execute(sql`update members set status = 'DISABLED' where id = ${gone.memberId}`);
    expect(await unread()).toBe(0);
    expect((await call(app, me.token, 'GET', '/api/matches?status=ACCEPTED')).body.result).toMatchObject({ data: [], meta: { totalItems: 0 } });
    expect((await call(app, me.token, 'GET', '/api/chatrooms')).body.result).toMatchObject({ data: [], meta: { totalItems: 0 } });
    expect((await call(app, asker.token, 'GET', '/api/matches?status=REQUESTED')).body.result.data).toEqual([]);
    expect((await call(app, asked.token, 'GET', '/api/matches?status=RECEIVED')).body.result.data).toEqual([]);
    expect((await call(app, me.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ completed: 0 });
    expect((await call(app, asker.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ requested: 0 });
    expect((await call(app, asked.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ received: 0 });
    await expectDiscoverable(app, asker, gone, false);

    // Lifted (정지 해제): everything is back.
    await database.db.execute(sql`update members set status = 'ACTIVE' where id = ${gone.memberId}`);
    expect((await call(app, me.token, 'GET', '/api/chatrooms')).body.result.data).toHaveLength(1);
    expect((await call(app, asker.token, 'GET', '/api/members/mypage')).body.result).toMatchObject({ requested: 1 });
    expect((await call(app, asked.token, 'GET', '/api/matches?status=RECEIVED')).body.result.data).toHaveLength(1);
    await expectDiscoverable(app, asker, gone, true);
  });

  it('rejects blocking oneself, unknown, unfinished and other-university members, bad ids and anonymous callers', async () => {
    const { app } = server();
    const a = await newMember(app, email('catholic.ac.kr', 'bad-a'));
    const other = await newMember(app, email('ewhain.net', 'bad-x'));
    const pending = await signIn(app, email('catholic.ac.kr', 'bad-p'));
    for (const [method, path, status, code] of [
      ['POST', `/api/members/${a.memberId}/block`, 400, 'COMMON400'],
      ['POST', '/api/members/987654/block', 404, 'USER_404'],
      ['POST', `/api/members/${2 ** 31 + 3}/block`, 404, 'USER_404'],
      ['POST', `/api/members/${other.memberId}/block`, 404, 'USER_404'],
      ['POST', `/api/members/${pending.memberId}/block`, 404, 'USER_404'],
      ['POST', '/api/members/abc/block', 400, 'COMMON400'],
      ['POST', '/api/members/-1/block', 400, 'COMMON400'],
      ['DELETE', '/api/members/987654/block', 404, 'USER_404'],
      ['DELETE', '/api/members/1.5/block', 400, 'COMMON400'],
    ] as const) {
      const res = await call(app, a.token, method, path);
      expect([res.status, res.body.code], `${method} ${path}`).toEqual([status, code]);
      expect(res.body.message).toMatch(/[가-힣]/);
    }
    for (const [method, path] of [
      ['POST', `/api/members/${a.memberId}/block`],
      ['DELETE', `/api/members/${a.memberId}/block`],
      ['GET', '/api/members/blocks'],
      ['POST', '/api/reports'],
    ] as const) {
      expect((await call(app, undefined, method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describeApi('safety: reports (contract section 15)', (server) => {
  /** Two members with a room and one message from `b`; returns the message's `id.value`. */
  async function roomWithMessage(app: FastifyInstance, db: Db, tag: string) {
    const a = await newMember(app, email('catholic.ac.kr', `${tag}-a`));
    const b = await newMember(app, email('catholic.ac.kr', `${tag}-b`));
    await acceptMatch(db, a.memberId, b.memberId);
    const roomId = (await call(app, a.token, 'POST', `/api/chatrooms?friendId=${b.memberId}`)).body.result.chatRoomId as number;
    const [msg] = await rows<{ id: string }>(
      db,
      sql`insert into chat_messages (room_id, sender_id, content) values (${roomId}, ${b.memberId}, '나쁜 말') returning id::text as id`,
    );
    // Section 7's id.value, exactly as a client sees it.
    const history = await call(app, a.token, 'GET', `/api/chatrooms/${roomId}/messages`);
    expect(history.body.result.data[0].id.value).toBe(msg!.id);
    return { a, b, roomId, messageId: msg!.id };
  }

  it('stores a report with the reported message’s text copied, which outlives the room', async () => {
    const { app, database } = server();
    const { a, b, roomId, messageId } = await roomWithMessage(app, database.db, 'rep');
    const res = await call(app, a.token, 'POST', '/api/reports', { targetMemberId: b.memberId, reason: 'HARASSMENT', detail: '  계속 욕을 해요  ', messageId });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.result)).toEqual(['reportId']);
    const reportId = res.body.result.reportId as number;
    expect(Number.isInteger(reportId)).toBe(true);

    // Both leave: the room and its messages are deleted; the report keeps the text.
    await call(app, a.token, 'PATCH', `/api/chatrooms/${roomId}`);
    await call(app, b.token, 'PATCH', `/api/chatrooms/${roomId}`);
    const [row] = await rows<Record<string, unknown>>(
      database.db,
      sql`select reporter_id, target_id, reason, detail, message_id::text as message_id, message_text, status, hold from reports where id = ${reportId}`,
    );
    expect(row).toEqual({
      reporter_id: a.memberId,
      target_id: b.memberId,
      reason: 'HARASSMENT',
      detail: '계속 욕을 해요',
      message_id: messageId,
      message_text: '나쁜 말',
      status: 'OPEN',
      hold: false,
    });
    expect((await rows(database.db, sql`select 1 from chat_messages where id = ${messageId}::bigint`)).length).toBe(0);

    // Every reason, no detail, no message.
    for (const reason of ['SPAM', 'INAPPROPRIATE_PROFILE', 'NO_SHOW', 'OTHER']) {
      const ok = await call(app, a.token, 'POST', '/api/reports', { targetMemberId: b.memberId, reason });
      expect(ok.status, reason).toBe(200);
    }
    const empty = await call(app, a.token, 'POST', '/api/reports', { targetMemberId: b.memberId, reason: 'OTHER', detail: '   ' });
    const [stored] = await rows<{ detail: string | null }>(database.db, sql`select detail from reports where id = ${empty.body.result.reportId}`);
    expect(stored!.detail).toBeNull();
  });

  it('the same report twice (one reporter, target, reason and message, still open) is stored once and answered as already reported', async () => {
    const { app, database } = server();
    const { a, b, messageId } = await roomWithMessage(app, database.db, 'dup');
    const body = { targetMemberId: b.memberId, reason: 'HARASSMENT', messageId };
    const first = await call(app, a.token, 'POST', '/api/reports', body);
    expect(first.body.result).toEqual({ reportId: expect.any(Number) });
    const again = await call(app, a.token, 'POST', '/api/reports', { ...body, detail: '또 신고해요' });
    expect([again.status, again.body.result]).toEqual([200, { reportId: first.body.result.reportId, alreadyReported: true }]);
    // Another reason, or the profile rather than the message, is another report.
    const other = await call(app, a.token, 'POST', '/api/reports', { ...body, reason: 'SPAM' });
    const profile = await call(app, a.token, 'POST', '/api/reports', { targetMemberId: b.memberId, reason: 'HARASSMENT' });
    expect([other.body.result.alreadyReported, profile.body.result.alreadyReported]).toEqual([undefined, undefined]);
    const count = async () => (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from reports where reporter_id = ${a.memberId}`))[0]!.n;
    expect(await count()).toBe(3);
    // Once an operator closed it, the same report can be made again.
    await database.db.execute(sql`update reports set status = 'CLOSED' where id = ${first.body.result.reportId}`);
    const afterClose = await call(app, a.token, 'POST', '/api/reports', body);
    expect(afterClose.body.result).toEqual({ reportId: expect.any(Number) });
    expect(await count()).toBe(4);
  });

  it('checks every rule: reason, detail ≤ 500, the message in a room of the caller with the target, the target', async () => {
    const { app, database } = server();
    const { a, b, roomId, messageId } = await roomWithMessage(app, database.db, 'rule');
    const stranger = await newMember(app, email('catholic.ac.kr', 'rule-x'));
    const other = await newMember(app, email('ewhain.net', 'rule-o'));
    // A message of another room (b with the stranger) that a is not in.
    await acceptMatch(database.db, b.memberId, stranger.memberId);
    const otherRoom = (await call(app, b.token, 'POST', `/api/chatrooms?friendId=${stranger.memberId}`)).body.result.chatRoomId as number;
    const [foreign] = await rows<{ id: string }>(
      database.db,
      sql`insert into chat_messages (room_id, sender_id, content) values (${otherRoom}, ${b.memberId}, '다른 방') returning id::text as id`,
    );
    const base = { targetMemberId: b.memberId, reason: 'SPAM' };
    const cases: [Session, unknown, number, string, string?][] = [
      [a, { ...base, reason: 'RUDE' }, 400, 'COMMON400', 'reason'],
      [a, { targetMemberId: b.memberId }, 400, 'COMMON400', 'reason'],
      [a, { reason: 'SPAM' }, 400, 'COMMON400', 'targetMemberId'],
      [a, { ...base, detail: '가'.repeat(501) }, 400, 'COMMON400', 'detail'],
      [a, { ...base, detail: 5 }, 400, 'COMMON400', 'detail'],
      [a, { ...base, detail: 'a\u202Eb' }, 400, 'COMMON400', 'detail'],
      [a, { ...base, messageId: 'abc' }, 400, 'COMMON400', 'messageId'],
      [a, { ...base, messageId: 123 }, 400, 'COMMON400', 'messageId'],
      [a, { ...base, messageId: '99999999999' }, 400, 'COMMON400', 'messageId'],
      [a, { ...base, messageId: foreign!.id }, 400, 'COMMON400', 'messageId'],
      // The message is in a's room, but with b, not with the stranger reported.
      [a, { targetMemberId: stranger.memberId, reason: 'SPAM', messageId }, 400, 'COMMON400', 'messageId'],
      [a, { ...base, targetMemberId: a.memberId }, 400, 'COMMON400', 'targetMemberId'],
      [a, { ...base, targetMemberId: 987654 }, 404, 'USER_404'],
      [a, { ...base, targetMemberId: other.memberId }, 404, 'USER_404'],
      [a, 'not json', 400, 'COMMON400'],
    ];
    for (const [who, body, status, code, field] of cases) {
      const res = await call(app, who.token, 'POST', '/api/reports', body, typeof body === 'string' ? { 'content-type': 'application/json' } : {});
      expect([res.status, res.body.code], JSON.stringify(body).slice(0, 80)).toEqual([status, code]);
      expect(res.body.message).toMatch(/[가-힣]/);
      if (field) expect(Object.keys(res.body.result ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    // 500 characters of Hangul are fine.
    expect((await call(app, a.token, 'POST', '/api/reports', { ...base, detail: '가'.repeat(500) })).status).toBe(200);
    // Once a has left the room, its messages cannot be attached any more.
    await call(app, a.token, 'PATCH', `/api/chatrooms/${roomId}`);
    const left = await call(app, a.token, 'POST', '/api/reports', { ...base, messageId });
    expect([left.status, Object.keys(left.body.result)]).toEqual([400, ['messageId']]);
    // Nothing of the refused ones was stored.
    const [count] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from reports where reporter_id = ${a.memberId}`);
    expect(count!.n).toBe(1);
  });

  it('three distinct reporters within 30 days hide the target from everyone’s discovery until its reports are closed', async () => {
    const { app, database } = server();
    const target = await newMember(app, email('catholic.ac.kr', 'hold-t'));
    const viewer = await newMember(app, email('catholic.ac.kr', 'hold-v'));
    const reporters = await Promise.all([1, 2, 3, 4].map((i) => newMember(app, email('catholic.ac.kr', `hold-r${i}`))));
    const report = (s: Session) => call(app, s.token, 'POST', '/api/reports', { targetMemberId: target.memberId, reason: 'INAPPROPRIATE_PROFILE' });

    // One member reporting many times counts once; a report older than 30 days does not count.
    for (let i = 0; i < 3; i++) expect((await report(reporters[0]!)).status).toBe(200);
    const old = await report(reporters[1]!);
    await database.db.execute(sql`update reports set created_at = now() - interval '31 days' where id = ${old.body.result.reportId}`);
    await expectDiscoverable(app, viewer, target, true);
    await report(reporters[2]!);
    await expectDiscoverable(app, viewer, target, true);

    // The third distinct reporter within 30 days.
    await report(reporters[3]!);
    for (const s of [viewer, reporters[0]!, reporters[3]!]) await expectDiscoverable(app, s, target, false);
    // Only discovery: the profile itself still opens (a chat partner keeps their conversation).
    expect((await call(app, viewer.token, 'GET', `/api/members/${target.memberId}`)).status).toBe(200);

    // More reports change nothing; an operator's decision closes the OPEN reports and lifts it.
    await report(reporters[1]!);
    await expectDiscoverable(app, viewer, target, false);
    await database.db.execute(
      sql`update reports set status = 'CLOSED', resolution = 'DISMISS', closed_at = now() where target_id = ${target.memberId} and status = 'OPEN'`,
    );
    await expectDiscoverable(app, viewer, target, true);
  });

  it('concurrent reports from three members hold the target exactly once', async () => {
    const { app, database } = server();
    const target = await newMember(app, email('catholic.ac.kr', 'conc-t'));
    const reporters = await Promise.all([1, 2, 3].map((i) => newMember(app, email('catholic.ac.kr', `conc-r${i}`))));
    const results = await Promise.all(reporters.map((r) => call(app, r.token, 'POST', '/api/reports', { targetMemberId: target.memberId, reason: 'SPAM' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const holds = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from reports where target_id = ${target.memberId} and hold`);
    expect(holds[0]!.n).toBe(1);
  });
});
