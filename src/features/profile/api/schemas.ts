import { z } from 'zod';
import { MATCH_STATUSES } from '../../../../contract/members';

export const keywordSchema = z.object({ id: z.number(), type: z.string(), title: z.string(), description: z.string() });

export const slotSchema = z.object({
  dayOfWeek: z.enum(['MON', 'TUE', 'WED', 'THU', 'FRI']),
  startTime: z.string(),
  endTime: z.string(),
  subjectName: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
});

/** What both profile views draw (member detail and /me share these fields). */
export const profileBaseSchema = z.object({
  memberName: z.string(),
  studentNo: z.string(),
  department: z.string(),
  profileImageUrl: z.string().nullable(),
  // Unknown codes are shown raw (spec section 3).
  userInterests: z.array(z.string()),
  userKeywords: z.array(keywordSchema),
  timeTables: z.array(slotSchema),
});
export type ProfileBase = z.infer<typeof profileBaseSchema>;

export const memberDetailSchema = profileBaseSchema.extend({
  id: z.number(),
  matchStatus: z.enum(MATCH_STATUSES),
});
export type MemberDetailData = z.infer<typeof memberDetailSchema>;
