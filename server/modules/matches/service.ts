import { and, eq, sql } from 'drizzle-orm';
import { INTEREST_CODES, maskToInterests } from '../../../contract/interests';
import type { MatchCreated, MatchItem, MatchListStatus, MatchPage } from '../../../contract/matches';
import { NOTIFICATION_PUSH, notificationContent, type NotificationType } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { matches, members } from '../../db/schema';
import { AppError } from '../../lib/http';
import { DEADLOCK_DETECTED, MAX_INT4, pgErrorCode, rowsOf, SERIALIZATION_FAILURE } from '../../db/sql';
import { insertNotification } from '../../db/notifications';
import type { PushService } from '../../lib/push';

interface Caller {
  id: number;
  universityId: number;
}

/** Lock conflicts between concurrent match writes are retried, never shown as a 500. */
async function withRetry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (error) {
      const code = pgErrorCode(error);
      if (i >= attempts || (code !== DEADLOCK_DETECTED && code !== SERIALIZATION_FAILURE)) throw error;
    }
  }
}

interface MatchRow {
  id: number;
  created_ms: number;
  user_id: number;
  name: string | null;
  student_no: string | null;
  department: string | null;
  profile_image_url: string | null;
  interest_mask: number;
  keywords: { id: number; title: string }[] | null;
}

