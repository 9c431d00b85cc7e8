import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { meetupSuggestionListSchema, MeetupSuggestion } from '../../../contract/meetups';
import { apiJson } from '../../lib/http';
import { meetupKeys } from './keys';

/** GET /api/matches/{matchId}/meetup-suggestions */
function fetchMeetupSuggestions(matchId: number): Promise<MeetupSuggestion[]> {
  return apiJson<z.infer<typeof meetupSuggestionListSchema>>(`/api/matches/${matchId}/meetup-suggestions`, {});
}

const meetupSuggestionsQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: meetupKeys.suggestions(matchId),
    queryFn: () => fetchMeetupSuggestions(matchId),
    staleTime: 60_000,
    // Relative to "now": yesterday's suggestions are no use offline.
    meta: { persist: false },
  });

export function useMeetupSuggestions(matchId: number, enabled = true) {
  return useQuery({ ...meetupSuggestionsQueryOptions(matchId), enabled });
}
