import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department } from '../../../../contract/members';
import { apiJson } from '../../../lib/http';
import { namedSchema } from './colleges';
import { collegeKeys } from './keys';

/** GET /api/colleges/{collegeId}/departments */
export function fetchDepartments(collegeId: number): Promise<Department[]> {
  return apiJson(`/api/colleges/${collegeId}/departments`, {}, namedSchema);
}

export const departmentsQueryOptions = (collegeId: number) =>
  queryOptions({
    queryKey: collegeKeys.departments(collegeId),
    queryFn: () => fetchDepartments(collegeId),
    enabled: collegeId > 0,
    staleTime: 60 * 60 * 1000,
  });

export function useDepartments(collegeId: number) {
  return useQuery(departmentsQueryOptions(collegeId));
}