export function matchesService(db: Db, push: PushService) {
  function sendPush(recipientId: number, senderId: number, type: NotificationType, senderName: string) {
    void push.notifyPush(recipientId, {
      type,
      title: NOTIFICATION_PUSH[type].title,
      body: notificationContent(type, senderName),
      senderId,
      url: NOTIFICATION_PUSH[type].url,
    });
  }

  return {
    /** POST /api/matches: one match per pair whatever the direction, enforced by the pair index. */
    async request(caller: Caller, toMemberId: number): Promise<MatchCreated> {
      if (toMemberId === caller.id) throw new AppError('MATCH_400', { toMemberId: '자기 자신에게는 요청할 수 없어요.' });
      if (toMemberId > MAX_INT4) throw new AppError('USER_404');
      const created = await withRetry(() =>
        db.transaction(async (tx) => {
          const people = await tx
            .select({
              id: members.id,
              universityId: members.universityId,
              status: members.status,
              name: sql<string>`coalesce(${members.membername}, ${members.accountName})`,
            })
            .from(members)
            .where(sql`${members.id} in (${caller.id}, ${toMemberId})`);
          const me = people.find((p) => p.id === caller.id);
          const target = people.find((p) => p.id === toMemberId);
          // Another university's member is indistinguishable from one that does not exist.
          if (!target || target.status !== 'ACTIVE' || target.universityId !== caller.universityId) throw new AppError('USER_404');
          if (!me || me.status !== 'ACTIVE') throw new AppError('MATCH_400', { _: '회원가입을 마친 뒤에 요청할 수 있어요.' });
          // A concurrent request for the same pair waits on the unique index, then inserts nothing.
          const inserted = await rowsOf<{ id: number; created_ms: number }>(
            tx,
            sql`insert into matches (requester_id, target_id) values (${caller.id}, ${toMemberId})
                on conflict do nothing
                returning id, (extract(epoch from created_at) * 1000)::float8 as created_ms`,
          );
          const row = inserted[0];
          if (!row) throw new AppError('MATCH_400', { toMemberId: '이미 런치챗 요청이 있어요.' });
          await insertNotification(tx, toMemberId, caller.id, 'MATCH_REQUEST', me.name);
          return { id: row.id, createdMs: Number(row.created_ms), senderName: me.name };
        }),
      );
      sendPush(toMemberId, caller.id, 'MATCH_REQUEST', created.senderName);
      return { id: created.id, status: 'REQUESTED', createdAt: new Date(created.createdMs).toISOString() };
    },

    /** PATCH /api/matches/accept/{otherMemberId}: the request from that member to the caller. */
    async accept(caller: Caller, otherMemberId: number): Promise<void> {
      if (otherMemberId > MAX_INT4 || otherMemberId < 1) throw new AppError('MATCH_404');
      const accepted = await withRetry(() =>
        db.transaction(async (tx) => {
          // Conditional update: of two concurrent accepts exactly one changes the row.
          const updated = await tx
            .update(matches)
            .set({ status: 'ACCEPTED', updatedAt: sql`now()` })
            .where(and(eq(matches.requesterId, otherMemberId), eq(matches.targetId, caller.id), eq(matches.status, 'REQUESTED')))
            .returning({ id: matches.id });
          if (updated.length === 0) {
            const [existing] = await tx
              .select({ id: matches.id })
              .from(matches)
              .where(and(eq(matches.requesterId, otherMemberId), eq(matches.targetId, caller.id)))
              .limit(1);
            throw existing ? new AppError('MATCH_400', { otherMemberId: '이미 수락한 요청이에요.' }) : new AppError('MATCH_404');
          }
          const [me] = await tx
            .select({ name: sql<string>`coalesce(${members.membername}, ${members.accountName})` })
            .from(members)
            .where(eq(members.id, caller.id));
          const name = me?.name ?? '';
          await insertNotification(tx, otherMemberId, caller.id, 'MATCH_ACCEPTED', name);
          return name;
        }),
      );
      sendPush(otherMemberId, caller.id, 'MATCH_ACCEPTED', accepted);
    },

    /** GET /api/matches: REQUESTED = sent by me, RECEIVED = sent to me, ACCEPTED = either way. */
    async list(caller: Caller, status: MatchListStatus, page: number, size: number): Promise<MatchPage> {
      const where =
        status === 'REQUESTED'
          ? sql`mt.requester_id = ${caller.id} and mt.status = 'REQUESTED'`
          : status === 'RECEIVED'
            ? sql`mt.target_id = ${caller.id} and mt.status = 'REQUESTED'`
            : sql`(mt.requester_id = ${caller.id} or mt.target_id = ${caller.id}) and mt.status = 'ACCEPTED'`;
      const other = sql`case when mt.requester_id = ${caller.id} then mt.target_id else mt.requester_id end`;
      const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from matches mt where ${where}`);
      const total = counted?.n ?? 0;
      const rows = await rowsOf<MatchRow>(
        db,
        sql`select mt.id, (extract(epoch from mt.created_at) * 1000)::float8 as created_ms, u.id as user_id,
                   coalesce(u.membername, u.account_name) as name, u.student_no, d.name as department,
                   u.profile_image_url, u.interest_mask,
                   (select json_agg(json_build_object('id', k.id, 'title', k.title)
                                    order by array_position(array['EXPRESS','GOAL','INTEREST']::text[], k.type), k.id)
                      from keywords k where k.member_id = u.id) as keywords
              from matches mt
              join members u on u.id = ${other}
              left join departments d on d.id = u.department_id
             where ${where}
             order by mt.updated_at desc, mt.id desc
             limit ${size} offset ${page * size}`,
      );
      const data: MatchItem[] = rows.map((r) => ({
        id: r.id,
        createdAt: new Date(Number(r.created_ms)).toISOString(),
        matchedUser: {
          id: r.user_id,
          memberName: r.name ?? '',
          studentNo: r.student_no ?? '',
          department: r.department ?? '',
          profileImageUrl: r.profile_image_url,
          userKeywords: (r.keywords ?? []).map((k) => ({ id: k.id, keywordName: k.title })),
          userInterests: maskToInterests(r.interest_mask).map((code) => ({ id: INTEREST_CODES.indexOf(code) + 1, interestName: code })),
        },
      }));
      const totalPages = Math.ceil(total / size);
      return { data, meta: { currentPage: page, pageSize: size, totalItems: total, totalPages, hasNext: page + 1 < totalPages } };
    },
  };
}
