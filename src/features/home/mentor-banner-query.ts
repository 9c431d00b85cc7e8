import { queryOptions, useQuery } from '@tanstack/react-query';
import { mentorQueryOptions, type MentorInfo } from '../../entities/mentor';

/** Only what the banner shows; the rest of the mentor belongs to /monthly-mentor. */
export type MentorBanner = Pick<MentorInfo, 'mentorName' | 'mentorSub' | 'mentorTitle' | 'configured'>;

const toBanner = ({ mentorName, mentorSub, mentorTitle, configured }: MentorInfo): MentorBanner => ({ mentorName, mentorSub, mentorTitle, configured });

/** The mentor entity's one cache entry, kept longer on home (the banner changes once a month). */
export const mentorBannerQueryOptions = () => queryOptions({ ...mentorQueryOptions(), staleTime: 10 * 60 * 1000, select: toBanner });

export function useMentorBanner() {
  return useQuery(mentorBannerQueryOptions());
}
