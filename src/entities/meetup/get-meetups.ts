import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { meetupListSchema, Meetup, MeetupScope } from '../../../contract/meetups';
import { apiJson } from '../../lib/http';
import { meetupKeys } from './keys';

/** GET /api/meetups?scope=upcoming|past */
function fetchMeetups(scope: MeetupScope): Promise<Meetup[]> {
  return apiJson<z.infer<typeof meetupListSchema>>('/api/meetups', { searchParams: { scope } });
}

/** Persisted with the rest of the cache: upcoming meetups show offline. */
export const meetupsQueryOptions = (scope: MeetupScope) =>
  queryOptions({
    queryKey: meetupKeys.list(scope),
    queryFn: () => fetchMeetups(scope),
    // The partner confirms, declines or cancels from their phone: look again on every visit.
    staleTime: 0,
  });

export function useMeetups(scope: MeetupScope) {
  return useQuery(meetupsQueryOptions(scope));
}
