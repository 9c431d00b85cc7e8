import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../../lib/http';
import { exploreKeys } from './keys';

const namedSchema = z.array(z.object({ id: z.number(), name: z.string() }));

/** GET /api/colleges/{collegeId}/departments */
export function fetchDepartments(collegeId: number) {
  return apiJson(`/api/colleges/${collegeId}/departments`, {}, namedSchema);
}

export const departmentsQueryOptions = (collegeId: number) =>
  queryOptions({
    queryKey: exploreKeys.departments(collegeId),
    queryFn: () => fetchDepartments(collegeId),
    staleTime: 60 * 60 * 1000,
  });

export function useDepartments(collegeId: number | undefined) {
  return useQuery({ ...departmentsQueryOptions(collegeId ?? 0), enabled: collegeId !== undefined });
}
