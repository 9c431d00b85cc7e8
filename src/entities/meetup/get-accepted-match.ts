import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '../../../contract/members';
import { apiJson } from '../../lib/http';
import { meetupKeys } from './keys';

/** The contract's match page, read only for the match id and the other member's id. */
type AcceptedPage = Paged<{ id: number; matchedUser: { id: number } }>;

/**
 * The accepted match with a member, for "약속 잡기" on a profile (the meetup API is by match id;
 * the profile knows only the member). Walks GET /api/matches?status=ACCEPTED pages of 50.
 */
async function fetchAcceptedMatchId(partnerId: number): Promise<number | null> {
  for (let page = 0; page < 20; page++) {
    const result = await apiJson<AcceptedPage>('/api/matches', { searchParams: { status: 'ACCEPTED', page, size: 50 } });
    const found = result.data.find((m) => m.matchedUser.id === partnerId);
    if (found) return found.id;
    if (!result.meta.hasNext) return null;
  }
  return null;
}

const acceptedMatchQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: meetupKeys.acceptedMatch(partnerId), queryFn: () => fetchAcceptedMatchId(partnerId) });

export function useAcceptedMatchId(partnerId: number) {
  return useQuery(acceptedMatchQueryOptions(partnerId));
}
