import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { KeywordType } from '../../../contract/members';
import type { Db } from '../../db/client';
import { blocks, colleges, departments, keywords, matches, members, universities } from '../../db/schema';

/** Keywords in the order of the three questions (contract section 3), whatever their ids. */
const KEYWORD_ORDER = sql`array_position(array['EXPRESS','GOAL','INTEREST']::text[], ${keywords.type})`;

/** What a profile shows (own or another's): the member with university, college and department names. */
const PROFILE_COLUMNS = {
  id: members.id,
  membername: members.membername,
  accountName: members.accountName,
  studentNo: members.studentNo,
  profileImageUrl: members.profileImageUrl,
  university: universities.shortName,
  college: colleges.name,
  department: departments.name,
  timeMask: members.timeMask,
  interestMask: members.interestMask,
};

export function membersRepo(db: Db) {
  return {
    async profile(memberId: number) {
      const rows = await db
        .select({ ...PROFILE_COLUMNS, email: members.email, status: members.status, universityId: members.universityId })
        .from(members)
        .innerJoin(universities, eq(universities.id, members.universityId))
        .leftJoin(colleges, eq(colleges.id, members.collegeId))
        .leftJoin(departments, eq(departments.id, members.departmentId))
        .where(eq(members.id, memberId))
        .limit(1);
      return rows[0];
    },

    /** Another member as the caller may see them: same university, finished sign-up, no block either way (section 15); else nothing. */
    async visibleProfile(universityId: number, memberId: number, callerId: number) {
      const rows = await db
        .select(PROFILE_COLUMNS)
        .from(members)
        .innerJoin(universities, eq(universities.id, members.universityId))
        .leftJoin(colleges, eq(colleges.id, members.collegeId))
        .leftJoin(departments, eq(departments.id, members.departmentId))
        .where(
          and(
            eq(members.id, memberId),
            eq(members.universityId, universityId),
            eq(members.status, 'ACTIVE'),
            sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${callerId} and b.blocked_id = ${memberId})
                                                        or (b.blocker_id = ${memberId} and b.blocked_id = ${callerId}))`,
          ),
        )
        .limit(1);
      return rows[0];
    },

    keywordsOf(memberIds: number[]) {
      if (memberIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: keywords.id, memberId: keywords.memberId, type: keywords.type, title: keywords.title, description: keywords.description })
        .from(keywords)
        .where(inArray(keywords.memberId, memberIds))
        .orderBy(keywords.memberId, KEYWORD_ORDER, keywords.id);
    },

    /** The match between two members, whichever way it was requested (the pair index). */
    async matchBetween(a: number, b: number) {
      const rows = await db
        .select({ requesterId: matches.requesterId, status: matches.status })
        .from(matches)
        .where(
          sql`least(${matches.requesterId}, ${matches.targetId}) = ${Math.min(a, b)} and greatest(${matches.requesterId}, ${matches.targetId}) = ${Math.max(a, b)}`,
        )
        .limit(1);
      return rows[0];
    },

    /** The three counters of my page, in one round trip. */
    async counters(memberId: number) {
      const rows = await db
        .select({
          completed: sql<number>`count(*) filter (where ${matches.status} = 'ACCEPTED')`.mapWith(Number),
          requested: sql<number>`count(*) filter (where ${matches.status} = 'REQUESTED' and ${matches.requesterId} = ${memberId})`.mapWith(Number),
          received: sql<number>`count(*) filter (where ${matches.status} = 'REQUESTED' and ${matches.targetId} = ${memberId})`.mapWith(Number),
        })
        .from(matches)
        .where(
          and(
            or(eq(matches.requesterId, memberId), eq(matches.targetId, memberId)),
            // As the lists count them: no block between the two (section 15), the other not suspended (section 16).
            sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${matches.requesterId} and b.blocked_id = ${matches.targetId})
                                                       or (b.blocker_id = ${matches.targetId} and b.blocked_id = ${matches.requesterId}))`,
            sql`not exists (select 1 from ${members} o where o.id = (case when ${matches.requesterId} = ${memberId} then ${matches.targetId} else ${matches.requesterId} end)
                                                        and o.status = 'DISABLED')`,
          ),
        );
      return rows[0] ?? { completed: 0, requested: 0, received: 0 };
    },

    // ---------- profile writes: each bumps updated_at (ranking ties, "recent" sort) ----------

    async setInterests(memberId: number, interestMask: number) {
      await db
        .update(members)
        .set({ interestMask, updatedAt: sql`now()` })
        .where(eq(members.id, memberId));
    },

    async setTimetable(memberId: number, timeMask: bigint) {
      await db
        .update(members)
        .set({ timeMask, updatedAt: sql`now()` })
        .where(eq(members.id, memberId));
    },

    async setProfileImage(memberId: number, url: string) {
      await db
        .update(members)
        .set({ profileImageUrl: url, updatedAt: sql`now()` })
        .where(eq(members.id, memberId));
    },

    /** All three keywords at once: one row per (member, type), replaced in place. */
    async replaceKeywords(memberId: number, items: { type: KeywordType; title: string; description: string }[]) {
      await db.transaction(async (tx) => {
        await tx
          .insert(keywords)
          .values(items.map((k) => ({ memberId, ...k })))
          .onConflictDoUpdate({
            target: [keywords.memberId, keywords.type],
            set: { title: sql`excluded.title`, description: sql`excluded.description` },
          });
        await tx
          .update(members)
          .set({ hasKeyword: true, updatedAt: sql`now()` })
          .where(eq(members.id, memberId));
      });
    },

    /** A device token belongs to the member who registered it last (shared devices, account switches). */
    async setFcmToken(memberId: number, token: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(members)
          .set({ fcmToken: null })
          .where(and(eq(members.fcmToken, token), ne(members.id, memberId)));
        await tx.update(members).set({ fcmToken: token }).where(eq(members.id, memberId));
      });
    },
  };
}

export type MembersRepo = ReturnType<typeof membersRepo>;
