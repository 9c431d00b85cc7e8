import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/http';
import { campusKeys } from './keys';
import { namedSchema, type Named } from './schemas';

/** GET /api/colleges — the caller's university's colleges. */
export function getColleges(): Promise<Named[]> {
  return apiJson('/api/colleges', {}, z.array(namedSchema));
}

export const collegesQueryOptions = () => queryOptions({ queryKey: campusKeys.colleges(), queryFn: getColleges, staleTime: 60 * 60 * 1000 });

export function useColleges(enabled = true) {
  return useQuery({ ...collegesQueryOptions(), enabled });
}
