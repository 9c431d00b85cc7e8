import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { College } from '../../../../contract/members';
import { apiJson } from '../../../lib/http';
import { collegeKeys } from './keys';

export const namedSchema = z.array(z.object({ id: z.number(), name: z.string() }));

/** GET /api/colleges — the caller's university's colleges. */
export function fetchColleges(): Promise<College[]> {
  return apiJson('/api/colleges', {}, namedSchema);
}

export const collegesQueryOptions = () => queryOptions({ queryKey: collegeKeys.list(), queryFn: fetchColleges, staleTime: 60 * 60 * 1000 });

export function useColleges() {
  return useQuery(collegesQueryOptions());
}
