import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { MatchListStatus } from '../../../../contract/matches';
import { pageMetaSchema } from '../../../components/ui/member-card-schema';
import { apiJson } from '../../../lib/http';
import { matchingKeys } from './keys';

export const MATCH_PAGE_SIZE = 10;

const matchPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      createdAt: z.string(),
      matchedUser: z.object({
        id: z.number(),
        memberName: z.string(),
        studentNo: z.string().nullish(),
        department: z.string(),
        profileImageUrl: z.string().nullable(),
        userKeywords: z.array(z.object({ id: z.number(), keywordName: z.string() })),
        // Codes; unknown ones are shown raw.
        userInterests: z.array(z.object({ id: z.number(), interestName: z.string() })),
      }),
    }),
  ),
  meta: pageMetaSchema,
});
export type MatchPageData = z.infer<typeof matchPageSchema>;

/** GET /api/matches?status&page&size */
export function fetchMatches(status: MatchListStatus, page: number): Promise<MatchPageData> {
  return apiJson('/api/matches', { searchParams: { status, page, size: MATCH_PAGE_SIZE } }, matchPageSchema);
}

export const matchesQueryOptions = (status: MatchListStatus) =>
  infiniteQueryOptions({
    queryKey: matchingKeys.list(status),
    queryFn: ({ pageParam }) => fetchMatches(status, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.meta.hasNext ? last.meta.currentPage + 1 : undefined),
    // Other members' requests and acceptances change these lists: refetch on every visit.
    staleTime: 0,
  });

export function useMatches(status: MatchListStatus) {
  return useInfiniteQuery(matchesQueryOptions(status));
}
