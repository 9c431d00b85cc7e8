import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { chatMessageSchema } from '../../contract/stomp';
import { chatMessages, chatRooms } from '../../server/db/schema';
import { chatRepo } from '../../server/modules/chat/repo';
import { acceptMatch, email, matchedPair } from './chat-helpers';
import { bearer, describeEachDatabase, newMember, type Session } from './harness';

const SEOUL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+09:00$/;

describeEachDatabase('chat REST', (server) => {
  const get = (url: string, who: Pick<Session, 'token'>) => server().app.inject({ url, headers: bearer(who) });
  const send = (roomId: number, sender: number, content: string, clientId: string | null = null) =>
    chatRepo(server().database.db).store(roomId, sender, content, clientId);

  it('opens a room only for an accepted match, reuses it, and rejects self, unknown and unmatched members', async () => {
    const { app, database } = server();
    const a = await newMember(app, email('open-a'), { membername: '김하나' });
    const b = await newMember(app, email('open-b'), { membername: '이두리' });
    const c = await newMember(app, email('open-c'));

    const post = (friendId: unknown, who: Session = a) =>
      app.inject({ method: 'POST', url: `/api/chatrooms?friendId=${String(friendId)}`, headers: bearer(who) });

    let res = await post(b.memberId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'CHAT_403' });

    await acceptMatch(database.db, a.memberId, c.memberId, 'REQUESTED');
    expect((await post(c.memberId)).json().code).toBe('CHAT_403');

    await acceptMatch(database.db, b.memberId, a.memberId);
    res = await post(b.memberId);
    expect(res.statusCode).toBe(200);
    const opened = res.json();
    expect(opened).toMatchObject({ isSuccess: true, code: 'COMMON200' });
    expect(opened.result).toEqual({
      chatRoomId: expect.any(Number),
      starterId: a.memberId,
      friendName: '이두리',
      friendDepartment: expect.any(String),
    });
    expect(opened.result.friendDepartment).not.toBe('');

    // Either side gets the same room; the starter stays the first opener.
    const fromB = (await post(a.memberId, b)).json().result;
    expect(fromB).toMatchObject({ chatRoomId: opened.result.chatRoomId, starterId: a.memberId, friendName: '김하나' });
    expect((await post(b.memberId)).json().result.chatRoomId).toBe(opened.result.chatRoomId);

    res = await post(a.memberId);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CHAT_400');

    res = await post(999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_404');

    for (const bad of ['', 'abc', '-1', '0', '1.5', '99999999999']) {
      res = await post(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('COMMON400');
    }
    res = await app.inject({ method: 'POST', url: '/api/chatrooms', headers: bearer(a) });
    expect(res.json()).toMatchObject({ code: 'COMMON400', result: { friendId: expect.any(String) } });

    res = await app.inject({ method: 'POST', url: `/api/chatrooms?friendId=${b.memberId}` });
    expect(res.statusCode).toBe(401);
  });

  it('lists joined rooms, most recent message first, with last message, Seoul time and unread count', async () => {
    const { app, database } = server();
    const me = await newMember(app, email('list-me'));
    const empty = (await get('/api/chatrooms', me)).json();
    expect(empty).toEqual({
      isSuccess: true,
      code: 'COMMON200',
      message: '성공입니다.',
      result: { data: [], meta: { currentPage: 0, pageSize: 10, totalItems: 0, totalPages: 0, hasNext: false } },
    });

    const friends: Session[] = [];
    const rooms: number[] = [];
    for (let i = 0; i < 3; i++) {
      const f = await newMember(app, email(`list-f${i}`), { membername: `친구${i}` });
      await acceptMatch(database.db, me.memberId, f.memberId);
      const res = await app.inject({ method: 'POST', url: `/api/chatrooms?friendId=${f.memberId}`, headers: bearer(me) });
      friends.push(f);
      rooms.push(res.json().result.chatRoomId);
    }
    // Room 1 gets the latest message; room 0 an older one; room 2 none.
    await send(rooms[0]!, friends[0]!.memberId, '첫 방 메시지');
    await send(rooms[0]!, friends[0]!.memberId, '두 번째');
    await send(rooms[0]!, me.memberId, '내 답장');
    const last = await send(rooms[1]!, friends[1]!.memberId, '  가장 최근  ');
    expect(last.kind).toBe('stored');

    const list = (await get('/api/chatrooms?page=0&size=10', me)).json().result;
    expect(list.meta).toEqual({ currentPage: 0, pageSize: 10, totalItems: 3, totalPages: 1, hasNext: false });
    expect(list.data.map((r: { roomId: number }) => r.roomId)).toEqual([rooms[1], rooms[0], rooms[2]]);
    const [first, second, third] = list.data;
    expect(first).toEqual({
      roomId: rooms[1],
      friendId: friends[1]!.memberId,
      friendName: '친구1',
      friendDepartment: expect.any(String),
      friendImageUrl: null,
      lastMessage: '  가장 최근  ',
      lastMessageSentAt: expect.stringMatching(/^\d{2}:\d{2}$/),
      // Decision 0060: the whole instant too, so the list can say 어제 or 12월 5일.
      lastMessageAt: expect.stringMatching(SEOUL_ISO),
      unreadCount: 1,
    });
    const createdMs = last.kind === 'stored' ? last.row.createdMs : 0;
    expect(first.lastMessageSentAt).toBe(new Date(createdMs + 9 * 3600_000).toISOString().slice(11, 16));
    expect(Date.parse(first.lastMessageAt)).toBe(Math.floor(createdMs));
    expect(second).toMatchObject({ lastMessage: '내 답장', unreadCount: 2, friendName: '친구0' });
    expect(third).toMatchObject({ lastMessage: null, lastMessageSentAt: null, lastMessageAt: null, unreadCount: 0 });

    // The friend's view counts only my unread messages.
    expect((await get('/api/chatrooms', friends[0]!)).json().result.data[0]).toMatchObject({ roomId: rooms[0], unreadCount: 1 });

    const paged = (await get('/api/chatrooms?page=1&size=2', me)).json().result;
    expect(paged.meta).toEqual({ currentPage: 1, pageSize: 2, totalItems: 3, totalPages: 2, hasNext: false });
    expect(paged.data.map((r: { roomId: number }) => r.roomId)).toEqual([rooms[2]]);
    expect((await get('/api/chatrooms?page=0&size=2', me)).json().result.meta.hasNext).toBe(true);

    for (const q of ['size=0', 'size=51', 'page=-1', 'size=x']) {
      const res = await get(`/api/chatrooms?${q}`, me);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('COMMON400');
    }
  });

  it('pages messages newest first with an opaque keyset cursor that is stable under new messages', async () => {
    const { app, database } = server();
    const { a, b, roomId } = await matchedPair(app, database.db, 'page');
    for (let i = 1; i <= 25; i++) await send(roomId, i % 2 ? a.memberId : b.memberId, `m${i}`, i === 3 ? 'c-3' : null);

    const first = (await get(`/api/chatrooms/${roomId}/messages`, a)).json();
    expect(first.isSuccess).toBe(true);
    const page1 = first.result;
    expect(page1.userId).toBe(a.memberId);
    expect(page1.friendId).toBe(b.memberId);
    expect(page1.data).toHaveLength(20);
    expect(page1.meta).toEqual({ pageSize: 20, hasNext: true, nextCursor: expect.any(String) });
    expect(page1.data.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${25 - i}`));
    for (const m of page1.data) {
      expect(chatMessageSchema.parse(m)).toEqual(m);
      expect(m.id.value).toMatch(/^\d+$/);
      expect(m.id.date).toMatch(SEOUL_ISO);
      expect(m.createdAt).toBe(m.id.date);
      expect(m.id.timestamp).toBe(Math.floor(Date.parse(m.createdAt) / 1000));
      expect(m.roomId).toBe(roomId);
      expect(m).not.toHaveProperty('clientMessageId');
    }
    // The cursor is base64url of the last id on the page.
    expect(Buffer.from(page1.meta.nextCursor, 'base64url').toString()).toBe(page1.data[19].id.value);

    // New messages between page fetches do not shift the next page.
    await send(roomId, b.memberId, 'late-1');
    await send(roomId, a.memberId, 'late-2');
    const page2 = (await get(`/api/chatrooms/${roomId}/messages?size=20&cursor=${page1.meta.nextCursor}`, a)).json().result;
    expect(page2.data.map((m: { content: string }) => m.content)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    expect(page2.data[2].clientMessageId).toBe('c-3');
    expect(page2.meta).toEqual({ pageSize: 20, hasNext: false, nextCursor: null });

    const small = (await get(`/api/chatrooms/${roomId}/messages?size=2`, b)).json().result;
    expect(small.data.map((m: { content: string }) => m.content)).toEqual(['late-2', 'late-1']);
    expect(small.userId).toBe(b.memberId);
    expect(small.friendId).toBe(a.memberId);
    const next = (await get(`/api/chatrooms/${roomId}/messages?size=2&cursor=${small.meta.nextCursor}`, b)).json().result;
    expect(next.data.map((m: { content: string }) => m.content)).toEqual(['m25', 'm24']);

    for (const cursor of ['%21%21', 'abc', Buffer.from('0').toString('base64url'), Buffer.from('12x').toString('base64url'), 'MTI=', 'x'.repeat(100)]) {
      const res = await get(`/api/chatrooms/${roomId}/messages?cursor=${cursor}`, a);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe('CHAT_400_CURSOR');
    }
    const bad = await get(`/api/chatrooms/${roomId}/messages?size=51`, a);
    expect(bad.json().code).toBe('COMMON400');
    const empty = (await get(`/api/chatrooms/${roomId}/messages?cursor=${Buffer.from('1').toString('base64url')}`, a)).json().result;
    expect(empty).toMatchObject({ data: [], meta: { hasNext: false, nextCursor: null } });
  });

  it('reading moves only the reader’s read position', async () => {
    const { app, database } = server();
    const { a, b, roomId } = await matchedPair(app, database.db, 'read');
    await send(roomId, b.memberId, 'from b 1');
    await send(roomId, b.memberId, 'from b 2');
    await send(roomId, a.memberId, 'from a');
    const unread = async (who: Session) =>
      (await get('/api/chatrooms', who)).json().result.data.find((r: { roomId: number }) => r.roomId === roomId).unreadCount;
    expect(await unread(a)).toBe(2);
    expect(await unread(b)).toBe(1);
    await get(`/api/chatrooms/${roomId}/messages?size=1`, a);
    expect(await unread(a)).toBe(0);
    expect(await unread(b)).toBe(1);
    const [room] = await database.db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
    // The position is the friend's newest message: one's own messages are not "read" by oneself.
    const rows = await database.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
    const newest = Math.max(...rows.filter((r) => r.senderId === b.memberId).map((r) => r.id));
    const aIsMemberA = room!.memberA === a.memberId;
    expect(aIsMemberA ? room!.aReadId : room!.bReadId).toBe(newest);
    expect(aIsMemberA ? room!.bReadId : room!.aReadId).toBe(0);
  });

  it('keeps strangers out: 403 for non-participants, 404 for unknown rooms', async () => {
    const { app, database } = server();
    const { roomId } = await matchedPair(app, database.db, 'keep');
    const stranger = await newMember(app, email('stranger'));
    let res = await get(`/api/chatrooms/${roomId}/messages`, stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'CHAT_403' });
    res = await app.inject({ method: 'PATCH', url: `/api/chatrooms/${roomId}`, headers: bearer(stranger) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CHAT_403');
    res = await get('/api/chatrooms/987654/messages', stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CHAT_404');
    res = await app.inject({ method: 'PATCH', url: '/api/chatrooms/987654', headers: bearer(stranger) });
    expect(res.json().code).toBe('CHAT_404');
    res = await app.inject({ method: 'PATCH', url: '/api/chatrooms/abc', headers: bearer(stranger) });
    expect(res.json().code).toBe('COMMON400');
    expect((await send(roomId, stranger.memberId, 'hi')).kind).toBe('forbidden');
  });

  it('leave hides the room from the leaver, re-open brings it back for both, both leaving deletes it', async () => {
    const { app, database } = server();
    const { a, b, roomId } = await matchedPair(app, database.db, 'leave');
    await send(roomId, a.memberId, 'hello');
    const ids = async (who: Session) => (await get('/api/chatrooms', who)).json().result.data.map((r: { roomId: number }) => r.roomId);
    const leave = (who: Session) => app.inject({ method: 'PATCH', url: `/api/chatrooms/${roomId}`, headers: bearer(who) });

    const res = await leave(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, code: 'COMMON200', message: '성공입니다.' });
    expect(await ids(a)).not.toContain(roomId);
    expect(await ids(b)).toContain(roomId);
    expect((await get(`/api/chatrooms/${roomId}/messages`, a)).json().code).toBe('CHAT_403');
    // A member who left cannot write; nor can the one who stayed, into the void (decision 0060):
    // their history says the friend left.
    expect((await send(roomId, a.memberId, 'after leaving')).kind).toBe('forbidden');
    expect((await send(roomId, b.memberId, 'nobody there')).kind).toBe('forbidden');
    expect((await get(`/api/chatrooms/${roomId}/messages`, b)).json().result).toMatchObject({ friendLeft: true, data: [{ content: 'hello' }] });
    // Leaving twice is harmless.
    expect((await leave(a)).statusCode).toBe(200);

    // The one who left re-opens: same room, visible again for both, history kept.
    const reopened = await app.inject({ method: 'POST', url: `/api/chatrooms?friendId=${b.memberId}`, headers: bearer(a) });
    expect(reopened.json().result.chatRoomId).toBe(roomId);
    expect(await ids(a)).toContain(roomId);
    expect((await get(`/api/chatrooms/${roomId}/messages`, b)).json().result.friendLeft).toBe(false);
    expect((await send(roomId, b.memberId, 'still here')).kind).toBe('stored');
    const msgs = (await get(`/api/chatrooms/${roomId}/messages`, a)).json().result.data.map((m: { content: string }) => m.content);
    expect(msgs).toEqual(['still here', 'hello']);

    // Both leave: room and messages are gone; re-opening makes a fresh room.
    expect((await leave(b)).statusCode).toBe(200);
    expect(await ids(b)).not.toContain(roomId);
    expect((await database.db.select().from(chatRooms).where(eq(chatRooms.id, roomId))).length).toBe(1);
    expect((await leave(a)).statusCode).toBe(200);
    expect((await database.db.select().from(chatRooms).where(eq(chatRooms.id, roomId))).length).toBe(0);
    const left = await database.db.execute(sql`select count(*)::int as n from chat_messages where room_id = ${roomId}`);
    expect(Number((left as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBe(0);
    expect((await leave(a)).json().code).toBe('CHAT_404');

    const fresh = (await app.inject({ method: 'POST', url: `/api/chatrooms?friendId=${a.memberId}`, headers: bearer(b) })).json().result;
    expect(fresh.chatRoomId).not.toBe(roomId);
    expect(fresh.starterId).toBe(b.memberId);
    expect((await get(`/api/chatrooms/${fresh.chatRoomId}/messages`, a)).json().result.data).toEqual([]);
  });

  it('concurrent leaves by both members delete the room exactly once', async () => {
    const { app, database } = server();
    const { a, b, roomId } = await matchedPair(app, database.db, 'race');
    await send(roomId, a.memberId, 'x');
    const [ra, rb] = await Promise.all([a, b].map((who) => app.inject({ method: 'PATCH', url: `/api/chatrooms/${roomId}`, headers: bearer(who) })));
    expect([ra!.statusCode, rb!.statusCode]).toEqual([200, 200]);
    expect((await database.db.select().from(chatRooms).where(eq(chatRooms.id, roomId))).length).toBe(0);
  });

  it('stores a batch in order and tells each request what happened', async () => {
    const { app, database } = server();
    const repo = chatRepo(database.db);
    const { a, b, roomId } = await matchedPair(app, database.db, 'batch');
    const other = await matchedPair(app, database.db, 'batch2');
    const earlier = await repo.store(roomId, b.memberId, 'earlier', 'cid-earlier');
    expect(earlier.kind).toBe('stored');
    const tricky = ['"quoted"', 'back\\slash', 'NULL', '{braces},[1]', '😀 이모지', "it's"];
    const requests = [
      { roomId, senderId: a.memberId, content: tricky[0]!, clientMessageId: null },
      { roomId, senderId: b.memberId, content: tricky[1]!, clientMessageId: null },
      { roomId, senderId: a.memberId, content: tricky[2]!, clientMessageId: 'cid-x' },
      { roomId, senderId: a.memberId, content: 'repeat in batch', clientMessageId: 'cid-x' },
      { roomId: other.roomId, senderId: a.memberId, content: 'not my room', clientMessageId: null },
      { roomId, senderId: a.memberId, content: tricky[3]!, clientMessageId: null },
      { roomId, senderId: b.memberId, content: 'resend', clientMessageId: 'cid-earlier' },
      { roomId: other.roomId, senderId: other.a.memberId, content: tricky[4]!, clientMessageId: null },
      { roomId, senderId: a.memberId, content: tricky[5]!, clientMessageId: null },
      { roomId: 987654, senderId: a.memberId, content: 'no such room', clientMessageId: null },
    ];
    const results = await repo.storeBatch(requests);
    expect(results.map((r) => r.kind)).toEqual([
      'stored',
      'stored',
      'stored',
      'duplicate',
      'forbidden',
      'stored',
      'duplicate',
      'stored',
      'stored',
      'forbidden',
    ]);
    const rows = await database.db.select().from(chatMessages);
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    results.forEach((r, i) => {
      if (r.kind !== 'stored') return;
      const row = byId.get(r.row.id)!;
      expect(row.content, `request ${i}`).toBe(requests[i]!.content);
      expect(row.senderId).toBe(requests[i]!.senderId);
      expect(row.roomId).toBe(requests[i]!.roomId);
    });
    // Ids follow batch order.
    const ids = results.flatMap((r) => (r.kind === 'stored' ? [BigInt(r.row.id)] : []));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    if (results[3]!.kind !== 'duplicate' || results[2]!.kind !== 'stored' || results[6]!.kind !== 'duplicate' || earlier.kind !== 'stored') {
      throw new Error('unexpected kinds');
    }
    expect(results[3]!.row).toEqual(results[2]!.row);
    expect(results[6]!.row).toEqual(earlier.row);
    // The room the stranger-to-it wrote to was not stamped by that attempt alone.
    const history = (await get(`/api/chatrooms/${roomId}/messages?size=50`, a)).json().result.data.map((m: { content: string }) => m.content);
    expect(history).toEqual([tricky[5], tricky[3], tricky[2], tricky[1], tricky[0], 'earlier']);
  });

  it('stores a client message id once per sender', async () => {
    const { app, database } = server();
    const { a, b, roomId } = await matchedPair(app, database.db, 'idem');
    const first = await send(roomId, a.memberId, 'once', 'f1b7d6c2-0000-4000-8000-000000000001');
    const again = await send(roomId, a.memberId, 'once (resent)', 'f1b7d6c2-0000-4000-8000-000000000001');
    expect(first.kind).toBe('stored');
    expect(again.kind).toBe('duplicate');
    if (first.kind === 'forbidden' || again.kind === 'forbidden') throw new Error('unexpected');
    expect(again.row).toEqual(first.row);
    // The same id from the other sender is a different message.
    expect((await send(roomId, b.memberId, 'other', 'f1b7d6c2-0000-4000-8000-000000000001')).kind).toBe('stored');
    const msgs = (await get(`/api/chatrooms/${roomId}/messages`, a)).json().result.data;
    expect(msgs.map((m: { content: string }) => m.content)).toEqual(['other', 'once']);
  });
});
