import { z } from 'zod';
import { COMPLIMENT_CODES, MEETUP_STATUSES } from '../../../contract/meetups';

/** The Meetup of contract section 14 as the PWA reads it (unknown statuses are refused, not guessed). */
export const meetupSchema = z.object({
  meetupId: z.number(),
  matchId: z.number(),
  proposerId: z.number(),
  partnerId: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  status: z.enum(MEETUP_STATUSES),
  createdAt: z.string(),
  myCheckin: z.object({ met: z.boolean(), compliments: z.array(z.enum(COMPLIMENT_CODES)) }).nullable(),
  partner: z.object({ id: z.number(), memberName: z.string() }),
  chatRoomId: z.number().nullable(),
});
export type MeetupData = z.infer<typeof meetupSchema>;

export const suggestionSchema = z.object({ startsAt: z.string(), endsAt: z.string(), place: z.string() });
export type SuggestionData = z.infer<typeof suggestionSchema>;

export const complimentCountsSchema = z.object({
  memberId: z.number(),
  counts: z.record(z.enum(COMPLIMENT_CODES), z.number()),
  total: z.number(),
});
export type ComplimentCountsData = z.infer<typeof complimentCountsSchema>;
