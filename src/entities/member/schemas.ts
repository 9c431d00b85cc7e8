import type { z } from 'zod';
import type {
  keywordSchema as contractKeywordSchema,
  meSchema as contractMeSchema,
  memberCardSchema as contractMemberCardSchema,
  memberDetailSchema as contractMemberDetailSchema,
  myPageSchema as contractMyPageSchema,
} from '../../../contract/members';
import type { Slot } from '../../../contract/timetable';

/**
 * The contract's member shapes, read with the tolerance the spec asks for: unknown interest codes
 * and keyword types (a newer server) are kept as strings and shown raw (spec section 3); a stored
 * slot without a subject reads as ''. Types only: the browser trusts the server's shapes and does
 * not load zod to check them (decision 0022); `withSubjects` is the one value the client mends.
 */
type Interests = string[];

export type StoredKeyword = Omit<z.infer<typeof contractKeywordSchema>, 'type'> & { type: string };

type Loosened<T> = Omit<T, 'userInterests' | 'userKeywords' | 'timeTables'> & { userInterests: Interests; userKeywords: StoredKeyword[] };

export type Me = Loosened<z.infer<typeof contractMeSchema>> & { timeTables: Slot[] };

export type MemberDetail = Loosened<z.infer<typeof contractMemberDetailSchema>> & { timeTables: Slot[] };

export type MemberCard = Loosened<z.infer<typeof contractMemberCardSchema>>;

export type MyPage = Omit<z.infer<typeof contractMyPageSchema>, 'tags'> & { tags: Interests };

/** A member with their timetable, each slot's `subjectName` a string ('' when a server left it out). */
export function withSubjects<T extends { timeTables: Slot[] }>(member: T): T {
  const slots = member.timeTables as (Omit<Slot, 'subjectName'> & { subjectName?: unknown })[];
  return { ...member, timeTables: slots.map((slot) => ({ ...slot, subjectName: typeof slot.subjectName === 'string' ? slot.subjectName : '' })) };
}
