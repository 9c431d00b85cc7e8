import { z } from 'zod';
import { KEYWORD_TYPES } from '../../../contract/members';

/** contract `MemberCard` as read from the wire; interests stay strings (unknown codes shown raw). */
export const memberCardSchema = z.object({
  memberId: z.number(),
  memberName: z.string(),
  profileImageUrl: z.string().nullable(),
  department: z.string(),
  studentNo: z.string(),
  userInterests: z.array(z.string()),
  userKeywords: z.array(z.object({ id: z.number(), type: z.enum(KEYWORD_TYPES).or(z.string()), title: z.string(), description: z.string() })),
});
export type MemberCardData = z.infer<typeof memberCardSchema>;

export const pageMetaSchema = z.object({
  currentPage: z.number(),
  pageSize: z.number(),
  totalItems: z.number(),
  totalPages: z.number(),
  hasNext: z.boolean(),
});
