import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../lib/http';
import { meetupKeys } from './keys';
import { suggestionSchema, type SuggestionData } from './meetup-schema';

/** GET /api/matches/{matchId}/meetup-suggestions */
export function fetchMeetupSuggestions(matchId: number): Promise<SuggestionData[]> {
  return apiJson(`/api/matches/${matchId}/meetup-suggestions`, {}, z.array(suggestionSchema));
}

export const meetupSuggestionsQueryOptions = (matchId: number) =>
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
