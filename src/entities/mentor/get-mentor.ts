import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/http';
import { mentorKeys } from './keys';

const mentorSchema = z.object({
  bannerImage: z.string(),
  mentorName: z.string(),
  mentorTitle: z.string(),
  mentorSub: z.string(),
  intro: z.array(z.string()),
  schedule: z.object({ date: z.string(), time: z.string(), place: z.string(), capacity: z.number() }),
  // Extensions (contract/mentor.ts): optional so an older server still works.
  month: z.string().optional(),
  applied: z.boolean().optional(),
  applicants: z.number().optional(),
});
export type MentorInfo = z.infer<typeof mentorSchema>;

/** GET /api/mentor: this month's mentor of the caller's university. */
export function getMentor(signal?: AbortSignal): Promise<MentorInfo> {
  return apiJson('/api/mentor', { signal }, mentorSchema);
}

export const mentorQueryOptions = () => queryOptions({ queryKey: mentorKeys.current(), queryFn: () => getMentor() });

export function useMentor() {
  return useQuery(mentorQueryOptions());
}
