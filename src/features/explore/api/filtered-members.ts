import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { memberCardSchema, type MemberCardData } from '../../../components/ui/member-card-schema';
import { apiJson } from '../../../lib/http';
import { EXPLORE_PAGE_SIZE, filterSearchParams, type ExploreFilters } from '../model/filters';
import { exploreKeys } from './keys';

// Spec section 7: "a list or an object with a data list".
const filteredSchema = z
  .union([z.array(memberCardSchema), z.object({ data: z.array(memberCardSchema) })])
  .transform((result) => (Array.isArray(result) ? result : result.data));

/** GET /api/members/filters */
export function fetchFilteredMembers(filters: ExploreFilters, page: number): Promise<MemberCardData[]> {
  return apiJson('/api/members/filters', { searchParams: filterSearchParams(filters, page) }, filteredSchema);
}

export const filteredMembersQueryOptions = (filters: ExploreFilters) =>
  infiniteQueryOptions({
    queryKey: exploreKeys.members(filters),
    queryFn: ({ pageParam }) => fetchFilteredMembers(filters, pageParam),
    initialPageParam: 0,
    // Spec section 4: the next page is asked for only when the last one was full.
    getNextPageParam: (last, _all, lastPage) => (last.length >= EXPLORE_PAGE_SIZE ? lastPage + 1 : undefined),
  });

export function useFilteredMembers(filters: ExploreFilters) {
  return useInfiniteQuery(filteredMembersQueryOptions(filters));
}
