import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MatchListStatus } from '../../../contract/matches';
import { apiJson } from '../../lib/http';
import { matchKeys } from './keys';
import type { MatchPage } from './schemas';

const MATCH_PAGE_SIZE = 10;

/** GET /api/matches?status&page&size */
function getMatches(status: MatchListStatus, page: number): Promise<MatchPage> {
  return apiJson('/api/matches', { searchParams: { status, page, size: MATCH_PAGE_SIZE } });
}

const matchesQueryOptions = (status: MatchListStatus) =>
  infiniteQueryOptions({
    queryKey: matchKeys.list(status),
    queryFn: ({ pageParam }) => getMatches(status, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.meta.hasNext ? last.meta.currentPage + 1 : undefined),
    // Other members' requests and acceptances change these lists: refetch on every visit.
    staleTime: 0,
  });

export function useMatches(status: MatchListStatus) {
  return useInfiniteQuery(matchesQueryOptions(status));
}
