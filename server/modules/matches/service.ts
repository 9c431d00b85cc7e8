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

export interface MatchesOptions {
  /** MAX_PENDING_REQUESTS (section 15). */
  maxPending: number;
  /** MATCH_REQUEST_TTL in seconds (section 15): when a request expires, and how long a decline holds its requester off. */
  ttlSeconds: number;
}

const EXPIRED_MESSAGE = '기간이 지나 만료된 요청이에요.';

export function matchesService(db: Db, push: PushService, options: MatchesOptions) {
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
          // Both rows locked in id order (as a block and the counters trigger lock them): the
          // pending count and the block check below cannot change until this commits.
          const people = await rowsOf<{ id: number; university_id: number; status: string; name: string; pending_sent: number }>(
            tx,
            sql`select id, university_id, status, coalesce(membername, account_name) as name, pending_sent
                  from members where id in (${caller.id}, ${toMemberId}) order by id for no key update`,
          );
          const me = people.find((p) => p.id === caller.id);
          const target = people.find((p) => p.id === toMemberId);
          // Another university's member is indistinguishable from one that does not exist.
          if (!target || target.status !== 'ACTIVE' || target.university_id !== caller.universityId) throw new AppError('USER_404');
          if (!me || me.status !== 'ACTIVE') throw new AppError('MATCH_400', { _: '회원가입을 마친 뒤에 요청할 수 있어요.' });
          // Section 15: a block either way refuses the request.
          const [blocked] = await rowsOf<{ n: number }>(
            tx,
            sql`select 1 as n from blocks
                 where (blocker_id = ${caller.id} and blocked_id = ${toMemberId}) or (blocker_id = ${toMemberId} and blocked_id = ${caller.id})
                 limit 1`,
          );
          if (blocked) throw new AppError('MATCH_403_BLOCKED');
          // Section 15: at most maxPending requests sent and still open (the counter the trigger keeps).
          if (Number(me.pending_sent) >= options.maxPending) throw new AppError('MATCH_429_PENDING');
          // An expired request between the two makes way for the new one (one row per pair, the pair index);
          // so does a declined one, at once for the member who declined it, and for its requester once
          // the TTL has passed since the decline (decision 0050: no asking again straight away).
          await tx.execute(sql`delete from matches
                                where least(requester_id, target_id) = ${Math.min(caller.id, toMemberId)}
                                  and greatest(requester_id, target_id) = ${Math.max(caller.id, toMemberId)}
                                  and (status = 'EXPIRED'
                                       or (status = 'DECLINED'
                                           and (target_id = ${caller.id} or updated_at <= now() - make_interval(secs => ${options.ttlSeconds}))))`);
          // A concurrent request for the same pair waits on the unique index, then inserts nothing.
          const inserted = await rowsOf<{ id: number; created_ms: number }>(
            tx,
            sql`insert into matches (requester_id, target_id) values (${caller.id}, ${toMemberId})
                on conflict do nothing
                returning id, (extract(epoch from created_at) * 1000)::float8 as created_ms`,
          );
          const row = inserted[0];
          if (!row) {
            const [declined] = await rowsOf<{ n: number }>(
              tx,
              sql`select 1 as n from matches where requester_id = ${caller.id} and target_id = ${toMemberId} and status = 'DECLINED'`,
            );
            // Worded without saying "declined": the requester is not told (decision 0050).
            if (declined) throw new AppError('MATCH_400', { toMemberId: '지금은 요청할 수 없어요. 나중에 다시 요청해 주세요.' });
            throw new AppError('MATCH_400', { toMemberId: '이미 런치챗 요청이 있어요.' });
          }
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
              .select({ id: matches.id, status: matches.status })
              .from(matches)
              .where(and(eq(matches.requesterId, otherMemberId), eq(matches.targetId, caller.id)))
              .limit(1);
            if (!existing) throw new AppError('MATCH_404');
            const reason =
              existing.status === 'EXPIRED' ? EXPIRED_MESSAGE : existing.status === 'DECLINED' ? '이미 거절한 요청이에요.' : '이미 수락한 요청이에요.';
            throw new AppError('MATCH_400', { otherMemberId: reason });
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

    /**
     * PATCH /api/matches/decline/{otherMemberId}: the request from that member to the caller becomes
     * DECLINED, quietly: no notification, no push; it leaves both lists as an expired one does.
     * A conditional update, so an accept and a decline of the same request cannot both win.
     */
    async decline(caller: Caller, otherMemberId: number): Promise<void> {
      if (otherMemberId > MAX_INT4 || otherMemberId < 1) throw new AppError('MATCH_404');
      await withRetry(() =>
        db.transaction(async (tx) => {
          const updated = await tx
            .update(matches)
            .set({ status: 'DECLINED', updatedAt: sql`now()` })
            .where(and(eq(matches.requesterId, otherMemberId), eq(matches.targetId, caller.id), eq(matches.status, 'REQUESTED')))
            .returning({ id: matches.id });
          if (updated.length > 0) return;
          const [existing] = await tx
            .select({ status: matches.status })
            .from(matches)
            .where(and(eq(matches.requesterId, otherMemberId), eq(matches.targetId, caller.id)))
            .limit(1);
          if (existing?.status === 'ACCEPTED') throw new AppError('MATCH_400', { otherMemberId: '이미 수락한 요청이에요.' });
          if (existing?.status === 'EXPIRED') throw new AppError('MATCH_400', { otherMemberId: EXPIRED_MESSAGE });
          throw new AppError('MATCH_404');
        }),
      );
    },

    /**
     * PATCH /api/matches/withdraw/{otherMemberId}: the caller's pending request to that member is
     * deleted (as a block withdraws it, section 15): a quota slot is free at once (the counters
     * trigger), the target's list loses it, a late accept finds nothing (404), and a new request
     * between the two is allowed. The delete re-checks `status = 'REQUESTED'` after waiting on a
     * concurrent accept's row lock, so of the two exactly one wins.
     */
    async withdraw(caller: Caller, otherMemberId: number): Promise<void> {
      if (otherMemberId > MAX_INT4 || otherMemberId < 1) throw new AppError('MATCH_404');
      await withRetry(() =>
        db.transaction(async (tx) => {
          const deleted = await tx
            .delete(matches)
            .where(and(eq(matches.requesterId, caller.id), eq(matches.targetId, otherMemberId), eq(matches.status, 'REQUESTED')))
            .returning({ id: matches.id });
          if (deleted.length > 0) return;
          const [existing] = await tx
            .select({ status: matches.status })
            .from(matches)
            .where(and(eq(matches.requesterId, caller.id), eq(matches.targetId, otherMemberId)))
            .limit(1);
          if (existing?.status === 'ACCEPTED') throw new AppError('MATCH_400', { otherMemberId: '이미 수락된 요청이에요.' });
          if (existing?.status === 'EXPIRED') throw new AppError('MATCH_400', { otherMemberId: EXPIRED_MESSAGE });
          // None, or declined: the same answer, so a withdrawal never tells the requester of a decline.
          throw new AppError('MATCH_404');
        }),
      );
    },

    /** GET /api/matches: REQUESTED = sent by me, RECEIVED = sent to me, ACCEPTED = either way. */
    async list(caller: Caller, status: MatchListStatus, page: number, size: number): Promise<MatchPage> {
      const other = sql`case when mt.requester_id = ${caller.id} then mt.target_id else mt.requester_id end`;
      const mine =
        status === 'REQUESTED'
          ? sql`mt.requester_id = ${caller.id} and mt.status = 'REQUESTED'`
          : status === 'RECEIVED'
            ? sql`mt.target_id = ${caller.id} and mt.status = 'REQUESTED'`
            : // Section 15: a block either way hides the pair's match from both.
              sql`(mt.requester_id = ${caller.id} or mt.target_id = ${caller.id}) and mt.status = 'ACCEPTED'
                  and not exists (select 1 from blocks b where (b.blocker_id = mt.requester_id and b.blocked_id = mt.target_id)
                                                          or (b.blocker_id = mt.target_id and b.blocked_id = mt.requester_id))`;
      // Section 16: a suspended member disappears from every list.
      const where = sql`${mine} and not exists (select 1 from members o where o.id = ${other} and o.status = 'DISABLED')`;
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
        // Pending requests say when they expire (section 5 extension), so the app can show "n시간 후 만료".
        ...(status === 'ACCEPTED' ? {} : { expiresAt: new Date(Number(r.created_ms) + options.ttlSeconds * 1000).toISOString() }),
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
