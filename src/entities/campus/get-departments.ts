import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { departmentSchema, Department } from '../../../contract/members';
import { apiJson } from '../../lib/http';
import { campusKeys } from './keys';

/** GET /api/colleges/{collegeId}/departments */
function getDepartments(collegeId: number): Promise<Department[]> {
  return apiJson<z.infer<typeof departmentSchema>[]>(`/api/colleges/${collegeId}/departments`, {});
}

const departmentsQueryOptions = (collegeId: number) =>
  queryOptions({
    queryKey: campusKeys.departments(collegeId),
    queryFn: () => getDepartments(collegeId),
    staleTime: 60 * 60 * 1000,
  });

/** Nothing is asked until a college is chosen. */
export function useDepartments(collegeId: number | undefined) {
  return useQuery({ ...departmentsQueryOptions(collegeId ?? 0), enabled: collegeId !== undefined && collegeId > 0 });
}
