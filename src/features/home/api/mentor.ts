import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../../lib/http';
import { homeKeys } from './keys';

// Only what the banner shows; the rest of the mentor config belongs to /monthly-mentor.
const mentorBannerSchema = z.object({ mentorName: z.string(), mentorSub: z.string(), mentorTitle: z.string() });
export type MentorBanner = z.infer<typeof mentorBannerSchema>;

/** GET /api/mentor */
export function fetchMentorBanner(): Promise<MentorBanner> {
  return apiJson('/api/mentor', {}, mentorBannerSchema);
}

export const mentorBannerQueryOptions = () => queryOptions({ queryKey: homeKeys.mentor(), queryFn: fetchMentorBanner, staleTime: 10 * 60 * 1000 });

export function useMentorBanner() {
  return useQuery(mentorBannerQueryOptions());
}
