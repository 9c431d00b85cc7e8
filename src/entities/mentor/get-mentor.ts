import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mentorInfoSchema } from '../../../contract/mentor';
import { apiJson } from '../../lib/http';
import { mentorKeys } from './keys';

// `month`, `applied` and `applicants` are extensions (contract/mentor.ts): optional so an older
// server still works (the apply button then shows without the count).
type Info = z.infer<typeof mentorInfoSchema>;
export type MentorInfo = Omit<Info, 'month' | 'applied' | 'applicants'> & Partial<Pick<Info, 'month' | 'applied' | 'applicants'>>;

/** GET /api/mentor: this month's mentor of the caller's university. */
function getMentor(signal?: AbortSignal): Promise<MentorInfo> {
  return apiJson('/api/mentor', { signal });
}

export const mentorQueryOptions = () => queryOptions({ queryKey: mentorKeys.current(), queryFn: () => getMentor() });

export function useMentor() {
  return useQuery(mentorQueryOptions());
}
