import { z } from 'zod';
import {
  keywordSchema as contractKeywordSchema,
  meSchema as contractMeSchema,
  memberCardSchema as contractMemberCardSchema,
  memberDetailSchema as contractMemberDetailSchema,
  myPageSchema as contractMyPageSchema,
} from '../../../contract/members';
import { timetableSlotSchema } from '../../../contract/timetable';

/**
 * The contract's member schemas, read with the tolerance the spec asks for: unknown interest
 * codes and keyword types (a newer server) are kept as strings and shown raw (spec section 3);
 * a stored slot without a subject reads as ''.
 */
const interests = z.array(z.string());

export const keywordSchema = contractKeywordSchema.extend({ type: z.string() });
export type StoredKeyword = z.infer<typeof keywordSchema>;

const slotSchema = timetableSlotSchema.extend({ subjectName: z.string().catch('') });

export const meSchema = contractMeSchema.extend({ userInterests: interests, userKeywords: z.array(keywordSchema), timeTables: z.array(slotSchema) });
export type Me = z.infer<typeof meSchema>;

export const memberDetailSchema = contractMemberDetailSchema.extend({
  userInterests: interests,
  userKeywords: z.array(keywordSchema),
  timeTables: z.array(slotSchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberCardSchema = contractMemberCardSchema.extend({ userInterests: interests, userKeywords: z.array(keywordSchema) });
export type MemberCard = z.infer<typeof memberCardSchema>;

export const myPageSchema = contractMyPageSchema.extend({ tags: interests });
export type MyPage = z.infer<typeof myPageSchema>;
