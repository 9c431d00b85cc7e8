import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { collegeSchema, College } from '../../../contract/members';
import { apiJson } from '../../lib/http';
import { campusKeys } from './keys';

/** GET /api/colleges — the caller's university's colleges. */
function getColleges(): Promise<College[]> {
  return apiJson<z.infer<typeof collegeSchema>[]>('/api/colleges', {});
}

const collegesQueryOptions = () => queryOptions({ queryKey: campusKeys.colleges(), queryFn: getColleges, staleTime: 60 * 60 * 1000 });

export function useColleges(enabled = true) {
  return useQuery({ ...collegesQueryOptions(), enabled });
}
