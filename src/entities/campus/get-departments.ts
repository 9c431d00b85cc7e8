import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/http';
import { campusKeys } from './keys';
import { namedSchema, type Named } from './schemas';

/** GET /api/colleges/{collegeId}/departments */
export function getDepartments(collegeId: number): Promise<Named[]> {
  return apiJson(`/api/colleges/${collegeId}/departments`, {}, z.array(namedSchema));
}

export const departmentsQueryOptions = (collegeId: number) =>
  queryOptions({
    queryKey: campusKeys.departments(collegeId),
    queryFn: () => getDepartments(collegeId),
    staleTime: 60 * 60 * 1000,
  });

/** Nothing is asked until a college is chosen. */
export function useDepartments(collegeId: number | undefined) {
  return useQuery({ ...departmentsQueryOptions(collegeId ?? 0), enabled: collegeId !== undefined && collegeId > 0 });
}
