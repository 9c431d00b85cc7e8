import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { call, describeApi, type ApiServer } from './api-harness';
import { acceptMatch, email, matchedPair } from './chat-helpers';
import { newMember } from './harness';

const OPERATOR = 'ops@catholic.ac.kr';

interface ContextLine {
  messageId: string;
  senderMemberId: number;
  senderName: string | null;
  message: string;
  sentAt: string;
  reported: boolean;
}
interface Row {
  reportId: number;
  messageId: string | null;
  messageText: string | null;
  context: ContextLine[];
}

/** The same instant for a whole test, so the lines' times are exact. */
const started = Date.now();

/** Inserts a message sent `minutesAgo` minutes before the test started (the default: now); its id. */
async function message(db: Db, roomId: number, senderId: number, content: string, minutesAgo?: number): Promise<string> {
  const at = minutesAgo === undefined ? sql`now()` : sql`${new Date(started - minutesAgo * 60_000)}::timestamptz`;
  const result = (await db.execute(
    sql`insert into chat_messages (room_id, sender_id, content, created_at) values (${roomId}, ${senderId}, ${content}, ${at}) returning id::text as id`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows[0]!.id;
}

async function report(s: ApiServer, token: string, body: Record<string, unknown>): Promise<number> {
  const r = await call(s.app, token, 'POST', '/api/reports', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.reportId as number;
}

async function listed(s: ApiServer, token: string, status = 'OPEN'): Promise<Row[]> {
  const res = await call(s.app, token, 'GET', `/api/admin/reports?status=${status}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as Row[];
}

/**
 * Contract section 16, extension: each report in GET /api/admin/reports carries `context`, the
 * conversation around the reported message (up to 5 before and 5 after in that room, as sent by
 * the time of the report), so an operator deciding 정지 or 무시 reads more than one line.
 */
describeApi(
  'operator reports: the conversation around a reported message (contract section 16, extension)',
  (server) => {
    it('gives the reported message with up to 5 before and 5 after in order, each with sender and time; a report without a message has none', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const { a, b, roomId } = await matchedPair(s.app, s.database.db, 'ctx');
      // 13 lines, taking turns, a minute apart: b's 7th is reported.
      const ids: string[] = [];
      for (let i = 1; i <= 13; i++) ids.push(await message(s.database.db, roomId, i % 2 ? a.memberId : b.memberId, `말 ${i}`, 30 - i));
      const reported = await report(s, a.token, { targetMemberId: b.memberId, reason: 'HARASSMENT', messageId: ids[6] });
      const plain = await report(s, a.token, { targetMemberId: b.memberId, reason: 'SPAM' });
      // Near the start of the room: fewer than 5 before.
      const early = await report(s, a.token, { targetMemberId: b.memberId, reason: 'OTHER', messageId: ids[1] });

      const rows = await listed(s, op.token);
      const row = rows.find((r) => r.reportId === reported)!;
      expect(row.messageText).toBe('말 7');
      expect(row.context.map((l) => l.message)).toEqual(['말 2', '말 3', '말 4', '말 5', '말 6', '말 7', '말 8', '말 9', '말 10', '말 11', '말 12']);
      expect(row.context.map((l) => l.messageId)).toEqual(ids.slice(1, 12));
      expect(row.context.filter((l) => l.reported).map((l) => l.messageId)).toEqual([ids[6]]);
      expect(row.context[0]).toEqual({
        messageId: ids[1],
        senderMemberId: b.memberId,
        senderName: '다라',
        message: '말 2',
        sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        reported: false,
      });
      expect(row.context[1]).toMatchObject({ senderMemberId: a.memberId, senderName: '가나' });
      const times = row.context.map((l) => Date.parse(l.sentAt));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(times[1]! - times[0]!).toBe(60_000);

      expect(rows.find((r) => r.reportId === plain)!.context).toEqual([]);
      expect(rows.find((r) => r.reportId === early)!.context.map((l) => [l.message, l.reported])).toEqual([
        ['말 1', false],
        ['말 2', true],
        ['말 3', false],
        ['말 4', false],
        ['말 5', false],
        ['말 6', false],
        ['말 7', false],
      ]);
    });

    it('stays in the reported room and in what was sent by the time of the report; closed reports keep it; a deleted room leaves none', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const { a, b, roomId } = await matchedPair(s.app, s.database.db, 'ctxp');
      // The target's room with someone else, and the reporter's with someone else: written in between.
      const c = await newMember(s.app, email('ctxpc'), { membername: '마바' });
      await acceptMatch(s.database.db, b.memberId, c.memberId);
      await acceptMatch(s.database.db, a.memberId, c.memberId);
      const bc = (await call(s.app, b.token, 'POST', `/api/chatrooms?friendId=${c.memberId}`)).body.result.chatRoomId as number;
      const ac = (await call(s.app, a.token, 'POST', `/api/chatrooms?friendId=${c.memberId}`)).body.result.chatRoomId as number;
      const ids: string[] = [];
      for (let i = 1; i <= 4; i++) {
        ids.push(await message(s.database.db, roomId, i % 2 ? a.memberId : b.memberId, `우리 ${i}`, 20 - i));
        await message(s.database.db, bc, b.memberId, `다른 방 ${i}`, 20 - i);
        await message(s.database.db, ac, a.memberId, `또 다른 방 ${i}`, 20 - i);
      }
      const reportId = await report(s, a.token, { targetMemberId: b.memberId, reason: 'HARASSMENT', messageId: ids[1] });
      // Written after the report: not part of what the reporter handed over.
      await message(s.database.db, roomId, b.memberId, '신고 뒤에 보낸 말');

      const context = async (status = 'OPEN') => (await listed(s, op.token, status)).find((r) => r.reportId === reportId)!.context.map((l) => l.message);
      expect(await context()).toEqual(['우리 1', '우리 2', '우리 3', '우리 4']);

      // Only operators: the members of the room get ADMIN_403, not the conversation.
      for (const who of [a, b, c]) {
        const res = await call(s.app, who.token, 'GET', '/api/admin/reports');
        expect([res.status, res.body.code, res.body.result]).toEqual([403, 'ADMIN_403', undefined]);
      }

      // Decided: the closed report still shows what was decided on.
      expect((await call(s.app, op.token, 'PATCH', `/api/admin/reports/${reportId}`, { action: 'DISMISS' })).status).toBe(200);
      expect(await context('CLOSED')).toEqual(['우리 1', '우리 2', '우리 3', '우리 4']);

      // Both left, the room and its messages are gone: the copied text stays, the context is empty.
      await s.database.db.execute(sql`delete from chat_rooms where id = ${roomId}`);
      const gone = (await listed(s, op.token, 'CLOSED')).find((r) => r.reportId === reportId)!;
      expect([gone.messageText, gone.context]).toEqual(['우리 2', []]);
    });

    it('reads the context of a whole page in a bounded number of queries, not one per report', async () => {
      const s = server();
      const op = await newMember(s.app, OPERATOR, { membername: '운영자' });
      const queriesFor = async () => {
        let queries = 0;
        s.database.observeQueries(() => queries++);
        await listed(s, op.token);
        s.database.observeQueries(() => {});
        return queries;
      };
      const reportPair = async (tag: string) => {
        const { a, b, roomId } = await matchedPair(s.app, s.database.db, tag);
        const id = await message(s.database.db, roomId, b.memberId, '나쁜 말', 5);
        await message(s.database.db, roomId, a.memberId, '왜 그래요', 4);
        await report(s, a.token, { targetMemberId: b.memberId, reason: 'HARASSMENT', messageId: id });
      };
      await reportPair('q1');
      const one = await queriesFor();
      for (let i = 2; i <= 6; i++) await reportPair(`q${i}`);
      const rows = await listed(s, op.token);
      expect(rows.filter((r) => r.context.length === 2)).toHaveLength(6);
      expect(await queriesFor()).toBe(one);
    });
  },
  { ADMIN_EMAILS: OPERATOR },
);
