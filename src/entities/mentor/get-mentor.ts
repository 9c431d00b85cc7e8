import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mentorInfoSchema } from '../../../contract/mentor';
import { apiJson } from '../../lib/http';
import { mentorKeys } from './keys';

// `month`, `applied`, `applicants` and `configured` are extensions (contract/mentor.ts): optional so
// an older server still works (the apply button then shows without the count; no `configured` is
// read as a saved mentor, as that server offered it).
type Info = z.infer<typeof mentorInfoSchema>;
type Extension = 'month' | 'applied' | 'applicants' | 'configured';
export type MentorInfo = Omit<Info, Extension> & Partial<Pick<Info, Extension>>;

/** GET /api/mentor: this month's mentor of the caller's university. */
function getMentor(signal?: AbortSignal): Promise<MentorInfo> {
  return apiJson('/api/mentor', { signal });
}

export const mentorQueryOptions = () => queryOptions({ queryKey: mentorKeys.current(), queryFn: () => getMentor() });

export function useMentor() {
  return useQuery(mentorQueryOptions());
}
