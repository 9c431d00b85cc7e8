import { z } from 'zod';
import { interestCodeSchema } from '../../../contract/interests';
import { KEYWORD_TYPES, MATCH_STATUSES } from '../../../contract/members';
import { slotSchema } from '../../../contract/timetable';

/**
 * How the PWA reads the member resource off the wire. Tolerant where the spec asks for it:
 * unknown interest codes and keyword types are kept as strings (shown raw, spec section 3).
 */
export const keywordSchema = z.object({
  id: z.number().optional(),
  type: z.enum(KEYWORD_TYPES).or(z.string()),
  title: z.string(),
  description: z.string(),
});
export type StoredKeyword = z.infer<typeof keywordSchema>;

/** A timetable slot as stored; an old row may have no subject. */
export const storedSlotSchema = slotSchema.extend({
  subjectName: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
});

/** contract `Me`: what both profile views draw (member detail shares these fields). */
export const meSchema = z.object({
  memberName: z.string(),
  studentNo: z.string(),
  department: z.string(),
  profileImageUrl: z.string().nullable(),
  userInterests: z.array(z.string()),
  userKeywords: z.array(keywordSchema),
  timeTables: z.array(storedSlotSchema),
});
export type Me = z.infer<typeof meSchema>;

/** contract `MemberDetail`. */
export const memberDetailSchema = meSchema.extend({
  id: z.number(),
  matchStatus: z.enum(MATCH_STATUSES),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** contract `MemberCard` (recommendations, popular, filters). */
export const memberCardSchema = z.object({
  memberId: z.number(),
  memberName: z.string(),
  profileImageUrl: z.string().nullable(),
  department: z.string(),
  studentNo: z.string(),
  userInterests: z.array(z.string()),
  userKeywords: z.array(keywordSchema),
});
export type MemberCard = z.infer<typeof memberCardSchema>;

/** contract `MyPage`. */
export const myPageSchema = z.object({
  profileImageUrl: z.string().nullable(),
  name: z.string(),
  studentId: z.string(),
  department: z.string(),
  completed: z.number(),
  requested: z.number(),
  received: z.number(),
  keywords: z.array(z.string()),
  tags: z.array(z.union([interestCodeSchema, z.string()])),
});
export type MyPage = z.infer<typeof myPageSchema>;
