import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/http';
import { memberKeys, type MemberFilters } from './keys';
import type { MemberCard } from './schemas';

const FILTERED_MEMBERS_PAGE_SIZE = 10;

/** Spec section 5: empty filter parameters are dropped from the request. */
export function filterSearchParams(filters: MemberFilters, page: number): Record<string, string | number> {
  const params: Record<string, string | number> = { page, size: FILTERED_MEMBERS_PAGE_SIZE, sort: filters.sort ?? 'recommend' };
  if (filters.interest) params.interest = filters.interest;
  if (filters.collegeId) params.collegeId = filters.collegeId;
  if (filters.department?.trim()) params.department = filters.department.trim();
  if (filters.studentNo) params.studentNo = filters.studentNo;
  return params;
}

/** GET /api/members/filters (spec section 7: "a list or an object with a data list"). */
async function getFilteredMembers(filters: MemberFilters, page: number): Promise<MemberCard[]> {
  const result = await apiJson<MemberCard[] | { data: MemberCard[] }>('/api/members/filters', { searchParams: filterSearchParams(filters, page) });
  return Array.isArray(result) ? result : result.data;
}

const filteredMembersQueryOptions = (filters: MemberFilters) =>
  infiniteQueryOptions({
    queryKey: memberKeys.filtered(filters),
    queryFn: ({ pageParam }) => getFilteredMembers(filters, pageParam),
    initialPageParam: 0,
    // Spec section 4: the next page is asked for only when the last one was full.
    getNextPageParam: (last, _all, lastPage) => (last.length >= FILTERED_MEMBERS_PAGE_SIZE ? lastPage + 1 : undefined),
  });

export function useFilteredMembers(filters: MemberFilters) {
  return useInfiniteQuery(filteredMembersQueryOptions(filters));
}
